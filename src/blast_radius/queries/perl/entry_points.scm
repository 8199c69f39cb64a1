; Test::More's subtests are tests.
(ambiguous_function_call_expression
  function: (function) @_subtest
  arguments: (list_expression (anonymous_subroutine_expression) @entry.test)
  (#eq? @_subtest "subtest"))
