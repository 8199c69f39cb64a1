; Elixir: `defmodule A.B` (a module named across files), `def`/`defp`/
; `defmacro` (by the head's name, with or without a guard), ExUnit's titled
; `describe`/`test` blocks, `alias`/`import`/`require`, and calls.

(call
  target: (identifier) @_define
  (arguments . (alias) @name)
  (do_block)? @body
  (#any-of? @_define "defmodule" "defprotocol")) @definition.namespace

(call
  target: (identifier) @_define
  (arguments .
    [(call target: (identifier) @name)
     (identifier) @name
     (binary_operator left: (call target: (identifier) @name))
     (binary_operator left: (identifier) @name)])
  (#any-of? @_define "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate")) @definition.function

(call
  target: (identifier) @_block
  (arguments . (string (quoted_content) @name))
  (do_block)
  (#any-of? @_block "describe" "test")) @definition.function

; `alias A.B` binds B; `alias A.B, as: C` binds C; `require A.B` binds A.B
(call
  target: (identifier) @_alias
  (arguments . (alias) @import.module @import.alias .)
  (#any-of? @_alias "alias" "require")) @import
(call
  target: (identifier) @_alias
  (arguments . (alias) @import.module
    (keywords (pair key: (keyword) @_as value: (alias) @import.alias)))
  (#eq? @_alias "alias")
  (#match? @_as "^as:")) @import
; `import A.B`: A.B's functions by their bare names
(call
  target: (identifier) @_import
  (arguments . (alias) @import.module)
  (#eq? @_import "import")) @import

(call
  target: (identifier) @name
  (#not-match? @name "^(defmodule|defprotocol|defimpl|def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate|defstruct|defexception|defoverridable|alias|import|require|use|describe|test|setup|setup_all|if|unless|case|cond|with|for|fn|quote|unquote|raise|try|receive|assert|refute)$")) @reference.call
(call
  target: (dot left: [(alias) (identifier)] @receiver right: (identifier) @name)) @reference.call

(ERROR) @syntax.error

; `@spec f(t) :: t` names functions in a type, calls none: a scope whose
; references are types only
(unary_operator
  operator: "@"
  operand: (call target: (identifier) @_attribute)
  (#match? @_attribute "^(spec|type|typep|opaque|callback|macrocallback)$")) @definition.scope
(unary_operator
  operator: "@"
  operand: (call target: (identifier) @_attribute)
  (#match? @_attribute "^(spec|type|typep|opaque|callback|macrocallback)$")) @trait.types_only

; a titled block's title is no name code calls
(call
  target: (identifier) @_block
  (arguments . (string))
  (do_block)
  (#any-of? @_block "describe" "test")) @trait.titled
