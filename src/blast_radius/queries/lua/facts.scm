; Lua: functions (`function f`, `local function f`, `function M.f`, `function
; M:m`, named by what is written), busted's titled blocks, `require`, calls.

(function_declaration
  name: [(identifier) (dot_index_expression) (method_index_expression)] @name
  body: (block)? @body) @definition.function

; busted: `describe("cart", function() ... end)`, `it("adds", ...)`
(function_call
  name: (identifier) @_block
  arguments: (arguments . (string content: (string_content) @name) (function_definition))
  (#any-of? @_block "describe" "context" "it" "test" "pending")) @definition.function

; `local m = require "a.b"` / `require("a.b")`: a module bound to a name...
(variable_declaration
  (assignment_statement
    (variable_list name: (identifier) @import.alias)
    (expression_list
      value: (function_call
        name: (identifier) @_require
        arguments: (arguments (string content: (string_content) @import.module)))))
  (#eq? @_require "require")) @import

; ...or run for what it defines (a statement of its own)
([(chunk) (block)]
  (function_call
    name: (identifier) @_require
    arguments: (arguments (string content: (string_content) @import.module))) @import
  (#eq? @_require "require"))

(function_call
  name: (identifier) @name
  (#not-match? @name "^(require|describe|context|it|test|pending)$")) @reference.call
(function_call
  name: (dot_index_expression table: (_) @receiver field: (identifier) @name)) @reference.call
(function_call
  name: (method_index_expression table: (_) @receiver method: (identifier) @name)) @reference.call

(ERROR) @syntax.error

; a titled block's title is no name code calls
(function_call
  name: (identifier) @_block
  arguments: (arguments . (string) (function_definition))
  (#any-of? @_block "describe" "context" "it" "test" "pending")) @trait.titled
