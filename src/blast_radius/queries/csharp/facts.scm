; C# facts: namespaces, types and their members, using directives, calls,
; the types written for variables, fields, properties and results, base
; lists. The resolver (core/resolve_csharp.py) names types by namespace and
; nesting, never by folder.

; ---- definitions -------------------------------------------------------
; A block namespace is a scope of its own (its usings apply inside it); a
; file-scoped one is a typed fact of the file (below).
(namespace_declaration name: (_) @name body: (declaration_list) @body) @definition.namespace

(class_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @definition.enum
; A positional record's parameters are its properties (`point.X`).
(record_declaration
  (parameter_list (parameter name: (identifier) @name) @definition.function))

(method_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: [(block) (arrow_expression_clause)]? @body) @definition.function
(constructor_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: [(block) (arrow_expression_clause)]? @body) @definition.function
; A property's getter and setter bodies are its own: reading it runs them.
(property_declaration
  name: (identifier) @name
  [(accessor_list) (arrow_expression_clause)] @body) @definition.function
(local_function_statement
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: [(block) (arrow_expression_clause)]? @body) @definition.function

; Lambdas and anonymous methods bind names of their own; what they call
; belongs to the member around them.
(lambda_expression) @definition.scope
(anonymous_method_expression) @definition.scope

; ---- using directives --------------------------------------------------
; `using A.B;` and `using static A.C;` open every member of a namespace or a
; type (the resolver tells which); `using X = A.B.C;` names one. The file's
; usings are imports; a `global using` is also a typed fact of the file, for
; every file of its project.
(using_directive
  !name
  [(qualified_name) (identifier)] @import.source @import.star) @import
(using_directive
  name: (identifier) @import.alias
  (qualified_name qualifier: (_) @import.source name: (identifier) @import.name)) @import

(using_directive
  "global" @local.typed
  !name
  [(qualified_name) (identifier)] @local.global_using)
(using_directive
  "global"
  name: (identifier) @local.typed
  [(qualified_name) (identifier)] @local.global_alias .)

; `namespace A.B;`: every type of the file is in A.B.
(file_scoped_namespace_declaration name: (_) @local.typed @local.namespace)

; ---- inheritance -------------------------------------------------------
(_
  (base_list [
    (identifier)
    (qualified_name)
    (generic_name)
    (primary_constructor_base_type type: (_) @inherit.base)
  ] @inherit.base)) @inherit.class

; ---- calls and values --------------------------------------------------
(invocation_expression
  function: [(identifier) @name (generic_name (identifier) @name)]
  arguments: (argument_list) @arguments) @reference.call
(invocation_expression
  function: (member_access_expression
    expression: _ @receiver
    name: [(identifier) @name (generic_name (identifier) @name)])
  arguments: (argument_list) @arguments) @reference.call
; `x?.M()`
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @receiver
    (member_binding_expression name: [(identifier) @name (generic_name (identifier) @name)]))
  arguments: (argument_list) @arguments) @reference.call
; `new T(...).M()` and `((T)x).M()`: the receiver is a T (after the pattern
; above, so that this reading of the call is the one kept).
(invocation_expression
  function: (member_access_expression
    expression: [
      (object_creation_expression type: [(identifier) (qualified_name)] @receiver)
      (object_creation_expression type: (generic_name (identifier) @receiver))
      (parenthesized_expression (cast_expression type: [(identifier) (qualified_name)] @receiver))
      (parenthesized_expression (cast_expression type: (generic_name (identifier) @receiver)))
    ]
    name: [(identifier) @name (generic_name (identifier) @name)])
  arguments: (argument_list) @arguments) @reference.call
; `new T(...)`: the type and its constructor; the keyword is the receiver
; (`new`), so that a construction is told from a call `T()` of a method.
(object_creation_expression
  "new" @receiver
  type: [(identifier) @name (generic_name (identifier) @name)]
  arguments: (argument_list)? @arguments) @reference.call
(object_creation_expression
  type: (qualified_name qualifier: (_) @receiver name: [(identifier) @name (generic_name (identifier) @name)])
  arguments: (argument_list)? @arguments) @reference.call
; `: base(...)` and `: this(...)` in a constructor.
(constructor_initializer ["base" "this"] @name (argument_list) @arguments) @reference.call

; `foreach (var x in items)` calls items.GetEnumerator().
(foreach_statement right: (_) @receiver @implicit.0.GetEnumerator) @reference.implicit

; A method group handed on: `ev += OnChanged`, `MapPost("/y", Handlers.Post)`.
(assignment_expression
  operator: "+="
  right: (member_access_expression expression: (_) @receiver name: (identifier) @name))
  @reference.value

; Types named where a value is declared, returned, cast, tested, caught or
; attributed: references to the type (`new T()` is a call above).
(parameter type: [(identifier) (qualified_name)] @name) @reference.value
(variable_declaration type: [(identifier) (qualified_name)] @name) @reference.value
(property_declaration type: [(identifier) (qualified_name)] @name) @reference.value
(method_declaration returns: [(identifier) (qualified_name)] @name) @reference.value
(local_function_statement type: [(identifier) (qualified_name)] @name) @reference.value
(foreach_statement type: [(identifier) (qualified_name)] @name) @reference.value
(type_argument_list [(identifier) (qualified_name)] @name) @reference.value
(generic_name . (identifier) @name) @reference.value
(array_type type: [(identifier) (qualified_name)] @name) @reference.value
(nullable_type type: [(identifier) (qualified_name)] @name) @reference.value
(cast_expression type: [(identifier) (qualified_name)] @name) @reference.value
(as_expression right: [(identifier) (qualified_name)] @name) @reference.value
(is_expression right: [(identifier) (qualified_name)] @name) @reference.value
(declaration_pattern type: [(identifier) (qualified_name)] @name) @reference.value
(type_pattern type: [(identifier) (qualified_name)] @name) @reference.value
(typeof_expression type: [(identifier) (qualified_name)] @name) @reference.value
(catch_declaration type: [(identifier) (qualified_name)] @name) @reference.value
(type_parameter_constraint type: [(identifier) (qualified_name)] @name) @reference.value
(attribute name: [(identifier) (qualified_name)] @name) @reference.value
; A name in an expression: `Color.Red`, `Items.Count`, `return Total;`,
; `Count = 1`, `f(Value)`: a member of the enclosing types (a property, a
; method group), or a type, unless a local. Its receiver is a token beside it,
; which reads as `?`: so the resolver tells an expression from a type written
; in a declaration, which is never a member.
(member_access_expression expression: (identifier) @name "." @receiver) @reference.value
(argument_list "(" @receiver (argument (identifier) @name)) @reference.value
(expression_statement (assignment_expression left: (identifier) @name operator: _ @receiver)) @reference.value
(assignment_expression operator: _ @receiver right: (identifier) @name) @reference.value
(binary_expression left: (identifier) @name operator: _ @receiver) @reference.value
(binary_expression operator: _ @receiver right: (identifier) @name) @reference.value
(return_statement (identifier) @name ";" @receiver) @reference.value
(arrow_expression_clause "=>" @receiver (identifier) @name) @reference.value
(variable_declarator "=" @receiver (identifier) @name) @reference.value
(interpolation (interpolation_brace) @receiver (identifier) @name) @reference.value
(element_access_expression expression: (identifier) @name (bracketed_argument_list "[" @receiver)) @reference.value
(prefix_unary_expression "!" @receiver (identifier) @name) @reference.value
(if_statement "(" @receiver condition: (identifier) @name) @reference.value
(conditional_expression condition: (identifier) @name "?" @receiver) @reference.value

; `new T { Name = x }`: Name is a member of T.
(object_creation_expression
  type: [(identifier) (qualified_name) (generic_name (identifier))] @receiver
  initializer: (initializer_expression (assignment_expression left: (identifier) @name) @reference.read))

; `x.Total`, `this.Count`: a property read runs its getter.
(member_access_expression expression: _ @receiver name: (identifier) @name) @reference.read
; Writing `x.Total = 1` runs Total's setter: it is a read as well (no write capture).

; ---- bindings and their types ---------------------------------------------
; A method's parameters, read as its signature (an overload is picked by
; arity; a default value makes a parameter optional).
(parameter_list (parameter name: (identifier) @local.binding "="? @parameter.default)) @parameters
(parameter_list "params" . (_) @parameter.extra . (identifier) @local.binding @parameter.var_positional) @parameters
(argument_list (argument name: (identifier) @argument.keyword)) @arguments
(variable_declarator name: (identifier) @local.binding)
(implicit_parameter) @local.binding
(foreach_statement left: (identifier) @local.binding)
(catch_declaration name: (identifier) @local.binding)
(declaration_pattern name: (identifier) @local.binding)
(declaration_expression name: (identifier) @local.binding)

(parameter
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated) (nullable_type type: (_) @local.annotated) (predefined_type) (array_type)] @local.annotated
  name: (identifier) @local.typed)
(local_declaration_statement
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated) (nullable_type type: (_) @local.annotated) (predefined_type) (array_type)] @local.annotated
    (variable_declarator name: (identifier) @local.typed)))
(using_statement
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated) (nullable_type type: (_) @local.annotated) (predefined_type) (array_type)] @local.annotated
    (variable_declarator name: (identifier) @local.typed)))
(for_statement
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated) (nullable_type type: (_) @local.annotated) (predefined_type) (array_type)] @local.annotated
    (variable_declarator name: (identifier) @local.typed)))
(foreach_statement
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated)] @local.annotated
  left: (identifier) @local.typed)
(declaration_pattern
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.annotated)] @local.annotated
  name: (identifier) @local.typed)
; Fields and properties: the type they hold (a property's name is inside its
; own definition; the resolver gives it to the type around).
(field_declaration (variable_declaration
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.field) (nullable_type type: (_) @local.field) (predefined_type) (array_type)] @local.field
  (variable_declarator name: (identifier) @local.typed)))
(property_declaration
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.field) (nullable_type type: (_) @local.field) (predefined_type) (array_type)] @local.field
  name: (identifier) @local.typed)
(record_declaration (parameter_list (parameter
  type: [(identifier) (qualified_name) (generic_name (identifier) @local.field) (nullable_type type: (_) @local.field)] @local.field
  name: (identifier) @local.typed)))
; An extension method's `this` parameter: the type it extends (bound to the
; modifier, so that the parameter keeps its own declared type).
(parameter
  (modifier) @local.typed
  type: (_) @local.extends
  (#eq? @local.typed "this"))
; `var x = new T()`, `var x = (T)y`, `var x = y as T`; `var x = make()` through make's result.
(variable_declarator
  name: (identifier) @local.typed
  [
    (object_creation_expression type: [(identifier) (qualified_name) (generic_name (identifier) @local.constructed)] @local.constructed)
    (cast_expression type: [(identifier) (qualified_name) (generic_name (identifier) @local.constructed)] @local.constructed)
    (as_expression right: [(identifier) (qualified_name) (generic_name (identifier) @local.constructed)] @local.constructed)
  ])
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @local.typed
    [(invocation_expression) @local.called (await_expression (invocation_expression) @local.called)]))

; `var x = a.b`, `var x = y`: what the value is; `foreach (var x in items)`,
; `var x = items[i]`: an element of the collection.
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @local.typed
    [(member_access_expression) (identifier)] @local.assigned))
(foreach_statement
  type: (implicit_type)
  left: (identifier) @local.typed
  right: [(identifier) (member_access_expression)] @local.iterated)
(variable_declaration
  type: (implicit_type)
  (variable_declarator
    name: (identifier) @local.typed
    (element_access_expression expression: [(identifier) (member_access_expression)] @local.iterated)))

; What a member is: `override` (dispatch reaches it), `static`.
(method_declaration (modifier) @_m (#eq? @_m "override")) @trait.override
(property_declaration (modifier) @_m (#eq? @_m "override")) @trait.override
(property_declaration) @trait.property
(record_declaration (parameter_list (parameter) @trait.property))
(class_declaration (modifier) @_m (#eq? @_m "static")) @trait.static
(constructor_declaration (modifier) @_m (#eq? @_m "static")) @trait.static

; A static class's methods, for the signature check: an extension method
; called on a value gets its `this` parameter from the value (as an instance
; method its receiver); called on its class, from the first argument.
(class_declaration (modifier) @_m body: (declaration_list) @signature.instance_methods
  (#eq? @_m "static"))

; ---- return types --------------------------------------------------------
(method_declaration
  returns: [(identifier) (qualified_name) (generic_name (identifier) @return.annotated) (nullable_type type: (_) @return.annotated) (predefined_type) (array_type)] @return.annotated)

(ERROR) @syntax.error
