; package:test's examples are tests; a top-level `main` is the program's entry.
((identifier) @_test
  .
  (selector (argument_part (arguments (argument (function_expression) @entry.test))))
  (#any-of? @_test "test" "testWidgets"))
(program
  (function_signature name: (identifier) @_main)
  .
  (function_body) @entry.main
  (#eq? @_main "main"))
