; Entry points: where a PHP program is entered from outside.

; Laravel routes: `Route::get('/x', [UserController::class, 'index'])`. The
; handler's method is named by a quoted string (the resolver strips the
; quotes), its class is the receiver.
(scoped_call_expression
  scope: (name) @_route
  name: (name) @_verb
  arguments: (arguments
    (argument
      (array_creation_expression
        .
        (array_element_initializer
          (class_constant_access_expression . [(name) (qualified_name)] @receiver.raw))
        .
        (array_element_initializer (string) @name)
        .)) @reference.route)
  (#eq? @_route "Route")
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "options" "any" "match"))
; The same handler on a router object or a chain (`Route::prefix('a')->get(...)`,
; Lumen's `$router->get(...)`, Slim's `$app->get(...)`).
(member_call_expression
  name: (name) @_verb
  arguments: (arguments
    .
    (argument (string))
    .
    (argument
      (array_creation_expression
        .
        (array_element_initializer
          (class_constant_access_expression . [(name) (qualified_name)] @receiver.raw))
        .
        (array_element_initializer (string) @name)
        .)) @reference.route)
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "options" "any" "map"))
; `Route::get('/x', InvokableController::class)`: the class's `__invoke` (the
; resolver reads the name `class` so).
(scoped_call_expression
  scope: (name) @_route
  name: (name) @_verb
  arguments: (arguments
    (argument
      (class_constant_access_expression
        . [(name) (qualified_name)] @receiver.raw
        . (name) @name .)) @reference.route)
  (#eq? @_route "Route")
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "options" "any" "match")
  (#eq? @name "class"))
; `Route::resource('photos', PhotoController::class)` (seven actions) and
; `Route::apiResource` (five): the reference is named by the whole call, whose
; start tells which (its method name is the call's own).
((scoped_call_expression
  scope: (name) @_route
  name: (name) @_verb
  arguments: (arguments
    .
    (argument)
    .
    (argument
      (class_constant_access_expression . [(name) (qualified_name)] @receiver.raw))))
  @name @reference.route
  (#eq? @_route "Route")
  (#any-of? @_verb "resource" "apiResource"))

; Symfony: `#[Route('/x', methods: ['GET'])]` on a controller method.
(method_declaration
  attributes: (attribute_list (attribute_group (attribute
    [(name) @_route (qualified_name (name) @_route)])))
  (#eq? @_route "Route")) @entry.http_route

; Console commands: Symfony's `#[AsCommand]` class (its `execute` or
; `__invoke`), and an Artisan command (a `$signature` property and `handle`).
(class_declaration
  attributes: (attribute_list (attribute_group (attribute
    [(name) @_command (qualified_name (name) @_command)])))
  body: (declaration_list
    (method_declaration name: (name) @_run) @entry.cli_command)
  (#eq? @_command "AsCommand")
  (#any-of? @_run "execute" "__invoke"))
(class_declaration
  body: (declaration_list
    (property_declaration (property_element name: (variable_name) @_signature))
    (method_declaration name: (name) @_handle) @entry.cli_command)
  (#eq? @_signature "$signature")
  (#eq? @_handle "handle"))

; PHPUnit tests: `test*` methods, and methods marked `#[Test]` or `@test`.
((method_declaration name: (name) @_test) @entry.test
  (#match? @_test "^test"))
(method_declaration
  attributes: (attribute_list (attribute_group (attribute
    [(name) @_test (qualified_name (name) @_test)])))
  (#eq? @_test "Test")) @entry.test
((comment) @_doc
  .
  (method_declaration) @entry.test
  (#match? @_doc "@test\\b"))
