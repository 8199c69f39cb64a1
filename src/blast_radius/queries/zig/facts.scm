; Zig: containers bound to a name (`const Cart = struct { ... }`), functions,
; titled `test` blocks, `@import("x.zig")` bound to a name, and calls.

(variable_declaration
  (identifier) @name
  [(struct_declaration) (enum_declaration) (union_declaration) (opaque_declaration)] @body) @definition.class

(function_declaration name: (identifier) @name body: (block) @body) @definition.function

(test_declaration [(string (string_content) @name) (identifier) @name]) @definition.function

(variable_declaration
  (identifier) @import.alias
  (builtin_function
    (builtin_identifier) @_import
    (arguments (string (string_content) @import.module)))
  (#eq? @_import "@import")) @import

(call_expression function: (identifier) @name) @reference.call
(call_expression
  function: (field_expression object: (_) @receiver member: (identifier) @name)) @reference.call

(ERROR) @syntax.error

; a titled test's title is no name code calls
(test_declaration (string)) @trait.titled
