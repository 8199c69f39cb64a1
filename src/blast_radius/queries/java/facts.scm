; Java facts: types and their members, imports, calls, the types written for
; variables, fields and results, inheritance. The resolver
; (core/resolve_java.py) names types by package and nesting.

; ---- definitions -------------------------------------------------------
(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (_) @body) @definition.interface
; An enum constant with a body is a subclass of its enum (`Data { void read() }`).
(enum_constant name: (identifier) @name body: (class_body) @body) @definition.class
; A record's components are its accessors (`point.x()`).
(record_declaration
  parameters: (formal_parameters (formal_parameter name: (identifier) @name) @definition.function))

(method_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (block)? @body) @definition.function
(constructor_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (constructor_body) @body) @definition.function

; Lambdas and anonymous classes bind names of their own; what they call
; belongs to the method around them.
(lambda_expression) @definition.scope
(object_creation_expression (class_body) @definition.scope)

; ---- imports -----------------------------------------------------------
; `import a.b.C;` and `import static a.b.C.m;`: the member C of a.b, or m of
; a.b.C; `import a.b.*;` and `import static a.b.C.*;`: every member.
(import_declaration
  (scoped_identifier scope: (_) @import.source name: (identifier) @import.name)
  .) @import
(import_declaration (scoped_identifier) @import.source (asterisk) @import.star) @import
(import_declaration (identifier) @import.source (asterisk) @import.star) @import

; The package, as a typed fact of the file.
(package_declaration [(scoped_identifier) (identifier)] @local.typed @local.package)

; ---- inheritance -------------------------------------------------------
(class_declaration
  superclass: (superclass
    [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @inherit.base)]
    @inherit.base)) @inherit.class
(class_declaration
  interfaces: (super_interfaces (type_list
    [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @inherit.base)]
    @inherit.base @inherit.implements))) @inherit.class
(enum_declaration
  interfaces: (super_interfaces (type_list
    [(type_identifier) (scoped_type_identifier)] @inherit.base @inherit.implements))) @inherit.class
(enum_declaration
  name: (identifier) @inherit.base
  body: (enum_body (enum_constant body: (class_body)) @inherit.class))
(record_declaration
  interfaces: (super_interfaces (type_list
    [(type_identifier) (scoped_type_identifier)] @inherit.base @inherit.implements))) @inherit.class
; `new T() { ... }`: the anonymous class's base, so that `this` and unqualified
; calls in its body look in T.
(object_creation_expression
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @inherit.base)]
  @inherit.base
  (class_body) @inherit.class)
(interface_declaration
  (extends_interfaces (type_list
    [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @inherit.base)]
    @inherit.base))) @inherit.class

; ---- calls and values --------------------------------------------------
(method_invocation
  !object
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
(method_invocation
  object: (_) @receiver
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
; `new T(...).m()` and `((T) x).m()`: the receiver is a T (these patterns come
; after the one above, so that their reading of the call is the one kept).
(method_invocation
  object: [
    (object_creation_expression !body type: [(type_identifier) (scoped_type_identifier)] @receiver)
    (object_creation_expression !body type: (generic_type [(type_identifier) (scoped_type_identifier)] @receiver))
    (parenthesized_expression (cast_expression type: [(type_identifier) (scoped_type_identifier)] @receiver))
    (parenthesized_expression (cast_expression type: (generic_type [(type_identifier) (scoped_type_identifier)] @receiver)))
  ]
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
; `new T(...)`: the constructor (the resolver tells a type from a method).
(object_creation_expression
  type: [(type_identifier) @name (generic_type (type_identifier) @name)]
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression
  type: [
    (scoped_type_identifier (_) @receiver . (type_identifier) @name .)
    (generic_type (scoped_type_identifier (_) @receiver . (type_identifier) @name .))
  ]) @reference.call
; `this(...)` and `super(...)` in a constructor.
(explicit_constructor_invocation constructor: [(this) (super)] @name) @reference.call
; Method references: `Invoice::total`, `this::save`.
(method_reference . (_) @receiver . (identifier) @name) @reference.value

; Types named where a value is declared, returned, cast, tested, thrown or
; annotated: references to the type (`new T()` is a call above).
(formal_parameter type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(spread_parameter [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(local_variable_declaration type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(field_declaration type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(method_declaration type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(enhanced_for_statement type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(generic_type [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(type_arguments [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(array_type element: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(cast_expression type: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(instanceof_expression right: [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(class_literal [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(throws [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(catch_type [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(type_bound [(type_identifier) (scoped_type_identifier)] @name) @reference.value
(marker_annotation name: [(identifier) (scoped_identifier)] @name) @reference.value
(annotation name: [(identifier) (scoped_identifier)] @name) @reference.value
; `Token.nullChar`, `Kind.A`: a static field read through its type.
((field_access object: (identifier) @name) @reference.value
  (#match? @name "^[A-Z]"))

; ---- bindings and their types ---------------------------------------------
; A method's parameters, read as its signature (an overload is picked by arity).
(formal_parameters (formal_parameter name: (identifier) @local.binding)) @parameters
(formal_parameters
  (spread_parameter (variable_declarator name: (identifier) @local.binding @parameter.var_positional)))
  @parameters
(formal_parameters (receiver_parameter) @parameter.extra) @parameters
(formal_parameter name: (identifier) @local.binding)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local.binding))
(lambda_expression parameters: (identifier) @local.binding)
(inferred_parameters (identifier) @local.binding)
(catch_formal_parameter name: (identifier) @local.binding)
(enhanced_for_statement name: (identifier) @local.binding)

(formal_parameter
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @local.annotated)] @local.annotated
  name: (identifier) @local.typed)
(local_variable_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @local.annotated)] @local.annotated
  declarator: (variable_declarator name: (identifier) @local.typed))
(enhanced_for_statement
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @local.annotated)] @local.annotated
  name: (identifier) @local.typed)
(field_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @local.field)] @local.field
  declarator: (variable_declarator name: (identifier) @local.typed))
; `var x = new T()`, `x = new T()`; `var x = make()` through make's result.
(variable_declarator
  name: (identifier) @local.typed
  value: (object_creation_expression
    type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @local.constructed)] @local.constructed))
(local_variable_declaration
  type: (type_identifier) @_var
  declarator: (variable_declarator
    name: (identifier) @local.typed
    value: (method_invocation) @local.called)
  (#eq? @_var "var"))

; ---- return types --------------------------------------------------------
(method_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type [(type_identifier) (scoped_type_identifier)] @return.annotated)] @return.annotated)

(ERROR) @syntax.error
