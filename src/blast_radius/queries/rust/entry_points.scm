; Entry points: where a program is entered from outside.

; `fn main` at a file's top level (the resolver keeps those of bin crates'
; roots); `#[tokio::main]` changes nothing.
(source_file (function_item name: (identifier) @_main) @entry.main (#eq? @_main "main"))

; Tests: `#[test]`, `#[tokio::test]`, `#[rstest]`, `#[test_case(..)]`, with any
; other attributes or comments between it and the function.
((attribute_item
  (attribute [(identifier) @_test (scoped_identifier name: (identifier) @_test)]))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  (function_item) @entry.test
  (#any-of? @_test "test" "rstest" "test_case" "quickcheck"))

; actix-web and rocket: `#[get("/x")]` on the handler.
((attribute_item
  (attribute
    [(identifier) @_route (scoped_identifier name: (identifier) @_route)]
    arguments: (token_tree . (string_literal))))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  (function_item) @entry.http_route
  (#any-of? @_route "get" "post" "put" "delete" "patch" "head" "options" "route"))

; axum: `.route("/x", get(h).post(h2))`, the handlers named; actix-web:
; `web::get().to(h)`.
(call_expression
  function: [(identifier) @_method (scoped_identifier name: (identifier) @_method)]
  arguments: (arguments . [(identifier) (scoped_identifier)] @name @reference.route .)
  (#any-of? @_method "get" "post" "put" "delete" "patch" "head" "options" "any"))
(call_expression
  function: (field_expression
    value: (call_expression
      function: [(identifier) @_first (scoped_identifier name: (identifier) @_first)])
    field: (field_identifier) @_method)
  arguments: (arguments . [(identifier) (scoped_identifier)] @name @reference.route .)
  (#any-of? @_first "get" "post" "put" "delete" "patch" "head" "options" "any")
  (#any-of? @_method "get" "post" "put" "delete" "patch" "head" "options" "to"))
(call_expression
  function: (field_expression
    value: (call_expression
      function: (field_expression
        value: (call_expression
          function: [(identifier) @_first (scoped_identifier name: (identifier) @_first)])))
    field: (field_identifier) @_method)
  arguments: (arguments . [(identifier) (scoped_identifier)] @name @reference.route .)
  (#any-of? @_first "get" "post" "put" "delete" "patch" "head" "options" "any")
  (#any-of? @_method "get" "post" "put" "delete" "patch" "head" "options"))

; clap: `#[derive(Parser)]`, `#[derive(Subcommand)]` types are the command line.
((attribute_item
  (attribute (identifier) @_derive arguments: (token_tree (identifier) @_clap)))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  [(struct_item) (enum_item)] @entry.cli_command
  (#eq? @_derive "derive")
  (#any-of? @_clap "Parser" "Subcommand"))
