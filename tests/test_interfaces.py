"""Resolving a file against the other files' interfaces gives what a full build gives.

An incremental build resolves only the edited files, with the interface
facts of the others (each ecosystem's ``*_interface``); every fact another
file's edges depend on must be in the interface. Checked on every fixture
case of every language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from blast_radius.adapters.extraction import fork_map
from blast_radius.adapters.grammars import load_language
from blast_radius.core import build
from blast_radius.core.build import (
    BuildOptions,
    FactsText,
    Part,
    RenderedFile,
    Resolvers,
    file_interface,
    file_symbols,
    interface_keeps_symbols,
    resolve_files,
)
from blast_radius.core.extract import extract_facts
from blast_radius.core.facts import FileFacts
from blast_radius.core.go_projects import go_projects
from blast_radius.core.languages import LANGUAGES, is_manifest_of, language_for_path
from blast_radius.core.resolve_python import PythonResolver

CASES_DIR = Path(__file__).resolve().parent.parent / "testdata"
CASES = sorted(
    p.parent
    # a language's fixtures are in the folder of its name
    for folder in sorted({rule.name for rule in LANGUAGES})
    for p in (CASES_DIR / folder).glob("*/EXPECTED")
)
COMPILED = {rule.name: load_language(rule) for rule in LANGUAGES}
LANGUAGES_BY_NAME = {rule.name: rule for rule in LANGUAGES}


def case_facts(case: Path) -> list[FileFacts]:
    facts = []
    for path in sorted(p for p in case.rglob("*") if p.is_file()):
        relative = path.relative_to(case).as_posix()
        rule = language_for_path(relative)
        if rule is not None:
            facts.append(extract_facts(COMPILED[rule.name], relative, path.read_bytes()))
    return facts


def case_options(case: Path) -> BuildOptions:
    go_mods = {
        p.relative_to(case).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(case.rglob("go.mod"))
    }
    manifests = tuple(
        (p.relative_to(case).as_posix(), p.read_text(encoding="utf-8"))
        for p in sorted(case.rglob("*"))
        if p.is_file() and any(is_manifest_of(rule, p.name) for rule in LANGUAGES)
    )
    return BuildOptions(go=go_projects(go_mods), manifests=manifests)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_each_file_resolved_against_interfaces_renders_as_in_a_full_build(case: Path) -> None:
    facts = case_facts(case)
    paths = [f.path for f in facts]
    options = case_options(case)
    full = resolve_files(facts, [], paths, options).parts
    for item in facts:
        others = [file_interface(f) for f in facts if f.path != item.path]
        alone = resolve_files([item], others, paths, options).parts
        assert alone[item.path] == full[item.path], item.path


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_an_interface_that_keeps_symbols_gives_the_files_symbols_and_imports(case: Path) -> None:
    # A pull request's base version is read from the snapshot's interface
    # where the ecosystem says it can be (``interface_keeps_symbols``).
    for facts in case_facts(case):
        if not interface_keeps_symbols(facts.path):
            continue
        interface = file_interface(facts)
        module_id = f"{facts.language}:m"
        assert file_symbols(interface, module_id) == file_symbols(facts, module_id), facts.path
        assert interface.imports == facts.imports, facts.path


PYTHON_CASES = [c for c in CASES if c.parent.name == "python"]


@pytest.mark.parametrize("case", PYTHON_CASES, ids=[c.name for c in PYTHON_CASES])
def test_a_python_resolver_that_lets_its_indexes_go_builds_the_same(case: Path) -> None:
    # Letting go before every file makes each file's resolution rebuild every
    # index and memo it reads: the output must not depend on what was kept.
    facts = case_facts(case)
    paths = [f.path for f in facts]
    keeping = PythonResolver(facts, paths)
    forgetting = PythonResolver(facts, paths, forget_after=0)
    order = sorted(paths)
    kept = keeping.build(order)
    assert kept
    for path in (*order, *reversed(order)):
        assert forgetting.build([path]) == {path: kept[path]}, path


def built_whole(
    facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
) -> dict[str, RenderedFile]:
    """Each file's part from one resolver per ecosystem made of every file's full
    facts, each file built as it is (no full facts standing in for an interface)."""
    by_resolver: dict[str, list[FileFacts]] = {}
    for f in facts:
        if (rule := language_for_path(f.path)) is not None:
            by_resolver.setdefault(rule.resolver, []).append(f)
    parts = {}
    for name, group in sorted(by_resolver.items()):
        resolver = build.ecosystem(name).create(group, paths, options)
        for f in group:
            if (output := resolver.build((f.path,)).get(f.path)) is not None:
                parts[f.path] = build.render_output(output)
    return parts


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_a_kept_resolver_resolves_batch_after_batch_as_a_full_build(case: Path) -> None:
    # One resolver over every file's interface serves every batch: each file
    # is resolved with its full facts in its interface's place, and put back,
    # so the files resolved before it (in any order) never change its output.
    # The reference is built without any file standing in for another's
    # interface, so that a fault in doing so cannot hide in both.
    facts = case_facts(case)
    paths = [f.path for f in facts]
    options = case_options(case)
    full = built_whole(facts, paths, options)
    assert full == resolve_files(facts, [], paths, options).parts
    resolvers = Resolvers([file_interface(f) for f in facts], paths, options)
    name = LANGUAGES_BY_NAME[case.parent.name].resolver
    kept = resolvers.resolver(name)
    for batch in (facts[::2], facts[1::2], facts[::-1]):
        parts = resolve_files(batch, resolvers, paths, options).parts
        assert parts == {f.path: full[f.path] for f in batch if f.path in full}
    assert resolvers.resolver(name) is kept


def test_a_kept_resolver_builds_a_file_from_its_full_facts_not_its_interface() -> None:
    # The interface holds no calls and no module- or function-level aliases;
    # the file's own edges come from its full facts, put in for the while.
    sources = {
        "pkg/__init__.py": "",
        "pkg/a.py": "class Engine:\n    def run(self):\n        return 1\n",
        "pkg/b.py": (
            "from pkg.a import Engine\n"
            "Motor = Engine\n\n"
            "class Car:\n    kind = Engine\n\n"
            "def go():\n    local = Engine\n    return Engine().run(), Motor, local\n"
        ),
    }
    compiled = COMPILED["python"]
    facts = [extract_facts(compiled, path, text.encode()) for path, text in sources.items()]
    paths = sorted(sources)
    options = BuildOptions()
    full = resolve_files(facts, [], paths, options).parts
    assert "python:pkg.a.Engine.run\x1fpython:pkg.b.go\x11calls" in full["pkg/b.py"].edges
    resolvers = Resolvers([file_interface(f) for f in facts], paths, options)
    parts = resolve_files(facts[2:], resolvers, paths, options).parts
    assert parts == {"pkg/b.py": full["pkg/b.py"]}


def test_kept_resolvers_without_a_files_interface_are_refused() -> None:
    # A file whose interface the resolvers lack would be resolved against
    # a repository without it: refused, not resolved wrongly.
    facts = case_facts(max(PYTHON_CASES, key=lambda c: len(case_facts(c))))
    paths = [f.path for f in facts]
    resolvers = Resolvers([file_interface(f) for f in facts[1:]], paths, BuildOptions())
    with pytest.raises(ValueError, match="without the interface"):
        resolve_files(facts[:1], resolvers, paths, BuildOptions())


def test_files_given_as_facts_text_resolve_in_chunks_as_in_a_full_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each chunk decodes its own files' texts and resolves them with every
    # other file's interface; a text that cannot be decoded is reported, and
    # the others resolve as before, its interface standing in for it.
    monkeypatch.setattr(build, "_MIN_CHUNK_SIZE", 1)  # a chunk per file, however small
    case = max(PYTHON_CASES, key=lambda c: len(case_facts(c)))
    facts = case_facts(case)
    assert len(facts) >= 4, case
    paths = [f.path for f in facts]
    options = BuildOptions()
    full = resolve_files(facts, [], paths, options).parts
    texts = [FactsText(f.path, json.dumps(f.to_json())) for f in facts]
    interfaces = [file_interface(f) for f in facts]
    chunks: list[Sequence[str]] = []

    def recorded(
        work: Callable[[Sequence[str]], list[Part]], parts: Sequence[Sequence[str]]
    ) -> list[list[Part]]:
        chunks.extend(parts)
        return fork_map(work, parts)

    chunked = resolve_files(texts, interfaces, paths, options, recorded, chunks=len(facts))
    assert chunked.parts == full and chunked.damaged == ()
    assert len(chunks) == len(facts)
    broken = facts[len(facts) // 2].path
    texts = [FactsText(t.path, t.text[:-3] if t.path == broken else t.text) for t in texts]
    damaged = resolve_files(texts, interfaces, paths, options, fork_map, chunks=2)
    assert damaged.damaged == (broken,)
    assert damaged.parts == {p: part for p, part in full.items() if p != broken}
