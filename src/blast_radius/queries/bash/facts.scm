; Bash: functions (`f() { ...; }`, `function f { ...; }`), `source`/`.` of a
; file, and commands, which call a function when one has their name.

(function_definition name: (word) @name body: (_) @body) @definition.function

(command
  name: (command_name (word) @_source)
  argument: [(word) (string) (raw_string) (concatenation)] @import.module
  (#match? @_source "^(source|[.])$")) @import

(command
  name: (command_name (word) @name)
  (#not-match? @name "^(source|[.])$")) @reference.call

(ERROR) @syntax.error
