"""Entry points declared in Python packaging metadata (console and GUI scripts)."""

from __future__ import annotations

from typing import Any

PACKAGING_FILES = ("pyproject.toml", "setup.cfg")


def _pairs(kind: str, table: Any) -> list[tuple[str, str]]:
    if not isinstance(table, dict):
        return []
    return [(kind, str(v)) for v in table.values() if isinstance(v, str) and ":" in v]


def declared_scripts(file_name: str, text: str) -> list[tuple[str, str]]:
    """(kind, ``module:attribute``) pairs declared in a pyproject.toml or setup.cfg.

    Broken files declare nothing: the index must not fail on them.
    """
    # Their parsers load only for a tree that has one (most trees that are
    # not Python's have neither file; a re-index is a few tenths of a second).
    found: list[tuple[str, str]] = []
    if file_name == "pyproject.toml":
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return []
        project = data.get("project", {})
        if isinstance(project, dict):
            found += _pairs("console-script", project.get("scripts"))
            found += _pairs("gui-script", project.get("gui-scripts"))
        poetry = (
            data.get("tool", {}).get("poetry", {}) if isinstance(data.get("tool"), dict) else {}
        )
        if isinstance(poetry, dict):
            found += _pairs("console-script", poetry.get("scripts"))
    elif file_name == "setup.cfg":
        import configparser

        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(text)
        except configparser.Error:
            return []
        if parser.has_section("options.entry_points"):
            section = parser["options.entry_points"]
            for group, kind in (
                ("console_scripts", "console-script"),
                ("gui_scripts", "gui-script"),
            ):
                for line in section.get(group, "").splitlines():
                    _, sep, spec = line.partition("=")
                    if sep and ":" in spec:
                        found.append((kind, spec.strip().split()[0]))
    return sorted(set(found))
