; Perl: subs, block packages (`package A { ... }`), Test::More's titled
; `subtest`s, `use`/`require` of a module, function calls (bare or
; `A::B::f`) and method calls (`A::B->m`, `$self->m`).

(subroutine_declaration_statement name: (bareword) @name body: (block) @body) @definition.function
(package_statement name: (package) @name (block) @body) @definition.namespace

(ambiguous_function_call_expression
  function: (function) @_subtest
  arguments: (list_expression . (_ (string_content) @name) (anonymous_subroutine_expression))
  (#eq? @_subtest "subtest")) @definition.function

; `use A::B` gives its exported names bare, and A::B itself
(use_statement module: (package) @import.module) @import
(use_statement module: (package) @import.module @import.alias) @import
(require_expression (bareword) @import.module @import.alias) @import

(function_call_expression function: (function) @name) @reference.call
(ambiguous_function_call_expression
  function: (function) @name
  (#not-match? @name "^(subtest)$")) @reference.call
(method_call_expression invocant: (_) @receiver.path method: (method) @name) @reference.call

(ERROR) @syntax.error

; a titled block's title is no name code calls
(ambiguous_function_call_expression
  function: (function) @_subtest
  arguments: (list_expression . (_ (string_content)) (anonymous_subroutine_expression))
  (#eq? @_subtest "subtest")) @trait.titled
