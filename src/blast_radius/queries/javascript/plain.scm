; JavaScript only: what the TypeScript grammars spell differently
; (see typescript/facts.scm).

; ---- inheritance -------------------------------------------------------
(class_declaration
  (class_heritage [(identifier) (member_expression)] @inherit.base)) @inherit.class
(class
  (class_heritage [(identifier) (member_expression)] @inherit.base)) @inherit.class

; ---- parameters ------------------------------------------------------
(formal_parameters (identifier) @local.binding)
(formal_parameters (assignment_pattern left: (identifier) @local.binding))
(formal_parameters (object_pattern (shorthand_property_identifier_pattern) @local.binding))
