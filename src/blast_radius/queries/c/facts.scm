; C facts, read by the C grammar and (shared) by the C++ grammar: both name
; these nodes alike. What only C++ has is in cpp/facts.scm.

; `#include "x.h"` and `#include <x.h>`: the path as written, quotes or angle
; brackets kept, so the resolver knows where to search.
(preproc_include path: (_) @import.module) @import

; A function definition: its name, at any depth of pointer declarators
; (`char *f(void)`, `char **f(void)`).
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)
  body: (_) @body
  (#not-any-of? @name "TEST" "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P")) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator
    declarator: (parenthesized_declarator (identifier) @name)))
  body: (_) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name)))
  body: (_) @body) @definition.function

; A prototype: a declaration of a function without its body. The resolver
; pairs it with the definition (the trait tells it there is no body).
(declaration
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(declaration
  declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(declaration
  declarator: (pointer_declarator declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name)))) @definition.function
; `int (f)(void);`: a name in parentheses keeps a function-like macro of
; the same name from expanding.
(declaration
  declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name))) @definition.function
(declaration
  declarator: (pointer_declarator declarator: (function_declarator
    declarator: (parenthesized_declarator (identifier) @name)))) @definition.function
(declaration declarator: [
  (function_declarator declarator: (parenthesized_declarator))
  (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator)))]) @trait.declaration
(declaration declarator: [
  (function_declarator)
  (pointer_declarator declarator: (function_declarator))
  (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator)))]) @trait.declaration

; `static`: internal linkage, the name is the file's own.
(function_definition (storage_class_specifier) @_s (#eq? @_s "static")) @trait.static
(declaration (storage_class_specifier) @_s (#eq? @_s "static")
  declarator: [(function_declarator) (pointer_declarator)]) @trait.static

; Calls: `f(x)`, and `s.f(x)` / `p->f(x)` (a function pointer in a struct,
; or a C++ method).
(call_expression function: (identifier) @name arguments: (_) @arguments) @reference.call
; `(f)(x)`: a call of the function, not of the macro named f
(call_expression function: (parenthesized_expression (identifier) @name) arguments: (_) @arguments) @reference.call
(call_expression
  function: (field_expression argument: (_) @receiver field: (field_identifier) @name)
  arguments: (_) @arguments) @reference.call

; A function named without being called: `qsort(a, n, s, compare)`, `.cb = f`.
(argument_list (identifier) @name @reference.value)
(init_declarator value: (identifier) @name @reference.value)
(initializer_list (identifier) @name @reference.value)
(initializer_pair value: (identifier) @name @reference.value)
(assignment_expression right: (identifier) @name @reference.value)

; Typed locals and parameters: `T x;`, `T *p = ...;`, `T &r`.
(declaration type: [(type_identifier) (struct_specifier name: (_))] @local.annotated
  declarator: [
    (identifier) @local.typed
    (pointer_declarator declarator: (identifier) @local.typed)
    (init_declarator declarator: (identifier) @local.typed)
    (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.typed))
  ])
(parameter_declaration type: [(type_identifier) (struct_specifier name: (_))] @local.annotated
  declarator: [
    (identifier) @local.typed
    (pointer_declarator declarator: (identifier) @local.typed)
  ])

; `main`: the program's entry point.
(function_definition
  declarator: (function_declarator declarator: (identifier) @_main)
  (#eq? @_main "main")) @entry.main

(ERROR) @syntax.error

; Parameters and locals: a name they bind is no function.
(parameter_declaration declarator: [
  (identifier) @local.binding
  (pointer_declarator declarator: (identifier) @local.binding)
  (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.binding))])
(declaration declarator: [
  (identifier) @local.binding
  (init_declarator declarator: (identifier) @local.binding)
  (pointer_declarator declarator: (identifier) @local.binding)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.binding))])
