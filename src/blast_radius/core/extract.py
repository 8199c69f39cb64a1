"""Turn one file's bytes into ``FileFacts`` by running a language's query.

The extractor knows capture names, never languages: what a language defines,
imports or calls is written in its query file. Nothing here recurses over the
syntax tree; the query cursor walks it in C, so deeply nested code is safe.
"""

from __future__ import annotations

import gc
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tree_sitter import Language, Node, Parser, Query, QueryCursor

from blast_radius.core.facts import (
    DEFINITION_KINDS,
    KEYWORD_ONLY,
    LITERAL_RECEIVER,
    MODULE_SCOPE,
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    RECEIVER_CLASS,
    RECEIVER_INSTANCE,
    RECEIVER_NONE,
    RESULT_ANNOTATED,
    RESULT_ANNOTATION,
    RESULT_CONSTRUCTED,
    RESULT_NAMED,
    RESULT_RETURN,
    RESULT_YIELD,
    VAR_KEYWORD,
    VAR_POSITIONAL,
    Base,
    CallArguments,
    Definition,
    Export,
    FileFacts,
    Import,
    LiteralArgument,
    Parameter,
    Reference,
    Result,
    Signature,
)

_SIMPLE_RECEIVER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_CALL_RECEIVER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\([^()]{0,80}\)")
_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_ASSERTED = re.compile(r"\(\s*(\*?\s*[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\)")
_MAX_NAME = 200

# Bounds the work one query may do on adversarial input (see DECISIONS.md).
MATCH_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class CompiledLanguage:
    """A grammar with its compiled facts query; built once per process."""

    name: str
    language: Language
    query: Query
    roles: dict[int, str]
    """What each pattern of the query captures, learnt from its first match."""
    blanked: re.Pattern[bytes] | None = None
    """Lines blanked before parsing (``LanguageRule.blanked_lines``)."""

    @staticmethod
    def compile(
        name: str, language: Language, query_source: str, blanked_lines: str = ""
    ) -> CompiledLanguage:
        """Compile ``query_source`` for ``language``; raises ValueError on a bad query."""
        try:
            query = Query(language, query_source)
        except Exception as error:  # tree-sitter raises QueryError subclasses
            raise ValueError(f"query for {name} does not compile: {error}") from error
        blanked = re.compile(blanked_lines.encode(), re.MULTILINE) if blanked_lines else None
        return CompiledLanguage(name, language, query, {}, blanked)


_NAMED = "local.named."

_ROLE_CAPTURES = (
    ("definition.class", "definition"),
    ("definition.function", "definition"),
    ("definition.scope", "definition"),
    ("definition.interface", "definition"),
    ("definition.type", "definition"),
    ("definition.enum", "definition"),
    ("definition.namespace", "definition"),
    ("definition.extent", "extent"),
    ("region.type_only", "region"),
    ("import", "import"),
    ("reference.call", "reference"),
    ("reference.value", "reference"),
    ("reference.route", "reference"),
    ("reference.command", "reference"),
    ("reference.implicit", "implicit"),
    ("reference.read", "read"),
    ("reference.prefixed", "prefixed"),
    ("reference.write", "write"),
    ("inherit.class", "inherit"),
    ("local.binding", "binding"),
    ("local.typed", "typed"),
    ("export.name", "export"),
    ("exported.binding", "exported"),
    ("syntax.error", "error"),
    ("argument.keyword", "argument"),
    ("argument.splat", "argument"),
    ("argument.keyword_splat", "argument"),
    ("argument.extra", "argument"),
    ("argument.unknown", "argument"),
    ("parameter.name", "parameter"),
    ("parameter.var_positional", "parameter"),
    ("parameter.var_keyword", "parameter"),
    ("parameter.positional_only", "parameter"),
    ("parameter.keyword_only", "parameter"),
    ("parameter.extra", "parameter"),
    ("signature.instance_methods", "signature"),
    ("signature.class_method", "signature"),
    ("signature.static_method", "signature"),
    ("literal.value", "literal"),
    ("result.return", "result"),
    ("result.yield", "result"),
    ("result.annotated", "result"),
    ("return.statement", "return"),
    ("return.constructed", "return"),
    ("return.annotated", "return"),
    ("return.yields", "return"),
    ("return.second", "return"),
)

# What each parameter capture is: a parameter of a kind (refined by the
# markers around it), a marker, or an extra that is no parameter.
_PARAMETER_CAPTURES = (
    ("parameter.name", POSITIONAL_OR_KEYWORD),
    ("parameter.var_positional", VAR_POSITIONAL),
    ("parameter.var_keyword", VAR_KEYWORD),
    ("parameter.positional_only", "/"),
    ("parameter.keyword_only", "*"),
    ("parameter.extra", ""),
)
_ARGUMENT_CAPTURES = (
    "argument.keyword",
    "argument.splat",
    "argument.keyword_splat",
    "argument.extra",
    "argument.unknown",
)
# What a function's first parameter receives, by the decorator captures.
_RECEIVER_CAPTURES = (
    ("signature.class_method", RECEIVER_CLASS),
    ("signature.static_method", RECEIVER_NONE),
)


def _role(caps: dict[str, list[Node]]) -> str:
    """The fact a match is about, from the names of its captures."""
    for capture, role in _ROLE_CAPTURES:
        if capture in caps:
            return role
    for prefix in ("entry.", "trait."):
        found = next((k for k in caps if k.startswith(prefix)), None)
        if found is not None:
            return found
    return "other"


def _text(node: Node) -> str:
    raw = node.text or b""
    return raw.decode("utf-8", "replace")


_IDENTIFIER_PREFIX = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _definition_name(node: Node, text: str) -> str:
    """A definition's name: its name node's text, or a string literal's content (a
    test named by its title, a route by its path)."""
    if node.type in ("string", "template_string", "string_literal") and len(text) >= 2:
        return text[1:-1]
    return text


def _receiver_text(text: str) -> str:
    """A receiver as a chain of names and calls (``a.b().c``, arguments dropped),
    or ``?`` when it is any other expression."""
    if _SIMPLE_RECEIVER.fullmatch(text):
        return text
    call = _CALL_RECEIVER.fullmatch(text)
    if call:
        return call.group(1) + "()"
    return _call_chain(text) or "?"


_PATH_RECEIVER = re.compile(
    r"(?:::|@@?|\$)?[A-Za-z_][A-Za-z0-9_]*[?!]?(?:(?:::|&?\.)[A-Za-z_][A-Za-z0-9_]*[?!]?)*"
)


def _path_receiver(node: Node) -> str:
    """A ``@receiver.path``: a chain of names that may be written with ``::``
    (``Foo::Bar``, ``::Top``), begin with a sigil (``@items``) or end a name
    with ``?`` or ``!``, as written; ``?`` when it is any other expression."""
    if node.end_byte - node.start_byte > _MAX_NAME:
        return "?"
    text = _text(node)
    return text.replace("&.", ".") if _PATH_RECEIVER.fullmatch(text) else "?"


def _raw_receiver(node: Node) -> str:
    """A receiver as written, its whitespace collapsed, for a language whose
    receivers the chain of names and calls cannot spell (``$this->repo``,
    ``\\App\\Util``): its resolver reads it. ``?`` when too long."""
    if node.end_byte - node.start_byte > _MAX_NAME:
        return "?"
    return " ".join(_text(node).split())


def _balanced(text: str) -> bool:
    """Whether every bracket in ``text`` closes inside it (strings aside)."""
    depth = 0
    for ch in re.sub(r'"(?:\\.|[^"\\])*"|`[^`]*`', "", text):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth < 0:
            return False
    return depth == 0


def _call_chain(text: str) -> str | None:
    """``a.b(x, "(")\n  ?.c!.d()`` as ``a.b().c.d()``; None if ``text`` is not
    such a chain. Arguments are skipped with their brackets and string literals."""
    out: list[str] = []
    if text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1]  # `(MsgPack{data}).Render(w)`
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        asserted = _ASSERTED.match(text, i) if ch == "(" and out and out[-1] == "." else None
        if asserted is not None:
            # Go's type assertion `x.(T)`: the chain goes on from a T
            out[-1] = ".(" + asserted.group(1).replace(" ", "") + ")"
            i = asserted.end()
            continue
        if ch in "({":
            # `f(args)` as `f()`; Go's composite literal `T{...}` as `T{}`
            opened = ch
            depth, quote = 0, ""
            while i < n:
                ch = text[i]
                if quote:
                    if ch == "\\":
                        i += 1
                    elif ch == quote:
                        quote = ""
                elif ch in "\"'`":
                    quote = ch
                elif ch in "([{":
                    depth += 1
                elif ch in ")]}":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            if i == n or not out or out[-1] in (".", "()", "{}"):
                return None
            out.append("()" if opened == "(" else "{}")
        elif ch == ".":
            if not out or out[-1] == ".":
                return None
            out.append(".")
        elif ch.isspace() or ch in "?!":
            pass  # `a\n  .b`, `a?.b`, `a!.b`
        else:
            match = _NAME.match(text, i)
            if match is None or (out and out[-1] != "."):
                return None
            out.append(match.group())
            i = match.end() - 1
        i += 1
    if not out or out[-1] == ".":
        return None
    return "".join(out)


_CODING = re.compile(rb"coding[:=][ \t]*([-\w.]+)")


def _transcode(source: bytes) -> bytes:
    """Re-encode non-UTF-8 text as UTF-8, by its declared coding or as Latin-1.

    Line numbers are kept; names then read as the author wrote them.
    """
    head = b"\n".join(source.split(b"\n", 2)[:2])
    declared = _CODING.search(head)
    for encoding in ((declared.group(1).decode("ascii"),) if declared else ()) + ("latin-1",):
        try:
            return source.decode(encoding).encode("utf-8")
        except (LookupError, UnicodeDecodeError):
            continue
    return source


class _Scopes:
    """Finds the innermost definition containing a byte offset."""

    def __init__(self, spans: list[tuple[int, int]], parents: list[int]) -> None:
        self._starts = [s for s, _ in spans]
        self._spans = spans
        self._parents = parents

    def innermost(self, offset: int) -> int:
        index = bisect_right(self._starts, offset) - 1
        while index >= 0:
            start, end = self._spans[index]
            if start <= offset < end:
                return index
            index = self._parents[index]
        return MODULE_SCOPE


def extract_facts(compiled: CompiledLanguage, path: str, source: bytes) -> FileFacts:
    """Parse ``source`` and collect the facts its language's query captures."""
    # A file's matches are up to a million small containers, alive until the
    # facts are built and in no reference cycle: collections meanwhile would
    # only walk them over and over, so the collector waits.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _extract_facts(compiled, path, source)
    finally:
        if enabled:
            gc.enable()


def _extract_facts(compiled: CompiledLanguage, path: str, source: bytes) -> FileFacts:
    notes: list[str] = []
    try:
        source.decode("utf-8")
    except UnicodeDecodeError:
        notes.append("not-utf8")
        source = _transcode(source)
    if compiled.blanked is not None:
        # spaces for the blanked lines' text: offsets and line numbers hold
        source = compiled.blanked.sub(lambda m: b" " * len(m.group()), source)
    tree = Parser(compiled.language).parse(source)
    # Node texts are sliced from one decode of the file, which costs less than
    # each node's own `text`; only in ASCII are byte offsets character offsets.
    if source.isascii():
        decoded = source.decode("ascii")

        def text_of(node: Node) -> str:
            return decoded[node.start_byte : node.end_byte]

    else:

        def text_of(node: Node) -> str:
            return source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    # The same receivers (`self`, `self.session`) come back all through a file.
    receiver_texts: dict[str, str] = {}

    def receiver_of(node: Node) -> str:
        if node.end_byte - node.start_byte > _MAX_NAME:
            return "?"
        text = text_of(node)
        found = receiver_texts.get(text)
        if found is None:
            found = receiver_texts[text] = _receiver_text(text)
        return found

    cursor = QueryCursor(compiled.query, match_limit=MATCH_LIMIT)
    matches = cursor.matches(tree.root_node)
    if cursor.did_exceed_match_limit:
        notes.append("query-match-limit")

    # Sort the matches by role once (a pattern always has the same role), then
    # take definitions and their extents first, so every other capture can be
    # placed in its innermost scope.
    roles = compiled.roles
    by_role: dict[str, list[dict[str, list[Node]]]] = {}
    for pattern, caps in matches:
        role = roles.get(pattern)
        if role is None:
            role = roles[pattern] = _role(caps)
        by_role.setdefault(role, []).append(caps)
    raw_defs: dict[int, tuple[str, Node, Node | None, Node | None, Node | None]] = {}
    extents: dict[int, Node] = {}
    for caps in by_role.get("definition", ()):
        for kind in DEFINITION_KINDS:
            nodes = caps.get("definition." + kind)
            if nodes:
                node = nodes[0]
                name = caps.get("name")
                body = caps.get("body")
                parameters = caps.get("parameters")
                raw_defs[node.start_byte] = (
                    kind,
                    node,
                    name[0] if name else None,
                    body[0] if body else None,
                    parameters[0] if parameters else None,
                )
    for caps in by_role.get("extent", ()):
        decorated = caps.get("definition.decorated")
        extent = caps.get("definition.extent")
        if decorated and extent:
            held = extents.get(decorated[0].start_byte)
            if held is None or extent[0].start_byte < held.start_byte:  # the first decorator
                extents[decorated[0].start_byte] = extent[0]

    ordered: list[tuple[int, int, str, str, int, int, int, int, Node | None, int]] = []
    for key, (kind, node, name_node, body_node, parameters_node) in raw_defs.items():
        outer = extents.get(key, node)
        # A chain of decorated definitions nests extents; take the outermost.
        while outer.start_byte in extents and extents[outer.start_byte] is not outer:
            outer = extents[outer.start_byte]
        body_line = (body_node or node).start_point[0] + 1
        ordered.append(
            (
                outer.start_byte,
                node.end_byte,
                kind,
                _definition_name(name_node, text_of(name_node)) if name_node is not None else "",
                outer.start_point[0] + 1,
                node.end_point.row + 1,
                body_line,
                (body_node or node).start_byte,
                parameters_node,
                node.start_byte,
            )
        )
    ordered.sort(key=lambda d: (d[0], -d[1]))
    spans = [(d[0], d[1]) for d in ordered]
    parents: list[int] = []
    stack: list[int] = []
    for index, (start, end) in enumerate(spans):
        while stack and not (spans[stack[-1]][0] <= start and end <= spans[stack[-1]][1]):
            stack.pop()
        parents.append(stack[-1] if stack else MODULE_SCOPE)
        stack.append(index)
    definitions = tuple(
        Definition(kind, name, start_line, end_line, body_line, parent)
        for (_, _, kind, name, start_line, end_line, body_line, _, _, _), parent in zip(
            ordered, parents, strict=True
        )
    )
    body_starts = [d[7] for d in ordered]
    # A definition's name bound as a variable too (`const add = () => ...`) is
    # bound where the definition is, not inside it.
    name_scopes: dict[int, int] = {}
    for entry, parent in zip(ordered, parents, strict=True):
        named = raw_defs[entry[9]][2]
        if named is not None:
            name_scopes[named.start_byte] = parent
    scopes = _Scopes(spans, parents)
    innermost = scopes.innermost
    index_by_start = {start: i for i, (start, _) in enumerate(spans)}

    type_only_regions: list[tuple[int, int]] = []
    imports: list[tuple[int, Import]] = []
    calls: dict[int, Reference] = {}
    call_arguments: dict[int, Node | None] = {}  # call name start -> its argument list
    values: dict[int, tuple[int, Reference]] = {}
    base_nodes: set[int] = set()
    literal_receivers: set[int] = set()
    bases: list[tuple[int, Base]] = []
    bindings: dict[int, tuple[int, str]] = {}
    typed: dict[tuple[int, str], tuple[int, str, str, str]] = {}
    exports: list[str] | None = None
    entry_points: set[tuple[str, int]] = set()
    # Receivers written out in full: `a.b` in `a.b.run()` is also a read of
    # `b`, which the reference's receiver already records.
    receiver_spans: set[tuple[int, int]] = set()

    for caps in by_role.get("region", ()):
        block = caps["region.type_only"][0]
        type_only_regions.append((block.start_byte, block.end_byte))

    for caps in by_role.get("import", ()):
        statement = caps["import"][0]
        scope = innermost(statement.start_byte)
        line = statement.start_point[0] + 1
        end_line = statement.end_point.row + 1
        alias_nodes = caps.get("import.alias")
        alias = text_of(alias_nodes[0]) if alias_nodes else None
        type_only = any(s <= statement.start_byte < e for s, e in type_only_regions)
        if "import.module" in caps:
            module_node = caps["import.module"][0]
            fact = Import(text_of(module_node), None, alias, line, scope, type_only, end_line)
            imports.append((module_node.start_byte, fact))
        elif "import.source" in caps:
            source_text = text_of(caps["import.source"][0])
            if "import.star" in caps:
                star = caps["import.star"][0]
                imports.append(
                    (
                        star.start_byte,
                        Import(source_text, "*", None, line, scope, type_only, end_line),
                    )
                )
            elif "import.name" in caps:
                name_node = caps["import.name"][0]
                fact = Import(
                    source_text, text_of(name_node), alias, line, scope, type_only, end_line
                )
                imports.append((name_node.start_byte, fact))
            elif "import.default" in caps:
                # `import x from "m"`: the binding `default` of m, named x here
                local = caps["import.default"][0]
                fact = Import(
                    source_text, "default", text_of(local), line, scope, type_only, end_line
                )
                imports.append((local.start_byte, fact))
    for caps in by_role.get("reference", ()):
        name_nodes = caps.get("name")
        if not name_nodes:
            continue
        name_node = name_nodes[0]
        receiver_nodes = caps.get("receiver") or caps.get("receiver.path")
        receiver = None
        if receiver_nodes:
            receiver_node = receiver_nodes[0]
            receiver = receiver_of(receiver_node)
            if receiver == "?" and "receiver.path" in caps:
                receiver = _path_receiver(receiver_node)
            if receiver != "?":
                receiver_spans.add((receiver_node.start_byte, receiver_node.end_byte))
        if "receiver.raw" in caps:
            raw_nodes = caps["receiver.raw"]
            if raw_nodes:
                receiver = _raw_receiver(raw_nodes[0])
        if "reference.call" in caps:
            kind = "call"
        elif "reference.route" in caps:
            kind = "route"
        elif "reference.command" in caps:
            kind = "command"
        else:
            kind = "value"
        start = name_node.start_byte
        scope = innermost(start)
        ref = Reference(
            kind,
            text_of(name_node)[:_MAX_NAME],
            receiver,
            name_node.start_point[0] + 1,
            scope,
            scope != MODULE_SCOPE and start < body_starts[scope],
        )
        if "receiver.literal" in caps:
            literal_receivers.add(start)
        if kind == "call":
            calls[start] = ref
            arguments_nodes = caps.get("arguments")
            if arguments_nodes:
                call_arguments[start] = arguments_nodes[0]
            elif "argument.single" in caps or "argument.decorated" in caps:
                call_arguments[start] = None  # exactly one positional
        elif kind == "value":
            prior = values.get(start)
            if prior is None or prior[1].kind == "value":  # a handler stays one
                values[start] = (caps["reference.value"][0].start_byte, ref)
        else:  # a value that a framework enters: a route's or a command's handler
            values[start] = (caps["reference." + kind][0].start_byte, ref)
    base_owners: set[tuple[int, int]] = set()
    for caps in by_role.get("inherit", ()):
        if "inherit.base" in caps:
            base = caps["inherit.base"][0]
            owner = index_by_start.get(caps["inherit.class"][0].start_byte)
            if owner is None:
                # A decorated class: its extent starts at the decorator.
                owner = innermost(caps["inherit.class"][0].start_byte)
            # one base node may serve several classes (an enum for each of its
            # constants with a body), but each class once
            if owner != MODULE_SCOPE and (base.start_byte, owner) not in base_owners:
                base_owners.add((base.start_byte, owner))
                base_nodes.add(base.start_byte)
                base_fact = Base(
                    owner,
                    text_of(base)[:_MAX_NAME],
                    base.start_point[0] + 1,
                    "inherit.implements" in caps,
                )
                bases.append((base.start_byte, base_fact))
    # A function's parameters: (parameter list start, start, kind or marker, name, default).
    parameter_rows = [_parameter_row(text_of, caps) for caps in by_role.get("parameter", ())]
    for caps in by_role.get("binding", ()):
        node = caps["local.binding"][0]
        text = text_of(node)
        scope_of = name_scopes.get(node.start_byte)
        if scope_of is None:
            scope_of = innermost(node.start_byte)
        bindings[node.start_byte] = (scope_of, text)
        holder = caps.get("parameters")
        if holder:  # a binding that is a parameter of the function's signature
            kind = POSITIONAL_OR_KEYWORD
            if len(caps) > 2:
                if "parameter.var_positional" in caps:
                    kind = VAR_POSITIONAL
                elif "parameter.var_keyword" in caps:
                    kind = VAR_KEYWORD
            parameter_rows.append(
                (holder[0].start_byte, node.start_byte, kind, text, "parameter.default" in caps)
            )
    for caps in by_role.get("typed", ()):
        node = caps["local.typed"][0]
        # `@local.named.it`: the pattern binds a name no node spells (an
        # implicit lambda parameter); the capture's suffix is that name. Not
        # `#set!`: a query with one corrupts the heap on tree-sitter 0.26.1.
        unspelled = next((c[len(_NAMED) :] for c in caps if c.startswith(_NAMED)), None)
        for capture, nodes in caps.items():
            # local.constructed, local.annotated, ...: how the type is known
            if (
                capture.startswith("local.")
                and capture != "local.typed"
                and not capture.startswith(_NAMED)
            ):
                if capture == "local.aliased" and (node.start_byte, "") in typed:
                    continue  # `x: T = y`: the annotation says what x is
                expression = text_of(nodes[0])[:_MAX_NAME]
                scope = innermost(node.start_byte)
                # A type switch's variable has each case's type: every one is kept.
                typed_key = (node.start_byte, expression if capture == "local.asserted" else "")
                bound = unspelled or text_of(node)
                typed[typed_key] = (scope, bound, expression, capture[6:])
    for caps in by_role.get("export", ()):
        exports = exports or []
        exports.extend(text_of(n) for n in caps["export.name"])
    exported = _exported(text_of, by_role.get("exported", ()), type_only_regions)
    for role, entries in by_role.items():
        if not role.startswith("entry."):
            continue
        kind = role.removeprefix("entry.").replace("_", "-")
        for caps in entries:
            node = caps[role][0]
            entry_points.add((kind, innermost(node.start_byte)))
    syntax_errors = len(by_role.get("error", ()))
    results = _results(text_of, by_role.get("result", ()), scopes)
    traits = {
        (innermost(caps[role][0].start_byte), role[6:].replace("_", "-"))
        for role, entries in by_role.items()
        if role.startswith("trait.")
        for caps in entries
    }
    returns = _returns(text_of, by_role.get("return", ()), scopes)

    # Implicit calls and attribute reads, unless what they read is assigned to.
    written = {
        (node.start_byte, node.end_byte)
        for caps in by_role.get("write", ())
        for node in caps["reference.write"]
    }
    implicit: dict[tuple[int, str], tuple[Reference, int]] = {}
    for caps in by_role.get("implicit", ()):
        node = caps["reference.implicit"][0]
        receiver_nodes = caps.get("receiver")
        if not receiver_nodes or (node.start_byte, node.end_byte) in written:
            continue
        receiver_node = receiver_nodes[0]
        receiver = receiver_of(receiver_node)
        if receiver == "?":
            continue  # no type could be known: no method to find
        start = receiver_node.start_byte
        receiver_spans.add((start, receiver_node.end_byte))
        scope = innermost(start)
        header = scope != MODULE_SCOPE and start < body_starts[scope]
        line = receiver_node.start_point[0] + 1
        for capture in caps:
            call = _implicit_call(capture)
            if call is not None:
                count, method = call
                ref = Reference("implicit", method, receiver, line, scope, header)
                implicit[(start, method)] = (ref, count)
    # Methods looked up by a name built at run time from a literal prefix.
    for caps in by_role.get("prefixed", ()):
        receiver_node = caps["receiver"][0]
        receiver = receiver_of(receiver_node)
        prefix = text_of(caps["prefix"][0])
        if receiver == "?" or not _IDENTIFIER_PREFIX.fullmatch(prefix):
            continue
        start = receiver_node.start_byte
        scope = innermost(start)
        header = scope != MODULE_SCOPE and start < body_starts[scope]
        ref = Reference(
            "prefixed", prefix, receiver, receiver_node.start_point[0] + 1, scope, header
        )
        implicit[(start, "prefixed " + prefix)] = (ref, -1)
    # Attribute reads, but for those that are the receiver of another
    # reference: the resolver reads `a.b` off the receiver of `a.b.c`.
    candidates: list[tuple[Node, Node, str]] = []
    for caps in by_role.get("read", ()):
        name_node = caps["name"][0]
        start = name_node.start_byte
        node = caps["reference.read"][0]
        if start in calls or start in values or (node.start_byte, node.end_byte) in written:
            continue
        receiver_node = caps["receiver"][0]
        receiver = receiver_of(receiver_node)
        if receiver == "?":
            continue  # no type could be known: no property to find
        receiver_spans.add((receiver_node.start_byte, receiver_node.end_byte))
        candidates.append((node, name_node, receiver))
    reads: list[Reference] = []
    for node, name_node, receiver in candidates:
        if (node.start_byte, node.end_byte) in receiver_spans:
            continue
        start = name_node.start_byte
        scope = innermost(start)
        reads.append(
            Reference(
                "read",
                text_of(name_node)[:_MAX_NAME],
                receiver,
                name_node.start_point[0] + 1,
                scope,
                scope != MODULE_SCOPE and start < body_starts[scope],
            )
        )

    # A name node captured as a call is not also a value; a base class is
    # recorded as inheritance, not as a value reference.
    for start in literal_receivers:
        if start in calls:
            calls[start] = calls[start]._replace(receiver=LITERAL_RECEIVER)
    # (reference, start of a call's name or -1, positional arguments of an implicit call or -1)
    placed: list[tuple[Reference, int, int]] = [(ref, start, -1) for start, ref in calls.items()]
    placed.extend(
        (ref, -1, -1)
        for start, (node_start, ref) in values.items()
        if start not in calls and node_start not in base_nodes
    )
    placed.extend((ref, -1, count) for ref, count in implicit.values())
    placed.extend((ref, -1, -1) for ref in reads)
    placed.sort(key=_placed_order)
    references = [ref for ref, _, _ in placed]
    arguments = _call_arguments(text_of, by_role.get("argument", ()), placed, call_arguments)
    literals = _literals(text_of, by_role.get("literal", ()), placed, call_arguments)
    imports.sort(key=lambda item: item[0])
    bases.sort(key=lambda item: item[0])  # the order written is the order of the MRO
    line_count = source.count(b"\n") + (0 if source.endswith(b"\n") or not source else 1)
    return FileFacts(
        path=path,
        language=compiled.name,
        line_count=line_count,
        definitions=definitions,
        imports=tuple(fact for _, fact in imports),
        references=tuple(references),
        bases=tuple(base for _, base in bases),
        bindings=tuple(sorted(bindings.values())),
        typed=tuple(sorted(typed.values())),
        exports=None if exports is None else tuple(dict.fromkeys(exports)),
        entry_points=tuple(sorted(entry_points)),
        syntax_errors=syntax_errors,
        notes=tuple(notes),
        signatures=_signatures(
            parameter_rows,
            by_role.get("signature", ()),
            [
                (d[8], d[9], body_starts[parent] if parent != MODULE_SCOPE else -1)
                for d, parent in zip(ordered, parents, strict=True)
            ],
        ),
        arguments=arguments,
        literals=literals,
        results=results,
        returns=returns,
        traits=tuple(sorted(traits)),
        exported=exported,
    )


def _exported(
    text_of: Callable[[Node], str],
    matches: Sequence[dict[str, list[Node]]],
    type_only: Sequence[tuple[int, int]],
) -> tuple[Export, ...]:
    """The names a module exports, from ``@exported.*`` captures.

    ``@exported.as`` holds the exported name (``@exported.default`` makes it
    ``default``; neither: the local name); ``@exported.local`` the name it
    binds (absent: an anonymous value); ``@exported.from`` the specifier it
    is re-exported from; ``@exported.all`` marks ``export *``.
    """
    found: dict[tuple[int, str], Export] = {}
    for caps in matches:
        statement = caps["exported.binding"][0]
        local_nodes = caps.get("exported.local")
        local = text_of(local_nodes[0])[:_MAX_NAME] if local_nodes else ""
        if "exported.all" in caps:
            local = "*"
        as_nodes = caps.get("exported.as")
        if as_nodes:
            name = text_of(as_nodes[0])[:_MAX_NAME]
        elif "exported.default" in caps:
            name = "default"
        else:
            name = local
        source_nodes = caps.get("exported.from")
        source = text_of(source_nodes[0]) if source_nodes else ""
        if not name:
            continue
        anchor = (local_nodes or as_nodes or [statement])[0].start_byte
        typed = any(s <= statement.start_byte < e for s, e in type_only)
        found[(anchor, name)] = Export(name, local, source, statement.start_point[0] + 1, typed)
    return tuple(found[key] for key in sorted(found))


def _placed_order(item: tuple[Reference, int, int]) -> tuple[int, int, str, str, str]:
    """The order of references: line, scope, kind, name, receiver."""
    kind, name, receiver, line, scope, _ = item[0]
    return (line, scope, kind, name, receiver or "")


_IMPLICIT_CALLS: dict[str, tuple[int, str] | None] = {}


def _implicit_call(capture: str) -> tuple[int, str] | None:
    """``@implicit.<arguments>.<method>[.<fallback>...]`` as (arguments, methods
    separated by spaces); None for any other capture. Kept per capture name, as
    the same few come back in every match."""
    try:
        return _IMPLICIT_CALLS[capture]
    except KeyError:
        pass
    count, _, methods = capture[9:].partition(".")
    call = None
    if capture.startswith("implicit.") and count.isdigit() and methods:
        call = (int(count), methods.replace(".", " "))
    _IMPLICIT_CALLS[capture] = call
    return call


def _returns(
    text_of: Callable[[Node], str], return_matches: Sequence[dict[str, list[Node]]], scopes: _Scopes
) -> tuple[tuple[int, str, str], ...]:
    """What functions return, as (definition, type expression, how).

    ``how`` is the capture's suffix: ``annotated`` (the return annotation),
    ``yields`` (the element type of an annotated iterable), or
    ``constructed``, kept only when every return statement of the function
    constructs the same expression.
    """
    statements: dict[int, int] = {}
    constructed: dict[int, list[str]] = {}
    found: set[tuple[int, str, str]] = set()
    for caps in return_matches:
        for capture, nodes in caps.items():
            if not capture.startswith("return."):
                continue
            scope = scopes.innermost(nodes[0].start_byte)
            if scope == MODULE_SCOPE:
                continue
            how = capture[7:]
            if how == "statement":
                statements[scope] = statements.get(scope, 0) + 1
            elif how == "constructed":
                constructed.setdefault(scope, []).append(text_of(nodes[0])[:_MAX_NAME])
            else:
                found.add((scope, text_of(nodes[0])[:_MAX_NAME], how))
    for scope, expressions in constructed.items():
        if len(expressions) == statements.get(scope) and len(set(expressions)) == 1:
            found.add((scope, expressions[0], "constructed"))
    return tuple(sorted(found))


def _parameter_row(
    text_of: Callable[[Node], str], caps: dict[str, list[Node]]
) -> tuple[int, int, str, str, bool]:
    """A parameter, marker or extra of a parameter list that is no local binding."""
    for capture, kind in _PARAMETER_CAPTURES:
        nodes = caps.get(capture)
        if nodes:
            node = nodes[0]
            holder = caps["parameters"][0]
            name = text_of(node)[:_MAX_NAME]
            return (holder.start_byte, node.start_byte, kind, name, "parameter.default" in caps)
    raise ValueError("a parameter pattern captures none of the parameter captures")


def _signatures(
    parameter_rows: list[tuple[int, int, str, str, bool]],
    receiver_matches: Sequence[dict[str, list[Node]]],
    definitions: list[tuple[Node | None, int, int]],
) -> tuple[Signature, ...]:
    """The signature of each definition with a parameter list whose every child was read.

    ``parameter_rows`` are the children of parameter lists: (list start,
    start, kind or marker, name, has a default). ``definitions`` holds each
    definition's parameter list (or None), the start of its node and the
    start of its parent's body (-1 at module level), in definition order.
    """
    lists: dict[int, list[tuple[int, str, str, bool]]] = {}
    for holder_start, start, kind, name, default in parameter_rows:
        lists.setdefault(holder_start, []).append((start, kind, name, default))
    method_bodies: set[int] = set()
    receivers: dict[int, str] = {}  # definition start -> what its decorator makes it receive
    for caps in receiver_matches:
        bodies = caps.get("signature.instance_methods")
        if bodies:
            method_bodies.add(bodies[0].start_byte)
        for capture, receiver in _RECEIVER_CAPTURES:
            nodes = caps.get(capture)
            if nodes:
                receivers[nodes[0].start_byte] = receiver
    found: list[Signature] = []
    for index, (holder_node, start, parent_body) in enumerate(definitions):
        if holder_node is None:
            continue
        written = lists.get(holder_node.start_byte, [])
        children = [(c.start_byte, c.end_byte) for c in holder_node.named_children]
        covered = {i for s, *_ in written for i, (a, b) in enumerate(children) if a <= s < b}
        if len(covered) != len(children):
            # something the query does not know: the signature is unknown (one
            # child may hold several parameters: Go's `a, b int`)
            continue
        written.sort()
        slash = next((i for i, child in enumerate(written) if child[1] == "/"), -1)
        keyword_only = False
        parameters: list[Parameter] = []
        for position, (_, kind, name, default) in enumerate(written):
            if kind == "*":
                keyword_only = True
            elif kind == VAR_POSITIONAL:
                keyword_only = True
                parameters.append(Parameter(name, kind, False))
            elif kind == VAR_KEYWORD:
                parameters.append(Parameter(name, kind, False))
            elif kind == POSITIONAL_OR_KEYWORD:
                if position < slash:
                    kind = POSITIONAL_ONLY
                elif keyword_only:
                    kind = KEYWORD_ONLY
                parameters.append(Parameter(name, kind, default))
        receiver = receivers.get(
            start, RECEIVER_INSTANCE if parent_body in method_bodies else RECEIVER_NONE
        )
        found.append(Signature(index, receiver, tuple(parameters)))
    return tuple(found)


def _call_arguments(
    text_of: Callable[[Node], str],
    argument_matches: Sequence[dict[str, list[Node]]],
    placed: list[tuple[Reference, int, int]],
    call_arguments: dict[int, Node | None],
) -> tuple[CallArguments, ...]:
    """The argument shape of each call reference whose arguments could all be read.

    ``placed`` holds the references in their final order with the start of
    each call's name (-1 for other references) and the number of positional
    arguments of an implicit call (-1 for other references);
    ``call_arguments`` maps a call's start to its argument list, or None for
    a call of one argument.
    """
    # argument list start -> its keywords (start, name), and its counts of
    # *splats, **splats, extras and unknown children
    lists: dict[int, tuple[list[tuple[int, str]], list[int]]] = {}
    for caps in argument_matches:
        holder = caps.get("arguments")
        if not holder:
            continue
        keywords, counts = lists.setdefault(holder[0].start_byte, ([], [0, 0, 0, 0]))
        if "argument.keyword" in caps:
            node = caps["argument.keyword"][0]
            keywords.append((node.start_byte, text_of(node)[:_MAX_NAME]))
        else:
            for slot, capture in enumerate(_ARGUMENT_CAPTURES[1:]):
                if capture in caps:
                    counts[slot] += 1
                    break
    found: list[CallArguments] = []
    for index, (_, start, fixed) in enumerate(placed):
        if fixed >= 0:
            found.append(CallArguments(index, fixed, (), False, False))
            continue
        if start < 0 or start not in call_arguments:
            continue
        holder_node = call_arguments[start]
        if holder_node is None:
            found.append(CallArguments(index, 1, (), False, False))
            continue
        parts = lists.get(holder_node.start_byte)
        if parts is None:  # positional arguments only, the common case
            found.append(CallArguments(index, holder_node.named_child_count, (), False, False))
            continue
        keywords, (splats, keyword_splats, extras, unknown) = parts
        if unknown:
            continue
        # The named children captured as nothing else are the positional arguments.
        positional = holder_node.named_child_count - len(keywords) - splats - keyword_splats
        found.append(
            CallArguments(
                index,
                positional - extras,
                tuple(name for _, name in sorted(keywords)),
                splats > 0,
                keyword_splats > 0,
            )
        )
    return tuple(found)


def _literals(
    text_of: Callable[[Node], str],
    literal_matches: Sequence[dict[str, list[Node]]],
    placed: list[tuple[Reference, int, int]],
    call_arguments: dict[int, Node | None],
) -> tuple[LiteralArgument, ...]:
    """The literal arguments of each call reference, as ``_call_arguments`` places calls.

    A literal's position is that of the argument holding it (a string in a
    tuple is at the tuple's place) among the call's arguments, comments aside.
    """
    by_list: dict[int, list[tuple[int, int, str | None, str]]] = {}
    for caps in literal_matches:
        holder = caps["arguments"][0]
        value = caps["literal.value"][0]
        argument = value
        while argument.parent is not None and argument.parent.id != holder.id:
            argument = argument.parent
        arguments = [c for c in holder.named_children if not c.is_extra]
        position = next((i for i, c in enumerate(arguments) if c.id == argument.id), -1)
        keyword_nodes = caps.get("literal.keyword")
        keyword = text_of(keyword_nodes[0])[:_MAX_NAME] if keyword_nodes else None
        by_list.setdefault(holder.start_byte, []).append(
            (value.start_byte, position, keyword, text_of(value)[:_MAX_NAME])
        )
    found: list[LiteralArgument] = []
    for index, (_, start, _) in enumerate(placed):
        holder_node = call_arguments.get(start) if start >= 0 else None
        if holder_node is None or holder_node.start_byte not in by_list:
            continue
        for _, position, keyword, text in sorted(by_list[holder_node.start_byte]):
            found.append(LiteralArgument(index, position, keyword, text))
    return tuple(found)


def _results(
    text_of: Callable[[Node], str], result_matches: Sequence[dict[str, list[Node]]], scopes: _Scopes
) -> tuple[Result, ...]:
    """Each function's return and yield statements and return annotation, in file order."""
    found: dict[int, Result] = {}
    delegated: set[int] = set()
    for caps in result_matches:
        annotation = caps.get("result.annotated")
        if annotation:
            node = annotation[0]
            scope = scopes.innermost(node.start_byte)
            text = text_of(node)[:_MAX_NAME]
            found[node.start_byte] = Result(scope, RESULT_ANNOTATION, text, RESULT_ANNOTATED)
            continue
        statement = RESULT_RETURN if "result.return" in caps else RESULT_YIELD
        node = caps["result." + statement][0]
        scope = scopes.innermost(node.start_byte)
        if "result.delegated" in caps:
            delegated.add(node.start_byte)
            continue
        for how in (RESULT_CONSTRUCTED, RESULT_NAMED):
            value = caps.get("result." + how)
            if value:
                found[node.start_byte] = Result(
                    scope, statement, text_of(value[0])[:_MAX_NAME], how
                )
                break
        else:
            found.setdefault(node.start_byte, Result(scope, statement, "", ""))
    for start in delegated:
        if start in found:
            found[start] = found[start]._replace(expression="", how="")
    return tuple(found[start] for start in sorted(found))
