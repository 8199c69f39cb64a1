; Entry points: where a program is entered from outside. @entry.<kind> marks
; the definition it sits in (Rails routes are read by the resolver).

; Tests: RSpec's examples and minitest's `test "..." do` (titled blocks), and
; minitest's `def test_...` methods.
(call
  method: (identifier) @_example
  arguments: (argument_list . [(string) (simple_symbol)])
  block: [(do_block) (block)] @entry.test
  (#any-of? @_example "it" "specify" "example" "scenario" "its" "test"))
((method name: (identifier) @_test) @entry.test
  (#match? @_test "^test_"))

; Sinatra's routes: `get "/" do ... end`.
(call
  !receiver
  method: (identifier) @_verb
  arguments: (argument_list . (string (string_content) @_path))
  block: [(do_block) (block)] @entry.http_route
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "head" "options")
  (#match? @_path "^/"))

; Rake's tasks: `task :build do ... end`, `task build: [:deps] do ... end`.
(call
  method: (identifier) @_task
  arguments: (argument_list . [(simple_symbol) (string) (pair)])
  block: [(do_block) (block)] @entry.cli_command
  (#eq? @_task "task"))
