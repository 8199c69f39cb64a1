; Swift facts, read by core/resolve_swift.py. Written from the node types of
; the tree-sitter-swift grammar (alex-pinkus): one `class_declaration` node
; holds classes, structs, enums, actors and extensions, told apart by the
; keyword in its `declaration_kind` field.

; ---- definitions -------------------------------------------------------
(class_declaration
  declaration_kind: ["class" "struct" "enum" "actor"]
  name: (type_identifier) @name
  body: (_) @body) @definition.class
; `extension T: P { }`: the members belong to T (the resolver finds it)
(class_declaration
  declaration_kind: "extension"
  name: (user_type) @name
  body: (_) @body) @definition.class
(class_declaration declaration_kind: "extension") @trait.extension
(protocol_declaration name: (type_identifier) @name body: (_) @body) @definition.interface

(function_declaration name: (simple_identifier) @name body: (_) @body) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.function
; initialisers are all named `init`: `T(...)` runs one of them
(init_declaration "init" @name body: (_) @body) @definition.function
(protocol_declaration (protocol_body (init_declaration "init" @name) @definition.function))
; a computed property runs its getter when read: a function of its type
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)
  computed_value: (computed_property) @body) @definition.function
(protocol_property_declaration
  name: (pattern bound_identifier: (simple_identifier) @name)) @definition.function
(typealias_declaration name: (type_identifier) @name) @definition.type

; closures bind names of their own; what they call belongs to the function around them
(lambda_literal) @definition.scope

; what a declaration's modifiers make of it
; (only on definitions: a private stored property would mark its type)
(([(class_declaration (modifiers (visibility_modifier) @_private))
   (protocol_declaration (modifiers (visibility_modifier) @_private))
   (function_declaration (modifiers (visibility_modifier) @_private))
   (init_declaration (modifiers (visibility_modifier) @_private))
   (property_declaration (modifiers (visibility_modifier) @_private)
     computed_value: (computed_property))]) @trait.private
  (#match? @_private "^(private|fileprivate)"))
; `protocol P { func f() }` without a body: a requirement
(protocol_body (protocol_function_declaration) @trait.requirement)

; ---- imports -----------------------------------------------------------
; `import Foo`, `@testable import Foo`, `import struct Foo.Bar`: a module
(import_declaration (identifier) @import.module) @import

; ---- inheritance -------------------------------------------------------
; `class A: B, P`: the first may be a class, the others are protocols; the
; resolver tells them by what they name
(class_declaration
  (inheritance_specifier inherits_from: (user_type) @inherit.base)) @inherit.class
(protocol_declaration
  (inheritance_specifier inherits_from: (user_type) @inherit.base)) @inherit.class

; ---- calls and values --------------------------------------------------
; `f(x)`, `T(x)` (an initialiser: the resolver tells a type from a function),
; `f { }` with a trailing closure
(call_expression . (simple_identifier) @name (call_suffix)) @reference.call
; `a.b.f(x)`, `self.f()`, `super.f()`, `x?.f()`, `T.make()`
(call_expression
  . (navigation_expression
      target: (_) @receiver
      suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
; The grammar reads `a + f()` as `(a + f)()`: the call is the right operand's.
(call_expression
  . [(additive_expression rhs: (simple_identifier) @name)
     (multiplicative_expression rhs: (simple_identifier) @name)
     (comparison_expression rhs: (simple_identifier) @name)
     (equality_expression rhs: (simple_identifier) @name)
     (conjunction_expression rhs: (simple_identifier) @name)
     (disjunction_expression rhs: (simple_identifier) @name)
     (nil_coalescing_expression if_nil: (simple_identifier) @name)]
  (call_suffix)) @reference.call
(call_expression
  . [(additive_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (multiplicative_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (comparison_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (equality_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (conjunction_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (disjunction_expression rhs: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))
     (nil_coalescing_expression if_nil: (navigation_expression
        target: (_) @receiver suffix: (navigation_suffix suffix: (simple_identifier) @name)))]
  (call_suffix)) @reference.call
; `x.total`: a read, which runs a computed property's getter
(navigation_expression
  target: (_) @receiver
  suffix: (navigation_suffix suffix: (simple_identifier) @name)) @reference.read
; a type named in an annotation, a cast or a generic argument
(user_type (type_identifier) @name .) @reference.value

; Vapor's `app.get("x", use: handler)`: the handler is entered by the route
(call_expression
  (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_verb))
  (call_suffix (value_arguments (value_argument
    name: (value_argument_label (simple_identifier) @_use)
    value: [(simple_identifier) @name
            (navigation_expression target: (_) @receiver
              suffix: (navigation_suffix suffix: (simple_identifier) @name))])))
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "on")
  (#eq? @_use "use")) @reference.route

; ---- bindings and their types ---------------------------------------------
(pattern bound_identifier: (simple_identifier) @local.binding)
(parameter name: (simple_identifier) @local.binding)
(lambda_parameter name: (simple_identifier) @local.binding)
(if_statement bound_identifier: (simple_identifier) @local.binding)
(guard_statement bound_identifier: (simple_identifier) @local.binding)

(parameter
  name: (simple_identifier) @local.typed
  [(user_type) @local.annotated
         (optional_type wrapped: (user_type) @local.annotated)])
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.typed)
  (type_annotation
    [(user_type) @local.annotated
           (optional_type wrapped: (user_type) @local.annotated)]))
; `let x = T(...)`, `let x = try T(...)`, `let x = T.make()`
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.typed)
  value: [(call_expression . (simple_identifier) @local.constructed)
          (try_expression expr: (call_expression . (simple_identifier) @local.constructed))
          (await_expression (call_expression . (simple_identifier) @local.constructed))])
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.typed)
  value: [(call_expression . (navigation_expression) @local.called)
          (try_expression expr: (call_expression . (navigation_expression) @local.called))
          (await_expression (call_expression . (navigation_expression) @local.called))])

; ---- return types --------------------------------------------------------
(function_declaration
  name: [(user_type) @return.annotated (optional_type wrapped: (user_type) @return.annotated)])
(protocol_function_declaration
  name: [(user_type) @return.annotated (optional_type wrapped: (user_type) @return.annotated)])
(property_declaration
  name: (pattern)
  (type_annotation [(user_type) @return.annotated
                          (optional_type wrapped: (user_type) @return.annotated)])
  computed_value: (computed_property))

(ERROR) @syntax.error
