; OCaml: `let` bindings (functions and values), `module M = struct ... end`,
; ppx_inline_test's titled `let%test "..."`, `open M`, and applications of
; names (bare or qualified by a module path).

(let_binding pattern: (value_name) @name body: (_) @body) @definition.function
(let_binding pattern: (string (string_content) @name) body: (_) @body) @definition.function
(module_binding (module_name) @name body: (structure) @body) @definition.namespace

(open_module module: (module_path) @import.module) @import

(application_expression function: (value_path . (value_name) @name)) @reference.call
(application_expression
  function: (value_path (module_path) @receiver (value_name) @name)) @reference.call
; a function passed as a value (`List.iter log xs`)
(application_expression argument: (value_path . (value_name) @name)) @reference.value

(ERROR) @syntax.error

; a titled test's title is no name code calls
(let_binding pattern: (string)) @trait.titled
