; JavaScript facts (TypeScript and TSX add typescript/facts.scm to these):
; definitions, imports and exports (ES modules and CommonJS), calls,
; references, inheritance and the bindings that type receivers. Capture
; names are those of the Python queries; only node types both the
; JavaScript and the TypeScript grammars know are used here.

; ---- definitions -------------------------------------------------------
(function_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (statement_block) @body) @definition.function

(class_declaration
  name: (_) @name
  body: (class_body) @body) @definition.class

(class
  name: (_) @name
  body: (class_body) @body) @definition.class

(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (number)] @name
  parameters: (formal_parameters) @parameters
  body: (statement_block) @body) @definition.function

; `const add = (a, b) => a + b`, `const f = function () {}`: a function named
; by its binding.
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function parameters: (formal_parameters) @parameters body: (_) @body)
    (arrow_function parameter: (identifier) body: (_) @body)
    (function_expression parameters: (formal_parameters) @parameters body: (_) @body)
    (generator_function parameters: (formal_parameters) @parameters body: (_) @body)
  ]) @definition.function

; `export default function () {}`: an anonymous function named `default`.
(export_statement
  "default" @name
  value: [(function_expression) (arrow_function) (class)] @definition.function @_value
  (#not-match? @_value "^(class|function)[ \t\n]+[A-Za-z_$]"))

; Tests: `it("adds", () => ...)`, `test(...)`, `describe(...)` run their callback as
; a test (or a group of tests) named by its title.
(call_expression
  function: [
    (identifier) @_test
    (member_expression object: (identifier) @_test property: (property_identifier))
  ]
  arguments: (arguments
    .
    [(string) (template_string)] @name
    .
    [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#any-of? @_test "it" "test" "describe" "suite" "context")) @definition.function
; ...whose title binds no name.
(call_expression
  function: [
    (identifier) @_test
    (member_expression object: (identifier) @_test property: (property_identifier))
  ]
  arguments: (arguments
    .
    [(string (string_fragment)) (template_string (string_fragment))]
    .
    [(arrow_function) (function_expression)])
  (#any-of? @_test "it" "test" "describe" "suite" "context")) @trait.titled

; An object literal bound to a name, with methods: `const api = { list() {},
; get: async (id) => ... }` defines `api.list` and `api.get`.
(variable_declarator
  name: (identifier) @name
  value: (object (method_definition)) @body) @definition.namespace
(variable_declarator
  name: (identifier) @name
  value: (object (pair value: [(arrow_function) (function_expression)])) @body) @definition.namespace
(pair
  key: [(property_identifier) (string (string_fragment))] @name
  value: [
    (arrow_function parameters: (formal_parameters) @parameters body: (_) @body)
    (arrow_function parameter: (identifier) body: (_) @body)
    (function_expression parameters: (formal_parameters) @parameters body: (_) @body)
  ]) @definition.function
; An object's methods are its members, never names in scope.
(object (method_definition) @trait.titled)
(object (pair value: [(arrow_function) (function_expression)]) @trait.titled)

; Blocks that declare with `let`, `const` or `class` scope those names.
(statement_block (statement_block (lexical_declaration)) @definition.scope)
(if_statement consequence: (statement_block (lexical_declaration)) @definition.scope)
(else_clause (statement_block (lexical_declaration)) @definition.scope)
(for_statement body: (statement_block (lexical_declaration)) @definition.scope)
(for_in_statement body: (statement_block (lexical_declaration)) @definition.scope)
(while_statement body: (statement_block (lexical_declaration)) @definition.scope)
(try_statement body: (statement_block (lexical_declaration)) @definition.scope)
(catch_clause body: (statement_block (lexical_declaration)) @definition.scope)
(finally_clause body: (statement_block (lexical_declaration)) @definition.scope)

; Callbacks bind their own parameters; a `function` also has its own `this`.
(arguments (arrow_function) @definition.scope)
(arguments (function_expression) @definition.scope)
; An immediately invoked function, a returned one, one in an array: a scope.
(parenthesized_expression [(arrow_function) (function_expression)] @definition.scope)
(return_statement [(arrow_function) (function_expression)] @definition.scope)
(array [(arrow_function) (function_expression)] @definition.scope)
(function_expression) @trait.own_this

; ---- imports -----------------------------------------------------------
; `import x from "m"` (the binding `default` of m), `import {a as b}`,
; `import * as ns`, `import "m"`.
(import_statement
  (import_clause (identifier) @import.default)
  source: (string (string_fragment) @import.source)) @import

(import_statement
  (import_clause
    (named_imports (import_specifier name: (_) @import.name !alias)))
  source: (string (string_fragment) @import.source)) @import

(import_statement
  (import_clause
    (named_imports (import_specifier name: (_) @import.name alias: (identifier) @import.alias)))
  source: (string (string_fragment) @import.source)) @import

(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string (string_fragment) @import.module)) @import

(import_statement
  .
  source: (string (string_fragment) @import.module)) @import

; CommonJS: `const m = require("m")`, `const {a, b: c} = require("m")`,
; `require("m")` for its effect; and `import("m")` with a literal specifier.
(variable_declarator
  name: (identifier) @import.alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.module) .))
  (#eq? @_require "require")) @import

(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.source) .))
  (#eq? @_require "require")) @import

(variable_declarator
  name: (object_pattern
    (pair_pattern key: (property_identifier) @import.name value: (identifier) @import.alias))
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.source) .))
  (#eq? @_require "require")) @import

; Any other `require("m")` (`() => require("./rule")`, `require("m").x`): the
; module is imported where the call runs.
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string (string_fragment) @import.module) .)
  (#eq? @_require "require")) @import

(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @import.module) .)) @import

; ---- exports -----------------------------------------------------------
(export_statement
  declaration: [
    (function_declaration name: (identifier) @exported.local)
    (generator_function_declaration name: (identifier) @exported.local)
    (class_declaration name: (_) @exported.local)
  ]) @exported.binding

(export_statement
  declaration: (_ (variable_declarator name: (identifier) @exported.local))) @exported.binding

(export_statement
  "default"
  declaration: [
    (function_declaration name: (identifier) @exported.local)
    (generator_function_declaration name: (identifier) @exported.local)
    (class_declaration name: (_) @exported.local)
  ]) @exported.binding @exported.default

(export_statement
  "default"
  value: (identifier) @exported.local) @exported.binding @exported.default

(export_statement
  "default"
  value: [(function_expression) (arrow_function) (class)] @_value
  (#not-match? @_value "^(class|function)[ \t\n]+[A-Za-z_$]")) @exported.binding @exported.default

(export_statement
  (export_clause (export_specifier name: (_) @exported.local !alias))
  !source) @exported.binding

(export_statement
  (export_clause (export_specifier name: (_) @exported.local alias: (_) @exported.as))
  !source) @exported.binding

(export_statement
  (export_clause (export_specifier name: (_) @exported.local !alias))
  source: (string (string_fragment) @exported.from)) @exported.binding

(export_statement
  (export_clause (export_specifier name: (_) @exported.local alias: (_) @exported.as))
  source: (string (string_fragment) @exported.from)) @exported.binding

(export_statement
  (namespace_export (_) @exported.as)
  source: (string (string_fragment) @exported.from)) @exported.binding @exported.all

(export_statement
  .
  source: (string (string_fragment) @exported.from)) @exported.binding @exported.all

; CommonJS: `module.exports = name`, `module.exports = { a, b: c }`,
; `exports.a = f`, `module.exports.a = f`.
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (identifier) @exported.local
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding @exported.default

(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (shorthand_property_identifier) @exported.local)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding

(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (property_identifier) @exported.as value: (identifier) @exported.local))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding

(assignment_expression
  left: (member_expression
    object: [
      (identifier) @_exports
      (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    ]
    property: (property_identifier) @exported.as)
  right: (identifier) @exported.local
  (#eq? @_exports "exports")) @exported.binding

; `module.exports = { info() {}, warn: function () {} }`: the object's methods,
; exported by their keys (no local name: they bind none).
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (method_definition name: (property_identifier) @exported.as))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object
    (pair
      key: (property_identifier) @exported.as
      value: [(function_expression) (arrow_function)]))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding

; `Router.prototype.on = function on () {}`: a method of the constructor
; function, named as written; like an object's method, it binds no name.
(assignment_expression
  left: (member_expression
    object: (member_expression property: (property_identifier) @_prototype)
    property: (property_identifier)) @name
  right: [
    (function_expression body: (_) @body)
    (arrow_function body: (_) @body)
  ]
  (#eq? @_prototype "prototype")) @definition.function
(assignment_expression
  left: (member_expression
    object: (member_expression property: (property_identifier) @_prototype))
  right: [(function_expression) (arrow_function)]
  (#eq? @_prototype "prototype")) @trait.titled

; `module.exports = function greet() {}` (or a class): the module's value.
; (A pattern has one role: the definition and the export are two patterns.)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (function_expression name: (identifier) @name body: (_) @body)
    (class name: (_) @name body: (_) @body)
  ] @definition.function
  (#eq? @_module "module")
  (#eq? @_exports "exports"))
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (function_expression name: (identifier) @exported.local)
    (class name: (_) @exported.local)
  ]
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @exported.binding @exported.default

; `exports.f = function () {}`: a function named by the export.
(assignment_expression
  left: (member_expression
    object: [
      (identifier) @_exports
      (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    ]
    property: (property_identifier) @name)
  right: [
    (function_expression body: (_) @body)
    (arrow_function body: (_) @body)
  ]
  (#eq? @_exports "exports")) @definition.function
(assignment_expression
  left: (member_expression
    object: [
      (identifier) @_exports
      (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    ]
    property: (property_identifier) @exported.as @exported.local)
  right: [(function_expression) (arrow_function)]
  (#eq? @_exports "exports")) @exported.binding

; ---- calls and references ------------------------------------------------
(call_expression
  function: (identifier) @name
  arguments: (arguments) @arguments) @reference.call

(call_expression
  function: (member_expression
    object: [(identifier) (this) (member_expression) (call_expression) (super)] @receiver
    property: [(property_identifier) (private_property_identifier)] @name)
  arguments: (arguments) @arguments) @reference.call

; `super(...)` in a constructor runs the base class's constructor.
(call_expression function: (super) @name) @reference.call

; `new C()`, `new ns.C()`
(new_expression constructor: (identifier) @name arguments: (arguments) @arguments) @reference.call
(new_expression
  constructor: (member_expression
    object: (identifier) @receiver
    property: (property_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(new_expression constructor: (identifier) @name !arguments) @reference.call

; The shape of a call's arguments: each named child of the list is one
; positional argument, but for these.
(arguments (spread_element) @argument.splat) @arguments
(arguments (comment) @argument.extra) @arguments

; Tagged templates call their tag.
(call_expression function: (identifier) @name arguments: (template_string)) @reference.call

; Decorators call what they name.
(decorator (identifier) @name) @reference.call
(decorator (call_expression function: (identifier) @name)) @reference.call
(decorator
  (call_expression
    function: (member_expression object: (identifier) @receiver property: (property_identifier) @name)))
  @reference.call

; Functions and classes used as values.
(arguments (identifier) @name @reference.value)
(arguments
  (member_expression object: [(identifier) (this)] @receiver property: (property_identifier) @name)
  @reference.value)
(pair value: (identifier) @name @reference.value)
(array (identifier) @name @reference.value)
(variable_declarator value: (identifier) @name @reference.value)
(assignment_expression right: (identifier) @name @reference.value)
(return_statement (identifier) @name @reference.value)

; ---- bindings ------------------------------------------------------------
(variable_declarator name: (identifier) @local.binding)
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @local.binding))
(variable_declarator name: (object_pattern (pair_pattern value: (identifier) @local.binding)))
(variable_declarator name: (array_pattern (identifier) @local.binding))
(arrow_function parameter: (identifier) @local.binding)
(catch_clause parameter: (identifier) @local.binding)
(for_in_statement left: (identifier) @local.binding)

; Types seen in bindings: `const c = new Cart()`; `const c = makeCart()` (what
; the call returns); `this.repo = new Repo()` in a method.
(variable_declarator
  name: (identifier) @local.typed
  value: (new_expression constructor: [(identifier) (member_expression)] @local.constructed))
(variable_declarator
  name: (identifier) @local.typed
  value: (call_expression function: [(identifier) (member_expression)] @local.called))
(variable_declarator
  name: (identifier) @local.typed
  value: (await_expression (call_expression function: [(identifier) (member_expression)] @local.awaited)))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier)) @local.typed
  right: (new_expression constructor: [(identifier) (member_expression)] @local.constructed))
; `const boolean = ZodBoolean.create`, `const f = g`: another name for what the
; value names (a `const` only: a `let` may be assigned again).
(lexical_declaration
  kind: "const"
  (variable_declarator
    name: (identifier) @local.typed
    value: [(identifier) (member_expression)] @local.aliased))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier)) @local.binding)
