; Objective-C: `@implementation` classes (a category reopens its class),
; methods (by their selector's first part), C functions, `#import "X.h"`,
; message sends and C calls.

(class_implementation . (identifier) @name) @definition.class

(method_definition . (method_type) . (identifier) @name (compound_statement) @body) @definition.function
(method_definition . (identifier) @name (compound_statement) @body) @definition.function

(function_definition
  declarator: (function_declarator declarator: (identifier) @name)
  body: (compound_statement) @body) @definition.function

(preproc_include path: (string_literal (string_content) @import.module)) @import

(message_expression receiver: (_) @receiver . method: (identifier) @name) @reference.call
(call_expression function: (identifier) @name) @reference.call

(ERROR) @syntax.error
