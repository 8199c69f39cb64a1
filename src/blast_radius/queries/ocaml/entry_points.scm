; ppx_inline_test's `let%test`, `let%test_unit` and ppx_expect's `let%expect_test`.
(value_definition
  (attribute_id) @_test
  (let_binding body: (_) @entry.test)
  (#match? @_test "^(test|test_unit|expect_test)$"))
