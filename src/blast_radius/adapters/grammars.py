"""Load tree-sitter grammars and this project's query files."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import warnings
from functools import cache

from tree_sitter import Language

from blast_radius.core.extract import CompiledLanguage
from blast_radius.core.facts import FACTS_VERSION
from blast_radius.core.languages import LanguageRule

# The package's own files, read from where it is installed (a folder: its
# grammars are native libraries, which no zip import loads).
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class GrammarError(RuntimeError):
    """A grammar or query could not be loaded: analysis would silently find nothing."""


def query_source(rule: LanguageRule) -> str:
    """Return the concatenated query text of a language."""
    queries = os.path.join(_PACKAGE, "queries")
    texts = []
    for name in rule.query_files:
        with open(
            os.path.join(queries, name if "/" in name else f"{rule.name}/{name}"), encoding="utf-8"
        ) as handle:
            texts.append(handle.read())
    return "\n".join(texts)


def load_language(rule: LanguageRule) -> CompiledLanguage:
    """Import the grammar wheel of ``rule`` and compile its query."""
    try:
        module = importlib.import_module(rule.grammar_module)
        with warnings.catch_warnings():
            # an older wheel hands the grammar over as an int (tree-sitter-perl
            # 2.0.3), which tree-sitter 0.26 still takes with a deprecation
            # warning; a tree-sitter that no longer does turns the language
            # off with the error below
            warnings.simplefilter("ignore", DeprecationWarning)
            language = Language(getattr(module, rule.grammar_function)())
    except Exception as error:
        raise GrammarError(
            f"the {rule.name} grammar ({rule.grammar_module}) failed to load: {error}. "
            f"Reinstall blast-radius so its pinned grammar wheels are present."
        ) from error
    try:
        return CompiledLanguage.compile(rule.name, language, query_source(rule), rule.blanked_lines)
    except ValueError as error:
        raise GrammarError(str(error)) from error


@cache
def fingerprint(rules: tuple[LanguageRule, ...], extractor_version: str) -> str:
    """A digest of everything that changes extracted facts and the graph built from
    them: versions, queries, and the engine's own source (a resolver change must
    not reuse parts an older resolver rendered, whatever the version says)."""
    digest = hashlib.sha256(f"{extractor_version}\0{FACTS_VERSION}".encode())
    core = os.path.join(_PACKAGE, "core")
    for name in sorted(os.listdir(core)):
        if name.endswith(".py"):
            with open(os.path.join(core, name), "rb") as handle:
                digest.update(name.encode() + b"\0" + handle.read())
    for rule in rules:
        version = installed_version(rule.grammar_module)
        digest.update(f"\0{rule.name}\0{version}\0".encode())
        digest.update(query_source(rule).encode())
    return digest.hexdigest()[:16]


def installed_version(module: str) -> str:
    """The version of the wheel that installed the top-level ``module``.

    A wheel's metadata folder beside the module is named after its project
    and version (``tree_sitter_go-0.25.0.dist-info``): listed, it is read
    without ``importlib.metadata``, whose import alone costs a re-index after
    an edit some tens of milliseconds. Any other layout asks it.
    """
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin:
        folder = os.path.dirname(os.path.dirname(spec.origin))
        prefix = module + "-"
        found = [
            name[len(prefix) : -len(".dist-info")]
            for name in _listing(folder)
            if name.startswith(prefix) and name.endswith(".dist-info")
        ]
        if len(found) == 1:
            return found[0]
    from importlib import metadata

    try:
        return metadata.version(module.replace("_", "-"))
    except metadata.PackageNotFoundError:
        return "unknown"


@cache
def _listing(folder: str) -> tuple[str, ...]:
    try:
        return tuple(os.listdir(folder))
    except OSError:
        return ()
