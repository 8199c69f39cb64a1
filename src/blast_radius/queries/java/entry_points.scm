; Entry points: where a program is entered from outside.

; `public static void main(String[] args)`
((method_declaration
  (modifiers "static")
  type: (void_type)
  name: (identifier) @_main) @entry.main
  (#eq? @_main "main"))

; Spring MVC, JAX-RS, Micronaut: a handler method's mapping annotation.
(method_declaration
  (modifiers [(annotation name: (identifier) @_route) (marker_annotation name: (identifier) @_route)])
  (#any-of? @_route
    "GetMapping" "PostMapping" "PutMapping" "PatchMapping" "DeleteMapping" "RequestMapping"
    "GET" "POST" "PUT" "PATCH" "DELETE" "HEAD" "OPTIONS"
    "Get" "Post" "Put" "Patch" "Delete")) @entry.http_route

; Jobs and messaging: `@Scheduled`, `@KafkaListener`, `@JmsListener`, `@RabbitListener`, `@EventListener`.
(method_declaration
  (modifiers [(annotation name: (identifier) @_job) (marker_annotation name: (identifier) @_job)])
  (#any-of? @_job "Scheduled" "KafkaListener" "JmsListener" "RabbitListener" "EventListener"))
  @entry.job

; picocli: a `@Command` class's `call`/`run`.
(class_declaration
  (modifiers [(annotation name: (identifier) @_command) (marker_annotation name: (identifier) @_command)])
  body: (class_body
    (method_declaration name: (identifier) @_run) @entry.cli_command)
  (#eq? @_command "Command")
  (#any-of? @_run "call" "run"))

; Tests: JUnit 4 and 5 and TestNG methods, by their annotation (`@Test`,
; `@org.junit.Test`, `@ParameterizedTest`, ...).
(method_declaration
  (modifiers [
    (annotation name: [(identifier) @_test (scoped_identifier name: (identifier) @_test)])
    (marker_annotation name: [(identifier) @_test (scoped_identifier name: (identifier) @_test)])
  ])
  (#any-of? @_test "Test" "ParameterizedTest" "RepeatedTest" "TestFactory" "TestTemplate"))
  @entry.test
