; Ruby facts: classes and modules (reopened anywhere), methods, `require`,
; mixins, calls, local bindings and the classes they are built from. The
; resolver (core/resolve_ruby.py) names constants by their lexical nesting.

; ---- definitions -------------------------------------------------------
(class name: [(constant) (scope_resolution)] @name body: (_)? @body) @definition.class
(module name: [(constant) (scope_resolution)] @name body: (_)? @body) @definition.namespace
; `Point = Struct.new(:x, :y) do ... end`, `Error = Class.new(StandardError)`: a
; class named by the constant, its block the body.
(assignment
  left: (constant) @name
  right: (call
    receiver: (constant) @_maker
    method: (identifier) @_new
    block: (_)? @body)
  (#any-of? @_maker "Struct" "Class" "Module" "Data")
  (#any-of? @_new "new" "define")) @definition.class
(method name: (_) @name body: (_)? @body) @definition.function
; `def self.find`: a method of the class itself.
(singleton_method name: (_) @name body: (_)? @body) @definition.function
(singleton_method) @trait.singleton
; `class << self`: what it defines are methods of the class itself.
(singleton_class value: (self) body: (_)? @body) @definition.scope
(singleton_class) @trait.singleton
; `module_function` and `extend self`: a module's methods called on the module.
(module body: (body_statement (identifier) @_function)
  (#eq? @_function "module_function")) @trait.module_function
(module body: (body_statement (call !receiver method: (identifier) @_function))
  (#eq? @_function "module_function")) @trait.module_function
; `attr_reader :name, :size`: methods named by the symbols (a writer `name=`
; is the same node as its reader: `self.name = x` is read as a call of name).
(call
  !receiver
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name @definition.function)
  (#any-of? @_attr "attr_reader" "attr_writer" "attr_accessor" "attr"))

; RSpec's groups and examples, minitest/Rails' `test "..." do`, Sinatra's
; routes and Rake's tasks and namespaces are blocks named by their title (a
; string, a constant or a symbol); the title binds no name.
(call
  method: (identifier) @_group
  arguments: (argument_list . [(string) (constant) (scope_resolution) (simple_symbol)] @name)
  block: [(do_block) (block)] @body
  (#any-of? @_group
    "describe" "context" "feature" "shared_examples" "shared_examples_for"
    "shared_context" "example_group" "namespace")) @definition.class
(call
  method: (identifier) @_group
  arguments: (argument_list . [(string) (constant) (scope_resolution) (simple_symbol)])
  block: [(do_block) (block)]
  (#any-of? @_group
    "describe" "context" "feature" "shared_examples" "shared_examples_for"
    "shared_context" "example_group" "namespace")) @trait.titled
; Rails routes' `scope module: "admin" do`: a namespace of controllers.
(call
  !receiver
  method: (identifier) @_scope
  arguments: (argument_list
    (pair key: (hash_key_symbol) @_module value: [(string) (simple_symbol)] @name))
  block: (do_block) @body
  (#eq? @_scope "scope")
  (#eq? @_module "module")) @definition.namespace
(call
  !receiver
  method: (identifier) @_scope
  arguments: (argument_list
    (pair key: (hash_key_symbol) @_module value: [(string) (simple_symbol)]))
  block: (do_block)
  (#eq? @_scope "scope")
  (#eq? @_module "module")) @trait.titled
(call
  method: (identifier) @_example
  arguments: (argument_list . [(string) (simple_symbol)] @name)
  block: [(do_block) (block)] @body
  (#any-of? @_example "it" "specify" "example" "scenario" "its" "test" "task")) @definition.function
(call
  method: (identifier) @_example
  arguments: (argument_list . (pair key: (hash_key_symbol) @name))
  block: [(do_block) (block)] @body
  (#eq? @_example "task")) @definition.function
(call
  method: (identifier) @_example
  arguments: (argument_list . [(string) (simple_symbol) (pair)])
  block: [(do_block) (block)]
  (#any-of? @_example "it" "specify" "example" "scenario" "its" "test" "task")) @trait.titled
(call
  !receiver
  method: (identifier) @_verb
  arguments: (argument_list . (string) @name)
  block: [(do_block) (block)] @body
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "head" "options")) @definition.function
(call
  !receiver
  method: (identifier) @_verb
  arguments: (argument_list . (string))
  block: [(do_block) (block)]
  (#any-of? @_verb "get" "post" "put" "patch" "delete" "head" "options")) @trait.titled

; ---- loading -----------------------------------------------------------
; `require "a/b"`, `require_relative "../x"`, `load "x.rb"`: the method's name
; says how the path is searched.
(call
  !receiver
  method: (identifier) @import.name
  arguments: (argument_list . (string . (string_content) @import.source .) .)
  (#any-of? @import.name "require" "require_relative" "load")) @import
; `autoload :Thing, "a/thing"`
(call
  !receiver
  method: (identifier) @import.name
  arguments: (argument_list
    . (simple_symbol) @import.alias
    . (string . (string_content) @import.source .) .)
  (#eq? @import.name "autoload")) @import

; ---- inheritance -------------------------------------------------------
; The superclass, then `include`/`prepend`/`extend` in the order written (a
; mixin is a base marked `implements`; its kind is a typed fact below).
(class superclass: (superclass [(constant) (scope_resolution)] @inherit.base)) @inherit.class
(class
  body: (body_statement
    (call
      !receiver
      method: (identifier) @_mixin
      arguments: (argument_list [(constant) (scope_resolution)] @inherit.base @inherit.implements)))
  (#any-of? @_mixin "include" "prepend" "extend")) @inherit.class
(module
  body: (body_statement
    (call
      !receiver
      method: (identifier) @_mixin
      arguments: (argument_list [(constant) (scope_resolution)] @inherit.base @inherit.implements)))
  (#any-of? @_mixin "include" "prepend" "extend")) @inherit.class
(_
  body: (body_statement
    (call
      !receiver
      method: (identifier) @local.typed
      arguments: (argument_list [(constant) (scope_resolution)] @local.mixin)))
  (#any-of? @local.typed "include" "prepend" "extend"))
; `extend self`
(module
  body: (body_statement
    (call
      !receiver
      method: (identifier) @_extend
      arguments: (argument_list . (self) .)))
  (#eq? @_extend "extend")) @trait.module_function

; ---- calls and values --------------------------------------------------
(call !receiver method: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(call !receiver method: (identifier) @name !arguments) @reference.call
(call
  receiver: (_) @receiver.path
  method: [(identifier) (constant)] @name
  arguments: (argument_list) @arguments) @reference.call
(call receiver: (_) @receiver.path method: [(identifier) (constant)] @name !arguments) @reference.call
; `super` and `super(...)`: the same method of the next ancestor.
(super) @name @reference.call

; A bare name that is no local variable is a call of a method of `self`.
(body_statement (identifier) @name @reference.value)
(block_body (identifier) @name @reference.value)
(parenthesized_statements (identifier) @name @reference.value)
(then (identifier) @name @reference.value)
(else (identifier) @name @reference.value)
(argument_list (identifier) @name @reference.value)
(assignment right: (identifier) @name @reference.value)
(operator_assignment right: (identifier) @name @reference.value)
(right_assignment_list (identifier) @name @reference.value)
(binary [left: (identifier) right: (identifier)] @name @reference.value)
(unary operand: (identifier) @name @reference.value)
(call receiver: (identifier) @name @reference.value)
(element_reference object: (identifier) @name @reference.value)
(pair value: (identifier) @name @reference.value)
(array (identifier) @name @reference.value)
(interpolation (identifier) @name @reference.value)
(conditional [condition: (identifier) consequence: (identifier) alternative: (identifier)] @name
  @reference.value)
([(if condition: (identifier) @name) (unless condition: (identifier) @name)
  (while condition: (identifier) @name) (until condition: (identifier) @name)
  (if_modifier condition: (identifier) @name) (unless_modifier condition: (identifier) @name)]
  @reference.value)

; A constant used as a value: `Foo`, `Foo::Bar`, `::Top`.
(argument_list [(constant) (scope_resolution)] @name @reference.value)
(assignment right: [(constant) (scope_resolution)] @name @reference.value)
(operator_assignment right: [(constant) (scope_resolution)] @name @reference.value)
(right_assignment_list [(constant) (scope_resolution)] @name @reference.value)
(binary [left: (constant) right: (constant) left: (scope_resolution) right: (scope_resolution)]
  @name @reference.value)
(pair value: [(constant) (scope_resolution)] @name @reference.value)
(array [(constant) (scope_resolution)] @name @reference.value)
(exceptions [(constant) (scope_resolution)] @name @reference.value)
(body_statement [(constant) (scope_resolution)] @name @reference.value)
(block_body [(constant) (scope_resolution)] @name @reference.value)
(then [(constant) (scope_resolution)] @name @reference.value)
(when pattern: (pattern [(constant) (scope_resolution)] @name) @reference.value)

; ---- bindings and their classes ------------------------------------------
(assignment left: (identifier) @local.binding)
(operator_assignment left: (identifier) @local.binding)
(left_assignment_list (identifier) @local.binding)
(left_assignment_list (rest_assignment (identifier) @local.binding))
(destructured_left_assignment (identifier) @local.binding)
(method_parameters (identifier) @local.binding)
(lambda_parameters (identifier) @local.binding)
(block_parameters (identifier) @local.binding)
(destructured_parameter (identifier) @local.binding)
(optional_parameter name: (identifier) @local.binding)
(keyword_parameter name: (identifier) @local.binding)
(splat_parameter name: (identifier) @local.binding)
(hash_splat_parameter name: (identifier) @local.binding)
(block_parameter name: (identifier) @local.binding)
(exception_variable (identifier) @local.binding)
(for pattern: (identifier) @local.binding)
(match_pattern pattern: (identifier) @local.binding)

; `x = Foo.new(...)`, `@x = Foo::Bar.new`: x holds a Foo.
(assignment
  left: [(identifier) (instance_variable)] @local.typed
  right: (call
    receiver: [(constant) (scope_resolution)] @local.constructed
    method: (identifier) @_new)
  (#eq? @_new "new"))
; RSpec's `let(:calc) { Calc.new }` and `subject(:calc) { ... }`.
(call
  method: (identifier) @_let
  arguments: (argument_list . (simple_symbol) @local.typed .)
  block: [
    (block body: (block_body . (call receiver: [(constant) (scope_resolution)] @local.constructed
      method: (identifier) @_new) .))
    (do_block body: (body_statement . (call receiver: [(constant) (scope_resolution)] @local.constructed
      method: (identifier) @_new) .))
  ]
  (#any-of? @_let "let" "let!" "subject")
  (#eq? @_new "new"))

; Literal arguments of calls without a receiver (Rails routes read them).
(call
  !receiver
  arguments: (argument_list [(simple_symbol) @literal.value (string (string_content) @literal.value)])
    @arguments)
; `get "photos/:id" => "photos#show"`: the target keyed by the path
(call
  !receiver
  arguments: (argument_list
    (pair key: (string (string_content) @literal.keyword) value: (string (string_content) @literal.value)))
    @arguments)
(call
  !receiver
  arguments: (argument_list
    (pair
      key: (hash_key_symbol) @literal.keyword
      value: [(simple_symbol) @literal.value (string (string_content) @literal.value)
        (array [(simple_symbol) @literal.value (string (string_content) @literal.value)])]))
    @arguments)

(ERROR) @syntax.error
