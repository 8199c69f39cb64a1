"""Random edits of a repository, and a check that an incremental index equals a cold one.

The edits know no language: they read the file's facts (where its
definitions, imports and bases are) and copy, rename or delete those lines,
or add, remove and rename files. Some leave a file that does not parse; that
is fine, an incremental build must agree with a cold one on broken code too.

Used by ``tests/test_incremental.py`` on every fixture and by
``benchmarks/incremental.py`` on real workloads.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from blast_radius import __version__
from blast_radius.adapters.cache import FactsCache
from blast_radius.adapters.config import DEFAULT_CONFIG, load_config
from blast_radius.adapters.extraction import Extractor
from blast_radius.adapters.grammars import fingerprint
from blast_radius.adapters.workspace import Workspace
from blast_radius.app.indexing import (
    ExtractionFoundNothing,
    IndexResult,
    IndexSettings,
    index_tree,
)
from blast_radius.core.build import BuildOptions
from blast_radius.core.facts import MODULE_SCOPE, Definition, FileFacts
from blast_radius.core.languages import LANGUAGES, language_for_path

Edit = Callable[[Path, "Sources", random.Random], str | None]
"""Changes the tree; returns what it did, or None when it found nothing to change."""


class Sources:
    """The tree's source files and their facts, read on demand."""

    def __init__(self, root: Path, extractor: Extractor) -> None:
        self.root = root
        self.extractor = extractor

    def paths(self) -> list[str]:
        """Files with a language rule, sorted."""
        found = []
        for path in sorted(self.root.rglob("*")):
            relative = path.relative_to(self.root).as_posix()
            if relative.startswith(".git/") or not path.is_file() or path.is_symlink():
                continue
            if language_for_path(relative) is not None:
                found.append(relative)
        return found

    def facts(self, path: str) -> FileFacts | None:
        """The facts of one file (None when it cannot be read)."""
        from blast_radius.core.facts import FileFacts as Facts

        rule = language_for_path(path)
        if rule is None:
            return None
        data = (self.root / path).read_bytes()
        [(_, text, _, _)] = self.extractor.extract([(path, rule.name, data)])
        if text is None:
            return None
        import json

        return Facts.from_json(json.loads(text))

    def lines(self, path: str) -> list[str]:
        return (self.root / path).read_text(encoding="utf-8", errors="surrogateescape").split("\n")

    def write(self, path: str, lines: list[str]) -> None:
        (self.root / path).write_text("\n".join(lines), encoding="utf-8", errors="surrogateescape")


def _fresh(name: str, rng: random.Random) -> str:
    return f"{name}Mut{rng.randrange(10_000)}"


def _pick_file(
    sources: Sources, rng: random.Random, want: Callable[[FileFacts], bool]
) -> tuple[str, FileFacts] | None:
    paths = sources.paths()
    rng.shuffle(paths)
    for path in paths[:40]:
        facts = sources.facts(path)
        if facts is not None and want(facts):
            return path, facts
    return None


def _named_definitions(facts: FileFacts) -> list[int]:
    return [
        i
        for i, d in enumerate(facts.definitions)
        if d.kind != "scope" and d.name and d.start_line >= 1 and d.end_line >= d.start_line
    ]


def _pick_definition(sources: Sources, rng: random.Random) -> tuple[str, Definition] | None:
    found = _pick_file(sources, rng, lambda f: bool(_named_definitions(f)))
    if found is None:
        return None
    path, facts = found
    return path, facts.definitions[rng.choice(_named_definitions(facts))]


def add_definition(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Copy a definition right after itself, under a new name (a function or method added)."""
    found = _pick_definition(sources, rng)
    if found is None:
        return None
    path, d = found
    lines = sources.lines(path)
    block = lines[d.start_line - 1 : d.end_line]
    new = _fresh(d.name, rng)
    head = min(len(block), max(1, d.body_line - d.start_line + 1))
    for i in range(head):
        if d.name in block[i]:
            block[i] = block[i].replace(d.name, new, 1)
            break
    lines[d.end_line : d.end_line] = ["", *block]
    sources.write(path, lines)
    return f"added {new} after {d.name} in {path}"


def rename_definition(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Rename a definition where it is defined (its callers keep the old name)."""
    found = _pick_definition(sources, rng)
    if found is None:
        return None
    path, d = found
    lines = sources.lines(path)
    line = d.start_line - 1
    for i in range(d.start_line - 1, min(d.body_line, len(lines))):
        if d.name in lines[i]:
            line = i
            break
    new = _fresh(d.name, rng)
    lines[line] = lines[line].replace(d.name, new, 1)
    sources.write(path, lines)
    return f"renamed {d.name} to {new} in {path}"


def remove_definition(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Delete a definition's lines."""
    found = _pick_definition(sources, rng)
    if found is None:
        return None
    path, d = found
    lines = sources.lines(path)
    del lines[d.start_line - 1 : d.end_line]
    sources.write(path, lines)
    return f"removed {d.name} from {path}"


def edit_body(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Insert blank lines inside a definition: every later line moves."""
    found = _pick_definition(sources, rng)
    if found is None:
        return None
    path, d = found
    lines = sources.lines(path)
    lines[d.body_line : d.body_line] = ["", ""]
    sources.write(path, lines)
    return f"moved the lines after {d.name} in {path}"


def change_base(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Replace a base-class expression with another class's name (or drop the base)."""
    found = _pick_file(sources, rng, lambda f: bool(f.bases))
    if found is None:
        return None
    path, facts = found
    base = rng.choice(facts.bases)
    other = _pick_file(sources, rng, lambda f: any(d.kind == "class" for d in f.definitions))
    names = [d.name for d in other[1].definitions if d.kind == "class"] if other else []
    new = rng.choice(names) if names else "Object"
    lines = sources.lines(path)
    line = base.line - 1
    if not 0 <= line < len(lines) or base.expression not in lines[line]:
        return None
    lines[line] = lines[line].replace(base.expression, new, 1)
    sources.write(path, lines)
    return f"base {base.expression} became {new} in {path}"


def remove_import(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Delete an import statement."""
    found = _pick_file(sources, rng, lambda f: bool(f.imports))
    if found is None:
        return None
    path, facts = found
    imp = rng.choice(facts.imports)
    lines = sources.lines(path)
    del lines[imp.line - 1 : max(imp.line, imp.end_line)]
    sources.write(path, lines)
    return f"removed the import of {imp.source} from {path}"


def copy_import(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Copy an import statement of one file after an import of another of its language."""
    found = _pick_file(sources, rng, lambda f: bool(f.imports))
    if found is None:
        return None
    source_path, source_facts = found
    imp = rng.choice(source_facts.imports)
    if imp.scope != MODULE_SCOPE:
        return None
    text = sources.lines(source_path)[imp.line - 1 : max(imp.line, imp.end_line)]
    target = _pick_file(
        sources, rng, lambda f: f.language == source_facts.language and bool(f.imports)
    )
    if target is None:
        return None
    path, facts = target
    after = (
        max(i.end_line for i in facts.imports if i.scope == MODULE_SCOPE)
        if any(i.scope == MODULE_SCOPE for i in facts.imports)
        else 0
    )
    lines = sources.lines(path)
    lines[after:after] = text
    sources.write(path, lines)
    return f"copied the import of {imp.source} into {path}"


def add_file(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Copy a file to a new name in its folder."""
    paths = sources.paths()
    if not paths:
        return None
    path = rng.choice(paths)
    folder, _, name = path.rpartition("/")
    stem, dot, ext = name.partition(".")
    new = f"{folder + '/' if folder else ''}{stem}_mut{rng.randrange(10_000)}{dot}{ext}"
    shutil.copyfile(root / path, root / new)
    return f"copied {path} to {new}"


def remove_file(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Delete a file."""
    paths = sources.paths()
    if len(paths) < 2:
        return None
    path = rng.choice(paths)
    (root / path).unlink()
    return f"deleted {path}"


def move_file(root: Path, sources: Sources, rng: random.Random) -> str | None:
    """Move a file into another folder of the tree."""
    paths = sources.paths()
    if len(paths) < 2:
        return None
    path, other = rng.sample(paths, 2)
    folder = other.rpartition("/")[0]
    new = f"{folder + '/' if folder else ''}{path.rpartition('/')[2]}"
    if (root / new).exists():
        return None
    (root / path).rename(root / new)
    return f"moved {path} to {new}"


EDITS: tuple[Edit, ...] = (
    add_definition,
    add_definition,
    rename_definition,
    remove_definition,
    edit_body,
    change_base,
    remove_import,
    copy_import,
    add_file,
    remove_file,
    move_file,
)


def settings_of(root: Path) -> IndexSettings:
    """The index settings the command line would use for ``root``."""
    config = load_config(root / DEFAULT_CONFIG, required=False)
    return IndexSettings(
        excludes=config.exclude,
        max_file_bytes=config.max_file_size,
        build=BuildOptions(python_roots=config.python_roots),
    )


def index(root: Path, cache: Path | None, jobs: int = 1) -> IndexResult:
    """Index ``root`` in this process, with the cache folder ``cache`` (None: none)."""
    return index_tree(
        Workspace(root),
        FactsCache(cache),
        Extractor(jobs),
        settings_of(root),
        fingerprint(LANGUAGES, __version__),
    )


@dataclass(frozen=True)
class Step:
    """One edit and whether the incremental graph was the cold one."""

    edit: str
    identical: bool
    parsed: int


def edit_and_compare(
    repo: Path, steps: int, seed: int, jobs: int = 1, edits: tuple[Edit, ...] = EDITS
) -> Iterator[Step]:
    """Edit ``repo`` ``steps`` times at random; after each edit, index it
    incrementally (one cache kept across the edits) and cold (no cache)."""
    rng = random.Random(seed)
    sources = Sources(repo, Extractor(1))
    with tempfile.TemporaryDirectory(prefix="incremental-") as scratch:
        cache = Path(scratch) / "cache"
        index(repo, cache, jobs)
        done = 0
        attempts = 0
        while done < steps and attempts < steps * 4:
            attempts += 1
            what = rng.choice(edits)(repo, sources, rng)
            if what is None:
                continue
            done += 1
            # Only tracked files are indexed: stage the edit as a commit would.
            subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
            warm, parsed = _outcome(repo, cache, jobs)
            cold, _ = _outcome(repo, None, jobs)
            yield Step(what, warm == cold, parsed)


def _outcome(repo: Path, cache: Path | None, jobs: int) -> tuple[str, int]:
    """The graph text and files parsed, or the refusal, of an index of ``repo``."""
    try:
        result = index(repo, cache, jobs)
    except ExtractionFoundNothing as error:  # edits deleted every definition
        return f"refused: {error}", 0
    return result.graph_text, result.parsed
