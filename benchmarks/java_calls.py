"""Compare our Java ``calls`` edges with the bytecode javac writes (``javap -c -l -p``).

The workloads are those of ``java_workloads.py`` (jsoup and commons-lang3:
Debian's upstream tarballs, compiled with plain ``javac --release 17 -g``
against pinned Debian jars, main and test code). Sets of (caller node id,
callee node id) pairs are built over the methods of the repository (both
ends), test code included:

* the oracle: ``javap -c -l -p -s`` over every class file of the main and the
  test build (many classes per run). Each ``invokevirtual``,
  ``invokespecial``, ``invokestatic`` and ``invokeinterface`` names its owner
  (the class javac wrote: the static type of the receiver) and the method's
  name and descriptor; ``-l`` gives the line of each instruction. The class
  files themselves are read for what javap's code listing lacks: flags,
  ``extends``/``implements``, the declared methods and fields,
  ``SourceFile``, ``InnerClasses`` and ``EnclosingMethod``. Two sets:

  - ``declared``: the callee is the class that declares the method, found
    from the owner as the JVM resolves it (the owner, its superclasses, then
    its interfaces), since javac writes ``Element.text`` for a call of
    ``text`` inherited by ``Element`` from ``Node``. A call of a method the
    owner inherits from a class outside the repository (``Elements.size``,
    from ``ArrayList``) is dropped with the calls of classes outside it.
    Recall is measured against it;
  - ``dispatch``: declared, plus, for ``invokevirtual`` and
    ``invokeinterface`` of a method that is neither private nor static, the
    method each repository subtype of the owner runs for it (its own
    override, or the one it inherits), class hierarchy analysis. An edge it
    lacks happens in no run: precision is measured against it. Printed for
    information, ``dispatch+jdk`` also lets a call on an owner outside the
    repository (``Object.toString``, ``Runnable.run``) reach the repository
    types that name that owner among their ancestors (every class, for
    ``Object``).

  Class names map to our ids (``testdata/java/README.md``): a top-level class
  is its binary name with dots (``org.jsoup.nodes.Element``); a member class
  is its outer class's id and its simple name (``...Document.OutputSettings``);
  a local class is the id of the method it is declared in and its name
  (``...A.m.Local``); an anonymous class (``A$1``) *is* the method it is
  written in, or the type when it is written in a field initialiser
  (``EnclosingMethod`` without a method), as our resolver makes an anonymous
  class a scope of its enclosing method; an enum constant's body (an
  anonymous class with the enum flag, found by its lines in the source) is
  the class ``<enum id>.<CONSTANT>``. Methods map so:

  - ``m`` of class ``C`` is ``<id of C>.m`` (all overloads one node);
  - ``lambda$m$N`` is written in ``m`` (javac names a nested lambda after
    the outermost method too); ``lambda$new$N`` is in a constructor or an
    instance field initialiser and ``lambda$static$N`` in a static one: as
    ``<init>`` and ``<clinit>``;
  - ``<init>`` is the constructor ``<id>.<Simple>`` for the instructions
    whose line is inside a constructor declaration of that name (tree-sitter
    finds them in the source file), else the type ``<id>``: javac copies
    field initialisers and initializer blocks into every constructor, and our
    resolver gives their calls to the type. ``<init>`` of an anonymous class
    is the method the class is written in;
  - ``<clinit>`` (static fields, static blocks, enum constants) is the type;
  - a bridge or other synthetic method (``$values``, ``$deserializeLambda$``)
    is no source: its calls are dropped, and so are the synthetic classes
    (``$SwitchMap$`` holders of a switch on an enum).

  Callees map the same way. A call the JVM resolves to a bridge stands for
  the method bridged: a generic or covariant bridge for the method of its
  name beside it, a visibility bridge (what a public class gets for the
  public methods of a package-private superclass: ``XmlDeclaration.attr``
  from ``LeafNode``) for the superclass's method. ``<init>`` of a class that
  declares no constructor (javac's default constructor, an enum's implicit
  one) and of an anonymous class have no node: dropped. A ``new X(...) { ... }`` still
  counts, as the call its anonymous constructor makes of ``X``'s
  constructor, from the enclosing method. Also dropped, and counted: the
  ``super()`` javac writes into a constructor that does not call ``super(...)``
  or ``this(...)`` itself (an explicit call is one whose line is in an
  ``explicit_constructor_invocation``), calls of synthetic methods, and an
  enum's ``values()`` and ``valueOf(String)`` (the compiler declares them).
  String concatenation and lambdas are ``invokedynamic`` in Java 17, and the
  nest-mates of Java 11 leave no ``access$`` methods: nothing to drop. The
  ``iterator()``/``hasNext()``/``next()`` of a for-each loop and the
  ``close()`` of a try-with-resources on a repository type are kept: the
  program does run them. Method references (an ``invokedynamic`` bootstrap
  argument) are no call instruction and are not in the oracle;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``,
  keeping the ``calls`` edges between two ``java:`` nodes (one per caller and
  callee: the highest confidence, the union of the tags). An edge with an end
  in a file that has no class file (a test file javac could not build, a
  benchmark left out of the test build) is counted apart and not compared.

Self-calls (recursion, and an overload calling another of its name: one node)
are left out of both sides.

The report sorts misses and false positives by a cause read cheaply from the
bytecode and the source line of the call (a heuristic, for reading, not a
figure): how the receiver is written (unqualified, ``this.``, a local or
parameter per the LocalVariableTable, a field of the class, of a superclass
or of an outer class, ``new T(...)``, the result of another call, a cast), a
call of a name whose overload the bytecode resolves in another type than
ours, a receiver whose type javac says is outside the repository.

    python benchmarks/java_calls.py [--workload jsoup] [--check] [--json [FILE]]
        [--reuse] [--oracle-only] [--python PY] [--jobs 2] [--examples 12]
"""

from __future__ import annotations

import argparse
import bisect
import functools
import os
import re
import struct
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_imports import run_graph, source_line, write_json
from java_workloads import (
    JUNIT,
    WORKLOADS,
    CompiledTree,
    JavaWorkload,
    compile_tree,
    jars,
    java_version,
    sources,
)
from js_imports import tool_version
from workloads import add_cache_dir_argument

JAVAP = os.environ.get("JAVAP", "javap")
PREFIX = "java:"
TARGETS = {
    "precision_certain": 0.95,  # our edges at confidence 1.0, against dispatch
    "precision_half": 0.90,  # our edges at confidence >= 0.5, against dispatch
    "recall_declared": 0.75,  # the declared calls, by all our edges
}
EXAMPLES = 12
BATCH = 80  # class files per javap run

Pair = tuple[str, str]
Site = tuple[str, int]  # (repository path, line)

ACC_PRIVATE = 0x0002
ACC_STATIC = 0x0008
ACC_BRIDGE = 0x0040
ACC_INTERFACE = 0x0200
ACC_SYNTHETIC = 0x1000
ACC_ENUM = 0x4000
INVOKES = ("invokevirtual", "invokespecial", "invokestatic", "invokeinterface")
VIRTUAL = ("invokevirtual", "invokeinterface")


# --- class files --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """One invoke instruction, as javap lists it."""

    line: int
    op: str
    owner: str  # internal name (``org/jsoup/nodes/Element``), or an array descriptor
    name: str
    desc: str
    after_new: bool  # an ``invokespecial <init>`` that completes a ``new``


@dataclass(slots=True)
class Method:
    name: str
    desc: str
    flags: int
    lines: list[tuple[int, int]] = field(default_factory=list)  # (pc, line), sorted
    calls: list[Call] = field(default_factory=list)
    locals: dict[str, str] = field(default_factory=dict)  # name -> descriptor / signature
    first_line: int = 0  # the line of its first instruction


@dataclass(slots=True)
class ClassFile:
    """What the comparison reads of one ``.class`` file."""

    name: str  # internal name
    flags: int
    super: str | None
    interfaces: tuple[str, ...]
    source_file: str | None
    inner: bool = False  # it has an InnerClasses entry of its own
    outer: str | None = None
    inner_name: str | None = None
    enclosing: tuple[str, str | None] | None = None  # EnclosingMethod: class, method
    fields: dict[str, str] = field(default_factory=dict)
    methods: dict[tuple[str, str], Method] = field(default_factory=dict)
    build: str = ""  # "main" or "test"
    file: Path = Path()
    path: str = ""  # repository path of the source file ("" when not found)

    @property
    def anonymous(self) -> bool:
        return self.inner and self.inner_name is None

    @property
    def local(self) -> bool:
        return self.inner and self.inner_name is not None and self.outer is None

    @property
    def dotted(self) -> str:
        return self.name.replace("/", ".")


def read_class(data: bytes) -> ClassFile:
    """Parse the constant pool, the header, members and class attributes of a class file."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        raise ValueError("not a class file")
    (count,) = struct.unpack_from(">H", data, 8)
    pos = 10
    utf: dict[int, str] = {}
    classes: dict[int, int] = {}
    nat: dict[int, tuple[int, int]] = {}
    i = 1
    while i < count:
        tag = data[pos]
        pos += 1
        if tag == 1:
            (n,) = struct.unpack_from(">H", data, pos)
            utf[i] = data[pos + 2 : pos + 2 + n].decode("utf-8", "replace")
            pos += 2 + n
        elif tag in (3, 4):
            pos += 4
        elif tag in (5, 6):
            pos += 8
            i += 1
        elif tag == 7:
            (classes[i],) = struct.unpack_from(">H", data, pos)
            pos += 2
        elif tag in (8, 16, 19, 20):
            pos += 2
        elif tag == 12:
            nat[i] = struct.unpack_from(">HH", data, pos)
            pos += 4
        elif tag in (9, 10, 11, 17, 18):
            pos += 4
        elif tag == 15:
            pos += 3
        else:
            raise ValueError(f"constant pool tag {tag}")
        i += 1

    def cls(index: int) -> str | None:
        return utf[classes[index]] if index else None

    flags, this, sup, n_interfaces = struct.unpack_from(">HHHH", data, pos)
    pos += 8
    interfaces = struct.unpack_from(f">{n_interfaces}H", data, pos)
    pos += 2 * n_interfaces
    out = ClassFile(
        name=cls(this) or "",
        flags=flags,
        super=cls(sup),
        interfaces=tuple(c for c in (cls(x) for x in interfaces) if c),
        source_file=None,
    )

    def skip_attributes(pos: int) -> int:
        (n,) = struct.unpack_from(">H", data, pos)
        pos += 2
        for _ in range(n):
            (length,) = struct.unpack_from(">I", data, pos + 2)
            pos += 6 + length
        return pos

    for member in ("fields", "methods"):
        (n,) = struct.unpack_from(">H", data, pos)
        pos += 2
        for _ in range(n):
            access, name, desc = struct.unpack_from(">HHH", data, pos)
            pos = skip_attributes(pos + 6)
            if member == "fields":
                out.fields[utf[name]] = utf[desc]
            else:
                out.methods[(utf[name], utf[desc])] = Method(utf[name], utf[desc], access)
    (n,) = struct.unpack_from(">H", data, pos)
    pos += 2
    for _ in range(n):
        name, length = struct.unpack_from(">HI", data, pos)
        body = pos + 6
        pos = body + length
        kind = utf.get(name)
        if kind == "SourceFile":
            out.source_file = utf[struct.unpack_from(">H", data, body)[0]]
        elif kind == "EnclosingMethod":
            klass, method = struct.unpack_from(">HH", data, body)
            where = cls(klass) or ""
            out.enclosing = (where, utf[nat[method][0]] if method else None)
        elif kind == "InnerClasses":
            (entries,) = struct.unpack_from(">H", data, body)
            for k in range(entries):
                inner, outer, inner_name, _ = struct.unpack_from(">HHHH", data, body + 2 + 8 * k)
                if cls(inner) == out.name:
                    out.inner = True
                    out.outer = cls(outer)
                    out.inner_name = utf[inner_name] if inner_name else None
    return out


# --- javap -------------------------------------------------------------------------------------

_INSN = re.compile(r"^\s+\d+: (invoke\w+|new)\s+#\d+(?:,\s*\d+)?\s+// (.*)$")
_PC = re.compile(r"^\s+(\d+): ")
_LINE = re.compile(r"^\s+line (\d+): (\d+)$")
_LOCAL = re.compile(r"^\s+\d+\s+\d+\s+\d+\s+(\S+)\s+(\S+)$")


def _member_ref(comment: str, this: str) -> tuple[str, str, str] | None:
    """``Method p/A.g:()I`` -> (owner, name, descriptor); the owner is omitted for ``this``."""
    for prefix in ("Method ", "InterfaceMethod "):
        if comment.startswith(prefix):
            ref = comment[len(prefix) :]
            break
    else:
        return None
    target, sep, desc = ref.partition(":(")
    if not sep:
        return None
    owner, dot, name = target.rpartition(".") if not target.startswith('"<') else ("", "", target)
    return (owner.strip('"') if dot else this), name.strip('"'), "(" + desc


def _read_javap(text: str, files: list[ClassFile]) -> None:
    """Fill the methods of ``files`` (javap's classes, in the same order) with calls and lines."""
    index = -1
    current: ClassFile | None = None
    method: Method | None = None
    decl = ""
    mode = ""
    pending: list[str] = []
    pc = 0
    for raw in text.splitlines():
        if raw and not raw.startswith(" "):
            if raw.endswith("{"):
                index += 1
                current = files[index]
                if current.dotted not in raw:
                    raise RuntimeError(f"javap order: expected {current.dotted}, got {raw!r}")
            method = None
            continue
        if current is None:
            continue
        if raw.startswith("  ") and not raw.startswith("   "):
            decl, method, mode = raw.strip(), None, ""
            continue
        stripped = raw.strip()
        if stripped.startswith("descriptor: ") and raw.startswith("    descriptor"):
            desc = stripped[len("descriptor: ") :]
            if decl == "static {};":
                name = "<clinit>"
            else:
                m = re.search(r"([\w$.]+)\(", decl)
                if m is None:
                    continue  # a field
                token = m.group(1)
                name = "<init>" if token == current.dotted else token.rsplit(".", 1)[-1]
            method = current.methods.get((name, desc))
            if method is None:
                method = current.methods.setdefault((name, desc), Method(name, desc, 0))
            pending = []
            continue
        if method is None:
            continue
        if stripped == "Code:":
            mode = "code"
            continue
        if stripped in ("LineNumberTable:", "LocalVariableTable:", "LocalVariableTypeTable:"):
            mode = stripped[:-1]
            continue
        if stripped.endswith(":") and raw.startswith("      ") and not _PC.match(raw):
            mode = ""  # Exception table, StackMapTable, ...
            continue
        if mode == "code":
            pm = _PC.match(raw)
            if pm is None:
                continue
            pc = int(pm.group(1))
            m = _INSN.match(raw)
            if m is None:
                continue
            op, comment = m.groups()
            if op == "new":
                pending.append(comment.removeprefix("class ").strip('"'))
                continue
            if op not in INVOKES:
                continue
            ref = _member_ref(comment, current.name)
            if ref is None:
                continue
            owner, name, desc = ref
            after_new = False
            if op == "invokespecial" and name == "<init>" and pending and pending[-1] == owner:
                pending.pop()
                after_new = True
            method.calls.append(Call(pc, op, owner, name, desc, after_new))
        elif mode == "LineNumberTable":
            lm = _LINE.match(raw)
            if lm:
                method.lines.append((int(lm.group(2)), int(lm.group(1))))
        elif mode in ("LocalVariableTable", "LocalVariableTypeTable"):
            vm = _LOCAL.match(raw)
            generic = mode == "LocalVariableTypeTable"
            if vm and vm.group(1) != "Name" and (generic or vm.group(1) not in method.locals):
                method.locals[vm.group(1)] = vm.group(2)
    if index != len(files) - 1:
        raise RuntimeError(f"javap listed {index + 1} classes of {len(files)}")
    for klass in files:
        for m in klass.methods.values():
            m.lines.sort()
            if m.lines:
                pcs = [p for p, _ in m.lines]
                m.first_line = m.lines[0][1]
                m.calls = [
                    Call(
                        m.lines[max(0, bisect.bisect_right(pcs, c.line) - 1)][1],
                        c.op,
                        c.owner,
                        c.name,
                        c.desc,
                        c.after_new,
                    )
                    for c in m.calls
                ]


def javap_version() -> str:
    proc = subprocess.run([JAVAP, "-version"], capture_output=True, text=True, check=False)
    return f"javap {(proc.stdout or proc.stderr).strip()}"


def _javap_batch(batch: list[ClassFile]) -> None:
    cmd = [JAVAP, "-c", "-l", "-p", "-s", *(str(c.file) for c in batch)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"javap exited with {proc.returncode}: {proc.stderr[-2000:]}")
    _read_javap(proc.stdout, batch)


def load_classes(tree: CompiledTree, jobs: int, code: bool = True) -> dict[str, ClassFile]:
    """Every class file of the main and the test build, by internal name; with ``code``,
    their calls and line numbers from javap."""
    out: dict[str, ClassFile] = {}
    w = tree.workload
    for build, folder, roots in (
        ("main", tree.main_classes, w.main_roots),
        ("test", tree.test_classes, w.test_roots),
    ):
        for file in sorted(folder.rglob("*.class")):
            c = read_class(file.read_bytes())
            c.build, c.file = build, file
            if c.name == "module-info" or c.name.endswith("/package-info"):
                continue
            package = c.name.rpartition("/")[0]
            base = c.source_file or c.name.rpartition("/")[2].split("$", 1)[0] + ".java"
            for root in roots:
                rel = f"{root}/{package}/{base}" if package else f"{root}/{base}"
                if (tree.repo / rel).is_file():
                    c.path = rel
                    break
            out[c.name] = c
    if code:
        items = list(out.values())
        batches = [items[i : i + BATCH] for i in range(0, len(items), BATCH)]
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            list(pool.map(_javap_batch, batches))
    return out


# --- the source: where constructors are ---------------------------------------------------------


@dataclass
class Spans:
    constructors: dict[str, list[tuple[int, int]]]  # simple name -> line spans
    explicit: list[tuple[int, int]]  # super(...) / this(...) calls
    enum_bodies: list[tuple[str, int, int]] = field(default_factory=list)  # constant, lines


@functools.cache
def _parser() -> Any:
    import tree_sitter_java
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_java.language()))


def parse_spans(text: bytes) -> Spans:
    """Constructor declarations and explicit constructor calls of a Java file, by tree-sitter."""
    tree = _parser().parse(text)
    spans = Spans({}, [])
    todo = [tree.root_node]
    while todo:
        node = todo.pop()
        if node.type in ("constructor_declaration", "compact_constructor_declaration"):
            name = node.child_by_field_name("name")
            if name is not None and name.text is not None:
                spans.constructors.setdefault(name.text.decode(), []).append(
                    (node.start_point[0] + 1, node.end_point[0] + 1)
                )
        elif node.type == "explicit_constructor_invocation":
            spans.explicit.append((node.start_point[0] + 1, node.end_point[0] + 1))
        elif node.type == "enum_constant" and node.child_by_field_name("body") is not None:
            name = node.child_by_field_name("name")
            if name is not None and name.text is not None:
                spans.enum_bodies.append(
                    (name.text.decode(), node.start_point[0] + 1, node.end_point[0] + 1)
                )
        todo.extend(node.children)
    return spans


# --- names: bytecode to our ids -----------------------------------------------------------------


class Names:
    """Maps classes and methods of the bytecode to our node ids."""

    def __init__(self, repo: Path, classes: dict[str, ClassFile]) -> None:
        self.repo = repo
        self.classes = classes
        self._ids: dict[str, str] = {}
        self._spans: dict[str, Spans] = {}
        self._declares: dict[str, bool] = {}
        self._subtypes: dict[str, set[str]] | None = None
        self._resolved: dict[tuple[str, str, str], str | None] = {}
        self._by_id: dict[str, str] | None = None

    def spans(self, path: str) -> Spans:
        if path not in self._spans:
            try:
                self._spans[path] = parse_spans((self.repo / path).read_bytes())
            except OSError:
                self._spans[path] = Spans({}, [])
        return self._spans[path]

    def class_id(self, name: str) -> str:
        found = self._ids.get(name)
        if found is not None:
            return found
        self._ids[name] = name.replace("/", ".").replace("$", ".")  # while computing: no loop
        c = self.classes.get(name)
        if c is None or not c.inner:
            found = name.replace("/", ".")
        elif c.anonymous:
            constant = self.enum_constant(c)
            found = (
                f"{self.class_id(c.super)}.{constant}"
                if constant is not None and c.super
                else self.enclosing_id(c)
            )
        elif c.outer is not None:
            found = f"{self.class_id(c.outer)}.{c.inner_name}"
        else:
            found = f"{self.enclosing_id(c)}.{c.inner_name}"
        self._ids[name] = found
        return found

    def simple(self, name: str) -> str:
        return self.class_id(name).rsplit(".", 1)[-1]

    def enum_constant(self, c: ClassFile) -> str | None:
        """The enum constant whose body an anonymous class is (javac's ``E$1``), if
        any: our resolver makes such a body a class ``E.CONSTANT``."""
        if not c.flags & ACC_ENUM:
            return None
        lines = [m.first_line for m in c.methods.values() if m.first_line]
        if not lines:
            return None
        line = min(lines)
        for name, start, end in self.spans(c.path).enum_bodies:
            if start <= line <= end:
                return name
        return None

    def enclosing_id(self, c: ClassFile) -> str:
        """The node an anonymous or local class is written in."""
        if c.enclosing is None:
            return c.name.replace("/", ".").replace("$", ".")
        where, method = c.enclosing
        if method is None or where not in self.classes:
            return self.class_id(where)
        lines = [m.first_line for m in c.methods.values() if m.first_line]
        found = self.method_id(self.classes[where], method, min(lines) if lines else 0)
        return found or self.class_id(where)

    def in_constructor(self, c: ClassFile, line: int) -> bool:
        """Is ``line`` inside a constructor declaration of class ``c``?"""
        spans = self.spans(c.path).constructors.get(self.simple(c.name), ())
        return any(a <= line <= b for a, b in spans)

    def method_id(self, c: ClassFile, name: str, line: int) -> str | None:
        """The node a method of ``c`` (``lambda$m$0``, ``<init>`` at ``line``) belongs to."""
        if name.startswith("lambda$"):
            source = name.split("$")[1]
            name = {"new": "<init>", "static": "<clinit>"}.get(source, source)
        if name == "<clinit>":
            return self.class_id(c.name)
        if name == "<init>":
            if c.anonymous or not self.in_constructor(c, line):
                return self.class_id(c.name)
            return f"{self.class_id(c.name)}.{self.simple(c.name)}"
        return f"{self.class_id(c.name)}.{name}"

    def caller(self, c: ClassFile, m: Method, line: int) -> tuple[str | None, str]:
        """(our id, context) of the code at ``line`` of method ``m``; None with why not."""
        if c.flags & ACC_SYNTHETIC:
            return None, "synthetic class"
        lambda_ = m.name.startswith("lambda$") and bool(m.flags & ACC_SYNTHETIC)
        if m.flags & ACC_SYNTHETIC and not lambda_:
            return None, "bridge" if m.flags & ACC_BRIDGE else "synthetic method"
        found = self.method_id(c, m.name, line)
        if found == self.class_id(c.name) and not c.anonymous:
            context = "initialiser"
        elif lambda_:
            context = "lambda"
        elif c.anonymous:
            context = "anonymous class"
        elif c.local:
            context = "local class"
        else:
            context = "constructor" if m.name == "<init>" else "method"
        return found, context

    def by_id(self) -> dict[str, str]:
        """Our type id -> the class of it (anonymous classes are no type of ours)."""
        if self._by_id is None:
            self._by_id = {
                self.class_id(c.name): c.name for c in self.classes.values() if not c.anonymous
            }
        return self._by_id

    def superclasses(self, name: str) -> list[str]:
        """``name`` and its superclasses in the repository, nearest first."""
        out: list[str] = []
        x: str | None = name
        while x is not None and x in self.classes and x not in out:
            out.append(x)
            x = self.classes[x].super
        return out

    def declares_constructor(self, c: ClassFile) -> bool:
        """Does the source of ``c`` declare a constructor (else javac wrote the default one)?"""
        found = self._declares.get(c.name)
        if found is None:
            found = any(
                self.in_constructor(c, m.first_line)
                for m in c.methods.values()
                if m.name == "<init>" and m.first_line
            )
            self._declares[c.name] = found
        return found

    @staticmethod
    def declares_method(c: ClassFile, name: str, desc: str) -> bool:
        """Does ``c`` declare the method? A bridge counts only beside a method of its
        name in the source (a generic or covariant bridge); a visibility bridge (a
        public class re-exposing its package-private superclass's method) does not."""
        m = c.methods.get((name, desc))
        if m is None:
            return False
        if not m.flags & ACC_BRIDGE:
            return True
        return any(n == name and not x.flags & ACC_SYNTHETIC for (n, _), x in c.methods.items())

    def declaring(self, owner: str, name: str, desc: str) -> str | None:
        """The repository class that declares the method a call on ``owner`` resolves
        to (superclasses first, then interfaces); None when it is declared outside."""
        key = (owner, name, desc)
        if key in self._resolved:
            return self._resolved[key]
        found: str | None = None
        c: str | None = owner
        while c is not None and c in self.classes:
            if self.declares_method(self.classes[c], name, desc):
                found = c
                break
            c = self.classes[c].super
        if found is None and name != "<init>":
            seen: set[str] = set()
            todo = [owner]
            while todo and found is None:
                x = todo.pop(0)
                if x in seen or x not in self.classes:
                    continue
                seen.add(x)
                k = self.classes[x]
                if k.flags & ACC_INTERFACE and self.declares_method(k, name, desc):
                    m = k.methods[(name, desc)]
                    if not m.flags & (ACC_STATIC | ACC_PRIVATE):
                        found = x
                        break
                todo.extend(k.interfaces)
                if k.super:
                    todo.append(k.super)
        self._resolved[key] = found
        return found

    def subtypes(self, name: str) -> set[str]:
        """Repository classes below ``name`` (any class or interface, also outside)."""
        if self._subtypes is None:
            direct: dict[str, set[str]] = defaultdict(set)
            for c in self.classes.values():
                for base in (c.super, *c.interfaces):
                    if base:
                        direct[base].add(c.name)
            closure: dict[str, set[str]] = {}

            def below(x: str) -> set[str]:
                if x not in closure:
                    closure[x] = set()
                    out: set[str] = set()
                    for sub in direct.get(x, ()):
                        out.add(sub)
                        out |= below(sub)
                    closure[x] = out
                return closure[x]

            for base in list(direct):
                below(base)
            self._subtypes = closure
        return self._subtypes.get(name, set())

    def callee(self, declaring: str, name: str, desc: str) -> tuple[str | None, str]:
        c = self.classes[declaring]
        m = c.methods.get((name, desc))
        if m is not None and m.flags & ACC_SYNTHETIC and not m.flags & ACC_BRIDGE:
            return None, "synthetic callee"
        implicit = (name == "values" and desc.startswith("()[")) or (
            name == "valueOf" and desc.startswith("(Ljava/lang/String;)")
        )
        if c.flags & ACC_ENUM and c.super == "java/lang/Enum" and implicit:
            return None, "enum values()/valueOf() (the compiler's)"
        if name == "<init>":
            if c.anonymous:
                return None, "anonymous class constructor"
            if not self.declares_constructor(c):
                return None, "default constructor (not in the source)"
            return f"{self.class_id(c.name)}.{self.simple(c.name)}", ""
        return f"{self.class_id(c.name)}.{name}", ""

    def explicit_constructor_call(self, c: ClassFile, line: int) -> bool:
        return any(a <= line <= b for a, b in self.spans(c.path).explicit)


# --- the oracle ---------------------------------------------------------------------------------


@dataclass
class Info:
    """What the bytecode says of one oracle pair (its first site)."""

    op: str
    owner: str  # as javac wrote it
    declaring: str
    context: str  # method, constructor, initialiser, lambda, anonymous class, local class
    caller_class: str
    caller_method: str  # the bytecode method, for its locals
    site: Site


@dataclass
class Oracle:
    classes: dict[str, ClassFile]
    names: Names
    declared: dict[Pair, list[Site]] = field(default_factory=dict)
    dispatch: set[Pair] = field(default_factory=set)
    dispatch_jdk: set[Pair] = field(default_factory=set)
    info: dict[Pair, Info] = field(default_factory=dict)
    # caller id -> method name -> (owner as javac wrote it, descriptor) of its calls of it
    called: dict[str, dict[str, set[tuple[str, str]]]] = field(default_factory=dict)
    dropped: Counter[str] = field(default_factory=Counter)
    outside: Counter[str] = field(default_factory=Counter)
    self_calls: int = 0
    instructions: int = 0
    compiled_files: set[str] = field(default_factory=set)
    method_names: set[str] = field(default_factory=set)  # of the repository's methods
    seconds: float = 0.0


def build_oracle(tree: CompiledTree, jobs: int) -> Oracle:
    started = time.perf_counter()
    classes = load_classes(tree, jobs)
    names = Names(tree.repo, classes)
    o = Oracle(classes, names, compiled_files={c.path for c in classes.values() if c.path})
    all_classes = [c.name for c in classes.values() if not c.flags & ACC_INTERFACE]
    o.method_names = {n for c in classes.values() for n, _ in c.methods}
    for c in sorted(classes.values(), key=lambda c: c.name):
        for m in c.methods.values():
            for call in m.calls:
                o.instructions += 1
                caller, context = names.caller(c, m, call.line)
                caller = PREFIX + caller if caller is not None else None
                by_name = o.called.setdefault(caller or "", {})
                by_name.setdefault(call.name, set()).add((call.owner, call.desc))
                if call.owner.startswith("["):
                    o.outside["array"] += 1
                    continue
                if call.owner not in classes:
                    o.outside["owner outside the repository"] += 1
                    if caller is not None and call.op in VIRTUAL:
                        subs = (
                            all_classes
                            if call.owner == "java/lang/Object"
                            else names.subtypes(call.owner)
                        )
                        for sub in subs:
                            d = names.declaring(sub, call.name, call.desc)
                            if d is not None:
                                o.dispatch_jdk.add(
                                    (caller, f"{PREFIX}{names.class_id(d)}.{call.name}")
                                )
                    continue
                declaring = names.declaring(call.owner, call.name, call.desc)
                if declaring is None:
                    o.outside["inherited from outside the repository"] += 1
                    continue
                callee, why = names.callee(declaring, call.name, call.desc)
                if (
                    callee is not None
                    and m.name == "<init>"
                    and call.name == "<init>"
                    and not call.after_new
                    and call.owner in (c.super, c.name)
                    and not c.anonymous
                    and not names.explicit_constructor_call(c, call.line)
                ):
                    callee, why = None, "implicit super()"
                if callee is None:
                    o.dropped[f"callee: {why}"] += 1
                    continue
                callee = PREFIX + callee
                if caller is None:
                    o.dropped[f"caller: {context}"] += 1
                    continue
                if caller == callee:
                    o.self_calls += 1
                    continue
                pair = (caller, callee)
                site = (c.path, call.line)
                o.declared.setdefault(pair, []).append(site)
                if pair not in o.info:
                    o.info[pair] = Info(
                        call.op, call.owner, declaring, context, c.name, m.name + m.desc, site
                    )
                o.dispatch.add(pair)
                target = classes[declaring].methods.get((call.name, call.desc))
                virtual = call.op in VIRTUAL and not (
                    target is not None and target.flags & (ACC_PRIVATE | ACC_STATIC)
                )
                if virtual:
                    for sub in names.subtypes(call.owner):
                        d = names.declaring(sub, call.name, call.desc)
                        if d is not None and d != declaring:
                            other = f"{PREFIX}{names.class_id(d)}.{call.name}"
                            if other != caller:
                                o.dispatch.add((caller, other))
    o.dispatch_jdk |= o.dispatch
    o.seconds = time.perf_counter() - started
    return o


# --- ours ---------------------------------------------------------------------------------------


@dataclass
class Ours:
    pairs: dict[Pair, dict[str, Any]]  # (source, target) -> the merged edge
    nodes: dict[str, dict[str, Any]]
    uncompared: dict[Pair, dict[str, Any]]  # an end in a file with no class file
    references: set[Pair]  # our `references` edges between java: nodes
    self_calls: int = 0


def read_ours(graph: dict[str, Any], compiled: set[str]) -> Ours:
    nodes = {str(n["id"]): n for n in graph.get("nodes", []) if str(n["id"]).startswith("java:")}
    pairs: dict[Pair, dict[str, Any]] = {}
    uncompared: dict[Pair, dict[str, Any]] = {}
    references: set[Pair] = set()
    self_calls = 0
    for e in graph.get("edges", []):
        src, dst = str(e["source"]), str(e["target"])
        if src not in nodes or dst not in nodes:
            continue
        if e.get("kind") == "references":
            references.add((src, dst))
        if e.get("kind") != "calls":
            continue
        if src == dst:
            self_calls += 1
            continue
        pair = (src, dst)
        in_build = all(nodes[x].get("path") in compiled for x in pair)
        pool = pairs if in_build else uncompared
        old = pool.get(pair)
        if old is None:
            pool[pair] = {**e, "tags": sorted(e.get("tags") or ())}
            continue
        old["tags"] = sorted(set(old["tags"]) | set(e.get("tags") or ()))
        if float(e["confidence"]) > float(old["confidence"]):
            old["confidence"], old["line"] = e["confidence"], e.get("line")
    return Ours(pairs, nodes, uncompared, references, self_calls)


# --- the comparison -----------------------------------------------------------------------------


@dataclass
class Comparison:
    workload: JavaWorkload
    tree: CompiledTree
    oracle: Oracle
    ours: Ours | None = None
    ours_error: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    lines: Lines = field(init=False)

    def __post_init__(self) -> None:
        self.lines = Lines(self.tree.repo)

    def precision(self, minimum: float, against: str = "dispatch") -> tuple[float, int, int]:
        assert self.ours is not None
        truth = self.oracle.dispatch if against == "dispatch" else self.oracle.dispatch_jdk
        chosen = [p for p, e in self.ours.pairs.items() if float(e["confidence"]) >= minimum]
        tp = sum(1 for p in chosen if p in truth)
        return (tp / len(chosen) if chosen else 0.0), tp, len(chosen)

    def recall(self, minimum: float = 0.0) -> tuple[float, int, int]:
        assert self.ours is not None
        oracle = self.oracle.declared
        tp = sum(
            1
            for p in oracle
            if p in self.ours.pairs and float(self.ours.pairs[p]["confidence"]) >= minimum
        )
        return (tp / len(oracle) if oracle else 0.0), tp, len(oracle)


def _band(confidence: float) -> str:
    return "1.0" if confidence >= 1.0 else ">=0.5" if confidence >= 0.5 else "<0.5"


def figures(c: Comparison) -> dict[str, Any]:
    o = c.oracle
    out: dict[str, Any] = {
        "package": f"{c.workload.orig.package}={c.workload.orig.version}",
        "class_files": len(o.classes),
        "compiled_files": len(o.compiled_files),
        "test_files_left_out": len(c.tree.left_out),
        "invoke_instructions": o.instructions,
        "oracle_declared_pairs": len(o.declared),
        "oracle_dispatch_pairs": len(o.dispatch),
        "oracle_dispatch_jdk_pairs": len(o.dispatch_jdk),
        "oracle_outside": dict(sorted(o.outside.items())),
        "oracle_dropped": dict(sorted(o.dropped.items())),
        "oracle_self_calls": o.self_calls,
        "seconds": {k: round(v, 1) for k, v in c.seconds.items()},
    }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    out["our_pairs"] = len(c.ours.pairs)
    out["our_pairs_not_compared"] = len(c.ours.uncompared)
    for label, minimum in (("certain", 1.0), ("half", 0.5), ("all", 0.0)):
        p, tp, n = c.precision(minimum)
        jp = c.precision(minimum, "dispatch_jdk")[0]
        out[f"precision_{label}"] = {
            "dispatch": round(p, 4),
            "tp": tp,
            "edges": n,
            "dispatch_jdk": round(jp, 4),
        }
    for label, minimum in (("all", 0.0), ("half", 0.5), ("certain", 1.0)):
        r, tp, n = c.recall(minimum)
        out[f"recall_declared_{label}"] = {"recall": round(r, 4), "tp": tp, "oracle": n}
    return out


# --- why: categories of misses and false positives ---------------------------------------------

_IDENT_CHAIN = re.compile(r"([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$")
_NEW = re.compile(r"\bnew\s+[\w.$]+\s*(?:<[^()]*>)?\s*$")
_NAME = re.compile(r"([A-Za-z_$][\w$]*)\s*(?:<[^()]*>)?\s*$")


class Lines:
    """Whole source lines (no truncation), read once per file."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._files: dict[str, list[str]] = {}

    def get(self, path: str, line: int) -> str:
        if path not in self._files:
            try:
                text = (self.repo / path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = ""
            self._files[path] = text.splitlines()
        lines = self._files[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""


def _open_paren(text: str) -> int:
    """Where the ``(`` matching the ``)`` that ends ``text`` is (-1 if unbalanced)."""
    depth = 0
    for k in range(len(text) - 1, -1, -1):
        if text[k] == ")":
            depth += 1
        elif text[k] == "(":
            depth -= 1
            if depth == 0:
                return k
    return -1


def call_form(
    c: Comparison,
    path: str,
    line: int,
    name: str,
    klass: ClassFile | None,
    locals_: dict[str, str] | None,
    in_lambda: bool = False,
) -> str:
    """How a call of ``name`` near ``path:line`` is written: what its receiver is.

    ``klass`` is the caller's class (for its fields) and ``locals_`` the names
    of the caller's locals and parameters (from the LocalVariableTable), when known.
    """
    o = c.oracle
    lines = c.lines
    call = re.compile(rf"(\.\s*)?(?<![\w$]){re.escape(name)}\s*(?:<[^()]*>)?\(")
    text = lines.get(path, line)
    m = call.search(text)
    for later in range(1, 4):  # a statement over many lines: javac gives its first one
        if m is not None:
            break
        text = lines.get(path, line + later)
        m = call.search(text)
    if m is None:
        text = lines.get(path, line)
        if "::" in text:
            return "method reference (javac made it a lambda)"
        if re.search(r"\bfor\s*\(.*:", text) and name in ("iterator", "hasNext", "next"):
            return "for-each loop (implicit iterator())"
        if "try (" in text or "try(" in text:
            return "try-with-resources (implicit close())"
        return "call not found near the site's line"
    if not m.group(1):
        return "unqualified"
    before = text[: m.start()].rstrip()
    if not before:
        return "chained: receiver on an earlier line"
    if before.endswith(")"):
        k = _open_paren(before)
        head = before[:k].rstrip() if k >= 0 else ""
        inner = before[k + 1 : -1].strip() if k >= 0 else ""
        if _NEW.search(head):
            return "chained: receiver is new T(...)"
        if inner.startswith("(") or not head or not (head[-1].isalnum() or head[-1] in "_$>"):
            return "chained: receiver is a cast or a parenthesis"
        called = _NAME.search(head)
        if called is None:
            return "chained: other"
        repo_method = called.group(1) in o.method_names
        args = "with arguments" if inner else "no arguments"
        where = "a repository method" if repo_method else "a method outside the repository"
        return f"chained: receiver is the result of {where}, {args}"
    if before.endswith("]"):
        return "array element"
    chain = _IDENT_CHAIN.search(before)
    if chain is None:
        return "other receiver"
    parts = [p.strip() for p in chain.group(1).split(".")]
    if parts[0] in ("this", "super") and len(parts) == 1:
        return f"{parts[0]}."
    prefer_field = parts[0] == "this"
    if prefer_field:
        parts = parts[1:]
    head = parts[0]
    suffix = "" if len(parts) == 1 else ", then a field of it"
    if not prefer_field and locals_ is not None and head in locals_:
        sig = locals_[head]
        if sig.startswith("T"):
            return "local or parameter of a type variable" + suffix
        return "local or parameter" + suffix
    if len(parts) > 1 and parts[1] == "this":
        return "Outer.this"
    where = field_owner(o, klass, head) if klass is not None else ""
    if where:
        return f"field {where}{suffix}"
    if not prefer_field and head[:1].isupper():
        if len(parts) == 1:
            return "a constant (static import?)" if head.isupper() else "a type (static call)"
        return (
            "a static field through its type (T.F.m())"
            if parts[1][:1].isupper()
            else ("a qualified name (package, type or field)")
        )
    if locals_ is None:
        return "local or parameter" + suffix
    return ("captured variable in a lambda" if in_lambda else "unknown identifier") + suffix


def receiver_form(c: Comparison, pair: Pair, info: Info) -> str:
    """How the call of an oracle pair is written at its first site."""
    o = c.oracle
    callee_name = pair[1].rsplit(".", 1)[-1]
    path, line = info.site
    text = c.lines.get(path, line)
    klass = o.classes[info.caller_class]
    if (
        info.context == "initialiser"
        and klass.flags & ACC_ENUM
        and pair[1] == f"{pair[0]}.{callee_name}"
    ):
        return "enum constant (its constructor)"
    if info.op == "invokespecial" and re.search(rf"\bnew\s+[\w.]*\b{callee_name}\b", text):
        return "new"
    if re.search(r"\b(super|this)\s*\(", text) and info.op == "invokespecial":
        return "super(...)/this(...)"
    method = next(
        (m for m in klass.methods.values() if m.name + m.desc == info.caller_method), None
    )
    form = call_form(
        c,
        path,
        line,
        callee_name,
        klass,
        method.locals if method is not None else None,
        info.context == "lambda",
    )
    if info.context in ("anonymous class", "local class") and form in (
        "unqualified",
        "this.",
        "super.",
    ):
        return f"{form} in an {info.context}: a method of its supertype"
    return form


def field_owner(o: Oracle, klass: ClassFile, name: str) -> str:
    """Where a field ``name`` seen from ``klass`` is declared: "of this class",
    "of a superclass", "of an outer class", or "" when not found."""
    c: ClassFile | None = klass
    first = True
    while c is not None:
        if name in c.fields:
            return "of this class" if first else "of a superclass"
        first = False
        c = o.classes.get(c.super or "")
    outer = klass.outer or (klass.enclosing[0] if klass.enclosing else None)
    seen = {klass.name}
    while outer and outer in o.classes and outer not in seen:
        seen.add(outer)
        k: ClassFile | None = o.classes[outer]
        while k is not None:
            if name in k.fields:
                return "of an outer class"
            k = o.classes.get(k.super or "")
        nxt = o.classes[outer]
        outer = nxt.outer or (nxt.enclosing[0] if nxt.enclosing else None)
    return ""


def miss_category(c: Comparison, pair: Pair) -> str:
    assert c.ours is not None
    caller, callee = pair
    if caller not in c.ours.nodes:
        return "caller has no node of ours"
    if callee not in c.ours.nodes:
        return "callee has no node of ours"
    if pair in c.ours.references:
        return "we have a references edge only"
    name = callee.rsplit(".", 1)[-1]
    if any(p[0] == caller and p[1].rsplit(".", 1)[-1] == name for p in c.ours.pairs):
        return "we call a same-named method of another type"
    return receiver_form(c, pair, c.oracle.info[pair])


def _caller_class(c: Comparison, caller: str) -> ClassFile | None:
    """The class of a caller node of ours (a method's type, or the type itself)."""
    by_id = c.oracle.names.by_id()
    bare = caller.removeprefix(PREFIX)
    found = by_id.get(bare) or by_id.get(bare.rpartition(".")[0])
    return c.oracle.classes.get(found) if found else None


def fp_category(c: Comparison, pair: Pair, edge: dict[str, Any]) -> str:
    """Why an edge of ours is not in dispatch, as far as the bytecode of its caller tells."""
    assert c.ours is not None
    o = c.oracle
    caller, callee = pair
    holder, _, name = callee.removeprefix(PREFIX).rpartition(".")
    tags = [t for t in edge.get("tags") or () if t in ("dispatch", "name-match")]
    tag = f" [{'+'.join(tags)}]" if tags else ""
    line = int(edge.get("line") or 0)
    path = str(c.ours.nodes[caller].get("path") or "")
    text = c.lines.get(path, line)
    if pair in o.dispatch_jdk:
        return "only through a JDK owner (dispatch+jdk has it)" + tag
    if re.search(rf"::\s*{re.escape(name)}\b", text):
        return "method reference" + tag
    called = o.called.get(caller)
    if called is None:
        return "the caller has no call in the bytecode" + tag
    constructor = holder.rpartition(".")[2] == name
    calls = called.get("<init>" if constructor else name, set())
    if constructor:
        calls = {(x, d) for x, d in calls if o.names.class_id(x) == holder}
    if not calls:
        return "no call of that name from the caller in the bytecode" + tag
    if all(x not in o.classes for x, _ in calls):
        form = call_form(c, path, line, name, _caller_class(c, caller), None)
        return f"bytecode calls it on a type outside the repository{tag}; receiver: {form}"
    target = o.names.by_id().get(holder)
    for owner, desc in calls:
        if target is None or owner not in o.classes:
            continue
        related = target in o.names.superclasses(owner) or target in o.names.subtypes(owner)
        if related and not o.names.declares_method(o.classes[target], name, desc):
            return "overload: the type has the name, but not the overload called" + tag
    return "bytecode calls that name on another repository type" + tag


def _site(repo: Path, sites: list[Site]) -> str:
    path, line = min(sites)
    return f"{path}:{line} {source_line(repo, path, line)!r}"


def report(c: Comparison, examples: int) -> None:
    w = c.workload
    o = c.oracle
    repo = c.tree.repo
    print(f"\n=== {w.key}: {w.orig.package}={w.orig.version} ===")
    print(f"why: {w.why}")
    builds = Counter(k.build for k in o.classes.values())
    print(
        f"{len(o.classes)} class files ({dict(builds)}) from {len(o.compiled_files)} source files;"
        f" {len(c.tree.left_out)} test files left out of the build"
    )
    print(
        f"oracle: {o.instructions} invoke instructions; outside the repository "
        f"{dict(sorted(o.outside.items()))}; dropped {dict(sorted(o.dropped.items()))}; "
        f"{o.self_calls} self-calls left out ({o.seconds:.1f} s)"
    )
    contexts = Counter(i.context for i in o.info.values())
    print(
        f"  declared: {len(o.declared)} pairs by caller context {dict(contexts.most_common())};"
        f" dispatch: {len(o.dispatch)}; dispatch+jdk: {len(o.dispatch_jdk)}"
    )
    sample = sorted(o.declared)[:: max(1, len(o.declared) // 5)][:5]
    for pair in sample:
        print(f"  declared: {pair[0]} -> {pair[1]}  {_site(repo, o.declared[pair])}")
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return
    ours = c.ours
    by_conf = Counter(_band(float(e["confidence"])) for e in ours.pairs.values())
    print(
        f"ours: {len(ours.nodes)} java: nodes, {len(ours.pairs)} call pairs {dict(by_conf)}, "
        f"{len(ours.uncompared)} with an end in a file without bytecode (not compared), "
        f"{ours.self_calls} self-calls left out"
    )
    ends = {x for p in o.declared for x in p}
    missing = sorted(x for x in ends if x not in ours.nodes)
    if missing:
        print(
            f"oracle ends with no node of ours: {len(missing)} of {len(ends)}, e.g. {missing[:6]}"
        )
    for label, minimum in (("at 1.0", 1.0), ("at >= 0.5", 0.5), ("all", 0.0)):
        p, tp, n = c.precision(minimum)
        jp, jtp, _ = c.precision(minimum, "dispatch_jdk")
        target = TARGETS.get({1.0: "precision_certain", 0.5: "precision_half"}.get(minimum, ""))
        goal = f" (target >= {target})" if target else ""
        print(
            f"precision {label}: {p:.4f} ({tp}/{n}) against dispatch{goal};"
            f" {jp:.4f} ({jtp}/{n}) against dispatch+jdk"
        )
    for label, minimum in (("all edges", 0.0), ("edges >= 0.5", 0.5), ("edges at 1.0", 1.0)):
        r, tp, n = c.recall(minimum)
        goal = f" (target >= {TARGETS['recall_declared']})" if minimum == 0.0 else ""
        print(f"recall by {label}: {r:.4f} ({tp}/{n}) of the declared pairs{goal}")
    found: Counter[str] = Counter()
    for pair, info in o.info.items():
        found[info.context] += pair in ours.pairs
    print(
        "  recall by caller context: "
        + ", ".join(f"{k} {found[k]}/{n} ({found[k] / n:.3f})" for k, n in contexts.most_common())
    )

    per = max(1, examples // 4)
    fps: dict[str, list[Pair]] = defaultdict(list)
    for pair, e in sorted(ours.pairs.items()):
        if pair not in o.dispatch:
            fps[fp_category(c, pair, e)].append(pair)
    if fps:
        total = sum(len(v) for v in fps.values())
        bands = Counter(_band(float(ours.pairs[p]["confidence"])) for v in fps.values() for p in v)
        print(f"\nfalse positives (not in dispatch): {total} {dict(bands)}")
        for cat, pairs in sorted(fps.items(), key=lambda kv: -len(kv[1])):
            conf = Counter(_band(float(ours.pairs[p]["confidence"])) for p in pairs)
            print(f"  {cat}: {len(pairs)} {dict(conf)}")
            # the most confident first: those count against the targets
            chosen = sorted(pairs, key=lambda p: (-float(ours.pairs[p]["confidence"]), p))
            for pair in chosen[:per]:
                e = ours.pairs[pair]
                path = str(ours.nodes[pair[0]].get("path") or "")
                line = int(e.get("line") or 0)
                tags = ",".join(e["tags"]) or "-"
                print(
                    f"    {pair[0]} -> {pair[1]} [{float(e['confidence']):.3g} {tags}]"
                    f" {path}:{line} {source_line(repo, path, line)!r}"
                )
    misses: dict[str, list[Pair]] = defaultdict(list)
    for pair in sorted(o.declared):
        if pair not in ours.pairs:
            misses[miss_category(c, pair)].append(pair)
    if misses:
        total = sum(len(v) for v in misses.values())
        inherited = sum(
            1 for v in misses.values() for p in v if o.info[p].owner != o.info[p].declaring
        )
        print(
            f"\nmissed (declared has, we do not): {total}, of which {inherited} call a method"
            " the owner javac wrote inherits"
        )
        for cat, pairs in sorted(misses.items(), key=lambda kv: -len(kv[1])):
            print(f"  {cat}: {len(pairs)}")
            step = max(1, len(pairs) // per)
            for pair in pairs[::step][:per]:
                info = o.info[pair]
                owner = info.owner.rsplit("/", 1)[-1]
                print(
                    f"    {pair[0]} -> {pair[1]} ({info.op} {owner}, {info.context})"
                    f"  {_site(repo, o.declared[pair])}"
                )


def totals(results: list[Comparison]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "oracle_declared_pairs": sum(len(c.oracle.declared) for c in results),
        "oracle_dispatch_pairs": sum(len(c.oracle.dispatch) for c in results),
    }
    ran = [c for c in results if c.ours is not None]
    if not ran:
        return out
    for label, minimum in (("certain", 1.0), ("half", 0.5), ("all", 0.0)):
        tp = sum(c.precision(minimum)[1] for c in ran)
        n = sum(c.precision(minimum)[2] for c in ran)
        jtp = sum(c.precision(minimum, "dispatch_jdk")[1] for c in ran)
        out[f"precision_{label}"] = {
            "dispatch": round(tp / n, 4) if n else 0.0,
            "dispatch_jdk": round(jtp / n, 4) if n else 0.0,
            "edges": n,
        }
    for label, minimum in (("all", 0.0), ("half", 0.5)):
        tp = sum(c.recall(minimum)[1] for c in ran)
        n = sum(c.recall(minimum)[2] for c in ran)
        out[f"recall_declared_{label}"] = round(tp / n, 4) if n else 0.0
    return out


def print_table(results: list[Comparison]) -> None:
    header = (
        "workload",
        "declared",
        "dispatch",
        "ours",
        "P@1.0",
        "P@>=0.5",
        "P all",
        "recall",
        "recall@>=0.5",
    )
    rows: list[tuple[str, ...]] = []
    for c in results:
        first = (c.workload.key, str(len(c.oracle.declared)), str(len(c.oracle.dispatch)))
        if c.ours is None:
            rows.append((*first, *"-" * 6))
            continue
        rows.append(
            (
                *first,
                str(len(c.ours.pairs)),
                *(f"{c.precision(m)[0]:.4f}" for m in (1.0, 0.5, 0.0)),
                f"{c.recall()[0]:.4f}",
                f"{c.recall(0.5)[0]:.4f}",
            )
        )
    t = totals(results)
    if "recall_declared_all" in t:
        rows.append(
            (
                "all",
                str(t["oracle_declared_pairs"]),
                str(t["oracle_dispatch_pairs"]),
                str(sum(len(c.ours.pairs) for c in results if c.ours is not None)),
                *(f"{t[f'precision_{k}']['dispatch']:.4f}" for k in ("certain", "half", "all")),
                f"{t['recall_declared_all']:.4f}",
                f"{t['recall_declared_half']:.4f}",
            )
        )
    rows.append(
        (
            "target",
            "",
            "",
            "",
            f">= {TARGETS['precision_certain']}",
            f">= {TARGETS['precision_half']}",
            "",
            f">= {TARGETS['recall_declared']}",
            "",
        )
    )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print("\nprecision against dispatch, recall of declared")
    for r in (header, *rows):
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


# --- running ------------------------------------------------------------------------------------


def cached_tree(w: JavaWorkload, cache_dir: Path) -> CompiledTree | None:
    """The repository and classes an earlier ``compile_tree`` left in the cache, if any.

    The test files left out are those of the test build with no class file.
    """
    cache_dir = Path(cache_dir).expanduser()
    home = cache_dir / "java-bench" / w.key
    repo, main, test = home / "repo", home / "classes" / "main", home / "classes" / "test"
    if not (repo.is_dir() and any(main.rglob("*.class")) and any(test.rglob("*.class"))):
        return None
    main_cp = jars(w.main_jars, cache_dir)
    test_cp = [main, *main_cp, *jars(JUNIT + w.test_jars, cache_dir)]
    built = set()
    for c in (read_class(p.read_bytes()) for p in test.rglob("*.class")):
        package = c.name.rpartition("/")[0]
        built.add(f"{package}/{c.source_file}" if package else str(c.source_file))
    left_out = []
    for p in sources(repo, w.test_roots, w.test_excludes):
        rel = p.relative_to(repo).as_posix()
        root = next(r for r in w.test_roots if rel.startswith(r + "/"))
        if rel[len(root) + 1 :] not in built:
            left_out.append(rel)
    return CompiledTree(w, repo, main, test, main_cp, test_cp, sorted(left_out))


def get_tree(w: JavaWorkload, cache_dir: Path, reuse: bool) -> CompiledTree:
    tree = cached_tree(w, cache_dir) if reuse else None
    return tree if tree is not None else compile_tree(w, cache_dir)


def add_arguments(parser: argparse.ArgumentParser, examples: int) -> None:
    """The options java_calls.py and java_types.py share."""
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload",
        choices=[w.key for w in WORKLOADS],
        action="append",
        help="compare only this workload (repeatable; default: all)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument(
        "--jobs", type=int, default=2, help="--jobs for blast-radius graph, and javap runs"
    )
    parser.add_argument(
        "--examples", type=int, default=examples, help="examples listed per workload"
    )
    parser.add_argument(
        "--oracle-only", action="store_true", help="run the oracle only, not blast-radius"
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="use the repository and classes an earlier compile left in the cache"
        " (default: compile afresh)",
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the figures as JSON, to FILE or (without one) to stdout",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser, EXAMPLES)
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when a figure misses its target {TARGETS}"
    )
    args = parser.parse_args(argv)

    chosen = [w for w in WORKLOADS if "calls" in w.benchmarks]
    chosen = [w for w in chosen if not args.workload or w.key in args.workload]
    version = "not run" if args.oracle_only else tool_version(args.python)
    print(f"blast-radius: {version}; oracle: {javap_version()}, {java_version()}")
    results: list[Comparison] = []
    failed = False
    for w in chosen:
        started = time.perf_counter()
        tree = get_tree(w, args.cache_dir, args.reuse)
        compiled = time.perf_counter() - started
        oracle = build_oracle(tree, args.jobs)
        c = Comparison(w, tree, oracle, seconds={"compile": compiled, "javap": oracle.seconds})
        if not args.oracle_only:
            graph, c.ours_error, c.seconds["ours"] = run_graph(args.python, tree.repo, args.jobs)
            if graph is not None:
                c.ours = read_ours(graph, oracle.compiled_files)
        print(
            f"[java_calls] {w.key}: " + ", ".join(f"{k} {v:.1f} s" for k, v in c.seconds.items()),
            file=sys.stderr,
        )
        report(c, args.examples)
        results.append(c)
        if c.ours is None:
            failed = True
        else:
            checks = (
                (c.recall()[0], TARGETS["recall_declared"]),
                (c.precision(1.0)[0], TARGETS["precision_certain"]),
                (c.precision(0.5)[0], TARGETS["precision_half"]),
            )
            failed = failed or any(got < want for got, want in checks)

    print_table(results)
    if args.json:
        write_json(
            args,
            {
                "blast_radius": version,
                "javap": javap_version(),
                "workloads": {c.workload.key: figures(c) for c in results},
                "all": totals(results),
            },
        )
    if args.check and failed:
        print("\nFAIL: a figure below its target (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
