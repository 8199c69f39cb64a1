; Dart: classes, mixins, extensions and enums; methods and functions (the
; grammar puts a function's signature and body side by side: the body is the
; definition, the signature its extent); `test`/`group` titled blocks;
; `import 'x.dart' [as p]`; calls.

(class_definition name: (identifier) @name body: (_) @body) @definition.class
(mixin_declaration (identifier) @name (class_body) @body) @definition.class
(extension_declaration name: (identifier) @name body: (_) @body) @definition.class
(enum_declaration name: (identifier) @name body: (_) @body) @definition.enum

(class_body
  (method_signature [(function_signature name: (identifier) @name)
                     (getter_signature name: (identifier) @name)
                     (setter_signature name: (identifier) @name)])
  .
  (function_body) @definition.function @body)
(program
  (function_signature name: (identifier) @name)
  .
  (function_body) @definition.function @body)
(class_body
  (method_signature) @definition.extent
  .
  (function_body) @definition.decorated)
(program
  (function_signature) @definition.extent
  .
  (function_body) @definition.decorated)

; package:test's `test('adds', () { ... })` and `group(...)`
((identifier) @_block
  .
  (selector
    (argument_part (arguments . (argument (string_literal) @name) (argument (function_expression))))) @definition.function
  (#any-of? @_block "test" "group" "testWidgets"))

(library_import
  (import_specification
    (configurable_uri (uri (string_literal) @import.module))
    (identifier)? @import.alias)) @import

((identifier) @name @reference.call
  .
  (selector (argument_part))
  (#not-match? @name "^(test|group|testWidgets|setUp|tearDown)$"))
([(identifier) (this)] @receiver
  .
  (selector (unconditional_assignable_selector (identifier) @name @reference.call))
  .
  (selector (argument_part)))

(ERROR) @syntax.error

; a titled block's title is no name code calls
((identifier) @_block
  .
  (selector
    (argument_part (arguments . (argument (string_literal)) (argument (function_expression))))) @trait.titled
  (#any-of? @_block "test" "group" "testWidgets"))
