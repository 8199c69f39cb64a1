"""On-disk cache of per-file facts and of the last graph built.

Facts are keyed by a digest of the file's path, content and the extractor's
fingerprint, so an unchanged file is never parsed twice. The pack holds one
JSON line per file and is rewritten atomically with only the entries the last
run used, so it cannot grow without bound.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from blast_radius.core.facts import FileFacts

_PACK = "facts-v1.jsonl"
_GRAPH = "graph-v1.json"
_GRAPH_KEY = "graph-v1.key"


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class FactsCache:
    """Facts and graph cache in one folder; ``None`` folder disables it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._raw: dict[str, str] = {}
        self._used: dict[str, str] = {}
        self._dirty = False
        if folder is not None:
            try:
                text = (folder / _PACK).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
            for line in text.splitlines():
                key, sep, payload = line.partition("\t")
                if sep:
                    self._raw[key] = payload

    def get(self, key: str) -> FileFacts | None:
        """Cached facts for ``key``, or None (also for a damaged entry)."""
        payload = self._raw.get(key)
        if payload is None:
            return None
        try:
            facts = FileFacts.from_json(json.loads(payload))
        except (ValueError, TypeError):
            return None
        self._used[key] = payload
        return facts

    def put(self, key: str, facts_json: str) -> None:
        """Remember facts (in their JSON text form, one line) for ``key``."""
        if self.folder is None:
            return
        self._used[key] = facts_json
        self._dirty = True

    def save(self) -> None:
        """Persist the entries used or added by this run (when anything changed)."""
        if self.folder is None:
            return
        if not self._dirty and set(self._used) == set(self._raw):
            return
        lines = [f"{key}\t{self._used[key]}\n" for key in sorted(self._used)]
        _write_atomic(self.folder / _PACK, "".join(lines).encode("utf-8"))

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

    def put_graph(self, key: str, text: str) -> None:
        """Remember the graph text built for ``key``."""
        if self.folder is None:
            return
        _write_atomic(self.folder / _GRAPH, text.encode("utf-8"))
        _write_atomic(self.folder / _GRAPH_KEY, key.encode("utf-8"))
