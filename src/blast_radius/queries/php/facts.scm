; PHP facts: classes, interfaces, traits and enums and their members,
; functions, namespaces, `use` imports, calls, the types written for
; parameters, properties and results, inheritance. The resolver
; (core/resolve_php.py) names them by namespace and reads receivers as
; written (`@receiver.raw`: `$this->repo`, `\App\Util`, `parent`).

; ---- definitions -------------------------------------------------------
(class_declaration name: (name) @name body: (declaration_list) @body) @definition.class
(trait_declaration name: (name) @name body: (declaration_list) @body) @definition.class
(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @definition.class
(interface_declaration name: (name) @name body: (declaration_list) @body) @definition.interface
(trait_declaration) @trait.trait
(enum_declaration) @trait.enum

(method_declaration
  name: (name) @name
  parameters: (formal_parameters) @parameters
  body: (compound_statement)? @body) @definition.function
(function_definition
  name: (name) @name
  parameters: (formal_parameters) @parameters
  body: (compound_statement) @body) @definition.function

; `namespace A { ... }`: a scope of its own; `namespace A;` names the rest of the file.
(namespace_definition
  name: (namespace_name) @name
  body: (compound_statement) @body) @definition.namespace
(namespace_definition
  !name
  body: (compound_statement) @body) @definition.namespace
(namespace_definition
  name: (namespace_name) @local.typed @local.namespace
  !body)

; Closures bind names of their own; what they call belongs to the function around them.
(anonymous_function) @definition.scope
(arrow_function) @definition.scope
(anonymous_class) @definition.scope
(anonymous_class) @trait.anonymous_class

; ---- imports -----------------------------------------------------------
; `use A\B\C;`, `use A\B\C as D, E;`: the class (or namespace) A\B\C. A
; declaration's keyword (`use function`) is a field of its first clause.
(namespace_use_declaration
  .
  (namespace_use_clause
    !type
    .
    [(name) (qualified_name)] @import.module
    alias: (name)? @import.alias)) @import
(namespace_use_declaration
  .
  (namespace_use_clause !type)
  (namespace_use_clause
    .
    [(name) (qualified_name)] @import.module
    alias: (name)? @import.alias)) @import
; `use A\B\{C, D as E};`: the members C and D of A\B.
(namespace_use_declaration
  !type
  (namespace_name) @import.source
  body: (namespace_use_group
    (namespace_use_clause
      !type
      .
      [(name) (qualified_name)] @import.name
      alias: (name)? @import.alias))) @import
; `use function A\f, B\g;`, `use const A\X;`: the keyword is the source, each
; qualified name a member.
(namespace_use_declaration
  (namespace_use_clause
    type: _ @import.source
    .
    [(name) (qualified_name)] @import.name
    alias: (name)? @import.alias)) @import
(namespace_use_declaration
  (namespace_use_clause type: _ @import.source)
  (namespace_use_clause
    !type
    .
    [(name) (qualified_name)] @import.name
    alias: (name)? @import.alias)) @import

; ---- inheritance -------------------------------------------------------
(class_declaration (base_clause [(name) (qualified_name)] @inherit.base)) @inherit.class
(class_declaration
  (class_interface_clause [(name) (qualified_name)] @inherit.base @inherit.implements))
  @inherit.class
(enum_declaration
  (class_interface_clause [(name) (qualified_name)] @inherit.base @inherit.implements))
  @inherit.class
(interface_declaration (base_clause [(name) (qualified_name)] @inherit.base)) @inherit.class
; `use T;` in a class body includes a trait: inheritance, not an import.
(class_declaration
  body: (declaration_list (use_declaration [(name) (qualified_name)] @inherit.base)))
  @inherit.class
(trait_declaration
  body: (declaration_list (use_declaration [(name) (qualified_name)] @inherit.base)))
  @inherit.class
(enum_declaration
  body: (enum_declaration_list (use_declaration [(name) (qualified_name)] @inherit.base)))
  @inherit.class
; `new class extends B implements I { ... }`: calls in its body look in B.
(anonymous_class (base_clause [(name) (qualified_name)] @inherit.base)) @inherit.class
(anonymous_class
  (class_interface_clause [(name) (qualified_name)] @inherit.base @inherit.implements))
  @inherit.class

; ---- calls and values --------------------------------------------------
; `f()`, `A\f()`, `\f()`: a function, named as written.
(function_call_expression
  function: [(name) (qualified_name)] @name
  arguments: (arguments) @arguments) @reference.call
; `$x->m()`, `$x?->m()`: the receiver as written.
(member_call_expression
  object: (_) @receiver.raw
  name: (name) @name
  arguments: (arguments) @arguments) @reference.call
(nullsafe_member_call_expression
  object: (_) @receiver.raw
  name: (name) @name
  arguments: (arguments) @arguments) @reference.call
; `C::m()`, `self::m()`, `static::m()`, `parent::m()`.
(scoped_call_expression
  scope: (_) @receiver.raw
  name: (name) @name
  arguments: (arguments) @arguments) @reference.call
; `new C(...)`: the receiver is the keyword (the resolver tells a class from a function).
(object_creation_expression
  "new" @receiver.raw
  [(name) (qualified_name)] @name
  (arguments)? @arguments) @reference.call

; Classes named where a value is typed, tested, caught or read through its
; class (`C::class`, `C::X`, `C::$x`), and attributes: references to the class.
(named_type [(name) (qualified_name)] @name) @reference.value
(binary_expression
  operator: "instanceof"
  right: [(name) (qualified_name)] @name) @reference.value
(class_constant_access_expression . [(name) (qualified_name)] @name) @reference.value
(scoped_property_access_expression scope: [(name) (qualified_name)] @name) @reference.value
(attribute [(name) (qualified_name)] @name) @reference.value

; ---- bindings and their types ---------------------------------------------
(formal_parameters (simple_parameter name: (variable_name) @local.binding)) @parameters
(formal_parameters
  (variadic_parameter name: (variable_name) @local.binding @parameter.var_positional))
  @parameters
(formal_parameters (property_promotion_parameter name: (variable_name) @local.binding))
  @parameters
(assignment_expression left: (variable_name) @local.binding)
(foreach_statement (variable_name) @local.binding)
(foreach_statement (pair (variable_name) @local.binding))
(catch_clause name: (variable_name) @local.binding)
; (`function () use ($x)` binds no new value: $x is the function's around it)

; Parameters typed `C $x`, `?C $x`, `C|null $x`.
(simple_parameter
  type: [
    (named_type [(name) (qualified_name)] @local.annotated)
    (optional_type (named_type [(name) (qualified_name)] @local.annotated))
    (union_type (named_type [(name) (qualified_name)] @local.annotated) . "|" . (primitive_type) .)
  ]
  name: (variable_name) @local.typed)
; `public function __construct(private Repo $repo)`: a parameter and a property.
(property_promotion_parameter
  type: [
    (named_type [(name) (qualified_name)] @local.promoted)
    (optional_type (named_type [(name) (qualified_name)] @local.promoted))
  ]
  name: (variable_name) @local.typed)
; `private ?Repo $repo;`
(property_declaration
  type: [
    (named_type [(name) (qualified_name)] @local.field)
    (optional_type (named_type [(name) (qualified_name)] @local.field))
  ]
  (property_element name: (variable_name) @local.typed))
; `$x = new C()`, `$this->x = new C()`; `$x = f()` through f's result.
(assignment_expression
  left: (variable_name) @local.typed
  right: (object_creation_expression [(name) (qualified_name)] @local.constructed))
(assignment_expression
  left: (member_access_expression
    object: (variable_name) @_this
    name: (name) @local.typed)
  right: (object_creation_expression [(name) (qualified_name)] @local.property)
  (#eq? @_this "$this"))
; `catch (NotFound $e)`: one class caught.
(catch_clause
  type: (type_list . (named_type [(name) (qualified_name)] @local.annotated) .)
  name: (variable_name) @local.typed)
; `$this->repo = $repo;` (a constructor keeping a typed parameter): the
; property has the parameter's type.
(assignment_expression
  left: (member_access_expression
    object: (variable_name) @_this
    name: (name) @local.typed)
  right: (variable_name) @local.kept
  (#eq? @_this "$this"))
(assignment_expression
  left: (variable_name) @local.typed
  right: [
    (member_call_expression)
    (scoped_call_expression)
    (nullsafe_member_call_expression)
    (function_call_expression)
    (member_access_expression)
  ] @local.called)

;  Docblocks, where no type is declared: `/** @var Repo */` on a property,
; `@param Repo $repo` and `@return Repo` on a method or function (the
; resolver reads the tags).
((comment) @local.docblock
  .
  (property_declaration !type (property_element name: (variable_name) @local.typed))
  (#match? @local.docblock "^/[*][*]"))
((comment) @local.docblock
  .
  (method_declaration name: (name) @local.typed)
  (#match? @local.docblock "^/[*][*]"))
((comment) @local.docblock
  .
  (function_definition name: (name) @local.typed)
  (#match? @local.docblock "^/[*][*]"))

; ---- return types --------------------------------------------------------
(method_declaration
  return_type: [
    (named_type [(name) (qualified_name)] @return.annotated)
    (optional_type (named_type [(name) (qualified_name)] @return.annotated))
  ])
(function_definition
  return_type: [
    (named_type [(name) (qualified_name)] @return.annotated)
    (optional_type (named_type [(name) (qualified_name)] @return.annotated))
  ])

(ERROR) @syntax.error
