"""Which tests a change selects: the whole reach above a confidence floor, each with its path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from blast_radius.core import report as reports
from blast_radius.core.graph import Edge, Graph, Node
from blast_radius.core.walk import Dependent, Hop, ReverseIndex

from .conftest import git, write_tree
from .test_impact_scenarios import build_scenario, impact


def test_tests_come_from_the_whole_reach_not_the_listed_depth(tmp_path: Path) -> None:
    root = build_scenario("core_utility", tmp_path / "repo")

    report = impact(root, "--max-depth", "1")

    # The listing stops after one edge; the selection does not.
    assert {d["distance"] for d in report["dependents"]} == {1}
    assert report["limits"]["cut_by"] == ["depth"]
    assert {t["id"]: t["distance"] for t in report["tests"]} == {
        "tests/test_cart.py::test_gift_receipt": 4,
        "tests/test_cart.py::test_total": 3,
        "tests/test_pricing.py::test_discount": 2,
        "tests/test_pricing.py::test_tax": 2,
    }
    assert report["test_files"] == ["tests/test_cart.py", "tests/test_pricing.py"]
    assert report["limits"]["tests_cut_by"] == []
    [gift] = [t for t in report["tests"] if t["id"].endswith("test_gift_receipt")]
    assert [(hop["source"], hop["target"]) for hop in gift["why"]] == [
        ("python:tests.test_cart.test_gift_receipt", "python:shop.cart.GiftCart.receipt"),
        ("python:shop.cart.GiftCart.receipt", "python:shop.cart.Cart.receipt"),
        ("python:shop.cart.Cart.receipt", "python:shop.money.format_price"),
        ("python:shop.money.format_price", "python:shop.money.round_cents"),
    ]
    assert gift["why"][0]["path"] == "tests/test_cart.py"


def _name_matched_repo(make_repo: Callable[..., Path]) -> Path:
    """A test that reaches the change only through a call on a receiver of unknown type."""
    root = make_repo(
        {
            "lib/__init__.py": "",
            "lib/workers.py": (
                "class Fast:\n    def crunch(self):\n        return 1\n\n\n"
                "class Slow:\n    def crunch(self):\n        return 2\n"
            ),
            "tests/test_workers.py": (
                "def test_crunch(worker):\n    assert worker.crunch() in (1, 2)\n"
            ),
        }
    )
    git(root, "checkout", "-q", "-b", "pr")
    write_tree(
        root,
        {
            "lib/workers.py": (
                "class Fast:\n    def crunch(self):\n        return 10\n\n\n"
                "class Slow:\n    def crunch(self):\n        return 2\n"
            )
        },
    )
    git(root, "commit", "-qam", "faster")
    return root


def test_an_uncertain_path_selects_the_test_at_its_confidence(
    make_repo: Callable[..., Path],
) -> None:
    report = impact(_name_matched_repo(make_repo))

    [test] = report["tests"]
    assert test["id"] == "tests/test_workers.py::test_crunch"
    # Matched by method name to one of two candidates: 0.5 / 2.
    assert test["confidence"] == 0.25
    assert test["why"][0]["kind"] == "calls"


def test_the_test_confidence_floor_cuts_and_the_footer_says_so(
    make_repo: Callable[..., Path],
) -> None:
    root = _name_matched_repo(make_repo)

    report = impact(root, "--test-confidence", "0.5")
    text = impact(root, "--test-confidence", "0.5", fmt="markdown")

    assert report["tests"] == []
    assert report["limits"]["test_confidence"] == 0.5
    assert report["limits"]["tests_cut_by"] == ["confidence"]
    assert "Tests are selected from the whole reach; that walk was cut by confidence" in (
        text.replace("\\", "")
    )


def _dynamic_dispatch_repo(make_repo: Callable[..., Path]) -> Path:
    """A handler only ``getattr`` reaches: no edge leads from the test to it."""
    root = make_repo(
        {
            "lib/__init__.py": "",
            "lib/handlers.py": "def on_start():\n    return 'started'\n",
            "lib/app.py": (
                "from lib import handlers\n\n\n"
                "def dispatch(event):\n    return getattr(handlers, 'on_' + event)()\n"
            ),
            "tests/test_app.py": (
                "from lib.app import dispatch\n\n\n"
                "def test_start():\n    assert dispatch('start') == 'started'\n"
            ),
            "tests/test_other.py": "def test_nothing():\n    assert True\n",
        }
    )
    git(root, "checkout", "-q", "-b", "pr")
    write_tree(root, {"lib/handlers.py": "def on_start():\n    return 'up'\n"})
    git(root, "commit", "-qam", "renamed state")
    return root


def test_the_conservative_selection_adds_the_test_files_that_import_the_change(
    make_repo: Callable[..., Path],
) -> None:
    root = _dynamic_dispatch_repo(make_repo)

    precise = impact(root)
    conservative = impact(root, "--test-selection", "conservative")
    text = impact(root, "--test-selection", "conservative", fmt="markdown")

    assert precise["tests"] == []
    [test] = conservative["tests"]
    assert test["id"] == "tests/test_app.py::test_start"
    # Imported through lib.app, with no edge to the handler: a low confidence.
    assert test["confidence"] == 0.1
    assert [hop["target"] for hop in test["why"]] == ["python:lib.app", "python:lib.handlers"]
    assert conservative["test_files"] == ["tests/test_app.py"]
    assert conservative["limits"]["test_selection"] == "conservative"
    assert "Conservative test selection" in text


def test_a_definition_nested_in_a_test_selects_the_test(make_repo: Callable[..., Path]) -> None:
    root = make_repo(
        {
            "lib/__init__.py": "",
            "lib/text.py": "def shout(s):\n    return s.upper()\n",
            "tests/test_cli.py": (
                "from lib.text import shout\n\n\n"
                "def test_command():\n"
                "    def command(word):\n        return shout(word)\n\n"
                "    assert command('a') == 'A'\n"
            ),
        }
    )
    git(root, "checkout", "-q", "-b", "pr")
    write_tree(root, {"lib/text.py": "def shout(s):\n    return s.upper() + '!'\n"})
    git(root, "commit", "-qam", "louder")

    report = impact(root)

    assert [t["id"] for t in report["tests"]] == ["tests/test_cli.py::test_command"]


def test_the_conservative_selection_counts_what_a_conftest_imports(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(
        {
            "lib/__init__.py": "",
            "lib/env.py": "class Env:\n    def render(self):\n        return 'x'\n",
            "tests/conftest.py": (
                "import pytest\n\nfrom lib.env import Env\n\n\n"
                "@pytest.fixture\ndef env():\n    return Env()\n"
            ),
            "tests/test_pickle.py": (
                "import pickle\n\n\n"
                "def test_round_trip(env):\n    assert pickle.loads(pickle.dumps(env))\n"
            ),
            "other/test_unrelated.py": "def test_alone():\n    assert True\n",
        }
    )
    git(root, "checkout", "-q", "-b", "pr")
    write_tree(root, {"lib/env.py": "class Env:\n    def render(self):\n        return 'y'\n"})
    git(root, "commit", "-qam", "render y")

    report = impact(root, "--test-selection", "conservative")

    assert report["test_files"] == ["tests/test_pickle.py"]
    [test] = report["tests"]
    assert test["why"][0]["source"] == "python:tests.conftest"


def test_a_test_keeps_its_best_reach_in_whatever_order_the_reaches_come() -> None:
    # The conservative selection appends the import closure after the walk's
    # reach: the reaches then come out of rank order.
    def node(name: str, kind: str) -> Node:
        short = name.rpartition(".")[2]
        return Node(f"python:{name}", kind, short, name, "tests/test_m.py", 1, 9, "python")

    nodes = (node("tests.test_m", "module"), node("tests.test_m.test_a", "function"))
    contains = (Edge("python:tests.test_m", "python:tests.test_m.test_a", "contains", 1.0, 1),)
    index = ReverseIndex.of_graph(Graph(nodes, contains))

    def reach(node_id: str, confidence: float, distance: int, line: int) -> Dependent:
        hop = Hop(node_id, "python:lib.f", "calls", confidence, line)
        return Dependent(f"python:{node_id}", confidence, distance, (hop,))

    reached = [
        reach("tests.test_m", 0.3, 1, 1),
        reach("tests.test_m.test_a", 0.9, 2, 5),
        reach("tests.test_m.test_a", 0.9, 2, 6),  # as good: the first met stays
        reach("tests.test_m.test_a", 0.9, 1, 7),  # as likely and nearer: better
    ]
    (hit,), files = reports.test_hits(reached, index)
    assert (hit.id, hit.confidence, hit.distance) == ("tests/test_m.py::test_a", 0.9, 1)
    assert [w.line for w in hit.why] == [7]
    (hit,), _ = reports.test_hits(reached[:3], index)
    assert (hit.confidence, [w.line for w in hit.why]) == (0.9, [5])
    assert files == ("tests/test_m.py",)
