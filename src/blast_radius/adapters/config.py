"""Read the repository's configuration file (``.github/blast-radius.yml``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_CONFIG = ".github/blast-radius.yml"
_KNOWN_KEYS = {"exclude", "max-file-size", "memory-budget", "python"}
_MIN_BUDGET_MB = 16
_PYTHON_KEYS = {"roots"}


class ConfigError(ValueError):
    """The configuration file is invalid; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class RepositoryConfig:
    """What the configuration file may set."""

    exclude: tuple[str, ...] = ()
    max_file_size: int = 1_000_000
    python_roots: tuple[str, ...] = ()
    memory_budget_mb: int = 128


def _strings(value: Any, where: str, path: Path) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: `{where}` must be a list of strings")
    return tuple(value)


def load_config(path: Path, required: bool = False) -> RepositoryConfig:
    """Parse the config file at ``path``; a missing optional file gives the defaults."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if required:
            raise ConfigError(f"config file {path} does not exist") from None
        return RepositoryConfig()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read config file {path}: {error}") from error
    import yaml  # only when there is a file to read: the import costs a run 10 ms

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f"{path} is not valid YAML: {error}") from error
    if data is None:
        return RepositoryConfig()
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a mapping of settings at the top level")
    unknown = sorted(set(data) - _KNOWN_KEYS)
    if unknown:
        raise ConfigError(
            f"{path}: unknown setting(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(_KNOWN_KEYS))}"
        )
    size = data.get("max-file-size", 1_000_000)
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ConfigError(f"{path}: `max-file-size` must be a positive number of bytes")
    budget = data.get("memory-budget", 128)
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < _MIN_BUDGET_MB:
        raise ConfigError(
            f"{path}: `memory-budget` must be a number of megabytes, at least {_MIN_BUDGET_MB}"
        )
    python = data.get("python") or {}
    if not isinstance(python, dict) or set(python) - _PYTHON_KEYS:
        raise ConfigError(f"{path}: `python` accepts only: {', '.join(sorted(_PYTHON_KEYS))}")
    return RepositoryConfig(
        exclude=_strings(data.get("exclude"), "exclude", path),
        max_file_size=size,
        python_roots=_strings(python.get("roots"), "python.roots", path),
        memory_budget_mb=budget,
    )
