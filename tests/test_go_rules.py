"""Go's build constraints and go.mod files, read as the go tool reads them."""

from __future__ import annotations

import pytest

from blast_radius.core.go_projects import go_module, go_projects
from blast_radius.core.resolve_go import build_constraint_holds, in_default_build


@pytest.mark.parametrize(
    ("expression", "holds"),
    [
        ("linux", True),
        ("!linux", False),
        ("windows", False),
        ("linux && amd64", True),
        ("linux && !cgo", False),
        ("darwin || linux", True),
        ("!windows && !darwin", True),
        ("(darwin || freebsd) && !ios", False),
        ("!(darwin || freebsd)", True),
        ("linux && (arm64 || amd64)", True),
        ("go1.18", True),
        ("nomsgpack", False),
        ("!nomsgpack", True),
        ("ignore", False),
        ("linux &&", True),  # does not parse: the file is read as usual
    ],
)
def test_build_constraints_for_the_default_build(expression: str, holds: bool) -> None:
    assert build_constraint_holds(expression) is holds


@pytest.mark.parametrize(
    ("path", "constraint", "built"),
    [
        ("fs/open_linux.go", None, True),
        ("fs/open_windows.go", None, False),
        ("fs/open_windows_test.go", None, False),
        ("fs/asm_arm64.go", None, False),
        ("fs/asm_linux_amd64.go", None, True),
        ("fs/asm_linux_arm64.go", None, False),
        ("fs/open_other.go", "//go:build !linux", False),
        ("fs/linux.go", None, True),  # a name that is a GOOS is no suffix
    ],
)
def test_file_names_and_build_lines(path: str, constraint: str | None, built: bool) -> None:
    assert in_default_build(path, constraint) is built


def test_go_mod_module_path_and_local_replacements() -> None:
    text = """// the service
module example.com/shop/v2 // current

go 1.21

require example.com/lib v1.2.0

replace example.com/lib => ../lib

replace (
\texample.com/tools v0.1.0 => ./tools
\texample.com/far => /opt/far
\texample.com/remote => example.com/fork v1.0.0
)
"""
    module, replaces = go_module("svc/go.mod", text)
    assert module is not None and (module.folder, module.path) == ("svc", "example.com/shop/v2")
    # only folders inside the repository: not an absolute path, not a module version
    assert replaces == [("example.com/tools", "svc/tools"), ("example.com/lib", "lib")]


def test_the_longest_module_path_wins() -> None:
    projects = go_projects(
        {
            "go.mod": "module example.com/shop\n",
            "tools/go.mod": "module example.com/shop/tools\n",
        }
    )
    assert projects.package_folder("example.com/shop/tools/gen") == "tools/gen"
    assert projects.package_folder("example.com/shop/cart") == "cart"
    assert projects.package_folder("example.com/shop") == "."
    assert projects.package_folder("example.com/other") is None
