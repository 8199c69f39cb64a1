; `test "..." { ... }` blocks are tests; `pub fn main` is the program's entry.
(test_declaration (block) @entry.test)
((function_declaration name: (identifier) @_main) @entry.main
  (#eq? @_main "main"))
