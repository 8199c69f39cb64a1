"""The cache folder: entries read from disk when asked, appended as they come."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from blast_radius.adapters import cache as cache_module
from blast_radius.adapters.cache import FactsCache


def key(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def test_entries_round_trip_before_and_after_they_are_written(tmp_path: Path) -> None:
    store = FactsCache(tmp_path)
    texts = {key(n): f'["é{n}", "\\u00e9", "{"x" * n}"]' for n in range(50)}
    for k, text in texts.items():
        store.put("facts", k, text)
    # Not written yet: served from what is pending.
    assert all(store.get("facts", k) == text for k, text in texts.items())
    store.save()
    again = FactsCache(tmp_path)
    # Offsets count bytes: non-ASCII texts come back whole.
    assert {k: again.get("facts", k) for k in texts} == texts
    assert again.get("facts", key(999)) is None
    assert not again.has("facts", key(999))


def test_a_text_of_two_lines_is_refused_and_the_pack_reads_on(tmp_path: Path) -> None:
    store = FactsCache(tmp_path)
    store.put("names", key(1), '{"a": 1}')
    with pytest.raises(ValueError, match="one line"):
        store.put("names", key(2), '{"a": 1}\n{"b": 2}')
    store.save()
    again = FactsCache(tmp_path)
    assert again.get("names", key(1)) == '{"a": 1}'
    assert again.get("names", key(2)) is None


def test_large_puts_are_written_before_the_save(tmp_path: Path) -> None:
    store = FactsCache(tmp_path)
    big = "y" * (cache_module._FLUSH_BYTES + 10)
    store.put("output", key(1), big)
    pack = tmp_path / "output-v6.jsonl"
    assert pack.stat().st_size > len(big)  # on disk already, not held until save
    assert store.get("output", key(1)) == big


def test_a_compacted_pack_still_serves_the_run_that_compacted_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = FactsCache(tmp_path)
    for n in range(30):
        old.put("interface", key(n), f"old {n}")
    old.save()
    monkeypatch.setattr(cache_module, "_COMPACT_MIN", 5)
    store = FactsCache(tmp_path)
    assert store.get("interface", key(3)) == "old 3"
    store.put("interface", key(100), "new")
    store.save()  # 29 of 31 entries unused: rewritten with the 2 used ones
    assert store.get("interface", key(3)) == "old 3"
    assert store.get("interface", key(100)) == "new"
    assert store.get("interface", key(4)) is None
    store.put("interface", key(101), "after")
    store.save()
    assert len((tmp_path / "interface-v6.jsonl").read_text().splitlines()) == 3
    reread = FactsCache(tmp_path)
    kept = {k: reread.get("interface", k) for k in (key(3), key(100), key(101), key(4))}
    assert kept == {key(3): "old 3", key(100): "new", key(101): "after", key(4): None}


def test_a_torn_last_line_is_a_miss_and_does_not_swallow_the_next_entry(tmp_path: Path) -> None:
    pack = tmp_path / "facts-v6.jsonl"
    pack.write_text(f"{key(1)}\tfine\n{key(2)}\ttorn, no newline")
    store = FactsCache(tmp_path)
    assert store.get("facts", key(1)) == "fine"
    assert store.get("facts", key(2)) is None
    store.put("facts", key(3), "appended")
    store.save()
    reread = FactsCache(tmp_path)
    assert reread.get("facts", key(1)) == "fine"
    assert reread.get("facts", key(3)) == "appended"
    assert reread.get("facts", key(2)) is None


def test_an_entry_that_is_not_utf8_is_a_miss_alone(tmp_path: Path) -> None:
    pack = tmp_path / "facts-v6.jsonl"
    pack.write_bytes(f"{key(1)}\t".encode() + b"\xff\xfe\n" + f"{key(2)}\tgood\n".encode())
    store = FactsCache(tmp_path)
    assert store.get("facts", key(1)) is None
    assert store.get("facts", key(2)) == "good"


def test_merging_streams_every_entry_of_another_folder(tmp_path: Path) -> None:
    shard = FactsCache(tmp_path / "shard")
    for n in range(20):
        shard.put("facts", key(n), f"facts {n}")
        shard.put("interface", key(n), f"interface {n}")
    shard.save()
    merged = FactsCache(tmp_path / "merged")
    merged.import_entries(FactsCache(tmp_path / "shard").all_entries(), persist=True)
    merged.save()
    reread = FactsCache(tmp_path / "merged")
    assert all(reread.get("facts", key(n)) == f"facts {n}" for n in range(20))
    assert all(reread.get("interface", key(n)) == f"interface {n}" for n in range(20))


def test_a_saved_pack_is_opened_from_its_index_and_a_stale_index_is_ignored(
    tmp_path: Path,
) -> None:
    store = FactsCache(tmp_path)
    texts = {key(n): f'["{n}", "é"]' for n in range(20)}
    for k, text in texts.items():
        store.put("facts", k, text)
    store.save()
    again = FactsCache(tmp_path)
    assert {k: again.get("facts", k) for k in texts} == texts
    assert again._packs["facts"].indexed  # no scan: the places were recorded
    # Another writer appends behind the index's back: the pack is scanned.
    with (tmp_path / "facts-v6.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(f'{key(99)}\t["late"]\n')
    third = FactsCache(tmp_path)
    assert third.get("facts", key(99)) == '["late"]'
    assert not third._packs["facts"].indexed
    assert {k: third.get("facts", k) for k in texts} == texts


def test_a_damaged_index_is_a_scan_not_a_wrong_place(tmp_path: Path) -> None:
    store = FactsCache(tmp_path)
    store.put("facts", key(1), '["one"]')
    store.save()
    index = tmp_path / "facts-v6.where"
    stamp, _, rest = index.read_text().partition("\n")
    index.write_text(stamp + "\n" + rest.replace("\t", "\t9", 1))
    again = FactsCache(tmp_path)
    assert again.get("facts", key(1)) == '["one"]'


def test_the_graph_is_copied_only_when_the_folder_holds_the_one_asked_for(
    tmp_path: Path,
) -> None:
    store = FactsCache(tmp_path / "cache")
    dest = tmp_path / "out.json"
    assert not store.copy_graph("a", dest)  # nothing put yet
    store.put_graph("a", ['{"nodes": ["é', "x" * 5000, '"]}\n'], "record")
    assert store.copy_graph("a", dest)
    assert dest.read_bytes() == ('{"nodes": ["é' + "x" * 5000 + '"]}\n').encode()
    store.put_graph("b", ["other\n"])
    assert not store.copy_graph("a", dest)  # another graph replaced it
    assert store.copy_graph("b", dest) and dest.read_text() == "other\n"
    assert not FactsCache(None).copy_graph("b", tmp_path / "none.json")


def test_an_output_is_written_anew_through_links_and_never_over_its_own_source(
    tmp_path: Path,
) -> None:
    store = FactsCache(tmp_path / "cache")
    store.put_graph("a", ["first\n"])
    plain = tmp_path / "plain.json"
    plain.write_text("an older and longer graph\n")
    assert store.copy_graph("a", plain) and plain.read_text() == "first\n"
    # A link is followed: its target gets the graph and the link stays a link.
    target = tmp_path / "target.json"
    target.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert store.copy_graph("a", link)
    assert link.is_symlink() and target.read_text() == "first\n"
    cache_module.write_text(link, ["second\n"])
    assert link.is_symlink() and target.read_text() == "second\n"
    # The cache's own graph as the destination: left as it is, not removed.
    own = tmp_path / "cache" / cache_module._GRAPH
    store.copy_graph("a", own)
    assert own.read_text() == "first\n" and store.copy_graph("a", plain)


def test_the_languages_of_the_last_build_are_read_back_as_a_hint(tmp_path: Path) -> None:
    store = FactsCache(tmp_path)
    assert cache_module.languages_hint(tmp_path) == ()
    store.note_languages(["typescript", "javascript", "tsx"])
    assert cache_module.languages_hint(tmp_path) == ("typescript", "javascript", "tsx")
    # Only names a language could have, each once, and a few at most.
    hint = tmp_path / "languages-v6.txt"
    hint.write_text("python\n../etc\n\nPython\npython\n" + "".join(f"l{n}\n" for n in range(20)))
    assert cache_module.languages_hint(tmp_path) == ("python", *(f"l{n}" for n in range(7)))
    hint.write_bytes(b"\xff\xfe")
    assert cache_module.languages_hint(tmp_path) == ()
    assert cache_module.languages_hint(None) == ()
    FactsCache(None).note_languages(["python"])  # no folder: nothing kept, no error
