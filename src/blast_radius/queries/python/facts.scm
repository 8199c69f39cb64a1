; Python facts: definitions, imports, calls, references, inheritance,
; and local bindings (entry points are in entry_points.scm). Capture names follow tree-sitter's
; tags convention (@definition.*, @reference.*, @name); the import, inherit,
; local, export, region, entry, parameter, argument and signature captures
; are this project's own.

; ---- definitions -------------------------------------------------------
(class_definition
  name: (identifier) @name
  body: (_) @body) @definition.class

(function_definition
  name: (identifier) @name
  parameters: (parameters) @parameters
  body: (_) @body) @definition.function

; Lambdas and comprehensions bind names of their own.
[
  (lambda)
  (list_comprehension)
  (set_comprehension)
  (dictionary_comprehension)
  (generator_expression)
] @definition.scope

; A decorated definition's extent starts at its first decorator.
(decorated_definition
  definition: (_) @definition.decorated) @definition.extent

; ---- imports -----------------------------------------------------------
(import_statement
  name: (dotted_name) @import.module) @import

(import_statement
  name: (aliased_import
    name: (dotted_name) @import.module
    alias: (identifier) @import.alias)) @import

(import_from_statement
  module_name: (_) @import.source
  name: (dotted_name) @import.name) @import

(import_from_statement
  module_name: (_) @import.source
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias)) @import

(import_from_statement
  module_name: (_) @import.source
  (wildcard_import) @import.star) @import

; Imports under `if TYPE_CHECKING:` only exist for the type checker.
(if_statement
  condition: [
    (identifier) @_tc
    (attribute attribute: (identifier) @_tc)
  ]
  consequence: (block) @region.type_only
  (#eq? @_tc "TYPE_CHECKING"))

; ---- calls and references ------------------------------------------------
; @arguments is a call's argument list: each of its named children is a
; positional argument unless captured below as something else. A call whose
; one argument is a bare generator (`f(x for x in y)`) has @argument.single.
(call
  function: (identifier) @name
  arguments: [(argument_list) @arguments (generator_expression) @argument.single]) @reference.call

(call
  function: (attribute
    object: (_) @receiver
    attribute: (identifier) @name)
  arguments: [(argument_list) @arguments (generator_expression) @argument.single]) @reference.call

; Methods called on literals belong to builtin types.
(call
  function: (attribute
    object: [(string) (concatenated_string) (list) (dictionary) (set) (tuple)
             (integer) (float) (list_comprehension) (dictionary_comprehension)
             (set_comprehension)] @receiver.literal
    attribute: (identifier) @name)) @reference.call

; A bare decorator is a call of the decorator on the definition: its one
; argument is the decorated definition.
(decorator (identifier) @name) @reference.call @argument.decorated

(decorator
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name)) @reference.call @argument.decorated

; What an argument list holds besides positional arguments.
(argument_list (keyword_argument name: (identifier) @argument.keyword)) @arguments
(argument_list (list_splat) @argument.splat) @arguments
(argument_list (dictionary_splat) @argument.keyword_splat) @arguments
(argument_list (comment) @argument.extra) @arguments
(argument_list (ERROR) @argument.unknown) @arguments

; Functions and classes passed or stored as values.
(argument_list (identifier) @name @reference.value)

(argument_list
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(keyword_argument
  value: (identifier) @name @reference.value)

(keyword_argument
  value: (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(assignment
  right: (identifier) @name @reference.value)

(assignment
  right: (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(return_statement (identifier) @name @reference.value)

(default_parameter value: (identifier) @name @reference.value)

(typed_default_parameter value: (identifier) @name @reference.value)

(list (identifier) @name @reference.value)

(tuple (identifier) @name @reference.value)

(pair value: (identifier) @name @reference.value)

; Annotations name the classes a function works with.
(type (identifier) @name @reference.value)

(type
  (attribute
    object: (_) @receiver
    attribute: (identifier) @name) @reference.value)

(type (generic_type (identifier) @name @reference.value))

(type (generic_type (type_parameter (type (identifier) @name @reference.value))))

; ---- signatures -------------------------------------------------------
; Each named child of a function's @parameters is a parameter (most are
; captured with the local bindings below), a marker (`/` ends the
; positional-only parameters, `*` starts the keyword-only ones) or an extra
; (a comment). A list holding anything else has an unknown signature.
; @parameter.name captures a parameter that is no local binding.
(parameters
  (typed_parameter (list_splat_pattern (identifier) @parameter.var_positional))) @parameters
(parameters
  (typed_parameter (dictionary_splat_pattern (identifier) @parameter.var_keyword))) @parameters
(parameters (positional_separator) @parameter.positional_only) @parameters
(parameters (keyword_separator) @parameter.keyword_only) @parameters
(parameters (comment) @parameter.extra) @parameters

; Functions defined directly in a class body are methods: their first
; parameter receives the instance. Class methods receive the class, static
; methods nothing.
(class_definition body: (block) @signature.instance_methods)

(decorated_definition
  (decorator (identifier) @_decorator)
  definition: (function_definition) @signature.class_method
  (#eq? @_decorator "classmethod"))

(decorated_definition
  (decorator (identifier) @_decorator)
  definition: (function_definition) @signature.static_method
  (#eq? @_decorator "staticmethod"))

; ---- inheritance -------------------------------------------------------
(class_definition
  superclasses: (argument_list
    [(identifier) (attribute)] @inherit.base)) @inherit.class

(class_definition
  superclasses: (argument_list
    (subscript value: [(identifier) (attribute)] @inherit.base))) @inherit.class

; ---- local bindings (they shadow module-level names) -------------------
; A function's parameters: a binding matched with the function's @parameters
; is also a parameter of its signature (of the kind @parameter.* says, or
; positional-or-keyword).
(parameters (identifier) @local.binding) @parameters
(parameters (typed_parameter (identifier) @local.binding)) @parameters
(parameters (default_parameter name: (identifier) @local.binding) @parameter.default) @parameters
(parameters
  (typed_default_parameter name: (identifier) @local.binding) @parameter.default) @parameters
(parameters (list_splat_pattern (identifier) @local.binding @parameter.var_positional)) @parameters
(parameters
  (dictionary_splat_pattern (identifier) @local.binding @parameter.var_keyword)) @parameters
(lambda_parameters (identifier) @local.binding)
(assignment left: (identifier) @local.binding)
(assignment left: (pattern_list (identifier) @local.binding))
(assignment left: (tuple_pattern (identifier) @local.binding))
(augmented_assignment left: (identifier) @local.binding)
(for_statement left: (identifier) @local.binding)
(for_statement left: (pattern_list (identifier) @local.binding))
(for_in_clause left: (identifier) @local.binding)
(for_in_clause left: (pattern_list (identifier) @local.binding))
(as_pattern_target (identifier) @local.binding)
(named_expression name: (identifier) @local.binding)

; Attributes of self assigned in methods; their values are unknown.
(assignment
  left: (attribute
    object: (identifier) @_self
    attribute: (identifier)) @local.binding
  (#eq? @_self "self"))

; ---- known types of local names (constructor calls, annotations) -------
(assignment
  left: (identifier) @local.typed
  right: (call function: [(identifier) (attribute)] @local.constructed))

(assignment
  left: (attribute
    object: (identifier) @_self
    attribute: (identifier)) @local.typed
  right: (call function: [(identifier) (attribute)] @local.constructed)
  (#eq? @_self "self"))

(assignment
  left: (identifier) @local.typed
  type: (type [(identifier) (attribute)] @local.annotated))

(parameters
  (typed_parameter
    (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

(parameters
  (typed_default_parameter
    name: (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

; ---- declared public names -------------------------------------------
(expression_statement
  (assignment
    left: (identifier) @_all
    right: [(list (string (string_content) @export.name))
            (tuple (string (string_content) @export.name))]
  (#eq? @_all "__all__")))

(expression_statement
  (augmented_assignment
    left: (identifier) @_all
    right: [(list (string (string_content) @export.name))
            (tuple (string (string_content) @export.name))]
  (#eq? @_all "__all__")))

; ---- syntax errors -----------------------------------------------------
(ERROR) @syntax.error
(MISSING) @syntax.error

; ---- pytest fixtures -----------------------------------------------------
; What test frameworks read from the source: the literal arguments of
; decorator calls (`@pytest.fixture(name="db", autouse=True)`,
; `@pytest.mark.usefixtures("db")`, `@pytest.mark.parametrize("x, y", ...)`)
; and what each function returns or yields (a fixture's value).
; @literal.value is a string without its quotes (a plain one: an f-string is
; no literal), or a keyword's number, boolean or None; a tuple or list of
; strings counts only as the first argument (parametrize's names).
(decorator
  (call
    arguments: (argument_list
      (string (string_start) . (string_content) @literal.value . (string_end))) @arguments))

(decorator
  (call
    arguments: (argument_list .
      [(tuple (string (string_start) . (string_content) @literal.value . (string_end)))
       (list (string (string_start) . (string_content) @literal.value . (string_end)))]) @arguments))

(decorator
  (call
    arguments: (argument_list
      (keyword_argument
        name: (identifier) @literal.keyword
        value: [(string (string_start) . (string_content) @literal.value . (string_end))
                (true) @literal.value
                (false) @literal.value
                (none) @literal.value
                (integer) @literal.value])) @arguments))

; Each return and yield statement is a @result.return or @result.yield;
; what it gives back is a class called (@result.constructed), a name
; (@result.named), or anything else. `yield from` delegates (@result.delegated).
(return_statement) @result.return
(return_statement (call function: [(identifier) (attribute)] @result.constructed)) @result.return
(return_statement (identifier) @result.named) @result.return
(yield) @result.yield
(yield (call function: [(identifier) (attribute)] @result.constructed)) @result.yield
(yield (identifier) @result.named) @result.yield
(yield "from" @result.delegated) @result.yield

(function_definition
  return_type: (type [(identifier) (attribute)] @result.annotated))
