; Test's `@testset "..." begin ... end` blocks are tests.
(macrocall_expression
  (macro_identifier (identifier) @_testset)
  (macro_argument_list . (string_literal) (_) @entry.test)
  (#eq? @_testset "testset"))
