; busted's examples are tests.
(function_call
  name: (identifier) @_example
  arguments: (arguments . (string) (function_definition) @entry.test)
  (#any-of? @_example "it" "test" "pending"))
