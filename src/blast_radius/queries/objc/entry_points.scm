; XCTest's `test...` methods are tests; C's `main` is the program's entry.
((method_definition . (method_type) . (identifier) @_test) @entry.test
  (#match? @_test "^test"))
((function_definition
  declarator: (function_declarator declarator: (identifier) @_main)) @entry.main
  (#eq? @_main "main"))
