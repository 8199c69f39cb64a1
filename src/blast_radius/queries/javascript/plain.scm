; JavaScript only: what the TypeScript grammars spell differently
; (see typescript/facts.scm).

; ---- inheritance -------------------------------------------------------
(class_declaration
  (class_heritage [(identifier) (member_expression)] @inherit.base)) @inherit.class
(class
  (class_heritage [(identifier) (member_expression)] @inherit.base)) @inherit.class

; ---- parameters ------------------------------------------------------
; Each child of a parameter list is a parameter (@parameters holds the list):
; a name, one with a default, `...rest`, or a destructuring pattern.
(formal_parameters (identifier) @local.binding) @parameters
(formal_parameters
  (assignment_pattern left: (identifier) @local.binding) @parameter.default) @parameters
(formal_parameters (rest_pattern (identifier) @local.binding @parameter.var_positional)) @parameters
(formal_parameters [(object_pattern) (array_pattern)] @parameter.name) @parameters
(formal_parameters (assignment_pattern left: [(object_pattern) (array_pattern)]) @parameter.name)
  @parameters
(formal_parameters (comment) @parameter.extra) @parameters
(formal_parameters (object_pattern (shorthand_property_identifier_pattern) @local.binding))

; A class field holding a function is a method (TypeScript: public_field_definition).
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  @definition.function
