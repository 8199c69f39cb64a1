// The oracle of benchmarks/js_imports.py: the TypeScript compiler's own module
// resolution, applied to every import of every JS/TS file of a repository.
//
//   node resolve.mjs --repo DIR [--typescript DIR] < files.txt > oracle.json
//
// files.txt lists the files to read, one repository path a line (the benchmark
// passes `git ls-files` filtered to JS/TS extensions). For each file:
//
// 1. Its compiler options are those of the nearest tsconfig.json (or
//    jsconfig.json) above it whose file list includes it, read with
//    ts.readConfigFile + ts.parseJsonConfigFileContent, so `extends`, `baseUrl`,
//    `paths` and `customConditions` are honoured. A file that no config
//    includes gets DEFAULT_OPTIONS (NodeNext, allowJs), the resolution Node
//    itself does.
// 2. It is parsed with ts.createSourceFile (its module format, ESM or CJS,
//    from ts.getImpliedNodeFormatForFile), and the AST is walked for the
//    string-literal specifiers of: import and export ... from declarations,
//    `import x = require()`, `require()` calls (in any file), `import()` calls,
//    `import("x").T` type nodes and, in JS files, the JSDoc `import("x")` types
//    and `@import` tags that the compiler reads there too.
// 3. Each specifier is resolved with ts.resolveModuleName, in the resolution
//    mode ts.getModeForUsageLocation gives that usage.
//
// A resolution to a file inside the repository and outside node_modules gives
// an edge [importer, imported, kind, specifier, line]. Everything is printed as
// one JSON object, sorted, so the same input gives the same bytes.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/; // .js .jsx .mjs .cjs .ts .tsx .mts .cts (and .d.ts)
const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];

function parseArgs(argv) {
  const args = { repo: null, typescript: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--repo") args.repo = argv[++i];
    else if (a === "--typescript") args.typescript = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.repo) throw new Error("usage: node resolve.mjs --repo DIR [--typescript DIR] < files");
  return args;
}

function loadTypescript(dir) {
  // `dir` is a folder holding node_modules/typescript (the benchmark's npm ci
  // folder); without it, typescript is looked up next to this script.
  const base = dir ? path.join(path.resolve(dir), "package.json") : import.meta.url;
  return createRequire(base)("typescript");
}

const args = parseArgs(process.argv.slice(2));
const ts = loadTypescript(args.typescript);

const DEFAULT_OPTIONS = {
  allowJs: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  resolveJsonModule: true,
  noEmit: true,
};

const repo = fs.realpathSync(path.resolve(args.repo));
const toPosix = (p) => p.split(path.sep).join("/");
const rel = (abs) => toPosix(path.relative(repo, abs));
const insideRepo = (abs) => {
  const r = path.relative(repo, abs);
  return r !== "" && !r.startsWith("..") && !path.isAbsolute(r);
};

const host = ts.sys;
const canonical = (f) => (host.useCaseSensitiveFileNames ? f : f.toLowerCase());

// --- compiler options per file --------------------------------------------------------------

const configs = new Map(); // absolute config path -> {options, fileNames: Set, cache, errors, rel}

function loadConfig(configPath) {
  let entry = configs.get(configPath);
  if (entry) return entry;
  const read = ts.readConfigFile(configPath, host.readFile);
  const errors = [];
  let options = {};
  let fileNames = new Set();
  if (read.error) {
    errors.push(flatten(read.error));
  } else {
    const isJsconfig = path.basename(configPath) === "jsconfig.json";
    // tsserver starts a jsconfig.json from these options (allowJs and friends).
    const existing = isJsconfig
      ? { allowJs: true, maxNodeModuleJsDepth: 2, allowSyntheticDefaultImports: true, skipLibCheck: true, noEmit: true }
      : undefined;
    const parsed = ts.parseJsonConfigFileContent(
      read.config,
      host,
      path.dirname(configPath),
      existing,
      configPath,
    );
    options = parsed.options;
    fileNames = new Set(parsed.fileNames.map((f) => canonical(path.resolve(f))));
    for (const d of parsed.errors) {
      // "No inputs were found" is not a resolution problem.
      if (d.code !== 18003) errors.push(flatten(d));
    }
  }
  entry = { options, fileNames, errors, rel: rel(configPath), cache: null };
  entry.cache = ts.createModuleResolutionCache(repo, canonical, options);
  configs.set(configPath, entry);
  return entry;
}

let defaultEntry = null;
function defaults() {
  if (!defaultEntry) {
    defaultEntry = { options: DEFAULT_OPTIONS, fileNames: null, errors: [], rel: null, cache: null };
    defaultEntry.cache = ts.createModuleResolutionCache(repo, canonical, DEFAULT_OPTIONS);
  }
  return defaultEntry;
}

function configFor(absFile) {
  // The nearest config above the file that includes it, as tsserver looks for
  // the project of an open file; none: the defaults (an inferred project).
  let dir = path.dirname(absFile);
  for (;;) {
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(dir, name);
      if (host.fileExists(candidate)) {
        const entry = loadConfig(candidate);
        if (entry.fileNames.has(canonical(absFile))) return entry;
        break; // a tsconfig.json hides a jsconfig.json in the same folder
      }
    }
    if (dir === repo || !insideRepo(dir)) return defaults();
    dir = path.dirname(dir);
  }
}

function flatten(diagnostic) {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
}

// --- the imports of one file ------------------------------------------------------------------

function specifiersOf(sf) {
  const found = []; // [literal node, kind, the declaration or call it is in]
  const isJs = /\.[cm]?jsx?$/.test(sf.fileName);
  const isString = (n) => n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n));
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      if (isString(node.moduleSpecifier)) {
        found.push([node.moduleSpecifier, node.importClause?.isTypeOnly ? "type" : "import", node]);
      }
    } else if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && isString(node.moduleSpecifier)) {
        found.push([node.moduleSpecifier, node.isTypeOnly ? "type" : "export", node]);
      }
    } else if (ts.isImportEqualsDeclaration(node)) {
      const ref = node.moduleReference;
      if (ts.isExternalModuleReference(ref) && isString(ref.expression)) {
        found.push([ref.expression, node.isTypeOnly ? "type" : "import-equals", node]);
      }
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && isString(first)) {
        found.push([first, "dynamic", node]);
      } else if (
        ts.isIdentifier(node.expression) &&
        node.expression.text === "require" &&
        node.arguments.length === 1 &&
        isString(first)
      ) {
        found.push([first, "require", node]);
      }
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && isString(arg.literal)) {
        found.push([arg.literal, "import-type", node]);
      }
    }
    if (isJs && node.jsDoc) for (const doc of node.jsDoc) visitDoc(doc);
    ts.forEachChild(node, visit);
  };
  // In JS files the compiler also resolves JSDoc types: `@type {import("x").T}`
  // and `@import {T} from "x"`. Kept apart as "jsdoc": they are comments.
  const visitDoc = (node) => {
    if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && isString(arg.literal)) found.push([arg.literal, "jsdoc", node]);
    } else if (ts.isJSDocImportTag?.(node) && isString(node.moduleSpecifier)) {
      found.push([node.moduleSpecifier, "jsdoc", node]);
    }
    ts.forEachChild(node, visitDoc);
  };
  visit(sf);
  return found;
}

// --- main ---------------------------------------------------------------------------------------

const input = fs.readFileSync(0, "utf8");
const files = [...new Set(input.split("\n").map((l) => l.trim()).filter(Boolean))].sort();

const edges = []; // [importer, imported, kind, specifier, line]
// The other imports: [importer, line, kind, specifier, outcome, target or null], where
// outcome is "external" (resolved outside the repository or under node_modules, or a
// bare specifier that resolved to nothing), "unresolved" (a relative or absolute
// specifier that resolved to nothing) or "non-code" (a file of the repository that is
// not JS/TS: JSON).
const others = [];
const fileConfig = {};
const parseErrors = [];

for (const file of files) {
  const abs = path.join(repo, file);
  let text;
  try {
    text = fs.readFileSync(abs, "utf8");
  } catch (err) {
    parseErrors.push([file, String(err.message || err)]);
    continue;
  }
  const entry = configFor(abs);
  fileConfig[file] = entry.rel;
  const options = entry.options;
  const format = ts.getImpliedNodeFormatForFile(
    abs,
    entry.cache.getPackageJsonInfoCache(),
    host,
    options,
  );
  const sf = ts.createSourceFile(
    abs,
    text,
    { languageVersion: ts.ScriptTarget.Latest, impliedNodeFormat: format },
    true,
  );
  if (sf.parseDiagnostics && sf.parseDiagnostics.length) {
    parseErrors.push([file, flatten(sf.parseDiagnostics[0])]);
  }
  for (const [literal, kind, node] of specifiersOf(sf)) {
    const specifier = literal.text;
    // The line where the declaration or call starts (that of a multi-line
    // `export type {...} from "x"` is its first line, not the specifier's).
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const mode = ts.getModeForUsageLocation(sf, literal, options);
    const result = ts.resolveModuleName(specifier, abs, options, host, entry.cache, undefined, mode);
    const target = result.resolvedModule?.resolvedFileName;
    const relative = specifier.startsWith(".") || specifier.startsWith("/");
    if (!target) {
      others.push([file, line, kind, specifier, relative ? "unresolved" : "external", null]);
      continue;
    }
    const absTarget = path.resolve(target);
    const r = rel(absTarget);
    if (!insideRepo(absTarget) || r.split("/").includes("node_modules")) {
      others.push([file, line, kind, specifier, "external", null]);
      continue;
    }
    if (!CODE_FILE.test(r)) {
      others.push([file, line, kind, specifier, "non-code", r]);
      continue;
    }
    edges.push([file, r, kind, specifier, line]);
  }
}

const byAll = (a, b) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    if (a[i] === undefined) return -1;
    if (b[i] === undefined) return 1;
    return a[i] < b[i] ? -1 : 1;
  }
  return 0;
};

const configSummary = {};
for (const entry of configs.values()) {
  const o = entry.options;
  configSummary[entry.rel] = {
    moduleResolution: o.moduleResolution === undefined ? null : ts.ModuleResolutionKind[o.moduleResolution],
    module: o.module === undefined ? null : ts.ModuleKind[o.module],
    baseUrl: o.baseUrl ? rel(o.baseUrl) || "." : null,
    paths: o.paths ? Object.keys(o.paths).sort() : null,
    customConditions: o.customConditions ?? null,
    files: entry.fileNames.size,
    errors: entry.errors.sort(),
  };
}

const out = {
  typescript: ts.version,
  defaultOptions: {
    moduleResolution: ts.ModuleResolutionKind[DEFAULT_OPTIONS.moduleResolution],
    module: ts.ModuleKind[DEFAULT_OPTIONS.module],
    allowJs: true,
  },
  configs: Object.fromEntries(Object.entries(configSummary).sort()),
  files: Object.fromEntries(Object.entries(fileConfig).sort()),
  edges: edges.sort(byAll),
  others: others.sort(byAll),
  parseErrors: parseErrors.sort(byAll),
};
process.stdout.write(JSON.stringify(out) + "\n");
