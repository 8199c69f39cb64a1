; JSX (JavaScript and TSX, not TypeScript): what a component renders.

; JSX renders its components: `<Widget />`, `<Ns.Item>`; lower-case tags are
; the platform's elements.
((jsx_self_closing_element name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))
((jsx_opening_element name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))
(jsx_self_closing_element
  name: (member_expression object: (identifier) @receiver property: (property_identifier) @name))
  @reference.call
(jsx_opening_element
  name: (member_expression object: (identifier) @receiver property: (property_identifier) @name))
  @reference.call

(jsx_expression (identifier) @name @reference.value)

; A handler written in JSX (`onClick={() => ...}`) binds its own parameters.
(jsx_expression [(arrow_function) (function_expression)] @definition.scope)
