; TypeScript (and TSX) facts, added to javascript/facts.scm: declarations
; that only type, heritage clauses, typed parameters and fields, return
; annotations, `import type` and `import x = require()`.

; ---- definitions -------------------------------------------------------
(abstract_class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (type_identifier) @name
  body: (_) @body) @definition.interface

(type_alias_declaration name: (type_identifier) @name) @definition.type

(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum

(internal_module name: (identifier) @name body: (statement_block) @body) @definition.namespace

; An interface's methods: what a call on a receiver of the interface's type
; binds to, before the implementations (dispatch).
(interface_body
  (method_signature
    name: (property_identifier) @name
    parameters: (formal_parameters) @parameters) @definition.function)

; Overload signatures and abstract methods are the method's declaration.
(abstract_method_signature
  name: (property_identifier) @name
  parameters: (formal_parameters) @parameters) @definition.function

; A class field holding a function: a method.
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  @definition.function

; A decorated class or method starts at its first decorator: what the
; decorators call belongs to it (evaluated where it is defined).
(export_statement
  decorator: (decorator)
  declaration: [(class_declaration) (abstract_class_declaration)] @definition.decorated)
  @definition.extent
(class_body
  (decorator) @definition.extent
  .
  (method_definition) @definition.decorated)
(class_body
  (decorator) @definition.extent
  .
  (decorator)
  .
  (method_definition) @definition.decorated)
(class_body
  (decorator) @definition.extent
  .
  (decorator)
  .
  (decorator)
  .
  (method_definition) @definition.decorated)

; ---- imports and exports ------------------------------------------------
; `import type ...` exists for the type checker only.
(import_statement "type") @region.type_only
(export_statement "type") @region.type_only

; `import x = require("m")`
(import_statement
  (import_require_clause
    (identifier) @import.alias
    source: (string (string_fragment) @import.module))) @import

; `export = Validator`: the module's value, as CommonJS's `module.exports`.
(export_statement "=" (identifier) @exported.local) @exported.binding @exported.default

(export_statement
  declaration: [
    (abstract_class_declaration name: (type_identifier) @exported.local)
    (interface_declaration name: (type_identifier) @exported.local)
    (type_alias_declaration name: (type_identifier) @exported.local)
    (enum_declaration name: (identifier) @exported.local)
    (internal_module name: (identifier) @exported.local)
  ]) @exported.binding

; ---- inheritance -------------------------------------------------------
(class_declaration
  (class_heritage (extends_clause value: [(identifier) (member_expression)] @inherit.base)))
  @inherit.class
(class
  (class_heritage (extends_clause value: [(identifier) (member_expression)] @inherit.base)))
  @inherit.class
(abstract_class_declaration
  (class_heritage (extends_clause value: [(identifier) (member_expression)] @inherit.base)))
  @inherit.class
(class_declaration
  (class_heritage
    (implements_clause [(type_identifier) (nested_type_identifier)] @inherit.base @inherit.implements)))
  @inherit.class
(abstract_class_declaration
  (class_heritage
    (implements_clause [(type_identifier) (nested_type_identifier)] @inherit.base @inherit.implements)))
  @inherit.class
(interface_declaration
  (extends_type_clause [(type_identifier) (nested_type_identifier)] @inherit.base)) @inherit.class

; ---- bindings and their types ---------------------------------------------
; Each child of a parameter list is a parameter (@parameters holds the list).
(formal_parameters (required_parameter pattern: (identifier) @local.binding !value)) @parameters
(formal_parameters
  (required_parameter pattern: (identifier) @local.binding value: (_)) @parameter.default)
  @parameters
(formal_parameters (optional_parameter pattern: (identifier) @local.binding) @parameter.default)
  @parameters
(formal_parameters
  (required_parameter pattern: (rest_pattern (identifier) @local.binding @parameter.var_positional)))
  @parameters
(formal_parameters
  (required_parameter pattern: [(object_pattern) (array_pattern)] !value) @parameter.name)
  @parameters
(formal_parameters
  [
    (required_parameter pattern: [(object_pattern) (array_pattern)] value: (_))
    (optional_parameter pattern: [(object_pattern) (array_pattern)])
  ] @parameter.name @parameter.default)
  @parameters
(formal_parameters (comment) @parameter.extra) @parameters
(required_parameter pattern: (object_pattern (shorthand_property_identifier_pattern) @local.binding))

; `(c: Cart)`, `let c: Cart`, `c: ns.Cart`
(required_parameter
  pattern: (identifier) @local.typed
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.annotated))
(optional_parameter
  pattern: (identifier) @local.typed
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.annotated))
(variable_declarator
  name: (identifier) @local.typed
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.annotated))

; A constructor parameter with an accessibility or `readonly` modifier is also
; a field: `constructor(private readonly svc: Service)` types `this.svc`.
(required_parameter
  [(accessibility_modifier) "readonly"]
  pattern: (identifier) @local.typed
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.field))

; A field declared with its type: `private repo: Repo`, or constructed:
; `repo = new Repo()`.
(public_field_definition
  name: (property_identifier) @local.typed
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @local.field))
(public_field_definition
  name: (property_identifier) @local.typed
  value: (new_expression constructor: [(identifier) (member_expression)] @local.field))

; ---- return types ------------------------------------------------------
(function_declaration
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @return.annotated))
(method_definition
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @return.annotated))
(arrow_function
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @return.annotated))
(method_signature
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @return.annotated))
(abstract_method_signature
  return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @return.annotated))
; `m(): this`, the fluent builder's return type: the receiver's own type.
(method_definition return_type: (type_annotation (this_type) @return.annotated))
(method_signature return_type: (type_annotation (this_type) @return.annotated))
(abstract_method_signature return_type: (type_annotation (this_type) @return.annotated))
(function_declaration
  return_type: (type_annotation
    (generic_type name: (type_identifier) @_promise
      type_arguments: (type_arguments . [(type_identifier) (nested_type_identifier)] @return.awaited .)))
  (#eq? @_promise "Promise"))
(method_definition
  return_type: (type_annotation
    (generic_type name: (type_identifier) @_promise
      type_arguments: (type_arguments . [(type_identifier) (nested_type_identifier)] @return.awaited .)))
  (#eq? @_promise "Promise"))

; ---- entry points ------------------------------------------------------
; NestJS: a controller's handlers (`@Get(":id") findOne()`), message and
; event handlers, GraphQL resolvers and scheduled jobs.
(class_body
  (decorator
    [(call_expression function: (identifier) @_route) (identifier) @_route])
  .
  (method_definition) @entry.http_route
  (#any-of? @_route "Get" "Post" "Put" "Patch" "Delete" "All" "Options" "Head"
    "MessagePattern" "EventPattern" "Query" "Mutation" "Subscription"))
(class_body
  (decorator [(call_expression function: (identifier) @_job) (identifier) @_job])
  .
  (method_definition) @entry.job
  (#any-of? @_job "Cron" "Interval" "Timeout" "Process"))

; ---- generic types: the type named, its arguments aside ---------------------
; `(a: EntityAdapter<T>)`, `let s: Store<State>`, `private repo: Repo<User>`,
; `extends Base<T>` of an interface, `implements I<T>`, `(): Box<T>`.
(required_parameter
  pattern: (identifier) @local.typed
  type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @local.annotated)))
(optional_parameter
  pattern: (identifier) @local.typed
  type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @local.annotated)))
(variable_declarator
  name: (identifier) @local.typed
  type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @local.annotated)))
(public_field_definition
  name: (property_identifier) @local.typed
  type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @local.field)))
(interface_declaration
  (extends_type_clause
    (generic_type name: [(type_identifier) (nested_type_identifier)] @inherit.base)))
  @inherit.class
(class_declaration
  (class_heritage
    (implements_clause
      (generic_type name: [(type_identifier) (nested_type_identifier)] @inherit.base
        @inherit.implements))))
  @inherit.class
((function_declaration
  return_type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @return.annotated)))
  (#not-eq? @return.annotated "Promise"))
((method_definition
  return_type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @return.annotated)))
  (#not-eq? @return.annotated "Promise"))
((method_signature
  return_type: (type_annotation
    (generic_type name: [(type_identifier) (nested_type_identifier)] @return.annotated)))
  (#not-eq? @return.annotated "Promise"))
