; Scala facts, in the vocabulary of the Java ones: one resolver
; (core/resolve_java.py) reads Java, Kotlin and Scala, since they share the
; JVM's packages, types and calls. Written from the node types of the
; tree-sitter-scala grammar.

; ---- definitions -------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
; An object holds static-like members; a companion object has its class's
; name (one node), and holds what is called on the class's name.
(object_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @local.typed @local.object)
(trait_definition name: (identifier) @name) @definition.interface
(enum_definition name: (identifier) @name) @definition.class

(function_definition name: [(identifier) (operator_identifier)] @name) @definition.function
(function_declaration name: [(identifier) (operator_identifier)] @name) @definition.function
; A method without a body: `super.m()` skips it for the next one with a body.
(function_declaration name: [(identifier) (operator_identifier)] @local.typed @local.abstract)

; An extension's methods are no members of the type around them: they are
; called on the extended value, which only the compiler types (name level).
(extension_definition) @definition.scope
; Lambdas and anonymous classes bind names of their own; what they call
; belongs to the function around them.
(lambda_expression) @definition.scope
(instance_expression (template_body)) @definition.scope

; ---- imports -----------------------------------------------------------
; An import's path is a row of identifiers no one node spans: the resolver
; reads the whole clause (`import a.b.{C, D => E, F as G, _}`) itself.
(import_declaration) @import @import.module

; The package, as a typed fact of the file; chained clauses
; (`package a` then `package b`) are joined by the resolver.
(package_clause name: (package_identifier) @local.typed @local.package)
; A clause right after another is nested in it: the fact is bound to the
; clause before (its text), so that the resolver can chain them in order.
((package_clause) @local.typed . (package_clause name: (package_identifier) @local.next))
; A clause inside another's braces is nested in it.
; (bound to the brace, not to the clause's whole text)
(package_clause body: (template_body
  "{" @local.typed
  (package_clause name: (package_identifier) @local.subpackage)))

; ---- inheritance -------------------------------------------------------
; `extends A(x) with B with C`: every type named is a base.
(class_definition
  extend: (extends_clause [(type_identifier) (stable_type_identifier)] @inherit.base)) @inherit.class
(class_definition
  extend: (extends_clause (generic_type type: (_) @inherit.base))) @inherit.class
(object_definition
  extend: (extends_clause [(type_identifier) (stable_type_identifier)] @inherit.base)) @inherit.class
(object_definition
  extend: (extends_clause (generic_type type: (_) @inherit.base))) @inherit.class
(trait_definition
  extend: (extends_clause [(type_identifier) (stable_type_identifier)] @inherit.base)) @inherit.class
(trait_definition
  extend: (extends_clause (generic_type type: (_) @inherit.base))) @inherit.class
(enum_definition
  extend: (extends_clause [(type_identifier) (stable_type_identifier)] @inherit.base)) @inherit.class
; `new T { ... }`: the anonymous class's base
(instance_expression
  [(type_identifier) (stable_type_identifier) (generic_type)] @inherit.base
  (template_body)) @inherit.class

; ---- calls and values --------------------------------------------------
; `f(x)`, `Invoice(x)` (a case class or a companion's `apply`: the resolver
; tells a type from a function), `f[T](x)`
(call_expression
  function: [(identifier) @name (generic_function function: (identifier) @name)]
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: [(identifier) @name (generic_function function: (identifier) @name)]
  arguments: (block)) @reference.call
; `a.b.f(x)`, `xs.map { ... }`, `a.f[T](x)`
(call_expression
  function: [
    (field_expression value: (_) @receiver field: (identifier) @name)
    (generic_function function: (field_expression value: (_) @receiver field: (identifier) @name))
  ]) @reference.call
; `new T(...).m()`: the receiver is a T (after the pattern above, so that
; this reading of the call is the one kept)
(call_expression
  function: (field_expression
    value: (instance_expression . [
      (type_identifier) @receiver
      (stable_type_identifier) @receiver
      (generic_type type: (_) @receiver)
    ] !body)
    field: (identifier) @name)) @reference.call
; `a op b`: an infix operator is a method of its left operand
(infix_expression left: (_) @receiver operator: [(identifier) (operator_identifier)] @name) @reference.call
; `x.size`: a member read, which runs a parameterless method when it is one
(field_expression value: (_) @receiver field: (identifier) @name) @reference.value
; A bare name: Scala's parameterless method call (`self`, `mailbox.size`,
; `f(done)`), unless the resolver finds a local, a field or a type by that
; name. Only where a value stands, never a definition's or a member's name.
(arguments (identifier) @name @reference.call)
(field_expression value: (identifier) @name @reference.call)
(infix_expression left: (identifier) @name @reference.call)
(infix_expression right: (identifier) @name @reference.call)
(prefix_expression (identifier) @name @reference.call)
(val_definition value: (identifier) @name @reference.call)
(var_definition value: (identifier) @name @reference.call)
(assignment_expression right: (identifier) @name @reference.call)
(function_definition body: (identifier) @name @reference.call)
(block (identifier) @name @reference.call)
(case_clause body: (identifier) @name @reference.call)
(match_expression value: (identifier) @name @reference.call)
(parenthesized_expression (identifier) @name @reference.call)
(return_expression (identifier) @name @reference.call)
; `new T(...)`: the type (Scala's constructor is the class itself)
(instance_expression . [
  (type_identifier) @name
  (stable_type_identifier (type_identifier) @name .)
  (generic_type type: [(type_identifier) @name (stable_type_identifier (type_identifier) @name .)])
]) @reference.value
; A type written in a declaration
(val_definition type: (type_identifier) @name @reference.value)
(parameter type: (type_identifier) @name @reference.value)

; ---- bindings and their types ---------------------------------------------
(parameter name: (identifier) @local.binding)
(class_parameter name: (identifier) @local.binding)
(val_definition pattern: (identifier) @local.binding)
(var_definition pattern: (identifier) @local.binding)
(lambda_expression parameters: (bindings (binding name: (identifier) @local.binding)))
(lambda_expression parameters: (identifier) @local.binding)
; names a pattern binds: `case x: T`, `case Foo(a, b)`, `case (c, d)`, `e @ ...`,
; `case g`, generators `h <- xs`, `val (p, q) = ...`
(case_clause pattern: (identifier) @local.binding)
(typed_pattern pattern: (identifier) @local.binding)
(case_class_pattern (identifier) @local.binding)
(tuple_pattern (identifier) @local.binding)
(capture_pattern name: (identifier) @local.binding)
(infix_pattern (identifier) @local.binding)
(enumerator . (identifier) @local.binding)

(parameter
  name: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.annotated)
; A class's parameters are its fields (with `val`) and seen by its body.
(class_parameter
  name: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.field)
; Members: `val x: T`, `val x = new T()`, `val x = T(...)`, `val x = make()`.
(template_body (val_definition
  pattern: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.field))
(template_body (var_definition
  pattern: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.field))
; Locals: the same forms in a block.
(block (val_definition
  pattern: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.annotated))
(block (var_definition
  pattern: (identifier) @local.typed
  type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @local.annotated))
(val_definition
  pattern: (identifier) @local.typed
  !type
  value: (instance_expression . [
    (type_identifier) (stable_type_identifier) (generic_type)
  ] @local.constructed))
(var_definition
  pattern: (identifier) @local.typed
  !type
  value: (instance_expression . [
    (type_identifier) (stable_type_identifier) (generic_type)
  ] @local.constructed))
(val_definition
  pattern: (identifier) @local.typed
  !type
  value: (call_expression) @local.called)

; ---- return types --------------------------------------------------------
(function_definition
  return_type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @return.annotated)
(function_declaration
  return_type: [(type_identifier) (stable_type_identifier) (generic_type type: (_))] @return.annotated)

(ERROR) @syntax.error
