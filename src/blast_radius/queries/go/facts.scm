; Go facts: definitions, imports, calls and values, bindings and the types
; written for them, embedding, return types. The resolver (core/resolve_go.py)
; gives them meaning: packages are directories, method receivers name their
; type, interfaces are satisfied structurally.

; ---- definitions -------------------------------------------------------
(function_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (block) @body) @definition.function

; `func (s *Server) Start()`: named `Start`; its receiver's type (a typed
; binding of how `receiver`) is the type the method belongs to.
(method_declaration
  name: (field_identifier) @name
  parameters: (parameter_list) @parameters
  body: (block) @body) @definition.function

(type_spec name: (type_identifier) @name type: (struct_type) @body) @definition.class
(type_spec name: (type_identifier) @name type: (interface_type) @body) @definition.interface
(type_spec
  name: (type_identifier) @name
  type: [
    (type_identifier) (qualified_type) (pointer_type) (function_type) (map_type)
    (slice_type) (array_type) (channel_type) (generic_type)
  ]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; An interface's methods: what a call on a value of the interface binds to.
(interface_type
  (method_elem name: (field_identifier) @name parameters: (parameter_list) @parameters)
    @definition.function)

; A subtest, `t.Run("adds two", func(t *testing.T) {...})`: a definition named
; by its title (which binds no name), in the test around it.
(call_expression
  function: (selector_expression field: (field_identifier) @_run)
  arguments: (argument_list
    .
    (interpreted_string_literal (interpreted_string_literal_content) @name)
    .
    (func_literal body: (block) @body)
    .)
  (#eq? @_run "Run")) @definition.function
(call_expression
  function: (selector_expression field: (field_identifier) @_run)
  arguments: (argument_list
    .
    (interpreted_string_literal (interpreted_string_literal_content))
    .
    (func_literal)
    .)
  (#eq? @_run "Run")) @trait.titled

; A function literal binds names of its own; what it calls belongs to the
; function around it.
(func_literal body: (block)) @definition.scope

; ---- imports -----------------------------------------------------------
(import_spec
  !name
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import
(import_spec
  name: [(package_identifier) (dot) (blank_identifier)] @import.alias
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.module)) @import

; ---- embedding ---------------------------------------------------------
; A struct's embedded field (`*Base`, `pkg.Base`) and an interface's embedded
; interface: their methods are promoted.
(field_declaration
  !name
  type: [
    (type_identifier) @inherit.base
    (pointer_type [(type_identifier) (qualified_type)] @inherit.base)
    (qualified_type) @inherit.base
    (generic_type type: [(type_identifier) (qualified_type)] @inherit.base)
  ]) @inherit.class
(interface_type
  (type_elem . [(type_identifier) (qualified_type)] @inherit.base .) @inherit.class)

; ---- calls and values --------------------------------------------------
(call_expression
  function: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
; Generic functions instantiated at the call: `Map[int](xs, f)`.
(call_expression
  function: (index_expression operand: (identifier) @name)) @reference.call
(call_expression
  function: (index_expression
    operand: (selector_expression operand: (_) @receiver field: (field_identifier) @name)))
  @reference.call
(type_conversion_expression
  type: (generic_type type: (type_identifier) @name)) @reference.call

; `T{...}`, `&T{...}`, `pkg.T{...}`: the type, used.
(composite_literal type: (type_identifier) @name) @reference.value
(composite_literal
  type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name))
  @reference.value
(composite_literal
  type: (generic_type type: (type_identifier) @name)) @reference.value
(composite_literal
  type: (generic_type
    type: (qualified_type package: (package_identifier) @receiver name: (type_identifier) @name)))
  @reference.value

; Functions and methods used as values: passed, assigned, returned, stored.
(argument_list (identifier) @name @reference.value)
(argument_list
  (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
  @reference.value)
; `(*Server).close`, a method expression of a pointer receiver.
(argument_list
  (selector_expression
    operand: (parenthesized_expression (unary_expression operand: (identifier) @receiver))
    field: (field_identifier) @name) @reference.value)
(keyed_element value: (literal_element (identifier) @name @reference.value))
(keyed_element
  value: (literal_element
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))
(literal_value (literal_element (identifier) @name @reference.value))
(literal_value
  (literal_element
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))
; (right-hand sides and results only: what a left-hand side names is assigned)
(return_statement (expression_list (identifier) @name @reference.value))
(return_statement
  (expression_list
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))
(assignment_statement right: (expression_list (identifier) @name @reference.value))
(assignment_statement
  right: (expression_list
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))
(short_var_declaration right: (expression_list (identifier) @name @reference.value))
(short_var_declaration
  right: (expression_list
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))
(var_spec value: (expression_list (identifier) @name @reference.value))
(var_spec
  value: (expression_list
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
    @reference.value))

; ---- bindings ------------------------------------------------------------
(parameter_declaration name: (identifier) @local.binding)
(variadic_parameter_declaration name: (identifier) @local.binding)
(short_var_declaration left: (expression_list (identifier) @local.binding))
(var_spec name: (identifier) @local.binding)
(const_spec name: (identifier) @local.binding)
(range_clause left: (expression_list (identifier) @local.binding))
(type_switch_statement alias: (expression_list (identifier) @local.binding))
(receive_statement left: (expression_list (identifier) @local.binding))

; ---- types seen in bindings ---------------------------------------------
; Parameters, named results, `var x T`, struct fields: their written type.
(parameter_declaration
  name: (identifier) @local.typed
  type: [
    (type_identifier) @local.annotated
    (qualified_type) @local.annotated
    (pointer_type [(type_identifier) (qualified_type)] @local.annotated)
    (generic_type type: [(type_identifier) (qualified_type)] @local.annotated)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @local.annotated))
  ])
(var_spec
  name: (identifier) @local.typed
  type: [
    (type_identifier) @local.annotated
    (qualified_type) @local.annotated
    (pointer_type [(type_identifier) (qualified_type)] @local.annotated)
    (generic_type type: [(type_identifier) (qualified_type)] @local.annotated)
  ])
(field_declaration
  name: (field_identifier) @local.typed
  type: [
    (type_identifier) @local.field
    (qualified_type) @local.field
    (pointer_type [(type_identifier) (qualified_type)] @local.field)
    (generic_type type: [(type_identifier) (qualified_type)] @local.field)
  ])
; The receiver's type, the type the method belongs to (`func (s *Server)`,
; `func (Server)`, `func (l *List[T])`); `s` itself is typed as a parameter.
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @local.receiver
        (pointer_type (type_identifier) @local.receiver)
        (generic_type type: (type_identifier) @local.receiver)
        (pointer_type (generic_type type: (type_identifier) @local.receiver))
      ])) @local.typed)
; `[]T` and `map[K]T` parameters and fields: what ranging over them gives.
(parameter_declaration
  name: (identifier) @local.typed
  type: [
    (slice_type element: [(type_identifier) (qualified_type)] @local.elements)
    (slice_type element: (pointer_type [(type_identifier) (qualified_type)] @local.elements))
    (map_type value: [(type_identifier) (qualified_type)] @local.elements)
    (map_type value: (pointer_type [(type_identifier) (qualified_type)] @local.elements))
  ])
(field_declaration
  name: (field_identifier) @local.typed
  type: [
    (slice_type element: [(type_identifier) (qualified_type)] @local.elements)
    (slice_type element: (pointer_type [(type_identifier) (qualified_type)] @local.elements))
    (map_type value: [(type_identifier) (qualified_type)] @local.elements)
    (map_type value: (pointer_type [(type_identifier) (qualified_type)] @local.elements))
  ])

; `x := T{}`, `x := &T{}`, `x := new(T)`, `x := NewT()` / `x, err := NewT()`
; (the first result), `x := pkg.T{}`.
(short_var_declaration
  left: (expression_list . (identifier) @local.typed)
  right: (expression_list . [
    (composite_literal type: [(type_identifier) (qualified_type) (generic_type)] @local.constructed)
    (unary_expression
      operand: (composite_literal
        type: [(type_identifier) (qualified_type) (generic_type)] @local.constructed))
  ]))
(var_spec
  name: (identifier) @local.typed
  !type
  value: (expression_list . [
    (composite_literal type: [(type_identifier) (qualified_type)] @local.constructed)
    (unary_expression
      operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.constructed))
  ]))
(short_var_declaration
  left: (expression_list . (identifier) @local.typed)
  right: (expression_list .
    (call_expression
      function: (identifier) @_new
      arguments: (argument_list . [(type_identifier) (qualified_type)] @local.constructed .))
  )
  (#eq? @_new "new"))
(short_var_declaration
  left: (expression_list . (identifier) @local.typed)
  right: (expression_list .
    (call_expression function: [(identifier) (selector_expression)] @local.called)))
(short_var_declaration
  left: (expression_list . (identifier) @local.typed)
  right: (expression_list .
    (call_expression
      function: (index_expression operand: [(identifier) (selector_expression)] @local.called))))
(var_spec
  name: (identifier) @local.typed
  !type
  value: (expression_list .
    (call_expression function: [(identifier) (selector_expression)] @local.called)))
; `_, m := Draft()`: the second result.
(short_var_declaration
  left: (expression_list . (_) . (identifier) @local.typed .)
  right: (expression_list .
    (call_expression function: [(identifier) (selector_expression)] @local.second) .))
; `repo := s.repo`: another name for what the expression holds.
(short_var_declaration
  left: (expression_list . (identifier) @local.typed .)
  right: (expression_list . [(identifier) (selector_expression)] @local.assigned .))
; `for _, v := range xs`: v holds what xs holds.
(range_clause
  left: (expression_list (identifier) . (identifier) @local.typed .)
  right: [(identifier) (selector_expression)] @local.ranged)
; `switch v := x.(type) { case *T: ... }` and `v := x.(*T)`.
(type_switch_statement
  alias: (expression_list (identifier) @local.typed)
  (type_case
    type: [
      (type_identifier) @local.asserted
      (qualified_type) @local.asserted
      (pointer_type [(type_identifier) (qualified_type)] @local.asserted)
    ]))
(short_var_declaration
  left: (expression_list . (identifier) @local.typed)
  right: (expression_list . (type_assertion_expression
    type: [
      (type_identifier) @local.constructed
      (qualified_type) @local.constructed
      (pointer_type [(type_identifier) (qualified_type)] @local.constructed)
    ])))

; What the resolver needs of the file itself, as typed facts: its package
; clause, its `//go:build` line, and every type it constructs (an interface
; call reaches only implementations something constructs).
(package_clause (package_identifier) @local.typed @local.package)
((comment) @local.typed @local.constraint (#match? @local.typed "^//go:build "))
(composite_literal type: [(type_identifier) (qualified_type)] @local.typed @local.constructs)
(composite_literal type: (generic_type type: [(type_identifier) (qualified_type)] @local.typed @local.constructs))
(call_expression
  function: (identifier) @_new
  arguments: (argument_list . [(type_identifier) (qualified_type)] @local.typed @local.constructs .)
  (#eq? @_new "new"))
; A call of one argument may be a conversion, `Celsius(raw)`: the resolver
; says whether its callee is a type.
(call_expression
  function: [(identifier) (selector_expression)] @local.typed @local.converts
  arguments: (argument_list . (_) .))

; ---- return types --------------------------------------------------------
(function_declaration
  result: [
    (type_identifier) @return.annotated
    (qualified_type) @return.annotated
    (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
    (generic_type type: [(type_identifier) (qualified_type)] @return.annotated)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @return.annotated))
    (parameter_list . (parameter_declaration type: [
      (type_identifier) @return.annotated
      (qualified_type) @return.annotated
      (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
      (generic_type type: [(type_identifier) (qualified_type)] @return.annotated)
      (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @return.annotated))
    ]))
  ])
(method_declaration
  result: [
    (type_identifier) @return.annotated
    (qualified_type) @return.annotated
    (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
    (generic_type type: [(type_identifier) (qualified_type)] @return.annotated)
    (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @return.annotated))
    (parameter_list . (parameter_declaration type: [
      (type_identifier) @return.annotated
      (qualified_type) @return.annotated
      (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
      (generic_type type: [(type_identifier) (qualified_type)] @return.annotated)
      (pointer_type (generic_type type: [(type_identifier) (qualified_type)] @return.annotated))
    ]))
  ])
; The second result, for `_, m := f()`.
(function_declaration
  result: (parameter_list . (parameter_declaration) . (parameter_declaration type: [
    (type_identifier) @return.second
    (qualified_type) @return.second
    (pointer_type [(type_identifier) (qualified_type)] @return.second)
  ])))
(method_declaration
  result: (parameter_list . (parameter_declaration) . (parameter_declaration type: [
    (type_identifier) @return.second
    (qualified_type) @return.second
    (pointer_type [(type_identifier) (qualified_type)] @return.second)
  ])))
(method_elem
  result: [
    (type_identifier) @return.annotated
    (qualified_type) @return.annotated
    (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
    (parameter_list . (parameter_declaration type: [
      (type_identifier) @return.annotated
      (qualified_type) @return.annotated
      (pointer_type [(type_identifier) (qualified_type)] @return.annotated)
    ]))
  ])

; ---- interface assertions ------------------------------------------------
; `var _ Handler = (*Server)(nil)`, `var _ Handler = &Server{}`: Server
; implements Handler, as the compiler checks (a typed fact named by the
; interface, of how `implementer`).
(var_spec
  name: (identifier) @_blank
  type: [(type_identifier) (qualified_type)] @local.typed
  value: (expression_list .
    (call_expression
      function: (parenthesized_expression
        (unary_expression operand: [(identifier) (selector_expression)] @local.implementer))))
  (#eq? @_blank "_"))
(var_spec
  name: (identifier) @_blank
  type: [(type_identifier) (qualified_type)] @local.typed
  value: (expression_list . [
    (composite_literal type: [(type_identifier) (qualified_type)] @local.implementer)
    (unary_expression
      operand: (composite_literal type: [(type_identifier) (qualified_type)] @local.implementer))
  ])
  (#eq? @_blank "_"))


; ---- signatures and arguments ---------------------------------------------
; Each parameter of a function's list (@parameters holds the list): named,
; several to one type (`a, b int`), unnamed (an interface's `M(int)`), variadic.
(parameter_list (parameter_declaration name: (identifier) @parameter.name)) @parameters
(parameter_list (parameter_declaration !name type: (_) @parameter.name)) @parameters
(parameter_list
  (variadic_parameter_declaration name: (identifier) @parameter.var_positional)) @parameters
(parameter_list (variadic_parameter_declaration !name) @parameter.var_positional) @parameters
(parameter_list (comment) @parameter.extra) @parameters
(argument_list (variadic_argument) @argument.splat) @arguments
(argument_list (comment) @argument.extra) @arguments

(ERROR) @syntax.error
