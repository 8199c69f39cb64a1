"""Test files by each language's conventions."""

from __future__ import annotations

import pytest

from blast_radius.core.languages import is_test_path, language_for_path


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("tests/test_cart.py", True),
        ("src/shop/cart_test.py", True),
        ("src/shop/testing.py", False),
        ("src/cart.test.ts", True),
        ("web/src/components/Price.spec.tsx", True),
        ("src/__tests__/cart.ts", True),
        ("src/__tests__/helpers/setup.js", True),
        ("test/cart.js", True),
        ("packages/util/test/money.mjs", True),
        # Mocha reads the files directly in test/, not its fixtures
        ("test/fixtures/app.js", False),
        ("src/contest.ts", False),
        ("src/test.ts", False),
    ],
)
def test_test_files_follow_each_runners_defaults(path: str, expected: bool) -> None:
    rule = language_for_path(path)
    assert rule is not None
    assert is_test_path(rule, path) is expected
