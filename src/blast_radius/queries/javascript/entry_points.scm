; Entry points: where a program is entered from outside (see the Python
; queries). @entry.<kind> marks the definition it sits in.

; HTTP routes with an inline handler (Express, Koa, Fastify, Hono):
; `app.get("/users", auth, (req, res) => ...)`. The handler is a definition
; named by its path; like a test's title, the path binds no name.
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)]
    property: (property_identifier) @_method)
  arguments: (arguments
    .
    (string) @name
    [(arrow_function body: (_) @body) (function_expression body: (_) @body)]
    .)
  (#any-of? @_method "get" "post" "put" "patch" "delete" "del" "all" "options" "head")
  (#match? @name "^.\/")) @definition.function
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)]
    property: (property_identifier) @_method)
  arguments: (arguments
    .
    (string (string_fragment) @_path)
    [(arrow_function) (function_expression)] @entry.http_route
    .)
  (#any-of? @_method "get" "post" "put" "patch" "delete" "del" "all" "options" "head")
  (#match? @_path "^/")) @trait.titled

; A command-line action: commander's `.action(fn)`, yargs' `.command(..., handler)`.
(call_expression
  function: (member_expression property: (property_identifier) @_action)
  arguments: (arguments . [(arrow_function) (function_expression)] @entry.cli_command .)
  (#eq? @_action "action"))

; A route whose handler is a name (`router.get("/users", listUsers)`,
; `app.post("/x", auth, users.create)`): the handler is the entry point.
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)]
    property: (property_identifier) @_method)
  arguments: (arguments
    .
    (string (string_fragment) @_path)
    (identifier) @name @reference.route
    .)
  (#any-of? @_method "get" "post" "put" "patch" "delete" "del" "all" "options" "head")
  (#match? @_path "^/"))
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)]
    property: (property_identifier) @_method)
  arguments: (arguments
    .
    (string (string_fragment) @_path)
    (member_expression object: (identifier) @receiver property: (property_identifier) @name)
      @reference.route
    .)
  (#any-of? @_method "get" "post" "put" "patch" "delete" "del" "all" "options" "head")
  (#match? @_path "^/"))
(call_expression
  function: (member_expression property: (property_identifier) @_action)
  arguments: (arguments . (identifier) @name @reference.command .)
  (#eq? @_action "action"))
