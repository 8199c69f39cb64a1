<?php
// The oracle of benchmarks/php_edges.py: what PHP itself makes of a repository's names.
//
//   php oracle.php REPO [AUTOLOAD...] > oracle.json
//
// REPO holds vendor/autoload.php (written by `composer dump-autoload -o --dev`);
// each AUTOLOAD file registers a library the repository needs, or
// nikic/php-parser itself (Debian's /usr/share/php/.../autoload.php); without
// one, php-parser is REPO's own.
// Every .php file of the repository is parsed with nikic/php-parser and its
// NameResolver, which resolves names by PHP's compile-time rules (namespace,
// `use` aliases, `use function`). Printed as JSON:
//   classes:   class name => file, from Composer's classmap
//   sites:     [file, line, role, resolved name] for every class name written
//              (`self` and `static` as the class around them)
//              (`new C`, `C::m()`, `C::X`, `C::class`, `instanceof C`, a type,
//              `catch`, `extends`/`implements`, trait `use`, a `use` import)
//   functions: [file, line, namespaced name, global name] of each call `f()`
//              (PHP calls the namespaced one if it exists, else the global one)
//   declared_functions: functions the repository declares, by name
//   methods:   [file, line, called name, how, class looked in] for `$this->m()`,
//              `self::m()`, `static::m()`, `parent::m()` and `C::m()`, and on a
//              receiver of a declared class (how `param`: a parameter typed
//              `C $x`; `property`: `$this->p` of a property typed `C`), with the file
//              and line of the method PHP's reflection finds (its declaring
//              class or trait), or null; and the constructor `new C` runs
//              (how `new`; null for a repository class that is not loadable)
//   parents:   class => [parent or null, interfaces, traits], by reflection

$repo = rtrim($argv[1], '/');
$classmap = require $repo . '/vendor/composer/autoload_classmap.php';
require $repo . '/vendor/autoload.php';
foreach (array_slice($argv, 2) as $autoload) {
    require_once $autoload;
}

use PhpParser\Node;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitor\NameResolver;
use PhpParser\NodeVisitorAbstract;
use PhpParser\ParserFactory;

function relative(string $path, string $repo): string
{
    $real = realpath($path) ?: $path;
    $root = realpath($repo) ?: $repo;
    return ltrim(substr($real, strlen($root)), '/');
}

$classes = [];
foreach ($classmap as $class => $file) {
    if (strpos($file, '/vendor/') !== false) {
        continue;
    }
    $classes[$class] = relative($file, $repo);
}

class Collector extends NodeVisitorAbstract
{
    public $file;
    public $sites = [];
    public $functions = [];
    public $declaredFunctions = [];
    public $calls = [];
    private $classStack = [];
    private $functionStack = [];  // parameter name => declared class, per function

    private static function declaredClass($type): ?string
    {
        // `C $x`, `?C $x`, `C|null $x`: the class; any other type: none
        if ($type instanceof Node\NullableType) {
            $type = $type->type;
        } elseif ($type instanceof Node\UnionType && count($type->types) === 2) {
            $named = array_values(array_filter($type->types, function ($t) {
                return !($t instanceof Node\Identifier && $t->toLowerString() === 'null');
            }));
            $type = count($named) === 1 ? $named[0] : null;
        }
        if (!$type instanceof Node\Name) {
            return null;
        }
        $lower = $type->toLowerString();
        if (in_array($lower, ['self', 'static', 'parent'], true)) {
            return null;
        }
        return $type->getAttribute('resolvedName', $type)->toString();
    }

    private function site(?Node $name, string $role): void
    {
        if ($name instanceof Node\Name) {
            $lower = strtolower($name->toString());
            if ($lower === 'self' || $lower === 'static') {
                // the class around it (a closure's too)
                $enclosing = end($this->classStack);
                if ($enclosing) {
                    $this->sites[] = [$this->file, $name->getStartLine(), "relative-$role", $enclosing];
                }
                return;
            }
            if ($lower === 'parent') {
                return;
            }
            $resolved = $name->getAttribute('resolvedName', $name);
            $this->sites[] = [$this->file, $name->getStartLine(), $role, $resolved->toString()];
        } elseif ($name instanceof Node\NullableType) {
            $this->site($name->type, $role);
        } elseif ($name instanceof Node\UnionType || $name instanceof Node\IntersectionType) {
            foreach ($name->types as $type) {
                $this->site($type, $role);
            }
        }
    }

    public function enterNode(Node $node)
    {
        if ($node instanceof Node\Stmt\ClassLike) {
            $this->classStack[] = $node->namespacedName ? $node->namespacedName->toString() : null;
            if ($node instanceof Node\Stmt\Class_) {
                $this->site($node->extends, 'extends');
                foreach ($node->implements as $i) {
                    $this->site($i, 'implements');
                }
            } elseif ($node instanceof Node\Stmt\Interface_) {
                foreach ($node->extends as $i) {
                    $this->site($i, 'extends');
                }
            } elseif ($node instanceof Node\Stmt\Enum_) {
                foreach ($node->implements as $i) {
                    $this->site($i, 'implements');
                }
            }
        } elseif ($node instanceof Node\Stmt\TraitUse) {
            foreach ($node->traits as $t) {
                $this->site($t, 'trait');
            }
        } elseif ($node instanceof Node\Stmt\Use_ || $node instanceof Node\Stmt\GroupUse) {
            $prefix = $node instanceof Node\Stmt\GroupUse ? $node->prefix->toString() . '\\' : '';
            foreach ($node->uses as $use) {
                $type = $node->type !== Node\Stmt\Use_::TYPE_UNKNOWN ? $node->type : $use->type;
                if ($type === Node\Stmt\Use_::TYPE_NORMAL) {
                    $this->sites[] = [$this->file, $use->getStartLine(), 'use', $prefix . $use->name->toString()];
                }
            }
        } elseif ($node instanceof Node\Expr\New_) {
            $this->site($node->class, 'new');
        } elseif ($node instanceof Node\Expr\StaticCall) {
            $this->site($node->class, 'static-call');
            $this->method($node->class, $node->name, $node->getStartLine(), 'static');
        } elseif ($node instanceof Node\Expr\ClassConstFetch || $node instanceof Node\Expr\StaticPropertyFetch) {
            $this->site($node->class, 'constant');
        } elseif ($node instanceof Node\Expr\Instanceof_) {
            $this->site($node->class, 'instanceof');
        } elseif ($node instanceof Node\Stmt\Catch_) {
            foreach ($node->types as $t) {
                $this->site($t, 'catch');
            }
        } elseif ($node instanceof Node\Param) {
            $this->site($node->type, 'type');
        } elseif ($node instanceof Node\FunctionLike) {
            $this->site($node->getReturnType(), 'type');
            $typed = [];
            foreach ($node->getParams() as $param) {
                $class = self::declaredClass($param->type);
                if ($class !== null && $param->var instanceof Node\Expr\Variable && is_string($param->var->name)) {
                    $typed[$param->var->name] = $class;
                }
            }
            // an arrow function sees its function's parameters too
            $outer = $node instanceof Node\Expr\ArrowFunction ? (end($this->functionStack) ?: []) : [];
            $this->functionStack[] = $typed + $outer;
            if ($node instanceof Node\Stmt\Function_) {
                $this->declaredFunctions[] = $node->namespacedName->toString();
            }
        } elseif ($node instanceof Node\Stmt\Property) {
            $this->site($node->type, 'type');
        } elseif ($node instanceof Node\Expr\FuncCall && $node->name instanceof Node\Name) {
            $namespaced = $node->name->getAttribute('namespacedName');
            $resolved = $node->name->getAttribute('resolvedName');
            if ($resolved !== null) {
                $this->functions[] = [$this->file, $node->getStartLine(), $resolved->toString(), null];
            } else {
                $this->functions[] = [
                    $this->file,
                    $node->getStartLine(),
                    $namespaced ? $namespaced->toString() : $node->name->toString(),
                    $node->name->toString(),
                ];
            }
        } elseif ($node instanceof Node\Expr\MethodCall
            && $node->var instanceof Node\Expr\Variable && $node->var->name === 'this') {
            $this->method(null, $node->name, $node->getStartLine(), 'this');
        } elseif (($node instanceof Node\Expr\MethodCall || $node instanceof Node\Expr\NullsafeMethodCall)
            && $node->name instanceof Node\Identifier) {
            $var = $node->var;
            $typed = end($this->functionStack) ?: [];
            if ($var instanceof Node\Expr\Variable && is_string($var->name) && isset($typed[$var->name])) {
                // a parameter's declared class
                $this->calls[] = [$this->file, $node->getStartLine(), $node->name->toString(), 'param', $typed[$var->name]];
            } elseif (($var instanceof Node\Expr\PropertyFetch || $var instanceof Node\Expr\NullsafePropertyFetch)
                && $var->var instanceof Node\Expr\Variable && $var->var->name === 'this'
                && $var->name instanceof Node\Identifier && end($this->classStack)) {
                // a property's declared class, read by reflection below
                $this->calls[] = [
                    $this->file, $node->getStartLine(), $node->name->toString(), 'property',
                    end($this->classStack) . '::$' . $var->name->toString(),
                ];
            }
        }
        return null;
    }

    public function leaveNode(Node $node)
    {
        if ($node instanceof Node\Stmt\ClassLike) {
            array_pop($this->classStack);
        } elseif ($node instanceof Node\FunctionLike) {
            array_pop($this->functionStack);
        }
        return null;
    }

    private function method($class, $name, int $line, string $how): void
    {
        if (!$name instanceof Node\Identifier) {
            return;
        }
        $enclosing = end($this->classStack) ?: null;
        if ($class === null) {
            $lookIn = $enclosing;
        } elseif ($class instanceof Node\Name) {
            $lower = strtolower($class->toString());
            if ($lower === 'self' || $lower === 'static') {
                $lookIn = $enclosing;
                $how = $lower;
            } elseif ($lower === 'parent') {
                $lookIn = $enclosing !== null && loadable($enclosing, $GLOBALS['classes'])
                    ? (get_parent_class($enclosing) ?: null) : null;
                $how = 'parent';
            } else {
                $lookIn = $class->getAttribute('resolvedName', $class)->toString();
            }
        } else {
            return;
        }
        $this->calls[] = [$this->file, $line, $name->toString(), $how, $lookIn];
    }
}

$parser = (new ParserFactory())->create(ParserFactory::PREFER_PHP7);
$sites = [];
$functions = [];
$declared = [];
$calls = [];
$failed = [];
$iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($repo, FilesystemIterator::SKIP_DOTS));
$files = [];
foreach ($iterator as $info) {
    $path = $info->getPathname();
    if (substr($path, -4) === '.php' && strpos($path, '/vendor/') === false) {
        $files[] = $path;
    }
}
sort($files);
foreach ($files as $path) {
    $rel = relative($path, $repo);
    try {
        $ast = $parser->parse(file_get_contents($path));
    } catch (PhpParser\Error $e) {
        $failed[] = $rel;
        continue;
    }
    $traverser = new NodeTraverser();
    $traverser->addVisitor(new NameResolver(null, ['preserveOriginalNames' => true]));
    $collector = new Collector();
    $collector->file = $rel;
    $traverser->addVisitor($collector);
    $traverser->traverse($ast);
    array_push($sites, ...$collector->sites);
    array_push($functions, ...$collector->functions);
    array_push($declared, ...$collector->declaredFunctions);
    array_push($calls, ...$collector->calls);
}

// Reflection: the declaring method of each call, and each class's bases. Only
// classes of files that are no tests are loaded: a test file may declare a
// helper class another test file declares too, and PHPUnit is not installed.
function loadable(string $class, array $classes): bool
{
    if (!isset($classes[$class]) || preg_match('/Test\.php$/', $classes[$class])) {
        return false;
    }
    try {
        return class_exists($class) || interface_exists($class) || trait_exists($class);
    } catch (Throwable $e) {
        return false;
    }
}

$methods = [];
$loadable = [];
foreach ($calls as [$file, $line, $name, $how, $lookIn]) {
    $found = null;
    if ($how === 'property') {
        [$owner, $property] = explode('::$', $lookIn);
        $lookIn = null;
        if (loadable($owner, $classes)) {
            $reflection = new ReflectionClass($owner);
            $type = $reflection->hasProperty($property) ? $reflection->getProperty($property)->getType() : null;
            if ($type instanceof ReflectionNamedType && !$type->isBuiltin()) {
                $lookIn = $type->getName();
            }
        }
        if ($lookIn === null) {
            continue;  // no declared class: not a typed receiver
        }
    }
    if ($lookIn !== null && loadable($lookIn, $classes)) {
        try {
            {
                $reflection = new ReflectionClass($lookIn);
                if ($reflection->hasMethod($name)) {
                    $method = $reflection->getMethod($name);
                    $found = [relative($method->getFileName(), $repo), $method->getStartLine()];
                }
            }
        } catch (Throwable $e) {
            $found = null;
        }
    }
    $methods[] = [$file, $line, $name, $how, $lookIn, $found];
}
// `new C`: the constructor PHP runs (declared in C or an ancestor), by reflection.
foreach ($sites as [$file, $line, $role, $name]) {
    if ($role !== 'new' && $role !== 'relative-new') {
        continue;
    }
    $found = null;
    if (loadable($name, $classes)) {
        $constructor = (new ReflectionClass($name))->getConstructor();
        if ($constructor !== null) {
            $found = [relative($constructor->getFileName(), $repo), $constructor->getStartLine()];
        }
    }
    if ($found !== null || (isset($classes[$name]) && !loadable($name, $classes))) {
        $methods[] = [$file, $line, '__construct', 'new', $name, $found];
    }
}

$parents = [];
foreach ($classes as $class => $file) {
    if (!loadable($class, $classes)) {
        continue;
    }
    $reflection = new ReflectionClass($class);
    $parent = $reflection->getParentClass();
    $parents[$class] = [
        $parent ? $parent->getName() : null,
        $reflection->getInterfaceNames(),
        $reflection->getTraitNames(),
    ];
}

echo json_encode([
    'classes' => $classes,
    'sites' => $sites,
    'functions' => $functions,
    'declared_functions' => $declared,
    'methods' => $methods,
    'parents' => $parents,
    'failed' => $failed,
    'files' => count($files),
    'php' => PHP_VERSION,
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
