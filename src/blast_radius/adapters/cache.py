"""On-disk cache of per-file facts, interfaces and rendered outputs, and the last graph.

Entries are keyed by a digest of the file's path and content and of the
extractor's fingerprint (outputs also by the digest of what the file's
lookups read of other files' interfaces), so an unchanged file is never
parsed or resolved twice. Each kind lives in one pack of lines; a run holds
only where each entry lies and reads an entry's text when asked. New entries
are appended as they come, and a pack mostly made of entries the last run did
not use is rewritten with only the used ones, so the cache stays bounded. A
damaged pack or entry is a cache miss, never an error.

Entries restored from a snapshot (imported without ``persist``, or served by a
fallback such as a snapshot's lazily read facts) serve the current run only:
they live on the index branch already and are never written to the folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

KINDS = ("facts", "interface", "output", "names")
_VERSION = "v6"
_GRAPH = f"graph-{_VERSION}.json"
_GRAPH_KEY = f"graph-{_VERSION}.key"
_BUILD = f"build-{_VERSION}.json"
_LANGUAGES = f"languages-{_VERSION}.txt"
_LANGUAGE_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_MAX_WARM = 8

# ``subprocess``, ``tempfile`` and ``shutil`` are imported where they are
# used: the command line reads the languages hint through this module before
# it forks the standby parser, and each millisecond before the fork delays
# the compile that parser starts.
_COMPACT_MIN = 2000
# A kind with one large entry a run (``names``) keeps only the entries in use.
_COMPACT_MIN_OF = {"names": 0}


def default_cache_dir(root: Path) -> Path:
    """The cache folder of the repository at ``root`` when none is given: inside
    its git folder (shared by its worktrees), else under the user's cache."""
    import subprocess

    result = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--path-format=absolute", "--git-common-dir"],
        capture_output=True,
        check=False,
        text=True,
    )
    if result.returncode == 0 and result.stdout.strip():
        return Path(result.stdout.strip()) / "blast-radius"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "blast-radius" / hashlib.sha256(str(root).encode()).hexdigest()[:16]


def languages_hint(folder: Path | None) -> tuple[str, ...]:
    """The languages the last build in ``folder`` parsed, most files first
    (``FactsCache.note_languages``), eight at most; none when it holds no
    such record.

    Read before the tool's modules load, to compile those languages' queries
    while the tree is listed: a hint, never trusted for more than that."""
    if folder is None:
        return ()
    try:
        text = (folder / _LANGUAGES).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ()
    names = [line for line in text.splitlines() if _LANGUAGE_NAME.fullmatch(line)]
    return tuple(dict.fromkeys(names))[:_MAX_WARM]


def _write_atomic(path: Path, data: bytes | Iterable[str] | Iterable[bytes | memoryview]) -> None:
    """Replace ``path`` with ``data`` (bytes, or pieces of text or bytes written one by one)."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, bytes):
                handle.write(data)
            else:
                _write_pieces(handle, data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_WRITE_BATCH = 1 << 20


def write_text(path: Path, pieces: Iterable[str]) -> None:
    """Write text given in pieces to ``path``, a megabyte at a time."""
    make_room(path)
    with path.open("wb") as handle:
        _write_pieces(handle, pieces)


def make_room(path: Path) -> None:
    """Remove ``path`` if it is a plain file, so that what is written next goes
    to a new file rather than over the old one's content.

    ext4 (with its default ``auto_da_alloc``) starts writing a file's data out
    when it is closed after being truncated, or renamed over another file: a
    53 MB graph written over the last one took 0.03-0.04 s more than into a
    free name. A symbolic link is left alone (the write follows it).
    """
    with contextlib.suppress(OSError):
        if path.is_file() and not path.is_symlink():
            path.unlink()


def text_slices(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces cut into slices of at most a megabyte (to encode one at a time)."""
    for piece in pieces:
        for start in range(0, len(piece), _WRITE_BATCH):
            yield piece[start : start + _WRITE_BATCH]


def _write_pieces(handle: BinaryIO, pieces: Iterable[str] | Iterable[bytes | memoryview]) -> None:
    """Write text pieces in batches of about a megabyte: never a large text
    encoded at once. Pieces already encoded are written as they are."""
    batch: list[str] = []
    size = 0
    for piece in pieces:
        if not isinstance(piece, str):
            handle.write("".join(batch).encode())
            batch.clear()
            size = 0
            handle.write(piece)
            continue
        if len(piece) > _WRITE_BATCH:
            handle.write("".join(batch).encode())
            batch.clear()
            size = 0
            for part in text_slices((piece,)):
                handle.write(part.encode())
            continue
        batch.append(piece)
        size += len(piece)
        if size >= _WRITE_BATCH:
            handle.write("".join(batch).encode())
            batch.clear()
            size = 0
    if batch:
        handle.write("".join(batch).encode())


_FLUSH_BYTES = 1 << 20


class _Pack:
    """One kind's pack file: where each entry's text lies, read from disk when asked.

    Nothing but the keys and their places is held: texts are read with
    ``pread`` and new entries are appended about a megabyte at a time, so a
    run's memory does not grow with the cache. One descriptor serves reads
    and appends, so every place recorded is in the same file even if another
    run replaces it meanwhile.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where: dict[str, tuple[int, int]] = {}  # key: (offset, bytes) of its text
        self.pending: dict[str, str] = {}  # put, not yet written
        self._pending_bytes = 0
        self._fd: int | None = None
        self._writable = False
        self.indexed = False
        """Whether the places were read from the pack's index, which still holds."""
        self._open()

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
            self._writable = True
        except OSError:
            try:
                self._fd = os.open(self.path, os.O_RDONLY)
            except OSError:
                return  # no pack: every lookup misses, and nothing can be saved
        self._closer = weakref.finalize(self, os.close, self._fd)
        self.indexed = self._read_index()
        if not self.indexed:
            self._scan()

    @property
    def _index_path(self) -> Path:
        return self.path.with_suffix(".where")

    def _stamp(self) -> str:
        """What identifies the pack's present content: its size, change time and inode."""
        assert self._fd is not None
        status = os.fstat(self._fd)
        return f"{status.st_size} {status.st_mtime_ns} {status.st_ino}"

    def _read_index(self) -> bool:
        """Take the places ``write_index`` recorded, if they are of the pack as it
        is now; False (scan the pack instead) when they are not, or are damaged."""
        try:
            stamp, *lines = self._index_path.read_text(encoding="utf-8").split("\n")
            if stamp != self._stamp() or lines[-1] != "":
                return False
            where: dict[str, tuple[int, int]] = {}
            for line in lines[:-1]:
                key, offset, length = line.split("\t")
                where[key] = (int(offset), int(length))
        except (OSError, UnicodeDecodeError, ValueError, IndexError):
            return False
        self.where = where
        return True

    def write_index(self) -> None:
        """Record where every entry lies, so the next run need not scan the pack."""
        if self._fd is None or not self._writable:
            return
        lines = [self._stamp()]
        lines.extend(f"{key}\t{offset}\t{length}" for key, (offset, length) in self.where.items())
        lines.append("")
        with contextlib.suppress(OSError):  # the next run scans the pack
            _write_atomic(self._index_path, "\n".join(lines).encode())

    def _scan(self) -> None:
        assert self._fd is not None
        offset = 0
        torn_at: int | None = None
        with open(os.dup(self._fd), "rb") as handle:
            handle.seek(0)
            for line in handle:
                tab = line.find(b"\t")
                if not line.endswith(b"\n"):
                    torn_at = offset  # only ever the last line
                elif tab > 0:
                    key = line[:tab].decode("utf-8", "replace")
                    self.where[key] = (offset + tab + 1, len(line) - tab - 2)
                offset += len(line)
        if torn_at is not None and self._writable:
            # A write cut short (a run killed mid-write): drop it, so that it is
            # neither read back as a shorter entry nor glued to the next one.
            os.ftruncate(self._fd, torn_at)

    def read(self, key: str) -> str | None:
        """The text of ``key``, or None (absent, or not valid UTF-8: a miss)."""
        text = self.pending.get(key)
        if text is not None:
            return text
        place = self.where.get(key)
        if place is None or self._fd is None:
            return None
        # The key before the text and the newline after it are read too: a
        # place that is not this entry's is never taken for its text.
        head = key.encode() + b"\t"
        try:
            raw = os.pread(self._fd, len(head) + place[1] + 1, place[0] - len(head))
        except (OSError, ValueError):
            raw = b""
        if (
            not (raw.startswith(head) and raw.endswith(b"\n"))
            or len(raw) != len(head) + place[1] + 1
        ):
            if self.indexed:  # the recorded places are wrong: find them again
                self.indexed = False
                self.where.clear()
                self._scan()
                return self.read(key)
            return None
        try:
            return raw[len(head) : -1].decode("utf-8")
        except UnicodeDecodeError:
            return None

    def __contains__(self, key: str) -> bool:
        return key in self.pending or key in self.where

    def put(self, key: str, text: str) -> None:
        self.pending[key] = text
        self._pending_bytes += len(text)
        if self._pending_bytes >= _FLUSH_BYTES:
            self.flush()

    def flush(self) -> None:
        """Append the pending entries to the file."""
        if not self.pending:
            return
        if self._fd is None or not self._writable:
            raise OSError(f"cannot write the cache pack {self.path}")
        keys = list(self.pending)
        encoded = [f"{key}\t{self.pending[key]}\n".encode() for key in keys]
        data = memoryview(b"".join(encoded))
        while data:  # a write may be short; the rest follows it at the end
            data = data[os.write(self._fd, data) :]
        # With O_APPEND the descriptor now sits at the end of what was written.
        offset = os.lseek(self._fd, 0, os.SEEK_CUR) - sum(map(len, encoded))
        for key, line in zip(keys, encoded, strict=True):
            tab = len(key.encode()) + 1
            self.where[key] = (offset + tab, len(line) - tab - 1)
            offset += len(line)
        self.pending.clear()
        self._pending_bytes = 0

    def rewrite(self, keep: Iterable[str]) -> None:
        """Replace the file with only the entries of ``keep`` (sorted), atomically."""
        self.flush()
        # Read from the old file while the new one is written: one entry at a time.
        kept = ((key, self.read(key)) for key in sorted(keep))
        _write_atomic(self.path, (f"{key}\t{text}\n" for key, text in kept if text is not None))
        self.close()
        self.where.clear()
        self._open()

    def close(self) -> None:
        if self._fd is not None:
            self._closer()
            self._fd = None


class _SpilledLines:
    """Lines kept in an unnamed file, read from its start at each iteration."""

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle
        weakref.finalize(self, handle.close)  # closed (and so gone) with the reader

    def __iter__(self) -> Iterator[str]:
        self._handle.seek(0)
        with open(os.dup(self._handle.fileno()), encoding="utf-8", newline="\n") as text:
            for line in text:
                yield line[:-1]


class FactsCache:
    """The cache folder; a ``None`` folder disables caching."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._packs: dict[str, _Pack] = {}
        # With no folder, what is put lives here for the run.
        self._memory: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._used: dict[str, set[str]] = {kind: set() for kind in KINDS}
        self._restored: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._fallbacks: dict[str, list[Callable[[str], str | None]]] = {kind: [] for kind in KINDS}

    def _pack(self, kind: str) -> _Pack | None:
        if self.folder is None:
            return None
        pack = self._packs.get(kind)
        if pack is None:
            pack = self._packs[kind] = _Pack(self.folder / f"{kind}-{_VERSION}.jsonl")
        return pack

    def _stored(self, kind: str, key: str) -> str | None:
        pack = self._pack(kind)
        if pack is None:
            return self._memory[kind].get(key)
        return pack.read(key)

    def get(self, kind: str, key: str) -> str | None:
        """The JSON text stored for ``key``, or None.

        Looks in the folder's pack (or, with no folder, in memory), then in
        what was restored for this run (imported entries, then the fallbacks).
        """
        payload = self._stored(kind, key)
        if payload is not None:
            self._used[kind].add(key)
            return payload
        return self._restored_entry(kind, key)

    def has(self, kind: str, key: str) -> bool:
        """Whether an entry exists for ``key`` (without reading its text).

        A fallback is asked for the entry itself, which is then kept in memory
        for the ``get`` that follows.
        """
        pack = self._pack(kind)
        stored = key in self._memory[kind] if pack is None else key in pack
        return stored or self._restored_entry(kind, key) is not None

    def keys(self, kind: str) -> list[str]:
        """The keys of the entries of ``kind`` at hand, those written last first:
        this run's and the pack's (from its end), then those restored."""
        pack = self._pack(kind)
        own = list(self._memory[kind]) if pack is None else [*pack.where, *pack.pending]
        return list(dict.fromkeys([*reversed(own), *self._restored[kind]]))

    def add_fallback(self, kind: str, lookup: Callable[[str], str | None]) -> None:
        """Serve entries of ``kind`` found nowhere else from ``lookup``, for this run only.

        ``lookup`` returns an entry's text or None (a miss); what it serves is
        never saved (a restored snapshot's facts, read one entry at a time).
        """
        self._fallbacks[kind].append(lookup)

    def _restored_entry(self, kind: str, key: str) -> str | None:
        restored = self._restored[kind]
        payload = restored.get(key)
        if payload is not None:
            return payload
        for lookup in self._fallbacks[kind]:
            payload = lookup(key)
            if payload is not None:
                restored[key] = payload
                return payload
        return None

    def retain(self, kind: str, keys: list[str]) -> None:
        """Keep the entries of ``keys`` at the next save, without reading them."""
        pack = self._pack(kind)
        if pack is None:
            return
        used = self._used[kind]
        used.update(key for key in keys if key in pack)

    def put(self, kind: str, key: str, text: str) -> None:
        """Store JSON text (one line) for ``key``: written to the pack soon, not held.

        A text holding a newline is refused (ValueError): the pack and the
        snapshot keep one entry per line, and would read it back as two.
        """
        if "\n" in text:
            raise ValueError(f"a {kind} entry must be one line: {key}")
        self._used[kind].add(key)
        pack = self._pack(kind)
        if pack is None:
            self._memory[kind][key] = text
        else:
            pack.put(key, text)

    def save(self) -> None:
        """Persist the entries added by this run.

        New entries are appended (cheap, and a torn line is just a miss later).
        When most of a pack is entries this run did not use (old versions of
        files), it is rewritten with only the used ones, atomically, so the
        cache stays bounded. Restored entries are neither appended nor
        rewritten: they were not put, retained or read from the pack.
        """
        for kind in KINDS:
            pack = self._pack(kind)
            if pack is None:
                continue
            used = self._used[kind]
            unused = len(pack.where.keys() - used - pack.pending.keys())
            if unused > max(_COMPACT_MIN_OF.get(kind, _COMPACT_MIN), len(used)):
                pack.rewrite(used)
            elif pack.pending or not pack.indexed:
                pack.flush()
            else:
                continue
            pack.write_index()

    def export(self, wanted: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
        """The (kind, key, text) entries for ``wanted`` (kind, key) pairs that exist,
        in that order, each read when the one before has been taken."""
        for kind, key in wanted:
            text = self._stored(kind, key)
            if text is None:
                text = self._restored_entry(kind, key)
            if text is not None:
                yield kind, key, text

    def all_entries(self) -> Iterator[tuple[str, str, str]]:
        """Every entry of the folder, read one at a time (for merging shards)."""
        for kind in KINDS:
            pack = self._pack(kind)
            keys = self._memory[kind] if pack is None else pack.where.keys() | pack.pending.keys()
            for key in sorted(keys):
                text = self._stored(kind, key)
                if text is not None:
                    yield kind, key, text

    def import_entries(self, entries: Iterable[tuple[str, str, str]], *, persist: bool) -> None:
        """Add entries from a snapshot or from shards.

        With ``persist`` they are saved with the rest; without, they serve this
        run only (a snapshot restored on a runner is on its branch already) and
        are never written to the folder.
        """
        for kind, key, text in entries:
            if kind not in self._used:
                continue
            if persist:
                self.put(kind, key, text)
            else:
                self._restored[kind][key] = text

    def forget_imported(self) -> None:
        """Let go of the entries imported for this run only (and of those the
        fallbacks served): later reads of them are misses, or the fallbacks'."""
        for entries in self._restored.values():
            entries.clear()

    def get_graph(self, key: str) -> str | None:
        """The graph text built last time, when it was built for ``key``."""
        if self.folder is None:
            return None
        try:
            if (self.folder / _GRAPH_KEY).read_text(encoding="utf-8") != key:
                return None
            return (self.folder / _GRAPH).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def put_graph(
        self, key: str, pieces: Iterable[str] | Iterable[bytes | memoryview], build: str = ""
    ) -> None:
        """Remember the graph text built for ``key`` (given in pieces, as text or
        UTF-8 bytes), and with it
        ``build``: what it was built from (see ``last_build``)."""
        if self.folder is None:
            return
        # The key goes first and comes back last, and it tags the build record:
        # a run cut short leaves no key, never a key or record of another graph.
        (self.folder / _GRAPH_KEY).unlink(missing_ok=True)
        # Without a key the old graph serves no one: removed first, the new one
        # is renamed into a free name (see ``make_room``).
        make_room(self.folder / _GRAPH)
        _write_atomic(self.folder / _GRAPH, pieces)
        _write_atomic(self.folder / _BUILD, f"{key}\n{build}".encode())
        _write_atomic(self.folder / _GRAPH_KEY, key.encode("utf-8"))

    def copy_graph(self, key: str, dest: Path) -> bool:
        """Copy the graph text built for ``key`` to ``dest``, file to file (the
        text is neither decoded nor encoded again); False, with ``dest`` in any
        state, when the folder does not hold that graph."""
        import shutil

        if self.folder is None:
            return False
        source = self.folder / _GRAPH
        try:
            if not (dest.exists() and os.path.samefile(source, dest)):
                make_room(dest)
            shutil.copyfile(source, dest)
            # Read once the copy has opened the graph: a graph another run put
            # since has no key yet, or its own (equal only for an equal graph).
            return (self.folder / _GRAPH_KEY).read_text(encoding="utf-8") == key
        except (OSError, UnicodeDecodeError):
            return False

    def spill(self, lines: list[str]) -> Iterable[str]:
        """Keep ``lines`` (none holding a newline) in a file of their own, gone
        when the reader is; a reader that gives them back, again and again."""
        import tempfile

        folder = self.folder if self.folder is not None and self.folder.is_dir() else None
        handle = tempfile.TemporaryFile(dir=folder)  # noqa: SIM115 (the reader closes it)
        _write_pieces(handle, (line + "\n" for line in lines))
        handle.flush()
        return _SpilledLines(handle)

    def note_languages(self, names: Sequence[str]) -> None:
        """Remember the languages a build parsed, most files first: the next run
        compiles their queries before it knows which files changed
        (``languages_hint``). Written only when they differ from the last."""
        if self.folder is None:
            return
        text = "".join(f"{name}\n" for name in names)
        path = self.folder / _LANGUAGES
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if path.read_text(encoding="utf-8") == text:
                return
        with contextlib.suppress(OSError):
            _write_atomic(path, text.encode("utf-8"))

    def last_build(self) -> str | None:
        """The ``build`` text put with the graph the folder holds, or None."""
        if self.folder is None:
            return None
        try:
            key = (self.folder / _GRAPH_KEY).read_text(encoding="utf-8")
            tag, _, build = (self.folder / _BUILD).read_text(encoding="utf-8").partition("\n")
        except (OSError, UnicodeDecodeError):
            return None
        return build if tag == key and build else None

    def last_graph(self) -> bytes | None:
        """The graph text the folder holds, as bytes, whatever it was built for, or None."""
        if self.folder is None:
            return None
        try:
            return (self.folder / _GRAPH).read_bytes()
        except OSError:
            return None
