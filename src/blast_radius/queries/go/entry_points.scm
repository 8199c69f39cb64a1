; Entry points: where a program is entered from outside. `main`, `init` and
; the public API are the resolver's (they follow from names); the queries
; find what frameworks enter.

; HTTP handlers: net/http (`http.HandleFunc("/x", h)`, `mux.Handle("GET /x", h)`)
; and the routers (gin `r.GET`, echo `e.POST`, chi `r.Get`, gorilla
; `r.HandleFunc`, fiber `app.Get`): the last argument, named.
(call_expression
  function: (selector_expression field: (field_identifier) @_method)
  arguments: (argument_list
    .
    (interpreted_string_literal (interpreted_string_literal_content) @_path)
    (identifier) @name @reference.route
    .)
  (#any-of? @_method
    "HandleFunc" "Handle" "GET" "POST" "PUT" "PATCH" "DELETE" "HEAD" "OPTIONS" "Any"
    "Get" "Post" "Put" "Patch" "Delete" "Head" "Options" "All" "Connect" "Trace")
  (#match? @_path "^([A-Z]+ +)?[^ ]*/"))
(call_expression
  function: (selector_expression field: (field_identifier) @_method)
  arguments: (argument_list
    .
    (interpreted_string_literal (interpreted_string_literal_content) @_path)
    (selector_expression operand: (identifier) @receiver field: (field_identifier) @name)
      @reference.route
    .)
  (#any-of? @_method
    "HandleFunc" "Handle" "GET" "POST" "PUT" "PATCH" "DELETE" "HEAD" "OPTIONS" "Any"
    "Get" "Post" "Put" "Patch" "Delete" "Head" "Options" "All" "Connect" "Trace")
  (#match? @_path "^([A-Z]+ +)?[^ ]*/"))
; ... or written inline: the function around it is entered.
(call_expression
  function: (selector_expression field: (field_identifier) @_method)
  arguments: (argument_list
    .
    (interpreted_string_literal (interpreted_string_literal_content) @_path)
    (func_literal) @entry.http_route
    .)
  (#any-of? @_method
    "HandleFunc" "Handle" "GET" "POST" "PUT" "PATCH" "DELETE" "HEAD" "OPTIONS" "Any"
    "Get" "Post" "Put" "Patch" "Delete" "Head" "Options" "All" "Connect" "Trace")
  (#match? @_path "^([A-Z]+ +)?[^ ]*/"))

; Commands: cobra's `&cobra.Command{RunE: run}` and urfave/cli's `Action: run`.
(keyed_element
  key: (literal_element (identifier) @_key)
  value: (literal_element (identifier) @name @reference.command)
  (#any-of? @_key "Run" "RunE" "PreRun" "PreRunE" "PersistentPreRun" "PersistentPreRunE" "Action"))
(keyed_element
  key: (literal_element (identifier) @_key)
  value: (literal_element (func_literal) @entry.cli_command)
  (#any-of? @_key "Run" "RunE" "PreRun" "PreRunE" "PersistentPreRun" "PersistentPreRunE" "Action"))
