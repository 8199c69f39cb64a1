; Entry points: where a program is entered from outside. What a type's
; conformances make of it (a SwiftUI `App`, an argument-parser command's
; `run()`, an `XCTestCase`'s `test*` methods, through base classes too) the
; resolver finds: it knows the conformances of every part of a type.

; `@main struct App` (SwiftUI's `App` and swift-argument-parser's commands too)
((class_declaration (modifiers (attribute (user_type (type_identifier) @_main)))) @entry.main
  (#eq? @_main "main"))

; Vapor: `app.get("x") { req in ... }`, the closure is the route's handler
((call_expression
  (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_verb))
  (call_suffix (value_arguments (value_argument (line_string_literal)))
    (lambda_literal) @entry.http_route))
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "on"))

; Swift Testing: `@Test func y()`
((function_declaration (modifiers (attribute (user_type (type_identifier) @_test)))) @entry.test
  (#eq? @_test "Test"))
