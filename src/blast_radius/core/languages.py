"""The languages the engine knows, as data.

Adding a language means adding an entry here, a folder of query files under
``blast_radius/queries/<name>/`` and, where imports need it, a resolver for
its ecosystem. The engine never branches on a language's name.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from blast_radius.core.js_projects import SOURCE_EXTENSIONS

if TYPE_CHECKING:
    import pathspec


@dataclass(frozen=True, slots=True)
class LanguageRule:
    """How to recognise, parse and resolve one language."""

    name: str
    extensions: tuple[str, ...]
    grammar_module: str
    """Importable module whose ``grammar_function`` returns the tree-sitter grammar."""
    query_files: tuple[str, ...]
    """Query files under ``queries/<name>/`` (a path with a ``/`` is under ``queries/``:
    a language may share another's), concatenated into one query."""
    resolver: str
    """Which ecosystem resolver turns this language's facts into edges."""
    line_comment: str
    """What starts a comment line: module-level edits to comments change nothing."""
    test_files: tuple[str, ...]
    """Gitignore-style patterns of test files: a pattern without a ``/`` matches a
    file name in any folder, one with a ``/`` the path from the root (``**/``
    for any folder)."""
    test_function_prefix: str | tuple[str, ...]
    """Functions and methods whose names start with this (or one of these) are tests..."""
    test_class_prefix: str
    """...at module level, or in classes whose names start with this (or any class,
    when empty)."""
    imports_run_packages: bool
    """Importing ``a.b.c`` first runs ``a`` and ``a.b`` (Python's packages)."""
    constructor: str = ""
    """The method a call of a class runs on the new instance (``__init__``);
    empty when the language has none."""
    test_support_files: tuple[str, ...] = ()
    """Files the test runner loads before every test file in their folder and
    below (pytest's ``conftest.py``): what they import, those tests import."""
    folder_files: tuple[str, ...] | None = None
    """The names of the files a lookup finds through their folder (a package's
    ``__init__.py``), besides ``test_support_files``; the language's other
    files are found by their own names only. None: any file may be found
    through its folder (Go's packages are their folders' files)."""
    checks_signatures: bool = True
    """Whether the queries read signatures and call arguments, so a changed
    signature's call sites are checked (breaking or compatible)."""
    grammar_function: str = "language"
    """The function of ``grammar_module`` that returns the grammar (a wheel may
    hold several: ``language_typescript`` and ``language_tsx``)."""
    build_files: tuple[tuple[str, str], ...] = ()
    """(file name, runner): the nearest folder up the tree holding one of these
    names the test runner (Maven's ``pom.xml``, Gradle's build files)."""
    source_folders: tuple[str, ...] = ()
    """Folder names that elsewhere hold build output but hold this language's
    sources (Go writes no build output into the tree: its ``build/`` is code)."""
    test_runner: str = ""
    """The runner of the language's tests (``pytest``, ``go``); empty when a
    project's manifest names it (JavaScript's ``package.json``)."""
    overloads: bool = False
    """Whether one scope may define a name more than once, told apart by the
    parameters (Java's overloads): such a function has no one signature to
    check its calls against."""
    structural_types: bool = False
    """Whether a type fits an interface by its methods alone, without naming it
    (Go, TypeScript): then an interface's method set decides who implements it."""
    private_imports: bool = False
    """Whether an import binds names for its own file only, never for the files
    that import that file (Java, C#, Go, JavaScript: a re-export is written
    apart, as one): what a star import binds is then read only by lookups that
    enter the file by its names, and a change to it reaches those, not every
    file (``core.dependencies``)."""
    loads_bind_nothing: bool = False
    """Whether an import that names nothing (``require("./setup")``, ``import
    "./polyfill"``, and the load each ``require`` also is) only loads its module,
    binding no name, and no resolver reads it for another file (JavaScript; not
    Go, whose resolver reads every file's imports to find its packages): then
    no other file's lookup depends on it (``core.dependencies``)."""
    test_marker: str = ""
    """The entry-point kind the queries give test methods (JUnit's ``@Test``),
    when names do not tell them. In a test file with any, only those are
    tests, and a reached method of a test class that is none (a set-up, a
    helper) runs its class's tests; in a file with none, every method is."""
    manifest_files: tuple[str, ...] = ()
    """Names (shell patterns) of the ecosystem's manifest files (``Cargo.toml``,
    ``*.csproj``): when a file of the language is in the tree, their text is
    handed to its resolver (``BuildOptions.manifests``)."""
    file_names: tuple[str, ...] = ()
    """Whole file names that are sources of the language without its extension
    (Ruby's ``Rakefile``)."""
    blanked_lines: str = ""
    """A regular expression (multiline) of lines blanked before parsing, when
    the grammar cannot read them where they may stand: C#'s ``#if``/``#else``/
    ``#endif`` between the parts of one declaration. The code of every branch
    is then read, as if each configuration were built at once."""
    import_paths: tuple[str, ...] = ()
    """Where an import's specifier may be, as templates (the syntactic tier's
    resolver): ``{module}`` is the specifier with its dots as slashes
    (``a.b`` as ``a/b``), ``{path}`` the specifier as written, ``{stem}`` the
    specifier without its extension. A template starting with ``./`` is
    relative to the importing file's folder; any other must be the end of
    exactly one path of the repository (``{module}.lua`` finds
    ``src/a/b.lua``). The first template that finds a file wins."""
    import_rewrites: tuple[tuple[str, str], ...] = ()
    """(regular expression, replacement) applied to a specifier before
    ``import_paths``. ``{package}`` in an expression stands for the name of each
    of the repository's packages (``package_name``), and ``{root}`` in its
    replacement for that package's folder: Dart's ``package:shop/`` as
    ``<folder of shop's pubspec.yaml>/lib/``. A template of ``import_paths``
    starting with ``/`` is a path from the repository's root."""
    package_name: str = ""
    """A regular expression (multiline) whose first group is a package's name
    in one of the rule's ``manifest_files`` (the ``name:`` of a
    ``pubspec.yaml``)."""
    global_modules: bool = False
    """Whether modules and classes at the top of a file (and those nested in
    them) are named across files: Elixir's ``defmodule A.B`` is ``A.B``
    everywhere, an Objective-C class is one name in the program."""
    closed_modules: bool = False
    """Whether a module's code sees only its own definitions and its imports,
    not those of the modules around it (Elixir's and Julia's nested modules)."""
    file_modules: bool = False
    """Whether a file is a module named after it, its first letter capitalised
    (OCaml's ``cart.ml`` is ``Cart``)."""
    self_receivers: tuple[str, ...] = ()
    """Receivers that name the enclosing class or module (``self``,
    ``__MODULE__``)."""
    module_receivers: str = ""
    """A regular expression of receivers that name a module or class
    (Elixir's ``Enum``, OCaml's ``List``): one the repository does not define
    is outside it, and calls on it get no edge rather than a name match."""
    found_by_path: bool = True
    """Whether a lookup may find a file by its path: its name, its folder's, a
    module or include path. Not in C# or on the JVM, whose types are found by
    namespace or package and name wherever their files are: its files are
    then indexed under no word of their paths (``core.dependencies``), so a
    file moved, added or removed reaches only the files naming what it
    declares."""
    titled_found: bool = True
    """Whether a lookup may find a definition the queries mark ``titled`` (a
    test named by its title) by that title. The syntactic tier's never does;
    elsewhere, a title with a space in it (``it("works")``) is no name any
    reference spells (``core.dependencies``)."""
    declared_modules: bool = False
    """Whether a file is a module only where another file declares it (Rust's
    ``mod cat;`` makes ``cat.rs`` the module ``crate::cat``): its symbols are
    then named by that declaration, which every lookup of what the file
    defines reads (``core.dependencies``)."""
    merged_namespaces: bool = False
    """Whether a namespace or package is only a name, declared by any number of
    files and no node of its own (C#'s namespaces, the JVM's packages): what
    other files read of its declarations is then that it is declared at all,
    not which files declare it, so a file added or removed that declares it
    reaches none of its readers (``core.dependencies``)."""
    public_callbacks: bool = False
    """Whether a method the repository does not define, called on a class
    with a base from outside it, may call back the class's public methods
    (those not named ``_...``): Python's ``werkzeug.test.Client.get`` calls
    the ``open`` of a subclass. Which public members the classes above a
    class have is then read through its name (``core.dependencies``)."""
    callback_free_modules: tuple[str, ...] = ()
    """Outside modules whose classes call back nothing of a subclass: they
    type, they do not run (``typing``)."""
    implied_names: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Calls that name methods without writing them, by the call's last name
    (lowercased, no underscores) and the methods: Laravel's ``Route::resource``
    routes to its controller's ``index`` ... ``destroy``. A file making such a
    call reads those names as if it wrote them (``core.dependencies``)."""


JS_TEST_FILES = (
    "*.test.js", "*.test.jsx", "*.test.mjs", "*.test.cjs",
    "*.test.ts", "*.test.tsx", "*.test.mts", "*.test.cts",
    "*.spec.js", "*.spec.jsx", "*.spec.mjs", "*.spec.cjs",
    "*.spec.ts", "*.spec.tsx", "*.spec.mts", "*.spec.cts",
    "**/__tests__/**/*",
    "**/test/*.js", "**/test/*.cjs", "**/test/*.mjs",
    "**/test/*.ts", "**/test/*.mts", "**/test/*.cts",
)  # fmt: skip
"""Jest's and Vitest's default test files (``*.test.*``, ``*.spec.*``, any file
under ``__tests__/``), and Mocha's (the files directly in a ``test/`` folder)."""


def _javascript_rule(
    name: str,
    extensions: tuple[str, ...],
    grammar_module: str,
    grammar_function: str,
    query_files: tuple[str, ...],
    checks_signatures: bool = True,
) -> LanguageRule:
    """A dialect of the JavaScript ecosystem: what differs is its grammar and queries."""
    return LanguageRule(
        structural_types=True,
        name=name,
        extensions=extensions,
        grammar_module=grammar_module,
        grammar_function=grammar_function,
        query_files=query_files,
        resolver="javascript",
        private_imports=True,
        loads_bind_nothing=True,
        line_comment="//",
        test_files=JS_TEST_FILES,
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        constructor="constructor",
        checks_signatures=checks_signatures,
        # A folder is looked up as its index file; any other file by its own
        # name, or through a package's or an alias's configuration
        # (``JsProjects.lookup_aliases``).
        folder_files=tuple(f"index{extension}" for extension in SOURCE_EXTENSIONS),
    )


LARAVEL_RESOURCE_ACTIONS = ("index", "create", "store", "show", "edit", "update", "destroy")
"""The controller methods Laravel's ``Route::resource`` routes to."""
LARAVEL_API_RESOURCE_ACTIONS = ("index", "store", "show", "update", "destroy")
"""The controller methods Laravel's ``Route::apiResource`` routes to."""
RAILS_RESOURCE_ACTIONS = ("index", "new", "create", "show", "edit", "update", "destroy")
"""The controller actions Rails' ``resources`` routes to (``resource``: all but ``index``)."""

TEST_ENTRY_KIND = "test"
"""The entry-point kind of a test method a query marks (``@entry.test``)."""

JVM_BUILD_FILES = (
    ("pom.xml", "maven"),
    ("build.gradle.kts", "gradle"),
    ("build.gradle", "gradle"),
)
"""The build files of Maven and Gradle, nearest first in a module's folders."""

CSHARP_TEST_FILES = (
    "*Test.cs", "*Tests.cs",
    "**/*.Tests/**/*.cs", "**/*.Test/**/*.cs",
    "**/*.UnitTests/**/*.cs", "**/*.IntegrationTests/**/*.cs",
    "**/*.Specs/**/*.cs",
)  # fmt: skip
"""C# test classes by their usual names, and any file of a test project by
the project's usual folder names (``Shop.Tests/``); a test project named
otherwise is not seen (the patterns are paths: the ``Microsoft.NET.Test.Sdk``
reference that makes a project one is not read here)."""

C_TEST_FILES = (
    "*_test.c", "*_test.cc", "*_test.cpp", "*_test.cxx",
    "*_unittest.c", "*_unittest.cc", "*_unittest.cpp",
    "*_tests.c", "*_tests.cc", "*_tests.cpp",
    "test_*.c", "test_*.cc", "test_*.cpp",
    "**/test/**/*.c", "**/test/**/*.cc", "**/test/**/*.cpp", "**/test/**/*.cxx",
    "**/tests/**/*.c", "**/tests/**/*.cc", "**/tests/**/*.cpp", "**/tests/**/*.cxx",
)  # fmt: skip
"""C and C++ test sources by their usual names (GoogleTest's ``*_test.cc`` and
``*_unittest.cc``, ``test_*.c``) and any source under a ``test/`` or ``tests/``
folder; headers there are support, not tests."""

C_EXPORT_MACROS = (
    r"(?<!define )(?<!ifdef )(?<!ifndef )(?<!undef )"
    r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API|EXPORT|EXPORTS|DLL|DECL|EXTERN|FUNC)\b"
    r"(?=[ \t]+[A-Za-z_])"
    # not at the end of a line: `#define X` with only blanks after it reads the
    # next line as its value
    r"|\b__attribute__[ \t]*\(\((?:[^()\n]|\((?:[^()\n]|\([^()\n]*\))*\))*\)\)(?=[ \t]*\S)"
    r"|\b__declspec[ \t]*\([A-Za-z_ ]*\)(?=[ \t]*\S)"
)
"""Export and linkage macros written before a declaration's name or type
(``class YAML_CPP_API Node``, ``LUA_API int lua_gettop``) and attributes:
the grammar reads them as the type or name and loses the declaration, so
they are blanked before parsing (spaces: lines and offsets hold)."""

C_MANIFEST_FILES = ("compile_commands.json", "CMakeLists.txt")
"""Where C and C++ include directories are written: the compilation database
and CMake's ``include_directories``/``target_include_directories``."""

LANGUAGES: tuple[LanguageRule, ...] = (
    LanguageRule(
        name="python",
        extensions=(".py",),
        grammar_module="tree_sitter_python",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="python",
        line_comment="#",
        test_files=("test_*.py", "*_test.py"),
        test_function_prefix="test",
        test_class_prefix="",
        imports_run_packages=True,
        constructor="__init__",
        test_support_files=("conftest.py",),
        # Module names depend on the packages and projects above a file.
        folder_files=("__init__.py", "__main__.py", "setup.py"),
        test_runner="pytest",
        public_callbacks=True,
        # unittest's runner calls set-up and tests, which fixture edges show
        # already, and its assertions call nothing of the test class.
        callback_free_modules=("typing", "typing_extensions", "abc", "builtins", "unittest"),
    ),
    # JavaScript and TypeScript are one ecosystem: one resolver, the TypeScript
    # queries added to the JavaScript ones, a grammar per dialect.
    _javascript_rule(
        "javascript",
        (".js", ".jsx", ".mjs", ".cjs"),
        "tree_sitter_javascript",
        "language",
        ("facts.scm", "plain.scm", "jsx.scm", "entry_points.scm"),
        # JavaScript calls any function with any number of arguments: a
        # signature change breaks no call the way TypeScript's checker says.
        checks_signatures=False,
    ),
    _javascript_rule(
        "typescript",
        (".ts", ".mts", ".cts"),
        "tree_sitter_typescript",
        "language_typescript",
        ("javascript/facts.scm", "javascript/entry_points.scm", "typescript/facts.scm"),
    ),
    _javascript_rule(
        "tsx",
        (".tsx",),
        "tree_sitter_typescript",
        "language_tsx",
        (
            "javascript/facts.scm",
            "javascript/jsx.scm",
            "javascript/entry_points.scm",
            "typescript/facts.scm",
        ),
    ),
    LanguageRule(
        name="go",
        extensions=(".go",),
        grammar_module="tree_sitter_go",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="go",
        private_imports=True,
        line_comment="//",
        test_files=("*_test.go",),
        test_function_prefix=("Test", "Benchmark", "Fuzz", "Example"),
        test_class_prefix="",
        imports_run_packages=False,
        source_folders=("build", "dist"),
        test_runner="go",
        structural_types=True,
    ),
    LanguageRule(
        name="java",
        extensions=(".java",),
        grammar_module="tree_sitter_java",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="java",
        private_imports=True,
        line_comment="//",
        # Surefire's default includes
        test_files=("Test*.java", "*Test.java", "*Tests.java", "*TestCase.java"),
        # names do not tell JUnit's tests: `@Test` does (test_marker)
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        build_files=JVM_BUILD_FILES,
        overloads=True,
        test_marker=TEST_ENTRY_KIND,
        found_by_path=False,
        merged_namespaces=True,
    ),
    # Kotlin shares Java's resolver: one package and type namespace on the JVM.
    LanguageRule(
        name="kotlin",
        extensions=(".kt", ".kts"),
        grammar_module="tree_sitter_kotlin",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="java",
        private_imports=True,
        line_comment="//",
        test_files=("Test*.kt", "*Test.kt", "*Tests.kt", "*TestCase.kt"),
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        build_files=JVM_BUILD_FILES,
        test_marker=TEST_ENTRY_KIND,
        found_by_path=False,
        merged_namespaces=True,
    ),
    LanguageRule(
        name="scala",
        extensions=(".scala", ".sc"),
        grammar_module="tree_sitter_scala",
        query_files=("facts.scm", "entry_points.scm"),
        # one JVM namespace: a Scala call of a Java or Kotlin type resolves
        resolver="java",
        private_imports=True,
        line_comment="//",
        # ScalaTest's, MUnit's and JUnit's usual names, and sbt's test folder
        test_files=(
            "*Spec.scala",
            "*Test.scala",
            "*Tests.scala",
            "*Suite.scala",
            "**/src/test/**/*.scala",
        ),
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        test_runner="sbt",
        test_marker=TEST_ENTRY_KIND,
        found_by_path=False,
        merged_namespaces=True,
        # Play's `conf/routes`: the controller methods requests enter
        manifest_files=("routes", "*.routes"),
    ),
    LanguageRule(
        name="ruby",
        extensions=(".rb", ".rake", ".ru"),
        file_names=("Rakefile", "Gemfile"),
        grammar_module="tree_sitter_ruby",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="ruby",
        line_comment="#",
        # RSpec's `*_spec.rb`; minitest's `*_test.rb` and `test/test_*.rb`
        test_files=("*_spec.rb", "*_test.rb", "**/test/**/test_*.rb"),
        # the queries mark RSpec's examples, `test "..." do` and `def test_*`
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        constructor="initialize",
        # Ruby checks arguments only when the call runs
        checks_signatures=False,
        test_runner="ruby",
        test_marker=TEST_ENTRY_KIND,
        manifest_files=("*.gemspec",),
        implied_names=(
            ("resources", RAILS_RESOURCE_ACTIONS),
            ("resource", RAILS_RESOURCE_ACTIONS[1:]),
        ),
    ),
    LanguageRule(
        name="php",
        extensions=(".php",),
        grammar_module="tree_sitter_php",
        # the grammar with the HTML around `<?php ... ?>`: templates parse too
        grammar_function="language_php",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="php",
        line_comment="//",
        # PHPUnit's default suffix
        test_files=("*Test.php",),
        # `test*` methods, `#[Test]` and `@test` are all marked (test_marker)
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        test_runner="phpunit",
        test_marker=TEST_ENTRY_KIND,
        manifest_files=("composer.json",),
        implied_names=(
            ("resource", LARAVEL_RESOURCE_ACTIONS),
            ("apiresource", LARAVEL_API_RESOURCE_ACTIONS),
        ),
    ),
    LanguageRule(
        name="csharp",
        extensions=(".cs",),
        grammar_module="tree_sitter_c_sharp",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="csharp",
        private_imports=True,
        line_comment="//",
        test_files=CSHARP_TEST_FILES,
        # names do not tell xUnit's, NUnit's or MSTest's tests: attributes do
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        test_runner="dotnet",
        overloads=True,
        test_marker=TEST_ENTRY_KIND,
        manifest_files=("*.csproj", "Directory.Build.props"),
        blanked_lines=r"^[ \t]*#[ \t]*(?:if|elif|else|endif)\b[^\n]*",
        found_by_path=False,
        merged_namespaces=True,
    ),
    # Rust: a crate's modules come from Cargo.toml and the `mod` tree. Unit
    # tests live in the files they test (`#[cfg(test)] mod tests`), so every
    # file may hold tests: `#[test]` marks them, and no name makes one.
    LanguageRule(
        name="rust",
        extensions=(".rs",),
        grammar_module="tree_sitter_rust",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="rust",
        line_comment="//",
        test_files=("*.rs",),
        test_function_prefix=(),
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        test_runner="cargo",
        test_marker=TEST_ENTRY_KIND,
        manifest_files=("Cargo.toml",),
        declared_modules=True,
    ),
    # Swift: a module is a SwiftPM target (Package.swift); all files of a
    # target share one namespace. XCTest's `test*` methods of an `XCTestCase`
    # and Swift Testing's `@Test` functions are marked by the queries.
    LanguageRule(
        name="swift",
        extensions=(".swift",),
        grammar_module="tree_sitter_swift",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="swift",
        line_comment="//",
        test_files=("**/Tests/**/*.swift", "*Tests.swift", "*Test.swift"),
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        constructor="init",
        checks_signatures=False,
        test_runner="swift",
        overloads=True,
        test_marker=TEST_ENTRY_KIND,
        manifest_files=("Package.swift",),
    ),
    # C and C++ share one resolver: an include names a file, and a function
    # declared in a header is defined in some source file of either language.
    # Headers (`.h`) are read with the C++ grammar: C's declarations are
    # C++ as well, while a C++ header read as C would lose its classes.
    LanguageRule(
        name="c",
        extensions=(".c",),
        grammar_module="tree_sitter_c",
        query_files=("facts.scm", "entry_points.scm"),
        resolver="c",
        line_comment="//",
        test_files=C_TEST_FILES,
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        test_runner="ctest",
        test_marker=TEST_ENTRY_KIND,
        manifest_files=C_MANIFEST_FILES,
        blanked_lines=C_EXPORT_MACROS,
    ),
    LanguageRule(
        name="cpp",
        extensions=(
            ".cc",
            ".cpp",
            ".cxx",
            ".c++",
            ".h",
            ".hh",
            ".hpp",
            ".hxx",
            ".h++",
            ".ipp",
            ".tpp",
            ".inl",
        ),
        grammar_module="tree_sitter_cpp",
        query_files=("c/facts.scm", "facts.scm", "entry_points.scm"),
        resolver="c",
        line_comment="//",
        test_files=C_TEST_FILES,
        test_function_prefix="",
        test_class_prefix="",
        imports_run_packages=False,
        checks_signatures=False,
        test_runner="ctest",
        overloads=True,
        test_marker=TEST_ENTRY_KIND,
        manifest_files=C_MANIFEST_FILES,
        blanked_lines=C_EXPORT_MACROS,
    ),
)


_SYNTACTIC = LanguageRule(
    name="",
    extensions=(),
    grammar_module="",
    query_files=("facts.scm", "entry_points.scm"),
    resolver="syntactic",
    line_comment="#",
    test_files=(),
    test_function_prefix=(),
    test_class_prefix="",
    imports_run_packages=False,
    checks_signatures=False,
    test_marker=TEST_ENTRY_KIND,
    titled_found=False,
)
"""What every language of the syntactic tier shares: one resolver, queries in
``queries/<name>/``, tests marked by the queries (a test file that marks none
has every function a test), no signatures read."""

SYNTACTIC_LANGUAGES: tuple[LanguageRule, ...] = (
    replace(
        _SYNTACTIC,
        name="lua",
        extensions=(".lua",),
        grammar_module="tree_sitter_lua",
        line_comment="--",
        # busted's default pattern, and any file under spec/
        test_files=("*_spec.lua", "**/spec/**/*.lua"),
        import_paths=("{module}.lua", "{module}/init.lua"),
        test_runner="busted",
    ),
    replace(
        _SYNTACTIC,
        name="elixir",
        extensions=(".ex", ".exs"),
        grammar_module="tree_sitter_elixir",
        test_files=("**/test/**/*_test.exs",),
        global_modules=True,
        # Modules are found by their names alone, wherever their files are.
        found_by_path=False,
        closed_modules=True,
        self_receivers=("__MODULE__",),
        module_receivers=r"[A-Z]\w*(?:\.[A-Z]\w*)*",
        test_runner="mix",
    ),
    replace(
        _SYNTACTIC,
        name="bash",
        extensions=(".sh", ".bash"),
        grammar_module="tree_sitter_bash",
        # bats' `@test "..." { }` is no syntax the grammar reads: no test files
        test_files=(),
        # `source "$DIR/lib/a.sh"`: quotes and a leading variable or `$(...)` dropped
        import_rewrites=(
            (r"^[\"']|[\"']$", ""),
            (r"^(?:\$\{?\w+\}?|\$\([^)]*\))/", ""),
        ),
        import_paths=("./{path}", "{path}"),
    ),
    replace(
        _SYNTACTIC,
        name="zig",
        extensions=(".zig",),
        grammar_module="tree_sitter_zig",
        line_comment="//",
        # tests sit in the files they test: `test "..." { }` marks them
        test_files=("*.zig",),
        import_paths=("./{path}",),
        self_receivers=("self",),
    ),
    replace(
        _SYNTACTIC,
        name="dart",
        extensions=(".dart",),
        grammar_module="tree_sitter_dart",
        line_comment="//",
        test_files=("**/test/**/*_test.dart",),
        # `'package:shop/cart.dart'` is lib/cart.dart next to the pubspec.yaml
        # named shop; a relative URI is relative; another package is outside
        import_rewrites=((r"^['\"]|['\"]$", ""), (r"^package:{package}/", "{root}lib/")),
        import_paths=("./{path}", "/{path}"),
        manifest_files=("pubspec.yaml",),
        package_name=r"^name:[ \t]*['\"]?([\w.-]+)",
        self_receivers=("this",),
        test_runner="dart",
    ),
    replace(
        _SYNTACTIC,
        name="haskell",
        extensions=(".hs",),
        grammar_module="tree_sitter_haskell",
        line_comment="--",
        # hspec-discover's convention; any module under a test/ folder
        test_files=("*Spec.hs", "**/test/**/*.hs"),
        # `import A.B` is A/B.hs under a source folder (src/, lib/, the root...)
        import_paths=("{module}.hs",),
        module_receivers=r"[A-Z]\w*(?:\.[A-Z]\w*)*",
    ),
    replace(
        _SYNTACTIC,
        name="ocaml",
        extensions=(".ml",),
        grammar_module="tree_sitter_ocaml",
        grammar_function="language_ocaml",
        line_comment="(*",
        # dune's test stanzas live in test/ or tests/; inline tests are marked
        test_files=("**/test/**/*.ml", "**/tests/**/*.ml"),
        file_modules=True,
        module_receivers=r"[A-Z]\w*(?:\.[A-Z]\w*)*",
    ),
    replace(
        _SYNTACTIC,
        name="objc",
        # `.h` is C's and C++'s: the header's class is read where it is implemented
        extensions=(".m", ".mm"),
        grammar_module="tree_sitter_objc",
        line_comment="//",
        # XCTest's test classes by their usual names; `test...` methods are marked
        test_files=("*Tests.m", "*Test.m", "*Tests.mm", "*Test.mm"),
        # `#import "Cart.h"`: the file implementing it, Cart.m next to it or unique
        import_paths=("./{stem}.m", "./{stem}.mm", "{stem}.m", "{stem}.mm"),
        global_modules=True,
        self_receivers=("self",),
        module_receivers=r"[A-Z]\w*",
    ),
    replace(
        _SYNTACTIC,
        name="julia",
        extensions=(".jl",),
        grammar_module="tree_sitter_julia",
        # Pkg runs test/runtests.jl, which includes the rest of test/
        test_files=("**/test/**/*.jl",),
        # `using .Money` names a module; `include("x.jl")` the file next to it
        import_rewrites=((r"^\.+", ""),),
        import_paths=("./{path}",),
        global_modules=True,
        closed_modules=True,
        module_receivers=r"[A-Z]\w*(?:\.[A-Z]\w*)*",
    ),
    replace(
        _SYNTACTIC,
        name="perl",
        extensions=(".pl", ".pm", ".t"),
        grammar_module="tree_sitter_perl",
        # prove's t/ folder; subtests are marked
        test_files=("**/t/**/*.t",),
        # `use Shop::Money` is Shop/Money.pm under a library folder (lib/...)
        import_rewrites=((r"::", "/"),),
        import_paths=("{path}.pm",),
        self_receivers=("$self", "$class"),
        module_receivers=r"[A-Z]\w*(?:(?:::|\.)\w+)*",
        test_runner="prove",
    ),
)
"""The syntactic tier: languages read by their syntax alone (resolver
``syntactic``): definitions by nesting, calls in a file and through the
language's import forms certain, others matched by name."""

LANGUAGES = LANGUAGES + SYNTACTIC_LANGUAGES

_BY_EXTENSION = {ext: rule for rule in LANGUAGES for ext in rule.extensions}
_BY_FILE_NAME = {name: rule for rule in LANGUAGES for name in rule.file_names}

UNREAD_LANGUAGES: dict[str, str] = {
    ".erl": "Erlang", ".mli": "OCaml interfaces", ".r": "R", ".R": "R", ".clj": "Clojure",
    ".fs": "F#", ".vb": "Visual Basic", ".groovy": "Groovy", ".vue": "Vue",
    ".svelte": "Svelte", ".pyx": "Cython",
}  # fmt: skip
"""Source files of languages no rule reads yet, by extension: a change to one
is listed, and the report says that what depends on it is not known."""


def unread_language(path: str) -> str | None:
    """The language of a source file no rule reads, or None."""
    _, ext = posixpath.splitext(path)
    return None if ext in _BY_EXTENSION else UNREAD_LANGUAGES.get(ext)


def is_manifest_of(rule: LanguageRule, path: str) -> bool:
    """Whether ``path`` names one of the rule's manifest files."""
    name = posixpath.basename(path)
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in rule.manifest_files)


def manifest_names(rules: Iterable[LanguageRule]) -> re.Pattern[str] | None:
    """One pattern that matches the file name of any of ``rules``' manifest
    files (``is_manifest_of`` for them all, at a tree's every file); None
    when they have none."""
    patterns = sorted({pattern for rule in rules for pattern in rule.manifest_files})
    if not patterns:
        return None
    return re.compile("|".join(fnmatch.translate(pattern) for pattern in patterns))


@lru_cache(maxsize=1 << 16)
def language_for_path(path: str) -> LanguageRule | None:
    """Return the language rule for a repository path, or None when none applies.

    Cached: the same paths are asked for again and again (per reference, per
    reached node), and the rules are fixed."""
    named = _BY_FILE_NAME.get(posixpath.basename(path))
    if named is not None:
        return named
    _, ext = posixpath.splitext(path)
    return _BY_EXTENSION.get(ext)


def language_by_name(name: str) -> LanguageRule:
    """Return the rule named ``name``; raises KeyError for an unknown language."""
    for rule in LANGUAGES:
        if rule.name == name:
            return rule
    raise KeyError(name)


@cache
def _test_spec(patterns: tuple[str, ...]) -> pathspec.GitIgnoreSpec:
    # Loaded when first needed: an index run asks no path whether it is a test.
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(list(patterns))


def is_test_path(rule: LanguageRule, path: str) -> bool:
    """Whether ``path`` is a test file by the rule's ``test_files`` patterns."""
    return _test_spec(rule.test_files).match_file(path)
