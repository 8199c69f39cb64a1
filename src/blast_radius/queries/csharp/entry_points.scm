; Entry points: where a program is entered from outside.

; `static void Main(string[] args)`, `static async Task<int> Main()`.
((method_declaration
  (modifier) @_static
  name: (identifier) @_main) @entry.main
  (#eq? @_static "static")
  (#eq? @_main "Main"))

; Top-level statements: the file is the program's entry point.
(compilation_unit (global_statement [
  (expression_statement) (local_declaration_statement) (return_statement) (if_statement)
  (try_statement) (using_statement) (foreach_statement) (for_statement) (while_statement)
]) @entry.main)

; ASP.NET Core: an action of a controller, by its HTTP attribute
; (`[HttpGet("{id}")]`, `[Route("x")]` on a method).
(method_declaration
  (attribute_list (attribute name: [(identifier) @_route (qualified_name name: (identifier) @_route)]))
  (#any-of? @_route
    "HttpGet" "HttpPost" "HttpPut" "HttpPatch" "HttpDelete" "HttpHead" "HttpOptions" "Route"
    "HttpGetAttribute" "HttpPostAttribute" "HttpPutAttribute" "HttpPatchAttribute"
    "HttpDeleteAttribute" "RouteAttribute")) @entry.http_route

; Minimal APIs: `app.MapGet("/x", handler)`; an inline handler enters the
; member (or the top-level program) it is written in, a named one is entered
; itself.
(invocation_expression
  function: (member_access_expression name: (identifier) @_map)
  arguments: (argument_list
    .
    (argument (string_literal))
    .
    (argument [(lambda_expression) (anonymous_method_expression)] @entry.http_route))
  (#any-of? @_map "MapGet" "MapPost" "MapPut" "MapPatch" "MapDelete" "MapMethods" "Map" "MapFallback"))
(invocation_expression
  function: (member_access_expression name: (identifier) @_map)
  arguments: (argument_list
    .
    (argument (string_literal))
    .
    (argument [
      (identifier) @name
      (member_access_expression expression: (_) @receiver name: (identifier) @name)
    ] @reference.route))
  (#any-of? @_map "MapGet" "MapPost" "MapPut" "MapPatch" "MapDelete" "MapMethods" "Map" "MapFallback"))

; Azure Functions and hosted services.
(method_declaration
  (attribute_list (attribute name: (identifier) @_function))
  (#any-of? @_function "Function" "FunctionName")) @entry.function
(class_declaration
  (base_list (identifier) @_hosted)
  body: (declaration_list
    (method_declaration name: (identifier) @_run) @entry.job)
  (#any-of? @_hosted "BackgroundService" "IHostedService")
  (#any-of? @_run "ExecuteAsync" "StartAsync"))

; Tests: xUnit `[Fact]`/`[Theory]`, NUnit `[Test]`/`[TestCase]`/
; `[TestCaseSource]`, MSTest `[TestMethod]`/`[DataTestMethod]`.
(method_declaration
  (attribute_list (attribute name: [(identifier) @_test (qualified_name name: (identifier) @_test)]))
  (#any-of? @_test
    "Fact" "Theory" "Test" "TestCase" "TestCaseSource" "TestMethod" "DataTestMethod"
    "FactAttribute" "TheoryAttribute" "TestAttribute" "TestMethodAttribute")) @entry.test

; A public method of a controller class (`CartController`) is an action,
; with or without an HTTP attribute (conventional routing maps them all).
(class_declaration
  name: (identifier) @_controller
  body: (declaration_list
    (method_declaration (modifier) @_public) @entry.http_route)
  (#match? @_controller "Controller$")
  (#eq? @_public "public"))
