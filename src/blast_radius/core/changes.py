"""From changed lines to changed symbols.

Each changed line belongs to the innermost definition around it, in the old
version (removed and modified lines) and in the new one (added and modified
lines): one changed line changes one symbol, not its whole file. Lines outside
every definition are module-level code, or imports when they lie inside
import statements; blank lines and comments there change nothing.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from blast_radius.core.diff import FileChange


@dataclass(frozen=True, slots=True)
class SymbolSpan:
    """A definition of one version of a file: its node id and lines."""

    id: str
    kind: str
    name: str
    start_line: int
    end_line: int
    body_line: int


@dataclass(frozen=True, slots=True)
class FileVersion:
    """One side of a changed file, as far as the analysis understood it."""

    path: str
    module_id: str | None
    symbols: tuple[SymbolSpan, ...]
    import_lines: frozenset[int]
    lines: tuple[str, ...]
    line_comment: str


@dataclass(frozen=True, slots=True)
class ChangedFile:
    """A file change with both versions (``None`` for a side that does not exist
    or that has no language rules)."""

    change: FileChange
    old: FileVersion | None
    new: FileVersion | None


@dataclass(frozen=True, slots=True)
class ChangedSymbol:
    """A symbol (or module, or file) the change touched.

    ``change`` is one of ``added``, ``removed``, ``body``, ``signature``,
    ``moved`` (same body, other module), ``renamed`` (same body, other name),
    ``module-code``, ``imports`` or ``file`` (a file without language rules,
    binary, a submodule or a mode change; ``detail`` says which).
    """

    id: str
    kind: str
    change: str
    path: str
    line: int
    old_id: str | None = None
    detail: str = ""


SYMBOL_CHANGES = ("added", "removed", "body", "signature", "moved", "renamed")


def _lines_of(ranges: Iterable[tuple[int, int]]) -> list[int]:
    return [line for first, last in ranges for line in range(first, last + 1)]


class _Spans:
    """Innermost-symbol lookup for one file version (symbols nest, never overlap)."""

    def __init__(self, symbols: Sequence[SymbolSpan]) -> None:
        self.symbols = sorted(symbols, key=lambda s: (s.start_line, -s.end_line, s.id))
        self.starts = [s.start_line for s in self.symbols]

    def innermost(self, line: int) -> SymbolSpan | None:
        # Among the spans covering the line, the innermost starts last: walk
        # back from the last start at or before the line.
        index = bisect_right(self.starts, line) - 1
        while index >= 0:
            candidate = self.symbols[index]
            if candidate.end_line >= line:
                return candidate
            index -= 1
        return None


def _normalise(lines: Sequence[str], comment: str = "") -> str:
    """Lines without indentation, blank lines or (given its marker) comment lines."""
    return "\n".join(
        stripped
        for line in lines
        if (stripped := line.strip()) and not (comment and stripped.startswith(comment))
    )


def _header(version: FileVersion, symbol: SymbolSpan) -> str:
    # Comments between the signature and the first statement are not signature.
    end = max(symbol.body_line - 1, symbol.start_line)
    return _normalise(version.lines[symbol.start_line - 1 : end], version.line_comment)


def _body_digest(version: FileVersion, symbol: SymbolSpan) -> str:
    body = _normalise(version.lines[symbol.body_line - 1 : symbol.end_line])
    return hashlib.sha256(f"{symbol.kind}\0{body}".encode()).hexdigest()


def _is_blank_or_comment(version: FileVersion, line: int) -> bool:
    if not 0 < line <= len(version.lines):
        return True
    text = version.lines[line - 1].strip()
    return not text or bool(version.line_comment and text.startswith(version.line_comment))


def _touched(
    version: FileVersion, ranges: Iterable[tuple[int, int]], everything: bool
) -> tuple[dict[str, SymbolSpan], list[int]]:
    """Symbols the lines touch, and the module-level lines that matter."""
    spans = _Spans(version.symbols)
    if everything:
        return {s.id: s for s in version.symbols}, []
    touched: dict[str, SymbolSpan] = {}
    module_lines: list[int] = []
    for line in _lines_of(ranges):
        symbol = spans.innermost(line)
        if symbol is not None:
            touched[symbol.id] = symbol
        elif not _is_blank_or_comment(version, line):
            module_lines.append(line)
    return touched, module_lines


def changed_symbols(files: Sequence[ChangedFile]) -> tuple[ChangedSymbol, ...]:
    """Every symbol the change touched, with the kind of change, sorted by id."""
    found: dict[str, ChangedSymbol] = {}
    removed: list[tuple[SymbolSpan, FileVersion]] = []
    added: list[tuple[SymbolSpan, FileVersion]] = []
    for item in files:
        change = item.change
        path = change.new_path or change.old_path or ""
        if (item.old is None and item.new is None) or change.binary or change.submodule:
            detail = (
                "binary"
                if change.binary
                else "submodule"
                if change.submodule
                else "mode"
                if change.mode_only
                else change.status
            )
            found["file:" + path] = ChangedSymbol(
                "file:" + path, "file", "file", path, 0, None, detail
            )
            continue
        if change.mode_only and not change.old_ranges and not change.new_ranges:
            found["file:" + path] = ChangedSymbol(
                "file:" + path, "file", "file", path, 0, None, "mode"
            )
            continue
        moved_file = change.old_path != change.new_path
        old_touched: dict[str, SymbolSpan] = {}
        new_touched: dict[str, SymbolSpan] = {}
        module_changes: list[tuple[FileVersion, list[int]]] = []
        if item.old is not None:
            old_touched, lines = _touched(
                item.old, change.old_ranges, item.new is None or moved_file
            )
            module_changes.append((item.old, lines))
        if item.new is not None:
            new_touched, lines = _touched(
                item.new, change.new_ranges, item.old is None or moved_file
            )
            module_changes.append((item.new, lines))
        old_ids = {s.id for s in item.old.symbols} if item.old else set()
        new_ids = {s.id for s in item.new.symbols} if item.new else set()
        if moved_file and item.old and item.new:
            _pair_by_qualname(found, item.old, item.new, old_touched, new_touched)
        for symbol_id in sorted(old_touched.keys() | new_touched.keys()):
            if symbol_id in new_ids and symbol_id in old_ids and item.old and item.new:
                new_symbol = next(s for s in item.new.symbols if s.id == symbol_id)
                old_symbol = next(s for s in item.old.symbols if s.id == symbol_id)
                kind = (
                    "signature"
                    if _header(item.old, old_symbol) != _header(item.new, new_symbol)
                    else "body"
                )
                found[symbol_id] = ChangedSymbol(
                    symbol_id, new_symbol.kind, kind, item.new.path, new_symbol.start_line
                )
            elif symbol_id in new_ids and item.new:
                new_symbol = next(s for s in item.new.symbols if s.id == symbol_id)
                added.append((new_symbol, item.new))
            elif item.old:
                old_symbol = next(s for s in item.old.symbols if s.id == symbol_id)
                removed.append((old_symbol, item.old))
        _module_change(found, item, module_changes, moved_file)
    _pair_moves(found, removed, added)
    return tuple(found[k] for k in sorted(found))


def _module_change(
    found: dict[str, ChangedSymbol],
    item: ChangedFile,
    module_changes: list[tuple[FileVersion, list[int]]],
    moved_file: bool,
) -> None:
    """Record a module-level change (code or imports) of the file's module."""
    lines = [(version, line) for version, ls in module_changes for line in ls]
    version = item.new or item.old
    if version is None or version.module_id is None:
        return
    if item.new is None or item.old is None or moved_file:
        # An added, deleted or moved module: its module-level code all changed.
        old_module = item.old.module_id if item.old else None
        change = "added" if item.old is None else "removed" if item.new is None else "moved"
        found[version.module_id] = ChangedSymbol(
            version.module_id,
            "module",
            change,
            version.path,
            1,
            old_module if change == "moved" else None,
        )
        return
    if not lines:
        return
    imports_only = all(line in v.import_lines for v, line in lines)
    first = (
        min(line for v, line in lines if v is item.new)
        if any(v is item.new for v, _ in lines)
        else 1
    )
    found[version.module_id] = ChangedSymbol(
        version.module_id,
        "module",
        "imports" if imports_only else "module-code",
        version.path,
        first,
    )


def _relative(version: FileVersion, symbol_id: str) -> str | None:
    prefix = (version.module_id or "") + "."
    return symbol_id[len(prefix) :] if symbol_id.startswith(prefix) else None


def _pair_by_qualname(
    found: dict[str, ChangedSymbol],
    old: FileVersion,
    new: FileVersion,
    old_touched: dict[str, SymbolSpan],
    new_touched: dict[str, SymbolSpan],
) -> None:
    """In a moved file, a symbol keeps its qualname within the module: a move.

    Paired symbols leave the touched sets; ``detail`` says when the body was
    edited on the way.
    """
    new_by_relative = {_relative(new, s.id): s for s in new.symbols}
    for old_symbol in old.symbols:
        relative = _relative(old, old_symbol.id)
        new_symbol = new_by_relative.get(relative) if relative else None
        if new_symbol is None or new_symbol.kind != old_symbol.kind:
            continue
        edited = _body_digest(old, old_symbol) != _body_digest(new, new_symbol) or _header(
            old, old_symbol
        ) != _header(new, new_symbol)
        found[new_symbol.id] = ChangedSymbol(
            new_symbol.id,
            new_symbol.kind,
            "moved",
            new.path,
            new_symbol.start_line,
            old_symbol.id,
            "edited" if edited else "",
        )
        old_touched.pop(old_symbol.id, None)
        new_touched.pop(new_symbol.id, None)


def _pair_moves(
    found: dict[str, ChangedSymbol],
    removed: list[tuple[SymbolSpan, FileVersion]],
    added: list[tuple[SymbolSpan, FileVersion]],
) -> None:
    """Pair removed and added symbols with the same body: moves and renames."""
    by_digest: dict[str, list[tuple[SymbolSpan, FileVersion]]] = {}
    for symbol, version in sorted(added, key=lambda item: item[0].id):
        by_digest.setdefault(_body_digest(version, symbol), []).append((symbol, version))
    for symbol, version in sorted(removed, key=lambda item: item[0].id):
        candidates = by_digest.get(_body_digest(version, symbol))
        if candidates:
            # Prefer the candidate that kept its name (a move) over a rename.
            pick = next((i for i, c in enumerate(candidates) if c[0].name == symbol.name), 0)
            new_symbol, new_version = candidates.pop(pick)
            kind = "moved" if new_symbol.name == symbol.name else "renamed"
            found[new_symbol.id] = ChangedSymbol(
                new_symbol.id,
                new_symbol.kind,
                kind,
                new_version.path,
                new_symbol.start_line,
                symbol.id,
            )
        else:
            found[symbol.id] = ChangedSymbol(
                symbol.id, symbol.kind, "removed", version.path, symbol.start_line
            )
    for candidates in by_digest.values():
        for new_symbol, new_version in candidates:
            found[new_symbol.id] = ChangedSymbol(
                new_symbol.id, new_symbol.kind, "added", new_version.path, new_symbol.start_line
            )
