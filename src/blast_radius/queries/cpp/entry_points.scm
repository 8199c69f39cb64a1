; GoogleTest: `TEST(Suite, Name) { ... }` reads as a function named TEST whose
; parameters are the suite and the test; the name is the parameter list,
; which the resolver writes `Suite.Name` (the `gtest` trait says so).
(function_definition
  declarator: (function_declarator
    declarator: (identifier) @_macro
    parameters: (parameter_list) @name)
  body: (_) @body
  (#any-of? @_macro "TEST" "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")) @definition.function
(function_definition
  declarator: (function_declarator declarator: (identifier) @_macro)
  (#any-of? @_macro "TEST" "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")) @entry.test
(function_definition
  declarator: (function_declarator declarator: (identifier) @_macro)
  (#any-of? @_macro "TEST" "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")) @trait.gtest
; `TEST_F(Fixture, Name)`: the body is a method of a subclass of the fixture.
(function_definition
  declarator: (function_declarator declarator: (identifier) @_macro)
  (#any-of? @_macro "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")) @trait.gtest_fixture

; Catch2 and doctest: `TEST_CASE("title", "[tag]") { ... }` reads as a call
; followed by a block; the block is the test, named by its title.
((expression_statement
   (call_expression
     function: (identifier) @_macro
     arguments: (argument_list . (string_literal (string_content) @name))))
 .
 (compound_statement) @definition.function
 (#any-of? @_macro "TEST_CASE" "SCENARIO"))
((expression_statement
   (call_expression
     function: (identifier) @_macro
     arguments: (argument_list . (string_literal))))
 .
 (compound_statement) @entry.test
 (#any-of? @_macro "TEST_CASE" "SCENARIO"))
((expression_statement
   (call_expression
     function: (identifier) @_macro
     arguments: (argument_list . (string_literal))))
 .
 (compound_statement) @trait.titled
 (#any-of? @_macro "TEST_CASE" "SCENARIO"))
