; hspec's examples are tests; `main` is the program's entry.
(infix
  left_operand: (apply function: (variable) @_example argument: (literal (string)))
  right_operand: (_) @entry.test
  (#any-of? @_example "it" "specify" "prop"))
((bind name: (variable) @_main) @entry.main (#eq? @_main "main"))
((function name: (variable) @_main) @entry.main (#eq? @_main "main"))
