"""Compare our C# graph's edges with the IL the Mono compiler emits for the same code.

The workload is Newtonsoft.Json 6.0.8, from Debian bookworm's source package
``newtonsoft-json`` (its upstream tarball, pinned by sha256). Its library
project (``Src/Newtonsoft.Json/Newtonsoft.Json.csproj``: the files its
``<Compile>`` items list, the release configuration's ``TRACE`` and
``CODE_ANALYSIS`` symbols) is compiled with Debian's ``mcs`` and
disassembled with ``monodis``. The oracle, from the IL:

* calls: every ``call``, ``callvirt``, ``newobj``, ``ldftn`` and
  ``ldvirtftn`` of a method of the assembly, from the method whose body holds
  it. Names map to our node ids: ``Ns.Outer/Inner::M`` is ``cs:Ns.Outer.Inner.M``,
  ``.ctor`` the type's simple name, ``get_P``/``set_P`` the property ``P``;
  code the compiler generates (a lambda ``<M>m__0``, a closure class
  ``<M>c__AnonStorey0``, an iterator ``<M>c__Iterator0``) is the method ``M``'s,
  as our lambdas are;
* inherits: each class's ``extends`` and ``implements`` of the assembly's types;
* type references: a type is referenced by a method when its IL name appears
  in the method's IL (signature, locals, casts, tokens, attributes), or
  anywhere in the class's IL for a reference from the class itself.

Ours: ``python -m blast_radius graph Src --format json --no-cache`` over the
whole ``Src`` folder (library and tests), edges between nodes of library
files only. An edge of ours is checked when its source has IL; one whose
evidence line lies in code the compiler's configuration leaves out (``#if
NET20`` and the like, which tree-sitter reads) is counted apart. A call of
ours to ``Derived.M`` is right when the IL calls ``M`` on ``Derived`` or on
one of its ancestors (the compiler names the declaration it binds, often
the base's); the same tolerance holds for recall the other way.

Precision = right / checked, for edges at confidence 1.0 (the figure the
target is set on, >= 0.95) and for all edges. Recall = oracle call pairs
between two of our nodes that we have an edge for (any confidence, and at
1.0), and oracle inheritance pairs we have (an interface the IL lists only
because another base brings it is not counted). What the IL cannot show is
counted apart, by cause: code, or a target, that the configuration's
``#if`` leaves out; a read of a constant or an enum's member (compiled to
its value); an override of a member outside the repository (the IL names
the declaration outside, ``Stream::Seek``); a source without IL.

    python benchmarks/csharp_edges.py [--workload dnlib] [--check] [--json [FILE]]
        [--python PY] [--jobs 2] [--examples 12] [--cache-dir DIR]

A second workload, dnlib 2.1 (Debian's ``dnlib``, no tests), is read and
compiled the same way (``src/dnlib.csproj``, ``TRACE``, ``-unsafe``).
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Orig, sha256_of, unpack_orig
from go_imports import run_graph, source_line, write_json
from js_imports import tool_version

from blast_radius.core.languages import is_test_path, language_for_path


@dataclass(frozen=True)
class Workload:
    """A Debian source package, its folder we graph, and the library project
    (relative to that folder) compiled for the oracle."""

    key: str
    orig: Orig
    root: str
    project: str
    defines: tuple[str, ...]
    references: tuple[str, ...]
    flags: tuple[str, ...] = ()


WORKLOADS = (
    Workload(
        key="newtonsoft-json",
        orig=Orig(
            package="newtonsoft-json",
            version="6.0.8+dfsg",
            directory="pool/main/n/newtonsoft-json",
            filename="newtonsoft-json_6.0.8+dfsg.orig.tar.gz",
            sha256="3b7c77da971bbe1c6fdbb5cbb634d106a86aa30c82647abd9b23d2f31be0c630",
        ),
        root="Src",
        project="Newtonsoft.Json/Newtonsoft.Json.csproj",
        defines=("TRACE", "CODE_ANALYSIS"),
        references=(
            "System.dll",
            "System.Core.dll",
            "System.Data.dll",
            "System.Numerics.dll",
            "System.Runtime.Serialization.dll",
            "System.Xml.dll",
            "System.Xml.Linq.dll",
        ),
    ),
    Workload(
        key="dnlib",
        orig=Orig(
            package="dnlib",
            version="2.1",
            directory="pool/main/d/dnlib",
            filename="dnlib_2.1.orig.tar.gz",
            sha256="eb2d35a27a68ca37568659615d93cf2a544527d0ba7428a7e2852b7592362556",
        ),
        root="",
        project="src/dnlib.csproj",
        defines=("TRACE",),
        references=("System.dll", "System.Xml.dll"),
        flags=("-unsafe",),
    ),
)
APT_PACKAGES = (
    "mono-mcs",
    "mono-utils",
    "libmono-system-data4.0-cil",
    "libmono-system-numerics4.0-cil",
    "libmono-system-runtime-serialization4.0-cil",
    "libmono-system-xml-linq4.0-cil",
)
"""Debian's compiler, disassembler and the assemblies Newtonsoft.Json references."""
TARGET = 0.95
EXAMPLES = 12
PREFIX = "cs:"
CALL_OPCODES = ("call", "callvirt", "newobj", "ldftn", "ldvirtftn")
_OPCODE = re.compile(r"^\s*IL_[0-9a-f]+:\s+(\w+)\s+(.*)$")
_GENERATED = re.compile(r"<([^<>]*)>")

Pair = tuple[str, str]


def _is_test(path: str) -> bool:
    rule = language_for_path(path)
    return rule is not None and is_test_path(rule, path)


def cache_root(args: argparse.Namespace) -> Path:
    return Path(args.cache_dir).expanduser()


# --- the oracle: compile, disassemble, read the IL ----------------------------------------------


def compiled_files(src: Path, workload: Workload) -> list[str]:
    """The project's ``<Compile>`` items, as paths under ``src``."""
    project = (src / workload.project).read_text(encoding="utf-8-sig")
    folder = Path(workload.project).parent
    return [
        (folder / name.replace("\\", "/")).as_posix()
        for name in re.findall(r'<Compile Include="([^"]+)"', project)
        if name.endswith(".cs")
    ]


def compile_library(src: Path, workload: Workload, out_dir: Path) -> tuple[Path, float]:
    """Compile the library project with ``mcs`` (once) and disassemble it;
    returns the IL file and the seconds spent (0 when cached)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    il = out_dir / "library.il"
    if il.exists():
        return il, 0.0
    started = time.perf_counter()
    dll = out_dir / "library.dll"
    cmd = ["mcs", "-nologo", "-nowarn:1591,618,612,414,169,649,219", "-target:library"]
    cmd += [f"-out:{dll}", *workload.flags, *(f"-d:{d}" for d in workload.defines)]
    cmd += [f"-r:{r}" for r in workload.references]
    proc = subprocess.run(
        cmd + compiled_files(src, workload), cwd=src, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0 or not dll.exists():
        raise RuntimeError(f"mcs failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    with il.open("w", encoding="utf-8") as handle:
        subprocess.run(["monodis", str(dll)], stdout=handle, check=True)
    return il, time.perf_counter() - started


def tool_versions() -> str:
    mcs = subprocess.run(["mcs", "--version"], capture_output=True, text=True, check=False)
    return mcs.stdout.strip() or "mcs: not found"


def _strip_generics(name: str) -> str:
    out, depth = [], 0
    for ch in name:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _top_level_split(text: str) -> list[str]:
    """``A, B<C, D>`` as ``A`` and ``B<C, D>``: commas outside generic arguments."""
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += {"<": 1, ">": -1}.get(ch, 0)
        current += ch
    parts.append(current.strip())
    return [p for p in parts if p]


def _class_name(line: str) -> str:
    """The name on a ``.class`` line, its generic parameters (``<T>``) aside."""
    text = line.rstrip()
    while text.endswith(">"):
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            depth += {">": 1, "<": -1}.get(text[i], 0)
            if depth == 0:
                text = text[:i].rstrip()
                break
        else:
            break
    return text.split()[-1]


def _declaring_type(operand_left: str) -> str | None:
    """The declaring type at the end of ``<return type> <type>`` (IL), or None
    for a type of another assembly."""
    depth = 0
    start = 0
    for i in range(len(operand_left) - 1, -1, -1):
        ch = operand_left[i]
        if ch == ">":
            depth += 1
        elif ch == "<":
            depth -= 1
        elif ch == " " and depth == 0:
            start = i + 1
            break
    written = operand_left[start:]
    if written.startswith("[") or not written:
        return None
    if written in ("object", "string", "bool", "int32", "void"):
        return None
    return written


@dataclass
class Il:
    """What the IL says, in our node ids' terms."""

    calls: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """caller id -> callee ids (members of the assembly)."""
    initialisers: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """type id -> what its constructors call (field initialisers run there)."""
    text: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    """node id -> the IL lines of its blocks (a type: its whole class)."""
    bases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    types: set[str] = field(default_factory=set)
    enums: set[str] = field(default_factory=set)
    il_names: dict[str, str] = field(default_factory=dict)
    """type id -> its IL name (``Ns.Outer/Inner``), as other IL writes it."""


def _nesting(il_type: str) -> list[str]:
    """``A/B<C/D>/E`` as ``A``, ``B<C/D>``, ``E``: the nesting, not generic arguments'.
    A generated name (``<M>c__Iterator0``) opens a part: its brackets are no arguments."""
    parts, depth, current = [], 0, ""
    for ch in il_type:
        if ch == "/" and depth == 0:
            parts.append(current)
            current = ""
            continue
        if ch == "<" and current:  # `Name`1<...>`: arguments
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        current += ch
    parts.append(current)
    return parts


def _type_id(il_type: str) -> str:
    """``Ns.Outer/'<M>c__AnonStorey0'`` as ``cs:Ns.Outer``: a generated class is its outer's."""
    parts = []
    for part in _nesting(il_type.replace("'", "")):
        if part.startswith("<"):
            break
        parts.append(re.sub(r"`\d+$", "", _strip_generics(part)))
    return PREFIX + ".".join(parts)


def _generated(il_type: str) -> bool:
    """Whether a class is one the compiler made (``<M>c__Iterator0``, ``<>c``)."""
    return any(part.startswith("<") for part in _nesting(il_type.replace("'", "")))


def _generated_owner(il_type: str) -> str | None:
    """The method a generated class belongs to (``<M>c__Iterator0`` is M's)."""
    for part in _nesting(il_type.replace("'", "")):
        found = _GENERATED.match(part)
        if found and found.group(1):
            return found.group(1)
    return None


def _member_id(il_type: str, name: str, nodes: set[str]) -> str | None:
    """Our node id of IL member ``name`` of ``il_type``, or None."""
    name = name.strip("'")
    owner = _generated_owner(il_type)
    type_id = _type_id(il_type)
    generated = _GENERATED.match(name)
    if generated and generated.group(1):
        name = generated.group(1)  # `<Describe>m__0`: a lambda of Describe
    elif owner is not None:
        name = owner  # a member of a generated class: the method it was made for
    name = name.rpartition(".")[2] if not name.startswith(".") else name  # explicit impl
    if name in (".ctor", ".cctor"):
        name = type_id.rpartition(".")[2]
    candidates = [f"{type_id}.{name}"]
    if name.startswith(("get_", "set_", "add_", "remove_")):
        candidates.append(f"{type_id}.{name.partition('_')[2]}")
    for candidate in candidates:
        if candidate in nodes:
            return candidate
    return None


def read_il(path: Path, nodes: set[str]) -> Il:
    """Walk monodis's output: namespaces, (nested) classes, methods and their bodies."""
    result = Il()
    namespace = ""
    classes: list[str] = []  # IL names, outermost first
    method_lines: list[str] | None = None
    pending_class = False
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if line.startswith(".namespace "):
            namespace = line.split()[1]
            continue
        if line.startswith(".class "):
            name = _class_name(line)
            outer = classes[-1] + "/" if classes else (namespace + "." if namespace else "")
            classes.append(outer + name)
            pending_class = True
            type_id = _type_id(classes[-1])
            result.text[type_id].append(line)  # generic parameters' constraints
            if not _generated(classes[-1]):
                result.types.add(type_id)
                result.il_names[type_id] = classes[-1].replace("'", "")
            continue
        if pending_class and (line.startswith(("extends ", "implements ")) or line == "{"):
            type_id = _type_id(classes[-1])
            listed = line.removeprefix("extends ").removeprefix("implements ").rstrip("{ ")
            for written in _top_level_split(listed):
                base = _declaring_type(written.strip())
                if base is None:
                    if "System.Enum" in written:
                        result.enums.add(type_id)
                    continue
                base_id = _type_id(base.removeprefix("class ").strip())
                if base_id != type_id and not _generated(classes[-1]):
                    result.bases[type_id].add(base_id)
            if line.endswith("{"):
                pending_class = False
            continue
        if line.startswith("} // end of class"):
            classes.pop()
            continue
        if not classes:
            continue
        for name in (classes[-1], *classes[:-1]):
            owner_id = _type_id(name)
            result.text[owner_id].append(line)
            break
        if line.startswith(".method "):
            method_lines = [line]
            continue
        if method_lines is not None:
            method_lines.append(line)
            if line.startswith("} // end of method "):
                member = line.removeprefix("} // end of method ").rpartition("::")[2]
                caller = _member_id(classes[-1], member, nodes)
                type_id = _type_id(classes[-1])
                if caller is None:
                    # what no node of ours holds (an indexer, an operator, an
                    # implicit constructor) is the type's, as our references
                    # from such code are
                    _method_calls(result.calls, type_id, method_lines, nodes)
                if member in (".ctor", ".cctor"):
                    # field initialisers run in constructors: ours are the type's
                    _method_calls(result.initialisers, type_id, method_lines, nodes)
                if caller is not None:
                    _method_calls(result.calls, caller, method_lines, nodes)
                    result.text[caller].extend(method_lines)
                method_lines = None
    return result


def _method_calls(
    calls: dict[str, set[str]], caller: str, lines: list[str], nodes: set[str]
) -> None:
    for line in lines:
        found = _OPCODE.match(line)
        if not found or found.group(1) not in CALL_OPCODES:
            continue
        operand = found.group(2)
        left, sep, right = operand.partition("::")
        if not sep:
            continue
        declaring = _declaring_type(left.rstrip())
        if declaring is None:
            continue
        name = re.split(r"[(<]", right.lstrip("'"), maxsplit=1)[0].strip("'")
        if right.startswith("'"):
            name = right[1:].split("'", 1)[0]
        callee = _member_id(declaring, name, nodes)
        if callee is not None and callee != caller:
            calls[caller].add(callee)


# --- code the configuration leaves out ---------------------------------------------------------

_DIRECTIVE = re.compile(r"^\s*#\s*(if|elif|else|endif)\b(.*)$")


def _condition(expression: str, defines: tuple[str, ...]) -> bool:
    """A ``#if`` condition under ``defines`` (symbols, ``!``, ``&&``, ``||``, brackets)."""
    text = expression.split("//", 1)[0]
    text = text.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    text = re.sub(
        r"\b[A-Za-z_]\w*\b",
        lambda m: (
            m.group()
            if m.group() in ("and", "or", "not")
            else str(m.group() in defines or m.group() == "true")
        ),
        text,
    )
    try:
        tree = ast.parse(text.strip() or "True", mode="eval")
    except SyntaxError:
        return True
    return _truth(tree.body)


def _truth(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return bool(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _truth(node.operand)
    if isinstance(node, ast.BoolOp):
        values = [_truth(v) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    return True


def inactive_lines(path: Path, defines: tuple[str, ...]) -> set[int]:
    """Lines inside ``#if`` branches the compiler's symbols leave out."""
    inactive: set[int] = set()
    stack: list[tuple[bool, bool]] = []  # (this branch active, some branch taken)
    for number, line in enumerate(
        path.read_text(encoding="utf-8-sig", errors="replace").splitlines(), 1
    ):
        directive = _DIRECTIVE.match(line)
        outer = all(active for active, _ in stack)
        if directive:
            word, rest = directive.groups()
            if word == "if":
                value = _condition(rest, defines)
                stack.append((value, value))
            elif word == "elif" and stack:
                _, taken = stack.pop()
                value = not taken and _condition(rest, defines)
                stack.append((value, taken or value))
            elif word == "else" and stack:
                _, taken = stack.pop()
                stack.append((not taken, True))
            elif word == "endif" and stack:
                stack.pop()
            continue
        if not outer:
            inactive.add(number)
    return inactive


# --- the comparison ------------------------------------------------------------------------------


@dataclass
class Scores:
    checked: Counter[str] = field(default_factory=Counter)
    right: Counter[str] = field(default_factory=Counter)
    wrong: dict[str, list[tuple[dict[str, Any], str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    apart: Counter[str] = field(default_factory=Counter)

    def precision(self, key: str) -> float:
        return self.right[key] / self.checked[key] if self.checked[key] else 1.0


def _ancestors(type_id: str, bases: dict[str, set[str]]) -> list[str]:
    order, todo, seen = [], [type_id], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        order.append(current)
        todo.extend(sorted(bases.get(current, ())))
    return order


def _call_matches(il: Il, source: str, target: str) -> bool:
    """The IL of ``source`` calls ``target``'s member on its type or an ancestor."""
    callees = il.calls.get(source, set()) | il.initialisers.get(source, set())
    if target in callees:
        return True
    owner, _, member = target.rpartition(".")
    for ancestor in _ancestors(owner, il.bases):
        if f"{ancestor}.{member}" in callees:
            return True
        if (
            member == owner.rpartition(".")[2]
            and f"{ancestor}.{ancestor.rpartition('.')[2]}" in callees
        ):
            return True  # a constructor
    return False


def compare(
    graph: dict[str, Any], il: Il, src: Path, workload: Workload, examples: int
) -> tuple[dict[str, Any], Scores]:
    nodes = {n["id"]: n for n in graph["nodes"] if n["id"].startswith(PREFIX)}
    compiled = set(compiled_files(src, workload))
    library = {i for i, n in nodes.items() if n["path"] in compiled}
    inactive: dict[str, set[int]] = {}
    scores = Scores()
    ours_calls: dict[str, set[str]] = defaultdict(set)
    ours_calls_certain: dict[str, set[str]] = defaultdict(set)
    ours_bases: set[Pair] = set()
    name_matched = 0
    all_calls = 0
    for edge in graph["edges"]:
        source, target, kind = edge["source"], edge["target"], edge["kind"]
        if kind == "calls" and source in nodes:
            all_calls += 1
            name_matched += "name-match" in (edge.get("tags") or ())
        if kind == "contains" or source not in library or target not in library:
            continue
        if kind in ("calls", "references") and nodes[target]["kind"] in ("method", "function"):
            ours_calls[source].add(target)
            if edge["confidence"] >= 1.0:
                ours_calls_certain[source].add(target)
        if kind == "inherits":
            ours_bases.add((source, target))
        key = kind + ("@1.0" if edge["confidence"] >= 1.0 else "@<1")
        path = nodes[source]["path"]
        if path not in inactive:
            inactive[path] = inactive_lines(src / path, workload.defines)
        target_path = nodes[target]["path"]
        if target_path not in inactive:
            inactive[target_path] = inactive_lines(src / target_path, workload.defines)
        if edge["line"] in inactive[path]:
            scores.apart[key + " (code the configuration leaves out)"] += 1
            continue
        if nodes[target]["start_line"] in inactive[target_path]:
            scores.apart[key + " (a target the configuration leaves out)"] += 1
            continue
        if kind == "inherits":
            right = target in il.bases.get(source, set())
            scores.checked[key] += 1
        elif source not in il.text and nodes[source]["kind"] not in ("class", "interface", "enum"):
            scores.apart[key + " (source without IL: abstract, extern or left out)"] += 1
            continue
        elif nodes[target]["kind"] in ("class", "interface", "enum"):
            il_name = il.il_names.get(target, "")
            text = "\n".join(il.text.get(source, ()))
            right = bool(il_name) and re.search(re.escape(il_name) + r"(?![\w/])", text) is not None
            line = _full_line(src, path, edge["line"])
            if not right and target in il.enums and f"{nodes[target]['name']}." in line:
                scores.apart[key + " (an enum's member: compiled to its value)"] += 1
                continue
            if not right and _constant_read(src, nodes[target], line):
                scores.apart[key + " (a constant: compiled to its value)"] += 1
                continue
            scores.checked[key] += 1
        else:
            right = _call_matches(il, source, target)
            if not right and _external_override(src, nodes[target], il.text.get(source, [])):
                scores.apart[key + " (an override of a member outside the repository)"] += 1
                continue
            scores.checked[key] += 1
        if right:
            scores.right[key] += 1
        elif len(scores.wrong[key]) < examples:
            scores.wrong[key].append((edge, source_line(src, path, edge["line"])))
    # recall: the IL's calls between two of our library nodes
    oracle_pairs = {
        (caller, callee)
        for caller, callees in il.calls.items()
        for callee in callees
        if caller in library and callee in library
    }
    found = found_certain = 0
    missed: list[Pair] = []
    for caller, callee in sorted(oracle_pairs):
        ours = ours_calls.get(caller, set())
        hit = callee in ours or any(_call_matches_reverse(il, t, callee) for t in ours)
        found += hit
        certain = ours_calls_certain.get(caller, set())
        found_certain += callee in certain or any(
            _call_matches_reverse(il, t, callee) for t in certain
        )
        if not hit and len(missed) < examples:
            missed.append((caller, callee))
    # the IL lists every interface a class implements, those its interfaces
    # extend too: only the ones no other base of the class brings are written
    oracle_bases = {
        (t, b)
        for t, bs in il.bases.items()
        for b in bs
        if t in library
        and b in library
        and not any(b in _ancestors(other, il.bases)[1:] for other in bs if other != b)
    }
    summary = {
        "library_nodes": len(library),
        "oracle_call_pairs": len(oracle_pairs),
        "recall_calls_any": found / len(oracle_pairs) if oracle_pairs else 1.0,
        "recall_calls_certain": found_certain / len(oracle_pairs) if oracle_pairs else 1.0,
        "oracle_inherits": len(oracle_bases),
        "recall_inherits": len(oracle_bases & ours_bases) / len(oracle_bases)
        if oracle_bases
        else 1.0,
        "name_match_share_of_calls": name_matched / all_calls if all_calls else 0.0,
        "missed_examples": missed,
    }
    return summary, scores


def _full_line(src: Path, path: str, number: int) -> str:
    lines = (src / path).read_text(encoding="utf-8-sig", errors="replace").splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""


def _external_override(src: Path, target: dict[str, Any], il_lines: list[str]) -> bool:
    """Whether ``target`` overrides a member of a type outside the repository that
    the IL calls: the compiler names the declaration outside (``Stream::Seek``)."""
    lines = (src / target["path"]).read_text(encoding="utf-8-sig", errors="replace").splitlines()
    header = " ".join(lines[target["start_line"] - 1 : target["start_line"] + 2])
    if "override" not in header:
        return False
    name = re.escape(target["name"])
    outside = r"(?:\[[^\]]+\][\w.`/]+(?:<[^>]*>)?|object|string)"
    called = re.compile(outside + r"::(?:get_|set_)?" + name + r"\b")
    return any(called.search(line) for line in il_lines)


def _constant_read(src: Path, target: dict[str, Any], line: str) -> bool:
    """Whether ``line`` reads ``Type.NAME`` of a ``const`` the target type's file declares."""
    members = re.findall(re.escape(target["name"]) + r"\.(\w+)", line)
    if not members:
        return False
    text = (src / target["path"]).read_text(encoding="utf-8-sig", errors="replace")
    return all(re.search(r"\bconst\s+[\w.<>?\[\]]+\s+" + m + r"\b", text) for m in members)


def _call_matches_reverse(il: Il, ours: str, callee: str) -> bool:
    """Our target ``ours`` (``Derived.M``) stands for the IL's ``callee`` (``Base.M``)."""
    owner, _, member = ours.rpartition(".")
    callee_owner, _, callee_member = callee.rpartition(".")
    return member == callee_member and callee_owner in _ancestors(owner, il.bases)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", action="append", help="a workload's key (repeatable)")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--examples", type=int, default=EXAMPLES)
    parser.add_argument("--cache-dir", default="~/.cache/blast-radius-bench/csharp")
    parser.add_argument("--json", nargs="?", const="-", default=None)
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET} at 1.0")
    args = parser.parse_args(argv)
    if shutil.which("mcs") is None or shutil.which("monodis") is None:
        print(f"needs mcs and monodis: apt-get install {' '.join(APT_PACKAGES)}", file=sys.stderr)
        return 2
    print(f"blast-radius: {tool_version(args.python)}; oracle: {tool_versions()} + monodis")
    chosen = [w for w in WORKLOADS if not args.workload or w.key in args.workload]
    results = []
    worst = 1.0
    for workload in chosen:
        result = run_workload(workload, args)
        if result is None:
            return 1
        results.append(result)
        worst = min(worst, result["precision_at_1"])
    if args.json is not None:
        write_json(args, {"workloads": results})
    return 1 if args.check and worst < TARGET else 0


def run_workload(workload: Workload, args: argparse.Namespace) -> dict[str, Any] | None:
    """Compare one workload; print the figures and return them (None: our graph failed)."""
    top = unpack_orig(workload.orig, cache_root(args), tag="csharp")
    src = top / workload.root if workload.root else top
    orig = workload.orig
    print(f"\nworkload: {orig.package} {orig.version} ({orig.filename}, sha256 ok)")
    il_path, compile_seconds = compile_library(
        src,
        workload,
        cache_root(args) / "il" / f"{orig.slug}-{sha256_of(src / workload.project)[:12]}",
    )
    graph, error, seconds = run_graph(args.python, src, args.jobs)
    if graph is None:
        print(error, file=sys.stderr)
        return None
    nodes = {n["id"] for n in graph["nodes"]}
    il = read_il(il_path, nodes)
    summary, scores = compare(graph, il, src, workload, args.examples)
    meta = graph["meta"]
    files = sum(1 for n in graph["nodes"] if n["kind"] == "module" and n["id"].startswith(PREFIX))
    errors = [p for p in meta.get("files_with_syntax_errors", ()) if p.endswith(".cs")]
    print(
        f"our graph: {files} C# files in {seconds:.1f}s (--jobs {args.jobs}); "
        f"mcs + monodis {compile_seconds:.1f}s (0: cached)"
    )
    print(
        f"files with syntax errors: {len(errors)} of {files}"
        + (f" ({', '.join(errors[:5])})" if errors else "")
    )
    print(f"resolution: {meta.get('resolution', {}).get('csharp')}")
    tests = sum(1 for e in graph.get("entry_points", ()) if e["kind"] == "test")
    test_files = len(
        {n["path"] for n in graph["nodes"] if n["kind"] == "module" and _is_test(n["path"])}
    )
    print(f"test files by the rule's patterns: {test_files}; test methods marked: {tests}")
    print(f"name-matched share of call edges: {summary['name_match_share_of_calls']:.3f}")
    print()
    print(f"{'edges between library nodes':44} {'checked':>8} {'right':>7} {'precision':>9}")
    for key in sorted(scores.checked):
        print(
            f"  {key:42} {scores.checked[key]:8} {scores.right[key]:7} {scores.precision(key):9.3f}"
        )
    certain = [k for k in scores.checked if k.endswith("@1.0")]
    checked = sum(scores.checked[k] for k in certain)
    right = sum(scores.right[k] for k in certain)
    precision = right / checked if checked else 1.0
    print(f"  {'all at 1.0':42} {checked:8} {right:7} {precision:9.3f}")
    for key in sorted(scores.apart):
        print(f"  not checked: {key}: {scores.apart[key]}")
    print()
    print(
        f"recall of the IL's {summary['oracle_call_pairs']} call pairs between our nodes: "
        f"{summary['recall_calls_any']:.3f} (any confidence), "
        f"{summary['recall_calls_certain']:.3f} (at 1.0)"
    )
    inherits = summary["oracle_inherits"]
    print(f"recall of the IL's {inherits} inheritance pairs: {summary['recall_inherits']:.3f}")
    if args.examples:
        for key, wrong in sorted(scores.wrong.items()):
            print(f"\nnot in the IL ({key}):")
            for edge, text in wrong:
                where = f"{edge['confidence']:.2f} line {edge['line']}"
                print(f"  {edge['source']} -> {edge['target']} {where}: {text}")
        print("\nmissed IL calls:")
        for caller, callee in summary["missed_examples"]:
            print(f"  {caller} -> {callee}")
    return {
        "workload": f"{orig.package} {orig.version}",
        "precision_at_1": precision,
        "checked_at_1": checked,
        "by_kind": {
            k: {"checked": scores.checked[k], "right": scores.right[k]}
            for k in sorted(scores.checked)
        },
        "apart": dict(sorted(scores.apart.items())),
        **{k: v for k, v in summary.items() if k != "missed_examples"},
        "files": files,
        "files_with_syntax_errors": len(errors),
        "seconds": round(seconds, 2),
    }


if __name__ == "__main__":
    sys.exit(main())
