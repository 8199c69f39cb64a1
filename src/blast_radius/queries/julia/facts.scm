; Julia: modules (named across files), functions (long and short forms),
; structs, Test's titled `@testset`s, `include("x.jl")`, `using`/`import`,
; and calls.

(module_definition name: (identifier) @name) @definition.namespace
(struct_definition (type_head [(identifier) @name (binary_expression . (identifier) @name)])) @definition.type
(abstract_definition (type_head [(identifier) @name (binary_expression . (identifier) @name)])) @definition.type

(function_definition
  (signature [(call_expression . (identifier) @name)
              (typed_expression . (call_expression . (identifier) @name))
              (where_expression . (call_expression . (identifier) @name))])) @definition.function
(assignment . (call_expression . (identifier) @name) (operator)) @definition.function

(macrocall_expression
  (macro_identifier (identifier) @_testset)
  (macro_argument_list . (string_literal (content) @name))
  (#eq? @_testset "testset")) @definition.function

; `include("money.jl")` runs the file here: its definitions by their bare names
(call_expression
  . (identifier) @_include
  (argument_list . (string_literal (content) @import.module))
  (#eq? @_include "include")) @import
; `using A.B` / `using .Money`: the module's names bare
(using_statement [(identifier) (import_path) (scoped_identifier)] @import.module) @import
(import_statement (selected_import . [(identifier) (import_path) (scoped_identifier)] @import.module)) @import
(using_statement (selected_import . [(identifier) (import_path) (scoped_identifier)] @import.module)) @import
; `import A.B`: the module by its name
(import_statement [(identifier) (import_path) (scoped_identifier)] @import.module @import.alias) @import

(call_expression
  . (identifier) @name
  (#not-match? @name "^(include)$")) @reference.call
(call_expression
  . (field_expression value: (_) @receiver . (identifier) @name)) @reference.call

(ERROR) @syntax.error

; a titled block's title is no name code calls
(macrocall_expression
  (macro_identifier (identifier) @_testset)
  (macro_argument_list . (string_literal))
  (#eq? @_testset "testset")) @trait.titled
