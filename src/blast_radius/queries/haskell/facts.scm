; Haskell: functions and bindings (each equation of a function is one
; definition: they share an id), data types, newtypes and classes, hspec's
; titled `describe`/`it` blocks, `import [qualified] A.B [as C]`, and
; applications of names (bare, qualified, infix in backticks).

(function name: (variable) @name) @definition.function
(bind name: (variable) @name) @definition.function
(data_type name: (name) @name) @definition.type
(newtype name: (name) @name) @definition.type
(class name: (name) @name) @definition.class

(infix
  left_operand: (apply
    function: (variable) @_block
    argument: (literal (string) @name))
  (#any-of? @_block "describe" "context" "it" "specify" "prop")) @definition.function

(import module: (module) @import.module alias: (module)? @import.alias) @import

(apply
  function: (variable) @name
  (#not-match? @name "^(describe|context|it|specify|prop)$")) @reference.call
(apply
  function: (qualified module: (module) @receiver.raw id: (variable) @name)) @reference.call
(infix operator: (infix_id (variable) @name)) @reference.call
(infix operator: (infix_id (qualified module: (module) @receiver.raw id: (variable) @name))) @reference.call
; a function passed as a value (`map helper xs`)
(apply argument: (variable) @name) @reference.value

(ERROR) @syntax.error

; a titled block's title is no name code calls
(infix
  left_operand: (apply function: (variable) @_block argument: (literal (string)))
  (#any-of? @_block "describe" "context" "it" "specify" "prop")) @trait.titled
