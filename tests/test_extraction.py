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


def test_a_language_that_cannot_load_turns_off_only_its_files() -> None:
    extractor = Extractor(1)
    outcomes = extractor.extract(
        [
            ("app/a.py", "python", b"def f():\n    return g()\n"),
            ("web/b.ts", "no-such-language", b"export const x = 1;\n"),
            ("app/c.py", "python", b"import a\n"),
        ]
    )
    assert [path for path, _, _ in outcomes] == ["app/a.py", "web/b.ts", "app/c.py"]
    assert outcomes[0][1] is not None and outcomes[0][2] is None
    assert outcomes[2][1] is not None and outcomes[2][2] is None
    assert outcomes[1][1] is None
    assert outcomes[1][2] == "no language named no-such-language (its files are not parsed)"
    assert extractor.unavailable == {"no-such-language": "no language named no-such-language"}
