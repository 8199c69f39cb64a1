; Kotlin facts, in the vocabulary of the Java ones: one resolver
; (core/resolve_java.py) reads both, since Java and Kotlin share packages,
; types and calls on the JVM. Written from the node types of the
; tree-sitter-kotlin grammar, which ships no queries.

; ---- definitions -------------------------------------------------------
(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration "class" name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
; A companion object is not captured: its members are members of the class
; around it, called as `Invoice.create()`.

(function_declaration
  name: (identifier) @name
  (function_value_parameters) @parameters) @definition.function

; A property with a getter is a function of its class: `x.size` runs it.
(property_declaration (variable_declaration (identifier) @name) (getter)) @definition.function

; Lambdas and object expressions bind names of their own; what they call
; belongs to the function around them.
(lambda_literal) @definition.scope
(object_literal) @definition.scope

; ---- imports -----------------------------------------------------------
; `import a.b.C`, `import a.b.C as D`, `import a.b.topLevelFunction`: the
; resolver takes the last segment as the name; `import a.b.*`: every member.
((import (qualified_identifier) @import.module (identifier)? @import.alias) @import
  (#not-match? @import "[*]\\s*$"))
(import (qualified_identifier) @import.source "*" @import.star) @import

; The package, as a typed fact of the file.
(package_header (qualified_identifier) @local.typed @local.package)

; ---- inheritance -------------------------------------------------------
; `class A : B(), I`: a supertype written with a constructor call is the
; class, the others are interfaces (`I by impl` too).
(class_declaration
  (delegation_specifiers (delegation_specifier
    (constructor_invocation (user_type) @inherit.base)))) @inherit.class
(class_declaration
  (delegation_specifiers (delegation_specifier
    [(user_type) @inherit.base (explicit_delegation (user_type) @inherit.base)]
    @inherit.implements))) @inherit.class
(object_declaration
  (delegation_specifiers (delegation_specifier
    (constructor_invocation (user_type) @inherit.base)))) @inherit.class
(object_declaration
  (delegation_specifiers (delegation_specifier
    (user_type) @inherit.base @inherit.implements))) @inherit.class

; ---- calls and values --------------------------------------------------
; `f(x)`, `Invoice(x)` (a constructor: the resolver tells a type from a function)
(call_expression
  . (identifier) @name
  (value_arguments)? @arguments) @reference.call
(call_expression
  . (identifier) @name
  (annotated_lambda)) @reference.call
; `a.b.f(x)`, `a?.f {}`
(call_expression
  . (navigation_expression . (_) @receiver (identifier) @name .)) @reference.call
; `x.size`: a property read, which runs its getter when it has one
(navigation_expression . (_) @receiver (identifier) @name .) @reference.value
; `Invoice::total`, `::helper`
(callable_reference (identifier) @name .) @reference.value

; ---- bindings and their types ---------------------------------------------
(parameter (identifier) @local.binding)
(class_parameter (identifier) @local.binding)
(variable_declaration (identifier) @local.binding)
(lambda_parameters (variable_declaration (identifier) @local.binding))

(parameter
  (identifier) @local.typed
  [(user_type) @local.annotated (nullable_type (user_type) @local.annotated)])
(function_declaration (function_value_parameters (parameter
  (identifier) @local.typed
  [(user_type) @local.annotated (nullable_type (user_type) @local.annotated)])))
; A class's parameters: properties with `val`/`var`, and seen by its initialisers.
(class_parameter
  (identifier) @local.typed
  [(user_type) @local.field (nullable_type (user_type) @local.field)])
; Properties and locals: `val x: T`, `val x = T()`, `val x = make()`.
(property_declaration
  (variable_declaration
    (identifier) @local.typed
    [(user_type) @local.field (nullable_type (user_type) @local.field)]))
(property_declaration
  (variable_declaration (identifier) @local.typed .)
  .
  (call_expression) @local.called)
; `x.let { it.m() }`, `x.also { v -> v.m() }`: the lambda's parameter is x.
(call_expression
  (navigation_expression . (_) @local.value (identifier) @_scope .)
  (annotated_lambda (lambda_literal
    (lambda_parameters . (variable_declaration . (identifier) @local.typed))))
  (#any-of? @_scope "let" "also" "takeIf" "takeUnless"))

((call_expression
  (navigation_expression . (_) @local.value (identifier) @_scope .)
  (annotated_lambda (lambda_literal) @local.typed @local.named.it))
  (#any-of? @_scope "let" "also" "takeIf" "takeUnless"))
; `x.apply { m() }`, `with(x) { m() }`: in the lambda, `this` is x.
((call_expression
  (navigation_expression . (_) @local.value (identifier) @_scope .)
  (annotated_lambda (lambda_literal) @local.typed @local.named.this))
  (#any-of? @_scope "apply" "run"))
; An extension function `fun Money.format()`: `this` is its receiver.
(function_declaration
  [(user_type) (nullable_type)] @local.extends
  .
  name: (identifier) @local.typed @local.named.this)

; ---- return types --------------------------------------------------------
(function_declaration
  (function_value_parameters)
  .
  [(user_type) @return.annotated (nullable_type (user_type) @return.annotated)])

(ERROR) @syntax.error
