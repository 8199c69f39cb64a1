; ExUnit's `test "..." do ... end` blocks are tests.
(call
  target: (identifier) @_test
  (arguments . (string))
  (do_block) @entry.test
  (#eq? @_test "test"))

; Mix tasks: `def run(args)` of a module under `Mix.Tasks`.
(call
  target: (identifier) @_module
  (arguments . (alias) @_name)
  (do_block
    (call
      target: (identifier) @_def
      (arguments . (call target: (identifier) @_run))) @entry.cli_command)
  (#eq? @_module "defmodule")
  (#match? @_name "^Mix[.]Tasks[.]")
  (#eq? @_def "def")
  (#eq? @_run "run"))
