// The oracle of benchmarks/js_calls.py: the TypeScript checker's answer to
// "which declaration does this call run?", for every call of every JS/TS file
// of a repository.
//
//   node calls.mjs --repo DIR [--typescript DIR] < files.txt > oracle.json
//
// files.txt lists the files to read, one repository path a line. Each file's
// compiler options are those of the nearest tsconfig.json (or jsconfig.json)
// above it whose file list includes it, as in resolve.mjs; a file that no
// config includes gets DEFAULT_OPTIONS (allowJs on, checkJs off). One
// ts.Program is built per set of options, with that set's files as roots, and
// every file is walked in the program of its own config for:
//
//   call expressions (`f()`, `a.b()`, `super()`), `new` expressions, JSX
//   elements with a capitalised or dotted tag, decorators that are not calls
//   themselves (`@X`; `@X()` is a call expression), tagged templates.
//
// The callee is `checker.getResolvedSignature(site).declaration`; when that is
// missing or is only a type (a function type, an interface member), the
// symbol at the callee's name, through `getAliasedSymbol`, when its value
// declaration runs code. `new C()` and `<C />` of a class target the class and
// the constructor the signature names (own or inherited). An overload
// signature stands for the implementation it belongs to, and the overloads of
// an interface member for its last signature (the one our graph names plainly).
//
// Declarations are described, not named: [file, candidate names, candidate
// lines, syntax kind, why, owner, member, lines of same-named outer
// declarations], where `why` is "" for code that runs
// under a name (a function, a method, a class, an arrow bound to a const) and
// otherwise says what it is ("interface-member", "function-type",
// "anonymous-function", ...). Whether a declaration is a node of blast-radius
// is not decided here: the benchmark maps each description to a node of the
// graph by (file, name, start line), tried in the order given, and counts
// those that match none. The names and lines are the ones blast-radius's
// queries would give the construct (queries/javascript/facts.scm,
// queries/typescript/facts.scm): a const's name for its arrow, "default" for
// an anonymous default export, `exports.f`'s `f`, a test's title fragments,
// tree-sitter's start line (after decorators and `export`).
//
// The caller of a call is the list of declarations around the callee's name
// that could be nodes, innermost first; the benchmark takes the first that is
// a node of ours, else the module. A class member's decorators sit outside the
// member for tree-sitter (in the class body), and an exported class's before
// the class (in the export statement): such a member or class is listed with
// the decorator's line, to count only if our node of it starts at or before it.
//
// Output: one JSON object, sorted, so the same input gives the same bytes.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];
const TEST_CALLEES = new Set(["it", "test", "describe", "suite", "context"]);

function parseArgs(argv) {
  const args = { repo: null, typescript: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--repo") args.repo = argv[++i];
    else if (a === "--typescript") args.typescript = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.repo) throw new Error("usage: node calls.mjs --repo DIR [--typescript DIR] < files");
  return args;
}

const args = parseArgs(process.argv.slice(2));
const ts = createRequire(
  args.typescript ? path.join(path.resolve(args.typescript), "package.json") : import.meta.url,
)("typescript");

const DEFAULT_OPTIONS = {
  allowJs: true,
  checkJs: false,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  resolveJsonModule: true,
  noEmit: true,
  skipLibCheck: true,
  maxNodeModuleJsDepth: 0,
};

const repo = fs.realpathSync(path.resolve(args.repo));
const host = ts.sys;
const canonical = (f) => (host.useCaseSensitiveFileNames ? f : f.toLowerCase());
const toPosix = (p) => p.split(path.sep).join("/");
const rel = (abs) => toPosix(path.relative(repo, abs));
const inRepo = (abs) => {
  const r = path.relative(repo, path.resolve(abs));
  return r !== "" && !r.startsWith("..") && !path.isAbsolute(r) && !r.split(path.sep).includes("node_modules");
};

// --- compiler options per file (as resolve.mjs finds them) ----------------------------------

const configs = new Map();

function loadConfig(configPath) {
  let entry = configs.get(configPath);
  if (entry) return entry;
  const read = ts.readConfigFile(configPath, host.readFile);
  const errors = [];
  let options = {};
  let fileNames = new Set();
  if (read.error) {
    errors.push(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  } else {
    const isJsconfig = path.basename(configPath) === "jsconfig.json";
    const existing = isJsconfig
      ? { allowJs: true, maxNodeModuleJsDepth: 2, allowSyntheticDefaultImports: true, skipLibCheck: true, noEmit: true }
      : undefined;
    const parsed = ts.parseJsonConfigFileContent(read.config, host, path.dirname(configPath), existing, configPath);
    options = parsed.options;
    fileNames = new Set(parsed.fileNames.map((f) => canonical(path.resolve(f))));
    for (const d of parsed.errors) {
      if (d.code !== 18003) errors.push(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    }
  }
  entry = { key: rel(configPath), options, fileNames, errors, files: [] };
  configs.set(configPath, entry);
  return entry;
}

const defaultEntry = { key: null, options: DEFAULT_OPTIONS, fileNames: null, errors: [], files: [] };

function configFor(absFile) {
  let dir = path.dirname(absFile);
  for (;;) {
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(dir, name);
      if (host.fileExists(candidate)) {
        const entry = loadConfig(candidate);
        if (entry.fileNames.has(canonical(absFile))) return entry;
        break;
      }
    }
    if (dir === repo || path.relative(repo, dir).startsWith("..")) return defaultEntry;
    dir = path.dirname(dir);
  }
}

// --- lines as tree-sitter counts them (only "\n" ends a line) --------------------------------

const lineStarts = new Map(); // SourceFile -> offsets of "\n"

function lineOf(sf, pos) {
  let starts = lineStarts.get(sf);
  if (!starts) {
    starts = [];
    const text = sf.text;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i);
    lineStarts.set(sf, starts);
  }
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

// --- which declarations blast-radius makes nodes of ------------------------------------------

const K = ts.SyntaxKind;
const isFunctionValue = (n) =>
  n && (n.kind === K.ArrowFunction || n.kind === K.FunctionExpression);
const hasModifier = (n, kind) => (ts.canHaveModifiers(n) ? ts.getModifiers(n) ?? [] : []).some((m) => m.kind === kind);
const propertyNameText = (name, sf) => {
  // tree-sitter's text of the name node: quotes kept for a string, `#` for a private name.
  if (!name) return null;
  if (
    name.kind === K.Identifier ||
    name.kind === K.PrivateIdentifier ||
    name.kind === K.StringLiteral ||
    name.kind === K.NumericLiteral
  ) {
    return name.getText(sf);
  }
  return null; // computed: `[Symbol.iterator]()`
};

function isExportsTarget(left) {
  // `exports.f` or `module.exports.f`
  if (!ts.isPropertyAccessExpression(left) || !ts.isIdentifier(left.name)) return false;
  const obj = left.expression;
  if (ts.isIdentifier(obj)) return obj.text === "exports";
  return (
    ts.isPropertyAccessExpression(obj) &&
    ts.isIdentifier(obj.expression) &&
    obj.expression.text === "module" &&
    obj.name.text === "exports"
  );
}

function isModuleExports(left) {
  return (
    ts.isPropertyAccessExpression(left) &&
    ts.isIdentifier(left.expression) &&
    left.expression.text === "module" &&
    left.name.text === "exports"
  );
}

const ROUTE_METHODS = new Set(["get", "post", "put", "patch", "delete", "del", "all", "options", "head"]);

function titleFragments(title, sf) {
  let raw;
  if (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)) {
    raw = [title.getText(sf).slice(1, -1)];
  } else if (ts.isTemplateExpression(title)) {
    raw = [title.head.getText(sf).slice(1, -2)];
    title.templateSpans.forEach((span, i) => {
      const text = span.literal.getText(sf);
      raw.push(text.slice(1, i === title.templateSpans.length - 1 ? -1 : -2));
    });
  } else {
    return null;
  }
  // The literal's whole content (as our extractor names titles now), then the
  // pieces tree-sitter's `string_fragment` splits it into (as it did before).
  const whole = title.getText(sf).slice(1, -1);
  const escape = /\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-7]{1,3}|\r?\n|.)/;
  const fragments = raw.flatMap((r) => r.split(escape)).filter(Boolean);
  return [...new Set([whole, ...fragments].filter(Boolean))];
}

function titledCall(call, sf) {
  // `it("title", () => ...)`, `app.get("/path", auth, (req, res) => ...)`: a
  // definition named by its title, when the first argument is a string and a
  // later one a function.
  const args = call.arguments;
  if (args.length < 2 || !args.slice(1).some(isFunctionValue)) return null;
  return titleFragments(args[0], sf);
}

function memberOwner(n) {
  const p = n.parent;
  if (ts.isInterfaceDeclaration(p)) return "interface-member";
  if (ts.isTypeLiteralNode(p)) return "type-member";
  return "";
}

// The names blast-radius may give a node of this declaration, or null when it
// can be none (nothing names it). Whether it is one is read from our graph.
function candidateNames(n, sf) {
  switch (n.kind) {
    case K.FunctionDeclaration:
      if (n.name) return [n.name.text];
      return hasModifier(n, K.DefaultKeyword) ? ["default"] : null;
    case K.ClassDeclaration:
      if (n.name) return [n.name.text];
      return hasModifier(n, K.DefaultKeyword) ? ["default"] : null;
    case K.ClassExpression:
      if (n.name) return [n.name.text];
      return ts.isExportAssignment(n.parent) ? ["default"] : null;
    case K.MethodDeclaration:
    case K.GetAccessor:
    case K.SetAccessor:
    case K.MethodSignature:
    case K.PropertySignature: {
      // A string name as written and without its quotes (our extractor has named
      // string-named definitions both ways).
      const name = propertyNameText(n.name, sf);
      if (!name) return null;
      return ts.isStringLiteral(n.name) ? [name, n.name.text] : [name];
    }
    case K.Constructor:
      return ["constructor"];
    case K.PropertyDeclaration:
    case K.PropertyAssignment: {
      if (!isFunctionValue(n.initializer)) return null;
      const name = propertyNameText(n.name, sf);
      if (!name) return null;
      return ts.isStringLiteral(n.name) ? [name, n.name.text] : [name];
    }
    case K.ArrowFunction:
    case K.FunctionExpression: {
      const p = n.parent;
      if (ts.isVariableDeclaration(p) && p.initializer === n && ts.isIdentifier(p.name)) return [p.name.text];
      if (ts.isExportAssignment(p) && !p.isExportEquals && p.expression === n) return ["default"];
      if (ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === K.EqualsToken) {
        if (isModuleExports(p.left)) return n.name ? [n.name.text] : null;
        if (isExportsTarget(p.left)) return [p.left.name.text];
      }
      return null; // a property's function is named by the property
    }
    case K.CallExpression:
      return titledCall(n, sf);
    case K.VariableDeclaration:
      // `const api = { list() {} }`: an object of functions, named by its binding.
      return ts.isIdentifier(n.name) && n.initializer && ts.isObjectLiteralExpression(n.initializer)
        ? [n.name.text]
        : null;
    case K.InterfaceDeclaration:
    case K.TypeAliasDeclaration:
    case K.EnumDeclaration:
      return [n.name.text];
    case K.ModuleDeclaration:
      return ts.isIdentifier(n.name) && n.body && ts.isModuleBlock(n.body) ? [n.name.text] : null;
    default:
      return null;
  }
}

// The lines a node of this declaration may start on: where tree-sitter starts it
// (after decorators and `export`, at a variable's name, at `exports.f = `), and
// where TypeScript does.
function candidateLines(n, sf) {
  const lines = [];
  const add = (pos) => {
    const l = lineOf(sf, pos);
    if (!lines.includes(l)) lines.push(l);
  };
  const p = n.parent;
  if (isFunctionValue(n) && ts.isVariableDeclaration(p)) add(p.name.getStart(sf));
  else if (ts.isVariableDeclaration(n)) add(n.name.getStart(sf));
  else if (isFunctionValue(n) && ts.isBinaryExpression(p) && isExportsTarget(p.left)) add(p.getStart(sf));
  else {
    const mods = ts.canHaveModifiers(n) ? ts.getModifiers(n) ?? [] : [];
    const kept = mods.filter((m) => m.kind !== K.ExportKeyword && m.kind !== K.DefaultKeyword && m.kind !== K.Decorator);
    const decorators = ts.canHaveDecorators(n) ? ts.getDecorators(n) ?? [] : [];
    if (kept.length) add(kept[0].getStart(sf));
    else {
      const after = [...mods, ...decorators].reduce((end, m) => Math.max(end, m.end), 0);
      add(after ? ts.skipTrivia(sf.text, after) : n.getStart(sf));
    }
    if (decorators.length) add(decorators[0].getStart(sf));
  }
  add(n.getStart(sf));
  if (n.name) add(n.name.getStart(sf));
  return lines;
}

// --- declarations, described ------------------------------------------------------------------

const decls = []; // [file, names or null, lines, kind, why, owner decl index or -1, member name]
const declIndex = new Map(); // node -> index

function describe(n, why = "", owner = -1, member = null) {
  if (declIndex.has(n)) return declIndex.get(n);
  const sf = n.getSourceFile();
  const index = decls.length;
  const names = candidateNames(n, sf);
  decls.push([rel(sf.fileName), names, candidateLines(n, sf), K[n.kind], why, owner, member, outerLines(n, sf, names)]);
  declIndex.set(n, index);
  return index;
}

// The start lines of the declarations around `n` that have one of its names (a
// method `foo` inside a function `foo`): a node of ours that holds `n` and
// starts there is that outer declaration, not `n` merged into one symbol.
function outerLines(n, sf, names) {
  const lines = [];
  if (!names) return lines;
  for (let p = n.parent; p && !ts.isSourceFile(p); p = p.parent) {
    const outer = candidateNames(p, sf);
    if (outer && outer.some((name) => names.includes(name))) lines.push(...candidateLines(p, sf));
  }
  return [...new Set(lines)].sort((a, b) => a - b);
}

function declaredName(n, sf) {
  if (n.name && ts.isIdentifier(n.name)) return n.name.text;
  if (n.name) return n.name.getText(sf);
  if (n.kind === K.Constructor) return "constructor";
  return "";
}

// The callee's declaration, described: what it is goes into `why` ("" for code
// that runs and is named: a function, a method, a class), and our graph says
// whether it is a node. null when it is outside the repository.
function target(n, notes) {
  const sf = n.getSourceFile();
  if (!inRepo(sf.fileName)) return null;
  // An overload signature (or a declared one) stands for its implementation.
  if (
    (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n)) &&
    !n.body &&
    !hasModifier(n, K.AbstractKeyword)
  ) {
    const impl = (n.symbol?.declarations ?? []).find((d) => d.kind === n.kind && d.body);
    if (impl) {
      notes.add("overload");
      return target(impl, notes);
    }
    return describe(n, sf.isDeclarationFile || hasModifier(n, K.DeclareKeyword) ? "ambient" : "no-body");
  }
  if (ts.isVariableDeclaration(n) && isFunctionValue(n.initializer)) return target(n.initializer, notes);
  if (isFunctionValue(n) && (ts.isPropertyDeclaration(n.parent) || ts.isPropertyAssignment(n.parent))) {
    return target(n.parent, notes);
  }
  if (ts.isPropertyAssignment(n) && isFunctionValue(n.initializer)) return describe(n, "object-property-function");
  if (ts.isMethodDeclaration(n) && ts.isObjectLiteralExpression(n.parent)) {
    return describe(n, candidateNames(n, sf) ? "object-method" : "computed-name");
  }
  if (ts.isMethodSignature(n) || ts.isPropertySignature(n) || ts.isCallSignatureDeclaration(n) || ts.isConstructSignatureDeclaration(n)) {
    // Overloads of an interface member are one member: the last signature, as
    // our graph keeps the last of a name as the symbol.
    const same = (n.symbol?.declarations ?? []).filter((d) => d.kind === n.kind && d.parent === n.parent);
    if (same.length > 1 && same[same.length - 1] !== n) {
      notes.add("overload");
      return target(same[same.length - 1], notes);
    }
    const why = memberOwner(n) || "type-member";
    if (why === "interface-member") return describe(n, why, describe(n.parent), declaredName(n, sf));
    return describe(n, why);
  }
  if (ts.isFunctionTypeNode(n) || ts.isConstructorTypeNode(n) || ts.isJSDocSignature?.(n) || ts.isJSDocFunctionType?.(n)) {
    return describe(n, "function-type");
  }
  if (candidateNames(n, sf)) return describe(n);
  if (isFunctionValue(n)) return describe(n, "anonymous-function");
  if (ts.isClassLike(n)) return describe(n, "anonymous-class");
  if (ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) return describe(n, "computed-name");
  if (ts.isParameter(n) || ts.isBindingElement(n)) return describe(n, "parameter");
  if (ts.isVariableDeclaration(n) || ts.isPropertyDeclaration(n) || ts.isPropertyAssignment(n)) {
    return describe(n, "variable");
  }
  return describe(n, `other:${K[n.kind]}`);
}

const RUNS = (n) =>
  n &&
  (((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n)) &&
    (n.body || hasModifier(n, K.AbstractKeyword) || (n.symbol?.declarations ?? []).some((d) => d.body))) ||
    ts.isArrowFunction(n) ||
    ts.isFunctionExpression(n) ||
    ts.isGetAccessor(n) ||
    ts.isSetAccessor(n) ||
    ts.isClassLike(n) ||
    ((ts.isVariableDeclaration(n) || ts.isPropertyDeclaration(n) || ts.isPropertyAssignment(n)) &&
      isFunctionValue(n.initializer)));

function aliased(checker, symbol) {
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
    try {
      return checker.getAliasedSymbol(symbol);
    } catch {
      return symbol;
    }
  }
  return symbol;
}

function symbolDeclaration(checker, nameNode) {
  let symbol;
  try {
    symbol = aliased(checker, checker.getSymbolAtLocation(nameNode));
  } catch {
    return null;
  }
  if (!symbol) return null;
  return symbol.valueDeclaration ?? symbol.declarations?.[0] ?? null;
}

// --- the receiver of a member call, described (for grouping the misses) ---------------------

function typeCategory(checker, type) {
  if (!type) return "none";
  const f = type.flags;
  if (f & ts.TypeFlags.Any) return "any";
  if (f & ts.TypeFlags.Unknown) return "unknown";
  if (f & ts.TypeFlags.TypeParameter) return "type-parameter";
  if (f & ts.TypeFlags.Union) return "union";
  if (f & ts.TypeFlags.Intersection) return "intersection";
  if (f & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike)) return "primitive";
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const d = symbol?.declarations?.[0];
  if (!d) return "anonymous";
  const where = inRepo(d.getSourceFile().fileName) ? "" : "lib-";
  if (ts.isClassLike(d)) return `${where}class`;
  if (ts.isInterfaceDeclaration(d)) return `${where}interface`;
  if (ts.isTypeAliasDeclaration(d)) return `${where}type-alias`;
  if (ts.isTypeLiteralNode(d)) return `${where}type-literal`;
  if (ts.isObjectLiteralExpression(d)) return `${where}object-literal`;
  if (ts.isModuleDeclaration(d) || ts.isSourceFile(d)) return `${where}module`;
  if (ts.isFunctionLike(d)) return `${where}function`;
  return `${where}${K[d.kind]}`;
}

// How a declared type is written: "" for `T` or `ns.T`, "-generic" for `T<A>`,
// "-other" for anything else (a union, an array, a function type, a literal).
function annotationShape(type) {
  if (!type) return "";
  if (ts.isTypeReferenceNode(type)) return type.typeArguments?.length ? "-generic" : "";
  return "-other";
}

function bindingCategory(checker, expr) {
  if (expr.kind === K.ThisKeyword) return "this";
  if (expr.kind === K.SuperKeyword) return "super";
  if (ts.isCallExpression(expr)) return "call-result";
  if (ts.isNewExpression(expr)) return "new";
  if (ts.isElementAccessExpression(expr)) return "element";
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr)) {
    return bindingCategory(checker, expr.expression);
  }
  if (ts.isPropertyAccessExpression(expr)) {
    const d = symbolDeclaration(checker, expr.name);
    if (!d) return "property-unresolved";
    if (ts.isPropertyDeclaration(d) || ts.isPropertySignature(d) || ts.isParameter(d)) {
      if (d.type) return "property-annotated" + annotationShape(d.type);
      return d.initializer && ts.isNewExpression(d.initializer) ? "property-new" : "property-inferred";
    }
    if (ts.isModuleDeclaration(d) || ts.isSourceFile(d)) return "namespace";
    return `property-${K[d.kind]}`;
  }
  if (ts.isIdentifier(expr)) {
    let symbol;
    try {
      symbol = checker.getSymbolAtLocation(expr);
    } catch {
      symbol = null;
    }
    if (!symbol) return "identifier-unresolved";
    if (symbol.flags & ts.SymbolFlags.Alias) {
      const target = aliased(checker, symbol);
      if (target && target.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return "namespace-import";
      return "import";
    }
    const d = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!d) return "identifier-unresolved";
    if (ts.isParameter(d)) {
      if (d.type) return "parameter-annotated" + annotationShape(d.type);
      const fn = d.parent;
      const inCall = fn && fn.parent && (ts.isCallExpression(fn.parent) || ts.isNewExpression(fn.parent));
      return inCall ? "callback-parameter-untyped" : "parameter-untyped";
    }
    if (ts.isBindingElement(d)) {
      let root = d.parent;
      while (root && (ts.isObjectBindingPattern(root) || ts.isArrayBindingPattern(root) || ts.isBindingElement(root))) root = root.parent;
      let init = root && ts.isVariableDeclaration(root) ? root.initializer : null;
      if (init && ts.isAwaitExpression(init)) init = init.expression;
      if (init && ts.isCallExpression(init) && init.expression.kind === K.ImportKeyword) return "destructured-import()";
      if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "require") {
        return "destructured-require()";
      }
      return "destructured";
    }
    if (ts.isVariableDeclaration(d)) {
      if (d.type) return "variable-annotated" + annotationShape(d.type);
      const init = d.initializer;
      if (!init) return "variable-uninitialised";
      if (ts.isNewExpression(init)) return "variable-new";
      if (ts.isCallExpression(init)) return "variable-call-result";
      if (ts.isAwaitExpression(init)) return "variable-awaited";
      if (ts.isObjectLiteralExpression(init)) return "variable-object-literal";
      return "variable-other";
    }
    if (ts.isClassLike(d)) return "class";
    if (ts.isModuleDeclaration(d) || ts.isEnumDeclaration(d)) return "namespace";
    if (ts.isSourceFile(d)) return "module";
    if (ts.isFunctionDeclaration(d)) return "function";
    return `identifier-${K[d.kind]}`;
  }
  return `expr-${K[expr.kind]}`;
}

// The function a `const` object literal holds under the callee's name, when the
// receiver is a name bound to such a literal.
function objectMember(checker, receiver, nameNode) {
  if (!ts.isIdentifier(receiver) || !ts.isIdentifier(nameNode)) return null;
  let symbol;
  try {
    symbol = aliased(checker, checker.getSymbolAtLocation(receiver));
  } catch {
    return null;
  }
  const d = symbol?.valueDeclaration;
  if (!d || !ts.isVariableDeclaration(d) || !d.initializer || !ts.isObjectLiteralExpression(d.initializer)) return null;
  if (!(ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const)) return null;
  for (const p of d.initializer.properties) {
    if (!p.name || !ts.isIdentifier(p.name) || p.name.text !== nameNode.text) continue;
    if (ts.isMethodDeclaration(p)) return p;
    if (ts.isPropertyAssignment(p) && isFunctionValue(p.initializer)) return p;
  }
  return null;
}

// --- walking one file -------------------------------------------------------------------------

function calleeOf(site) {
  // [name node (where the tool places the call), receiver expression or null, site kind]
  if (ts.isCallExpression(site)) {
    const e = site.expression;
    if (e.kind === K.SuperKeyword) return [e, null, "super"];
    if (e.kind === K.ImportKeyword) return null;
    if (ts.isIdentifier(e)) return [e, null, "call"];
    if (ts.isPropertyAccessExpression(e)) return [e.name, e.expression, "call"];
    return [e, null, "call"];
  }
  if (ts.isNewExpression(site)) {
    const e = site.expression;
    if (ts.isPropertyAccessExpression(e)) return [e.name, e.expression, "new"];
    return [e, null, "new"];
  }
  if (ts.isTaggedTemplateExpression(site)) {
    const e = site.tag;
    if (ts.isPropertyAccessExpression(e)) return [e.name, e.expression, "tagged"];
    return [e, null, "tagged"];
  }
  if (ts.isDecorator(site)) {
    const e = site.expression;
    if (ts.isPropertyAccessExpression(e)) return [e.name, e.expression, "decorator"];
    return [e, null, "decorator"];
  }
  if (ts.isJsxOpeningElement(site) || ts.isJsxSelfClosingElement(site)) {
    const e = site.tagName;
    if (ts.isPropertyAccessExpression(e)) return [e.name, e.expression, "jsx"];
    return [e, null, "jsx"];
  }
  return null;
}

function isSite(n) {
  if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) return true;
  if (ts.isDecorator(n)) return !ts.isCallExpression(n.expression);
  if (ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) {
    const tag = n.tagName;
    return ts.isPropertyAccessExpression(tag) || (ts.isIdentifier(tag) && /^[A-Z]/.test(tag.text));
  }
  return false;
}

// The declarations around `at` that may be nodes of ours, innermost first; our
// innermost node among them is the caller (the module if none). A class member's
// decorators sit in the class body, outside the member, for tree-sitter, and an
// exported class's before the class, in the export statement: such a member or
// class is entered as [declaration, the decorator's line], to count only if our
// node of it starts at or before that line (our extractor may extend a decorated
// definition to its first decorator).
function enclosing(at, sf) {
  const chain = [];
  let n = at.parent;
  let child = at;
  while (n && !ts.isSourceFile(n)) {
    if (ts.isDecorator(child)) {
      const member = ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n);
      const exported = ts.isClassDeclaration(n) && hasModifier(n, K.ExportKeyword);
      if ((member || exported) && candidateNames(n, sf)) {
        chain.push([describe(n), lineOf(sf, child.getStart(sf))]);
        child = n;
        n = n.parent;
        continue;
      }
    }
    if (candidateNames(n, sf)) chain.push(describe(n));
    child = n;
    n = n.parent;
  }
  return chain;
}

const calls = []; // [file, line, site kind, callee name, source, [targets], notes, receiver, receiver type]

function walkFile(sf, checker, file) {
  const visit = (node) => {
    if (isSite(node)) record(node);
    ts.forEachChild(node, visit);
  };
  const record = (site) => {
    const callee = calleeOf(site);
    if (!callee) return;
    const [nameNode, receiver, kind] = callee;
    const notes = new Set();
    const targets = [];
    const add = (d) => {
      if (!d) return;
      const t = target(d, notes);
      if (t === null) notes.add("external");
      else if (!targets.includes(t)) targets.push(t);
    };
    let declaration = null;
    try {
      declaration = checker.getResolvedSignature(site)?.declaration ?? null;
    } catch {
      notes.add("checker-error");
    }
    if (declaration && ts.isJSDocSignature?.(declaration)) declaration = declaration.parent ?? declaration;
    const symbolDecl = symbolDeclaration(checker, nameNode);
    if (kind === "new" || kind === "jsx") {
      // The class (or function component) and the constructor that runs. The
      // class is that of the instance `new C()` makes, when the name is not
      // the class itself (a binding destructured from `require()`).
      let cls = symbolDecl && (ts.isClassLike(symbolDecl) || RUNS(symbolDecl)) ? symbolDecl : null;
      if (!cls && kind === "new") {
        const made = checker.getTypeAtLocation(site)?.getSymbol()?.valueDeclaration;
        if (made && ts.isClassLike(made)) cls = made;
      }
      if (cls) add(cls);
      if (declaration && ts.isConstructorDeclaration(declaration)) add(declaration);
      else if (declaration && !ts.isClassLike(symbolDecl ?? site) && RUNS(declaration)) add(declaration);
      if (!targets.length && !notes.has("external")) {
        if (declaration) add(declaration);
        else if (symbolDecl) add(symbolDecl);
      }
    } else if (declaration && RUNS(declaration)) {
      add(declaration);
    } else if (receiver && objectMember(checker, receiver, nameNode)) {
      // `const provider: Provider = { m() {} }; provider.m()`: the checker names
      // the declared type's member, the value is the literal's method.
      notes.add("object-literal-value");
      add(objectMember(checker, receiver, nameNode));
    } else if (symbolDecl && RUNS(symbolDecl)) {
      notes.add("by-symbol");
      add(symbolDecl);
    } else if (declaration) {
      add(declaration);
    } else if (symbolDecl) {
      notes.add("by-symbol");
      add(symbolDecl);
    } else {
      notes.add("no-declaration");
    }
    const source = enclosing(nameNode, sf);
    let how = "";
    let receiverType = "";
    if (receiver) {
      how = bindingCategory(checker, receiver);
      try {
        receiverType = typeCategory(checker, checker.getTypeAtLocation(receiver));
      } catch {
        receiverType = "error";
      }
    } else if (kind === "call" && ts.isIdentifier(nameNode)) {
      how = `f:${bindingCategory(checker, nameNode)}`;
    } else if (kind === "call") {
      how = `callee-${K[nameNode.kind]}`;
    }
    const name = ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) ? nameNode.text : nameNode.kind === K.SuperKeyword ? "super" : "";
    calls.push([file, lineOf(sf, nameNode.getStart(sf)), kind, name, source, targets, [...notes].sort(), how, receiverType]);
  };
  visit(sf);
}

// --- the hierarchy of classes and interfaces (for dispatch) -----------------------------------

const supertypes = new Map(); // decl index -> Set of decl indexes

function recordHeritage(sf, checker) {
  const visit = (node) => {
    if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) && node.heritageClauses) {
      if (candidateNames(node, sf)) {
        const self = describe(node);
        for (const clause of node.heritageClauses) {
          for (const t of clause.types) {
            const d = symbolDeclaration(checker, t.expression);
            if (!d || !inRepo(d.getSourceFile().fileName)) continue;
            if (!(ts.isClassLike(d) || ts.isInterfaceDeclaration(d))) continue;
            if (!candidateNames(d, d.getSourceFile())) continue;
            const parent = describe(d);
            if (!supertypes.has(self)) supertypes.set(self, new Set());
            supertypes.get(self).add(parent);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// --- main ---------------------------------------------------------------------------------------

const input = fs.readFileSync(0, "utf8");
const files = [...new Set(input.split("\n").map((l) => l.trim()).filter(Boolean))].sort();
const fileConfig = {};
for (const file of files) {
  const entry = configFor(path.join(repo, file));
  entry.files.push(file);
  fileConfig[file] = entry.key;
}

const programs = {};
const entries = [...configs.values(), defaultEntry].filter((e) => e.files.length);
for (const entry of entries) {
  const options = { ...entry.options, noEmit: true, skipLibCheck: true, incremental: false, composite: false };
  if (entry === defaultEntry || options.allowJs) options.checkJs = false;
  const roots = entry.files.map((f) => path.join(repo, f));
  const started = Date.now();
  const program = ts.createProgram({ rootNames: roots, options });
  const checker = program.getTypeChecker();
  let missing = 0;
  for (const file of entry.files) {
    const sf = program.getSourceFile(path.join(repo, file));
    if (!sf) {
      missing++;
      continue;
    }
    walkFile(sf, checker, file);
    recordHeritage(sf, checker);
  }
  programs[entry.key ?? "(defaults)"] = {
    roots: entry.files.length,
    notInProgram: missing,
    programFiles: program.getSourceFiles().length,
    errors: entry.errors,
  };
  process.stderr.write(`[calls.mjs] ${entry.key ?? "(defaults)"}: ${entry.files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const byAll = (a, b) => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

// Renumber declarations in a sorted order, so the output does not depend on walk order.
const order = decls.map((d, i) => [JSON.stringify(d.slice(0, 5)), i]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
const renumber = new Map(order.map(([, old], i) => [old, i]));
const re = (i) => (i < 0 ? i : renumber.get(i));
const outDecls = order.map(([, old]) => {
  const d = decls[old];
  return [d[0], d[1], d[2], d[3], d[4], re(d[5]), d[6], d[7]];
});
const outCalls = calls
  .map((c) => [
    c[0],
    c[1],
    c[2],
    c[3],
    c[4].map((e) => (Array.isArray(e) ? [re(e[0]), e[1]] : re(e))),
    c[5].map(re).sort((a, b) => a - b),
    c[6],
    c[7],
    c[8],
  ])
  .sort(byAll);
const outSupertypes = [...supertypes.entries()]
  .map(([k, v]) => [re(k), [...v].map(re).sort((a, b) => a - b)])
  .sort((a, b) => a[0] - b[0]);

const out = {
  typescript: ts.version,
  programs: Object.fromEntries(Object.entries(programs).sort()),
  files: Object.fromEntries(Object.entries(fileConfig).sort()),
  decls: outDecls,
  calls: outCalls,
  supertypes: outSupertypes,
};
process.stdout.write(JSON.stringify(out) + "\n");
