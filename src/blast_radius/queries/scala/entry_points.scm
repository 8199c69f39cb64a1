; Entry points: where a program is entered from outside.

; `object Main extends App`
(object_definition
  extend: (extends_clause (type_identifier) @_app)
  (#eq? @_app "App")) @entry.main
; `def main(args: Array[String])` in an object
(object_definition body: (template_body
  (function_definition name: (identifier) @_main parameters: (parameters)) @entry.main)
  (#eq? @_main "main"))
; Scala 3's `@main def run()`
(function_definition
  (annotation name: (type_identifier) @_main)
  (#eq? @_main "main")) @entry.main

; Tests. ScalaTest's `"x" should "y" in { }`, `it should "z" in { }`,
; `"x" in { }` (WordSpec, FreeSpec), `"x" must "y" in { }`: the class
; holding one is a test class.
(infix_expression
  operator: (identifier) @_in
  right: (block)
  (#any-of? @_in "in" "ignore")) @entry.test
; FunSuite, AnyFunSuite and MUnit: `test("name") { }`
(call_expression
  function: (call_expression function: (identifier) @_test arguments: (arguments . (string)))
  arguments: (block)
  (#any-of? @_test "test" "property")) @entry.test
; JUnit in Scala: `@Test def adds(): Unit`
(function_definition
  (annotation name: (type_identifier) @_test)
  (#any-of? @_test "Test" "ParameterizedTest")) @entry.test
