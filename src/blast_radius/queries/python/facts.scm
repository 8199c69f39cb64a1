; Python facts: definitions, imports, calls, references, inheritance,
; and local bindings (entry points are in entry_points.scm). Capture names follow tree-sitter's
; tags convention (@definition.*, @reference.*, @name); the import, inherit,
; local, export, region and entry captures are this project's own.

; ---- definitions -------------------------------------------------------
(class_definition
  name: (identifier) @name
  body: (_) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (_) @body) @definition.function

; Lambdas and comprehensions bind names of their own.
[
  (lambda)
  (list_comprehension)
  (set_comprehension)
  (dictionary_comprehension)
  (generator_expression)
] @definition.scope

; A decorated definition's extent starts at its first decorator.
(decorated_definition
  definition: (_) @definition.decorated) @definition.extent

; ---- imports -----------------------------------------------------------
(import_statement
  name: (dotted_name) @import.module) @import

(import_statement
  name: (aliased_import
    name: (dotted_name) @import.module
    alias: (identifier) @import.alias)) @import

(import_from_statement
  module_name: (_) @import.source
  name: (dotted_name) @import.name) @import

(import_from_statement
  module_name: (_) @import.source
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias)) @import

(import_from_statement
  module_name: (_) @import.source
  (wildcard_import) @import.star) @import

; Imports under `if TYPE_CHECKING:` only exist for the type checker.
(if_statement
  condition: [
    (identifier) @_tc
    (attribute attribute: (identifier) @_tc)
  ]
  consequence: (block) @region.type_only
  (#eq? @_tc "TYPE_CHECKING"))

; ---- calls and references ------------------------------------------------
(call
  function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @receiver
    attribute: (identifier) @name)) @reference.call

; Methods called on literals belong to builtin types.
(call
  function: (attribute
    object: [(string) (concatenated_string) (list) (dictionary) (set) (tuple)
             (integer) (float) (list_comprehension) (dictionary_comprehension)
             (set_comprehension)] @receiver.literal
    attribute: (identifier) @name)) @reference.call

; A bare decorator is a call of the decorator on the definition.
(decorator (identifier) @name) @reference.call

(decorator
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name)) @reference.call

; Functions and classes passed or stored as values.
(argument_list (identifier) @name @reference.value)

(argument_list
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(keyword_argument
  value: (identifier) @name @reference.value)

(keyword_argument
  value: (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(assignment
  right: (identifier) @name @reference.value)

(assignment
  right: (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(return_statement (identifier) @name @reference.value)

(default_parameter value: (identifier) @name @reference.value)

(typed_default_parameter value: (identifier) @name @reference.value)

(list (identifier) @name @reference.value)

(tuple (identifier) @name @reference.value)

(pair value: (identifier) @name @reference.value)

; Annotations name the classes a function works with.
(type (identifier) @name @reference.value)

(type
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(type (generic_type (identifier) @name @reference.value))

(type (generic_type (type_parameter (type (identifier) @name @reference.value))))

; ---- inheritance -------------------------------------------------------
(class_definition
  superclasses: (argument_list
    [(identifier) (attribute)] @inherit.base)) @inherit.class

(class_definition
  superclasses: (argument_list
    (subscript value: [(identifier) (attribute)] @inherit.base))) @inherit.class

; ---- local bindings (they shadow module-level names) -------------------
(parameters (identifier) @local.binding)
(parameters (typed_parameter (identifier) @local.binding))
(parameters (default_parameter name: (identifier) @local.binding))
(parameters (typed_default_parameter name: (identifier) @local.binding))
(parameters (list_splat_pattern (identifier) @local.binding))
(parameters (dictionary_splat_pattern (identifier) @local.binding))
(lambda_parameters (identifier) @local.binding)
(assignment left: (identifier) @local.binding)
(assignment left: (pattern_list (identifier) @local.binding))
(assignment left: (tuple_pattern (identifier) @local.binding))
(augmented_assignment left: (identifier) @local.binding)
(for_statement left: (identifier) @local.binding)
(for_statement left: (pattern_list (identifier) @local.binding))
(for_in_clause left: (identifier) @local.binding)
(for_in_clause left: (pattern_list (identifier) @local.binding))
(as_pattern_target (identifier) @local.binding)
(named_expression name: (identifier) @local.binding)

; Attributes of self assigned in methods; their values are unknown.
(assignment
  left: (attribute
    object: (identifier) @_self
    attribute: (identifier)) @local.binding
  (#eq? @_self "self"))

; ---- known types of local names (constructor calls, annotations) -------
(assignment
  left: (identifier) @local.typed
  right: (call function: [(identifier) (attribute)] @local.constructed))

(assignment
  left: (attribute
    object: (identifier) @_self
    attribute: (identifier)) @local.typed
  right: (call function: [(identifier) (attribute)] @local.constructed)
  (#eq? @_self "self"))

(assignment
  left: (identifier) @local.typed
  type: (type [(identifier) (attribute)] @local.annotated))

(parameters
  (typed_parameter
    (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

(parameters
  (typed_default_parameter
    name: (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

; ---- declared public names -------------------------------------------
(expression_statement
  (assignment
    left: (identifier) @_all
    right: [(list (string (string_content) @export.name))
            (tuple (string (string_content) @export.name))]
  (#eq? @_all "__all__")))

(expression_statement
  (augmented_assignment
    left: (identifier) @_all
    right: [(list (string (string_content) @export.name))
            (tuple (string (string_content) @export.name))]
  (#eq? @_all "__all__")))

; ---- syntax errors -----------------------------------------------------
(ERROR) @syntax.error
(MISSING) @syntax.error
