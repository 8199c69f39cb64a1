"""The parser pool gives the same facts whether or not other threads are running."""

from __future__ import annotations

import threading

from blast_radius.adapters.extraction import Extractor

# Enough files and bytes for the process pool, not the in-process path.
_JOBS = [
    (
        f"pkg/m{i}.py",
        "python",
        (f"import os\n\n\ndef f{i}(x):\n    return os.path.join(x, 'y')\n" * 400).encode(),
    )
    for i in range(30)
]


def test_the_pool_extracts_the_same_facts_while_another_thread_runs() -> None:
    alone = Extractor(2).extract(_JOBS)
    release = threading.Event()
    waiting = threading.Thread(target=release.wait, daemon=True)
    waiting.start()
    try:
        beside_a_thread = Extractor(2).extract(_JOBS)
    finally:
        release.set()
        waiting.join()
    assert [error for _, _, error in alone] == [None] * len(_JOBS)
    assert beside_a_thread == alone
