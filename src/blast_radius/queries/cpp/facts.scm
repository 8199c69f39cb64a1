; C++ facts beyond C's (c/facts.scm is read first).

; Classes and structs with a body.
(class_specifier name: (_) @name body: (_) @body) @definition.class
(struct_specifier name: (_) @name body: (_) @body) @definition.class
(union_specifier name: (_) @name body: (_) @body) @definition.class

; Namespaces: `namespace a`, `namespace a::b`; an anonymous one is a scope
; whose names are the file's own.
(namespace_definition name: (_) @name body: (_) @body) @definition.namespace
(namespace_definition !name body: (_) @body) @definition.namespace
(namespace_definition !name) @trait.anonymous

; A method in its class: inline (`void f() {}`), declared (`void f();`),
; a constructor (`A();`), a destructor or an operator.
(function_definition
  declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
  body: (_) @body) @definition.function
(field_declaration
  declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(field_declaration
  declarator: [(pointer_declarator) (reference_declarator)]
    (function_declarator declarator: (field_identifier) @name)) @definition.function
(field_declaration
  declarator: [
    (function_declarator)
    (pointer_declarator (function_declarator))
    (reference_declarator (function_declarator))]) @trait.declaration
(field_declaration_list
  (declaration declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.function)

; A function defined out of its class or namespace: `int A::f(int x) {}`,
; `A::A()`, `ns::A::~A()`. The name is the qualified name as written; the
; resolver splits it.
(function_definition
  declarator: (function_declarator declarator: (qualified_identifier) @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
  body: (_) @body) @definition.function

; Virtual member functions and overrides.
(function_definition "virtual" @trait.virtual)
(field_declaration "virtual" @trait.virtual)
(function_declarator (virtual_specifier) @trait.override)

; `class B : public A, ns::C`
(class_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit.base)) @inherit.class
(struct_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit.base)) @inherit.class

; `using namespace a::b;` and `using a::b::f;`: the names they bring in.
(using_declaration "namespace" @import.alias [(identifier) (qualified_identifier)] @import.module) @import
(using_declaration . "using" . (qualified_identifier) @import.module) @import

; Calls of qualified names: `ns::f()`, `A::create()`, `Base::f()`.
(call_expression function: (qualified_identifier) @name arguments: (_) @arguments) @reference.call
; `new T(...)`: the class and its constructor.
(new_expression type: [(type_identifier) (qualified_identifier)] @name) @reference.call

; Typed receivers: `T x;`, `T* p;`, `T& r`, `ns::T x`, `auto x = T(...)`,
; `auto p = new T(...)`, and parameters typed so.
(declaration type: (qualified_identifier) @local.annotated
  declarator: [
    (identifier) @local.typed
    (pointer_declarator declarator: (identifier) @local.typed)
    (reference_declarator (identifier) @local.typed)
    (init_declarator declarator: (identifier) @local.typed)
    (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.typed))
  ])
(declaration type: (type_identifier) @local.annotated
  declarator: [
    (reference_declarator (identifier) @local.typed)
    (init_declarator declarator: (reference_declarator (identifier) @local.typed))
  ])
(parameter_declaration type: [(type_identifier) (qualified_identifier)] @local.annotated
  declarator: (reference_declarator (identifier) @local.typed))
(parameter_declaration type: (qualified_identifier) @local.annotated
  declarator: [
    (identifier) @local.typed
    (pointer_declarator declarator: (identifier) @local.typed)
  ])
(declaration type: (placeholder_type_specifier)
  declarator: (init_declarator
    declarator: [(identifier) @local.typed (pointer_declarator declarator: (identifier) @local.typed)]
    value: [
      (call_expression function: [(identifier) (qualified_identifier)] @local.constructed)
      (new_expression type: [(type_identifier) (qualified_identifier)] @local.constructed)
    ]))
(init_declarator declarator: (pointer_declarator declarator: (identifier) @local.typed)
  value: (new_expression type: [(type_identifier) (qualified_identifier)] @local.constructed))

; A data member's type: `x_.m()` in a method is typed through it.
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @local.field
  declarator: [
    (field_identifier) @local.typed
    (pointer_declarator declarator: (field_identifier) @local.typed)
    (reference_declarator (field_identifier) @local.typed)
  ])
(parameter_declaration declarator: (reference_declarator (identifier) @local.binding))
(optional_parameter_declaration declarator: [(identifier) (reference_declarator (identifier))] @local.binding)

; C's `int (f)(lua_State *L);` (a prototype whose name is in parentheses, so
; that a macro of the same name does not expand) reads in C++ as a call of a
; call outside any function, which no C++ code writes: a prototype of f.
([(translation_unit) (preproc_ifdef) (preproc_if) (preproc_else) (preproc_elif) (declaration_list)]
  (expression_statement
    (call_expression
      function: (call_expression arguments: (argument_list . (identifier) @name .))
      arguments: (argument_list))) @definition.function)
([(translation_unit) (preproc_ifdef) (preproc_if) (preproc_else) (preproc_elif) (declaration_list)]
  (expression_statement
    (call_expression
      function: (call_expression arguments: (argument_list . (identifier) .))
      arguments: (argument_list))) @trait.declaration)
