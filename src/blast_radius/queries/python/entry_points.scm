; Entry points: where a program is entered from outside. Each capture
; @entry.<kind> marks a definition (or, for a module, a statement) as an
; entry point of that kind.

; HTTP routes: Flask, FastAPI, Starlette and similar decorators.
(decorated_definition
  (decorator
    [(call function: (attribute attribute: (identifier) @_d))
     (attribute attribute: (identifier) @_d)])
  definition: (function_definition) @entry.http_route
  (#any-of? @_d "route" "get" "post" "put" "delete" "patch" "head" "options"
    "websocket" "api_route"))

; Command-line commands: click and typer.
(decorated_definition
  (decorator
    [(call function: [(attribute attribute: (identifier) @_d) (identifier) @_d])
     (attribute attribute: (identifier) @_d)])
  definition: (function_definition) @entry.cli_command
  (#any-of? @_d "command" "group"))

; Scheduled and queued jobs: celery, dramatiq, APScheduler.
(decorated_definition
  (decorator
    [(call function: [(attribute attribute: (identifier) @_d) (identifier) @_d])
     (attribute attribute: (identifier) @_d)
     (identifier) @_d])
  definition: (function_definition) @entry.job
  (#any-of? @_d "task" "shared_task" "periodic_task" "scheduled_job" "actor"))

; A module run as a program.
(if_statement
  condition: (comparison_operator
    (identifier) @_n
    (string (string_content) @_m))
  (#eq? @_n "__name__")
  (#eq? @_m "__main__")) @entry.main
