; Entry points: where a program is entered from outside.

; A top-level `fun main()` or `fun main(args: Array<String>)`.
(source_file
  (function_declaration name: (identifier) @_main) @entry.main
  (#eq? @_main "main"))

; Spring MVC, JAX-RS, Micronaut: a handler function's mapping annotation,
; `@GetMapping("/x")` or `@GET`.
(function_declaration
  (modifiers (annotation [(user_type (identifier) @_route) (constructor_invocation (user_type (identifier) @_route))]))
  (#any-of? @_route
    "GetMapping" "PostMapping" "PutMapping" "PatchMapping" "DeleteMapping" "RequestMapping"
    "GET" "POST" "PUT" "PATCH" "DELETE" "HEAD" "OPTIONS"
    "Get" "Post" "Put" "Patch" "Delete")) @entry.http_route

; Jobs and messaging.
(function_declaration
  (modifiers (annotation [(user_type (identifier) @_job) (constructor_invocation (user_type (identifier) @_job))]))
  (#any-of? @_job "Scheduled" "KafkaListener" "JmsListener" "RabbitListener" "EventListener"))
  @entry.job

; Tests: JUnit and TestNG functions, by their annotation.
(function_declaration
  (modifiers (annotation [(user_type (identifier) @_test) (constructor_invocation (user_type (identifier) @_test))]))
  (#any-of? @_test "Test" "ParameterizedTest" "RepeatedTest" "TestFactory" "TestTemplate"))
  @entry.test
