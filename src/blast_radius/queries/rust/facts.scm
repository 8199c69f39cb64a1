; Rust facts: items, `use` trees and `mod` declarations, calls, the types
; written for parameters, locals and fields, impl blocks and derives. The
; resolver (core/resolve_rust.py) builds the crate and module tree from
; Cargo.toml and the `mod` declarations, and names items by module path.

; ---- definitions -------------------------------------------------------
(function_item name: (identifier) @name body: (block) @body) @definition.function
; A trait's required method, declared without a body.
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @definition.class
(trait_item name: (type_identifier) @name body: (declaration_list) @body) @definition.interface
(type_item name: (type_identifier) @name) @definition.type
; An inline module `mod m { ... }` is a namespace of its own.
(mod_item name: (identifier) @name body: (declaration_list) @body) @definition.namespace
; An impl block is no symbol: it names the type its methods belong to.
(impl_item type: (_) @name body: (declaration_list) @body) @definition.scope
; Closures bind names of their own; what they call belongs to the function around them.
(closure_expression) @definition.scope
; So do a match arm and an `if let`/`while let`: `Ast::Class(ref x) => x.span()`
; binds x for that arm only, each arm's x of its own type.
(match_arm) @definition.scope
(if_expression condition: (let_condition)) @definition.scope
(while_expression condition: (let_condition)) @definition.scope

; ---- imports -----------------------------------------------------------
; A `use` tree is read whole, as written (`a::{b, c as d, self}`); the
; resolver splits it. A private `use` is an `@import.module`; a `pub` one an
; `@import.name` whose `@import.source` is its visibility (`pub`, `pub(crate)`).
(use_declaration . argument: (_) @import.module) @import
(use_declaration (visibility_modifier) @import.source argument: (_) @import.name) @import
; `mod foo;` loads a file: the keyword `mod` as the source, the module's name,
; and a `#[path = "..."]` attribute's file as the alias.
(mod_item "mod" @import.source name: (identifier) @import.name !body) @import
((attribute_item
  (attribute (identifier) @_path value: (string_literal (string_content) @import.alias)))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  (mod_item "mod" @import.source name: (identifier) @import.name !body) @import
  (#eq? @_path "path"))

; ---- inheritance -------------------------------------------------------
; `impl Trait for T`: the impl block implements the trait.
(impl_item trait: (_) @inherit.base @inherit.implements) @inherit.class
; Supertraits: `trait A: B + C`.
(trait_item
  bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @inherit.base))
  @inherit.class
; `#[derive(A, B)]`: the type implements each derived trait.
((attribute_item
  (attribute (identifier) @_derive arguments: (token_tree (identifier) @inherit.base @inherit.implements)))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  [(struct_item) (enum_item) (union_item)] @inherit.class
  (#eq? @_derive "derive"))

; ---- calls and values --------------------------------------------------
; `f()`, `a::b::f()`, `T::new()`, `Self::f()`: the whole path is the name.
(call_expression function: [(identifier) (scoped_identifier)] @name) @reference.call
(call_expression
  function: (generic_function function: [(identifier) (scoped_identifier)] @name)) @reference.call
; `x.m()`, `self.m()`, `a.b.m()`, `x.m::<T>()`
(call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.call
; A struct literal `T { .. }` makes a T.
(struct_expression name: [(type_identifier) (scoped_type_identifier)] @name) @reference.call

; Calls written as a macro's arguments (`assert_eq!(total(&cart), 3)`): the
; macro's tokens are no syntax tree, so a call is an identifier before a
; parenthesised group, after a token no path or receiver ends with; a method
; call needs a lone name or `self` before its dot.
(token_tree
  ["(" "[" "{" "," ";" "=" "==" "!=" "<" ">" "<=" ">=" "&" "&&" "||" "!" "+" "-" "*" "/" "%" "=>" "?"]
  .
  (identifier) @name
  .
  (token_tree)) @reference.call
(token_tree
  ["(" "[" "{" "," ";" "=" "==" "!=" "<" ">" "<=" ">=" "&" "&&" "||" "!" "+" "-" "*" "/" "%" "=>" "?"]
  .
  [(identifier) (self)] @receiver
  .
  "."
  .
  [(identifier) (primitive_type)] @name
  .
  (token_tree)) @reference.call

; Functions, constants and enum variants used as values: passed, assigned,
; returned, matched.
(arguments [(identifier) (scoped_identifier)] @name @reference.value)
(let_declaration value: (scoped_identifier) @name @reference.value)
(field_initializer value: [(identifier) (scoped_identifier)] @name @reference.value)
(return_expression (scoped_identifier) @name @reference.value)
(assignment_expression right: (scoped_identifier) @name @reference.value)
(binary_expression (scoped_identifier) @name @reference.value)
(array_expression (scoped_identifier) @name @reference.value)
(tuple_expression (scoped_identifier) @name @reference.value)
(match_pattern (scoped_identifier) @name @reference.value)
(tuple_struct_pattern type: (scoped_identifier) @name @reference.value)
(struct_pattern type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(block (scoped_identifier) @name @reference.value .)

; Types named where a value is declared, returned, or a type is built from them.
(parameter type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(let_declaration type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(field_declaration type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(ordered_field_declaration_list type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(function_item return_type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(function_signature_item return_type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(reference_type type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(pointer_type type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(generic_type type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(type_arguments [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(tuple_type [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(array_type element: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(dynamic_type trait: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(abstract_type trait: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(trait_bounds [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(type_item type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(const_item type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)
(static_item type: [(type_identifier) (scoped_type_identifier)] @name @reference.value)

; ---- bindings and their types ---------------------------------------------
(parameter pattern: (identifier) @local.binding)
(parameter pattern: (mut_pattern (identifier) @local.binding))
(let_declaration pattern: (identifier) @local.binding)
(let_declaration pattern: (mut_pattern (identifier) @local.binding))
(let_declaration pattern: (tuple_pattern (identifier) @local.binding))
(closure_parameters (identifier) @local.binding)
(closure_parameters (parameter pattern: (identifier) @local.binding))
(for_expression pattern: (identifier) @local.binding)
(tuple_struct_pattern
  type: (_)
  [(identifier) @local.binding
   (ref_pattern (identifier) @local.binding)
   (ref_pattern (mut_pattern (identifier) @local.binding))
   (mut_pattern (identifier) @local.binding)])

(parameter pattern: (identifier) @local.typed type: (_) @local.annotated)
(parameter pattern: (mut_pattern (identifier) @local.typed) type: (_) @local.annotated)
(let_declaration pattern: (identifier) @local.typed type: (_) @local.annotated)
(let_declaration pattern: (mut_pattern (identifier) @local.typed) type: (_) @local.annotated)
; `let x = T::new()`: through the declared result of what is called.
(let_declaration
  pattern: [(identifier) @local.typed (mut_pattern (identifier) @local.typed)]
  !type
  value: (call_expression function: [(identifier) (scoped_identifier)] @local.called))
; `let x = T { .. }`
(let_declaration
  pattern: [(identifier) @local.typed (mut_pattern (identifier) @local.typed)]
  !type
  value: (struct_expression name: (_) @local.constructed))
; `let x = "a"`, `let x = vec![..]`, `let x = &y`: a value no call can be made
; on, so that `x(..)` before or after it still calls the function x.
(let_declaration
  pattern: [(identifier) @local.typed (mut_pattern (identifier) @local.typed)]
  !type
  value: [
    (macro_invocation) (string_literal) (raw_string_literal) (integer_literal) (float_literal)
    (boolean_literal) (char_literal) (reference_expression) (try_expression) (array_expression)
    (tuple_expression) (binary_expression) (unsafe_block) (index_expression) (field_expression)
    (unary_expression) (range_expression) (type_cast_expression)
  ] @local.valued)
; `Kind::Variant(x)` (one field): x is the variant's field.
(tuple_struct_pattern
  type: (_) @local.destructured
  .
  [(identifier) @local.typed
   (ref_pattern (identifier) @local.typed)
   (ref_pattern (mut_pattern (identifier) @local.typed))
   (mut_pattern (identifier) @local.typed)]
  .)
; An enum's variants of one field, as typed facts of the enum.
(enum_variant
  name: (identifier) @local.typed
  body: (ordered_field_declaration_list . type: (_) @local.variant .))
; Generic parameters, as typed facts of the item declaring them: `<T>` is a
; type of its own there (`generic`), and each bound (`T: Tr`, `where T: Tr`)
; is kept, as a type switch's cases are (`asserted`): `x: T` calls Tr's methods.
(type_parameter name: (type_identifier) @local.typed @local.generic)
(type_parameter
  name: (type_identifier) @local.typed
  bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @local.asserted))
(where_predicate
  left: (type_identifier) @local.typed
  bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @local.asserted))
; A struct's fields, as typed facts of the struct.
(field_declaration name: (field_identifier) @local.typed type: (_) @local.field)

; ---- cfg ---------------------------------------------------------------
; `#[cfg(...)]` on an item, a `mod` or a `use`, and a file's `#![cfg(...)]`:
; typed facts of the item's name (of the whole `use` tree), whose "type" is
; the predicate. The resolver keeps what the default features and `test`
; build, so that of two alternatives (`#[cfg(feature = "x")] fn imp()` and
; `#[cfg(not(...))] fn imp()`) names find the one compiled.
((attribute_item (attribute (identifier) @_cfg arguments: (token_tree) @local.cfg))
  .
  [(attribute_item) (line_comment) (block_comment)]*
  .
  [
    (function_item name: (_) @local.typed)
    (struct_item name: (_) @local.typed)
    (enum_item name: (_) @local.typed)
    (union_item name: (_) @local.typed)
    (trait_item name: (_) @local.typed)
    (type_item name: (_) @local.typed)
    (mod_item name: (_) @local.typed)
    (impl_item type: (_) @local.typed)
    (use_declaration argument: (_) @local.typed)
  ]
  (#eq? @_cfg "cfg"))
(source_file
  (inner_attribute_item (attribute (identifier) @local.typed arguments: (token_tree) @local.cfg))
  (#eq? @local.typed "cfg"))

; ---- return types --------------------------------------------------------
(function_item return_type: (_) @return.annotated)
(function_signature_item return_type: (_) @return.annotated)

(ERROR) @syntax.error

; A trait's method declared without a body: its implementations must follow it.
(function_signature_item) @trait.required
