; Entry points: where a program is entered from outside.

; `@main struct App` (SwiftUI's `App` and swift-argument-parser's commands too)
((class_declaration (modifiers (attribute (user_type (type_identifier) @_main)))) @entry.main
  (#eq? @_main "main"))
; SwiftUI: a type conforming to `App` is the program
((class_declaration
  (inheritance_specifier inherits_from: (user_type (type_identifier) @_app))) @entry.main
  (#eq? @_app "App"))
; swift-argument-parser: a command's `run()` runs when it is invoked
((class_declaration
  (inheritance_specifier inherits_from: (user_type (type_identifier) @_command))
  body: (class_body (function_declaration name: (simple_identifier) @_run) @entry.cli_command))
  (#any-of? @_command "ParsableCommand" "AsyncParsableCommand")
  (#eq? @_run "run"))

; Vapor: `app.get("x") { req in ... }`, the closure is the route's handler
((call_expression
  (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_verb))
  (call_suffix (value_arguments (value_argument (line_string_literal)))
    (lambda_literal) @entry.http_route))
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "on"))

; XCTest: `func testY()` of a class inheriting `XCTestCase`
((class_declaration
  (inheritance_specifier inherits_from: (user_type (type_identifier) @_case))
  body: (class_body (function_declaration name: (simple_identifier) @_test) @entry.test))
  (#eq? @_case "XCTestCase")
  (#match? @_test "^test"))
; Swift Testing: `@Test func y()`
((function_declaration (modifiers (attribute (user_type (type_identifier) @_test)))) @entry.test
  (#eq? @_test "Test"))
