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

; A name bound to another name (`response_class = Response` in a class body):
; calling it calls what that names. An annotation of the same name wins.
(assignment
  left: (identifier) @local.typed
  right: [(identifier) (attribute)] @local.aliased)

(parameters
  (typed_parameter
    (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

(parameters
  (typed_default_parameter
    name: (identifier) @local.typed
    type: (type [(identifier) (attribute)] @local.annotated)))

; A quoted annotation (`env: "Environment"`, a class imported for type
; checking only) names the class as well.
(parameters
  (typed_parameter
    (identifier) @local.typed
    type: (type (string (string_content) @local.annotated))))

(parameters
  (typed_default_parameter
    name: (identifier) @local.typed
    type: (type (string (string_content) @local.annotated))))

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
; ---- implicit calls ----------------------------------------------------
; Calls the syntax does not spell: `with x` runs `x.__enter__()`, `x + y`
; runs `x.__add__(y)`. Each pattern captures the construct as
; @reference.implicit, the expression whose method runs as @receiver, and
; each method call as @implicit.<arguments>.<method>, on the receiver or on
; the operator that selects it: the number of positional arguments the
; method receives besides the instance, and its name; further names are
; what Python falls back to when the class lacks the first (`!=` runs
; `__eq__` when there is no `__ne__`). Receivers are names, attributes and
; calls: an operator on a literal runs a builtin type's method.
((with_statement
  (with_clause
    (with_item value: [(identifier) (attribute) (call)] @receiver @implicit.0.__enter__ @implicit.3.__exit__)))
  @reference.implicit
  (#not-match? @reference.implicit "^async"))
((with_statement
  (with_clause
    (with_item
      value: (as_pattern . [(identifier) (attribute) (call)] @receiver @implicit.0.__enter__ @implicit.3.__exit__))))
  @reference.implicit
  (#not-match? @reference.implicit "^async"))
(with_statement "async"
  (with_clause
    (with_item value: [(identifier) (attribute) (call)] @receiver @implicit.0.__aenter__ @implicit.3.__aexit__)))
  @reference.implicit
(with_statement "async"
  (with_clause
    (with_item
      value: (as_pattern . [(identifier) (attribute) (call)] @receiver @implicit.0.__aenter__ @implicit.3.__aexit__))))
  @reference.implicit

; Iteration: `iter()` of the iterable (or indexing from 0 without
; `__iter__`), then `next()` of what it returns; an iterable that is its own
; iterator defines both.
((for_statement right: [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ @implicit.0.__next__)
  @reference.implicit
  (#not-match? @reference.implicit "^async"))
(for_statement "async" right: [(identifier) (attribute) (call)] @receiver @implicit.0.__aiter__ @implicit.0.__anext__)
  @reference.implicit
(for_in_clause right: [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ @implicit.0.__next__)
  @reference.implicit
(yield "from" [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ @implicit.0.__next__)
  @reference.implicit
(await [(identifier) (attribute) (call)] @receiver @implicit.0.__await__) @reference.implicit

; Operators run the left operand's method (`in` the right operand's).
(binary_operator
  left: [(identifier) (attribute) (call)] @receiver
  operator: [
    "+" @implicit.1.__add__ "-" @implicit.1.__sub__ "*" @implicit.1.__mul__
    "@" @implicit.1.__matmul__ "/" @implicit.1.__truediv__ "//" @implicit.1.__floordiv__
    "%" @implicit.1.__mod__ "**" @implicit.1.__pow__ "<<" @implicit.1.__lshift__
    ">>" @implicit.1.__rshift__ "&" @implicit.1.__and__ "|" @implicit.1.__or__
    "^" @implicit.1.__xor__
  ]) @reference.implicit
(augmented_assignment
  left: [(identifier) (attribute)] @receiver
  operator: [
    "+=" @implicit.1.__iadd__.__add__ "-=" @implicit.1.__isub__.__sub__
    "*=" @implicit.1.__imul__.__mul__ "@=" @implicit.1.__imatmul__.__matmul__
    "/=" @implicit.1.__itruediv__.__truediv__ "//=" @implicit.1.__ifloordiv__.__floordiv__
    "%=" @implicit.1.__imod__.__mod__ "**=" @implicit.1.__ipow__.__pow__
    "<<=" @implicit.1.__ilshift__.__lshift__ ">>=" @implicit.1.__irshift__.__rshift__
    "&=" @implicit.1.__iand__.__and__ "|=" @implicit.1.__ior__.__or__
    "^=" @implicit.1.__ixor__.__xor__
  ]) @reference.implicit
(comparison_operator
  . [(identifier) (attribute) (call)] @receiver
  . [
    "==" @implicit.1.__eq__ "!=" @implicit.1.__ne__.__eq__ "<" @implicit.1.__lt__
    "<=" @implicit.1.__le__ ">" @implicit.1.__gt__ ">=" @implicit.1.__ge__
  ]) @reference.implicit
(comparison_operator
  [
    "in" @implicit.1.__contains__.__iter__.__getitem__
    "not in" @implicit.1.__contains__.__iter__.__getitem__
  ]
  . [(identifier) (attribute) (call)] @receiver) @reference.implicit
(unary_operator
  operator: ["-" @implicit.0.__neg__ "+" @implicit.0.__pos__ "~" @implicit.0.__invert__]
  argument: [(identifier) (attribute) (call)] @receiver) @reference.implicit
(not_operator argument: [(identifier) (attribute) (call)] @receiver @implicit.0.__bool__.__len__) @reference.implicit

; Subscripts: reading, assigning and deleting an item. An expression
; captured as @reference.write is assigned to: it is not also read.
(subscript value: [(identifier) (attribute) (call)] @receiver @implicit.1.__getitem__) @reference.implicit
(assignment left: (subscript value: [(identifier) (attribute) (call)] @receiver @implicit.2.__setitem__))
  @reference.implicit
(augmented_assignment left: (subscript value: [(identifier) (attribute) (call)] @receiver @implicit.2.__setitem__))
  @reference.implicit
(delete_statement (subscript value: [(identifier) (attribute) (call)] @receiver @implicit.1.__delitem__))
  @reference.implicit
(delete_statement
  (expression_list (subscript value: [(identifier) (attribute) (call)] @receiver @implicit.1.__delitem__)))
  @reference.implicit
(assignment left: [(subscript) (attribute)] @reference.write)
(delete_statement [(subscript) (attribute)] @reference.write)
(delete_statement (expression_list [(subscript) (attribute)] @reference.write))

; Builtins that call a method of their one argument, and builtins that
; iterate over their first (or, for `zip`, `map` and `filter`, second)
; argument. One pattern a builtin, as each must name its method: an
; `#any-of?` pattern costs no more than one of them.
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__len__ .)) @reference.implicit
  (#eq? @_builtin "len"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__str__.__repr__ .)) @reference.implicit
  (#eq? @_builtin "str"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__repr__ .)) @reference.implicit
  (#eq? @_builtin "repr"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__bool__.__len__ .)) @reference.implicit
  (#eq? @_builtin "bool"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__hash__ .)) @reference.implicit
  (#eq? @_builtin "hash"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__next__ .)) @reference.implicit
  (#eq? @_builtin "next"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ .))
  @reference.implicit
  (#eq? @_builtin "iter"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list . [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ @implicit.0.__next__))
  @reference.implicit
  (#any-of? @_builtin
    "list" "tuple" "set" "frozenset" "sorted" "enumerate" "zip" "sum" "min" "max" "any" "all"))
((call
  function: (identifier) @_builtin
  arguments: (argument_list
    . (_) . [(identifier) (attribute) (call)] @receiver @implicit.0.__iter__.__getitem__ @implicit.0.__next__))
  @reference.implicit
  (#any-of? @_builtin "zip" "map" "filter"))

; ---- properties --------------------------------------------------------
; An attribute read: reading a property runs its method. Attributes in
; calls, values and receivers are captured above (the resolver reads `a.b`
; off the receiver `a.b` of `a.b.c`), assignment targets are no reads; the
; other places an expression can stand are these.
[
  (comparison_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (boolean_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (not_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (binary_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (unary_operator (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (conditional_expression (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (parenthesized_expression (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (tuple (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (list (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (set (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (pair (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (expression_list (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (subscript (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (slice (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (interpolation (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (return_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (yield (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (await (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (raise_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (assert_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (expression_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (augmented_assignment (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (if_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (elif_clause (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (while_statement (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (if_clause (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (lambda (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (list_splat (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (dictionary_splat (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (except_clause (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (list_comprehension (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (set_comprehension (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
  (generator_expression (attribute object: [(identifier) (attribute) (call)] @receiver attribute: (identifier) @name) @reference.read)
]

; What decorators make of a function (@trait.<what>, on its name): a
; property runs when read, a context manager's generator yields what
; `with ... as x` binds, a coroutine function returns an awaitable.
(decorated_definition
  (decorator [(identifier) (attribute)] @_decorator)
  definition: (function_definition name: (identifier) @trait.property)
  (#any-of? @_decorator
    "property" "cached_property" "functools.cached_property"
    "abstractproperty" "abc.abstractproperty"))

(decorated_definition
  (decorator [(identifier) (attribute)] @_decorator)
  definition: (function_definition name: (identifier) @trait.context_manager)
  (#any-of? @_decorator
    "contextmanager" "contextlib.contextmanager"
    "asynccontextmanager" "contextlib.asynccontextmanager"))

(function_definition "async" name: (identifier) @trait.coroutine)

; ---- return types --------------------------------------------------------
; What a function returns: its annotation (`-> C`, `-> Optional[C]`,
; `-> C | None`, `-> "C"`), the element type of an annotated iterable
; (`-> Iterator[C]`, `-> list[C]`; a context manager's generator yields it),
; and each return statement, with the class it constructs if it does.
(function_definition
  return_type: (type [(identifier) (attribute)] @return.annotated))
(function_definition
  return_type: (type (string (string_content) @return.annotated)))
(function_definition
  return_type: (type
    (binary_operator left: [(identifier) (attribute)] @return.annotated operator: "|" right: (none))))
(function_definition
  return_type: (type
    (binary_operator left: (none) operator: "|" right: [(identifier) (attribute)] @return.annotated)))
(function_definition
  return_type: (type
    (generic_type
      (identifier) @_generic
      (type_parameter . (type [(identifier) (attribute)] @return.annotated) .)))
  (#eq? @_generic "Optional"))
(function_definition
  return_type: (type
    (subscript
      value: (attribute attribute: (identifier) @_generic)
      subscript: [(identifier) (attribute)] @return.annotated))
  (#eq? @_generic "Optional"))

(function_definition
  return_type: (type
    (generic_type
      (identifier) @_generic
      (type_parameter . (type [(identifier) (attribute)] @return.yields))))
  (#any-of? @_generic
    "Iterator" "Iterable" "Generator" "AsyncIterator" "AsyncIterable" "AsyncGenerator"
    "list" "List" "Sequence" "MutableSequence" "set" "Set" "frozenset" "FrozenSet"
    "Collection"))
(function_definition
  return_type: (type
    (subscript
      value: (attribute attribute: (identifier) @_generic)
      .
      subscript: [(identifier) (attribute)] @return.yields))
  (#any-of? @_generic
    "Iterator" "Iterable" "Generator" "AsyncIterator" "AsyncIterable" "AsyncGenerator"
    "List" "Sequence" "MutableSequence" "Set" "FrozenSet" "Collection"))

(return_statement) @return.statement
(return_statement (call function: [(identifier) (attribute)] @return.constructed))

; Names bound by `with f() as x`, `for x in f()` and `x = await f()`: their
; type follows from what `f` returns.
(with_item
  value: (as_pattern
    . (call function: [(identifier) (attribute)] @local.entered)
    alias: (as_pattern_target (identifier) @local.typed)))
(for_statement
  left: (identifier) @local.typed
  right: (call function: [(identifier) (attribute)] @local.iterated))
(for_in_clause
  left: (identifier) @local.typed
  right: (call function: [(identifier) (attribute)] @local.iterated))
(assignment
  left: (identifier) @local.typed
  right: (await (call function: [(identifier) (attribute)] @local.awaited)))

; ---- attributes named at run time ----------------------------------------
; `getattr(self, f"visit_{kind}")` and `getattr(self, "parse_" + name)`: a
; method whose name starts with the literal @prefix, on the @receiver. The
; resolver reads the receiver's class (and subclasses) for such methods.
((call
  function: (identifier) @_getattr
  arguments: (argument_list
    . [(identifier) (attribute)] @receiver
    . [
      (string (string_start) . (string_content) @prefix . (interpolation))
      (binary_operator
        left: (string (string_start) . (string_content) @prefix . (string_end))
        operator: "+")
    ])) @reference.prefixed
  (#eq? @_getattr "getattr"))
