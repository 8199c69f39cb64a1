"""The mechanisms every ecosystem's resolver shares, on small hierarchies."""

from __future__ import annotations

from blast_radius.core.facts import MODULE_SCOPE, Definition, FileFacts
from blast_radius.core.resolution import ancestors, descendants, merged_symbols, name_matches

BASES = {"C": ["B", "I"], "B": ["A"], "I": ["A"], "A": ["C"]}  # A -> C closes a cycle
SUBTYPES = {"A": ["B", "I"], "B": ["C"], "I": ["C", "D"], "C": ["A"]}


def test_ancestors_are_nearest_first_each_once_and_a_cycle_is_cut() -> None:
    assert ancestors("C", lambda t: BASES.get(t, [])) == ["C", "B", "A", "I"]


def test_descendants_are_breadth_first_without_the_start_and_a_cycle_is_cut() -> None:
    assert descendants("A", lambda t: SUBTYPES.get(t, [])) == ["B", "I", "C", "D"]
    assert descendants("D", lambda t: SUBTYPES.get(t, [])) == []


def test_definitions_sharing_an_id_are_one_symbol_over_all_their_lines() -> None:
    facts = FileFacts(
        path="Shop.java",
        language="java",
        line_count=30,
        definitions=(
            Definition("class", "Shop", 1, 30, 2, MODULE_SCOPE),
            Definition("function", "total", 3, 5, 4, 0),
            Definition("scope", "", 4, 4, 4, 1),
            Definition("function", "total", 20, 28, 21, 0),
        ),
        imports=(),
        references=(),
        bases=(),
        bindings=(),
        typed=(),
        exports=(),
        entry_points=(),
        syntax_errors=0,
        notes=(),
    )
    ids = ["Shop", "Shop.total", "Shop.total", "Shop.total"]
    rows = merged_symbols(
        facts, ids, lambda i: None if facts.definitions[i].kind == "scope" else "x"
    )
    assert rows == [("Shop", "x", "Shop", 1, 30, 2), ("Shop.total", "x", "total", 3, 28, 4)]


def test_a_name_match_is_never_certain_and_too_many_candidates_give_none() -> None:
    assert name_matches("total", ["a", "b"]) == [("a", 0.25), ("b", 0.25)]
    assert name_matches("run", ["a"]) == [("a", 0.25)]  # a common name counts for less
    assert name_matches("total", [str(i) for i in range(6)]) == []
