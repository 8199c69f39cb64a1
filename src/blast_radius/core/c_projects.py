"""Include directories of C and C++ code, read from the files that name them.

A compilation database (``compile_commands.json``) lists each translation
unit's command line; its ``-I`` and ``-iquote`` flags are the include
directories. Its paths are absolute, on the machine that wrote it, so each is
taken as the repository folder it ends with. CMake's ``include_directories``
and ``target_include_directories`` name folders relative to the folder of the
``CMakeLists.txt``. Every folder named ``include`` is searched last, as most
projects keep their public headers there. Pure: text in, folders out.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from collections.abc import Iterable, Sequence

_CMAKE_CALL = re.compile(
    r"\b(include_directories|target_include_directories)\s*\(([^)]*)\)", re.IGNORECASE
)
_CMAKE_KEYWORDS = frozenset({"PUBLIC", "PRIVATE", "INTERFACE", "SYSTEM", "BEFORE", "AFTER"})
_GENERATOR = re.compile(r"\$<BUILD_INTERFACE:([^>]*)>")
_VARIABLE = re.compile(r"\$\{([A-Za-z_]+)\}")


def _repository_folder(folder: str, folders: frozenset[str]) -> str | None:
    """The repository folder an absolute or relative build path ends with."""
    parts = [p for p in posixpath.normpath(folder).split("/") if p and p != "."]
    for start in range(len(parts) + 1):
        candidate = "/".join(parts[start:])
        if candidate in folders:
            return candidate
    return None


def _compile_commands(path: str, text: str, folders: frozenset[str]) -> list[str]:
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    found: list[str] = []
    for entry in data:
        if not isinstance(entry, dict):
            continue
        directory = str(entry.get("directory", ""))
        arguments = entry.get("arguments")
        if not isinstance(arguments, list):
            try:
                arguments = shlex.split(str(entry.get("command", "")))
            except ValueError:
                continue
        words = [str(word) for word in arguments]
        for index, word in enumerate(words):
            value = None
            for flag in ("-iquote", "-I"):
                if word == flag and index + 1 < len(words):
                    value = words[index + 1]
                elif word.startswith(flag) and len(word) > len(flag):
                    value = word[len(flag) :]
            if value is None:
                continue
            absolute = value if value.startswith("/") else posixpath.join(directory, value)
            folder = _repository_folder(absolute, folders)
            if folder is not None:
                found.append(folder)
    return found


def _cmake(path: str, text: str, top: str, folders: frozenset[str]) -> list[str]:
    here = posixpath.dirname(path)
    values = {
        "CMAKE_CURRENT_SOURCE_DIR": here,
        "CMAKE_CURRENT_LIST_DIR": here,
        "PROJECT_SOURCE_DIR": top,
        "CMAKE_SOURCE_DIR": top,
    }
    found: list[str] = []
    text = re.sub(r"#[^\n]*", "", text)
    for match in _CMAKE_CALL.finditer(text):
        words = match.group(2).split()
        if match.group(1).lower() == "target_include_directories":
            words = words[1:]
        for word in words:
            word = word.strip('"')
            generator = _GENERATOR.fullmatch(word)
            if generator:
                word = generator.group(1)
            if word.upper() in _CMAKE_KEYWORDS or "$<" in word:
                continue
            unknown = False

            def value(m: re.Match[str]) -> str:
                nonlocal unknown
                known = values.get(m.group(1))
                if known is None:
                    unknown = True
                    return ""
                return "/" + known if known else "/"

            word = _VARIABLE.sub(value, word)
            if unknown:
                continue
            folder = posixpath.normpath(
                word.lstrip("/") if word.startswith("/") else posixpath.join(here, word)
            )
            folder = "" if folder == "." else folder
            if folder in folders:
                found.append(folder)
    return found


def include_folders(manifests: Sequence[tuple[str, str]], files: Iterable[str]) -> tuple[str, ...]:
    """The repository's include directories, in search order: those the
    compilation databases name, then CMake's, then every ``include`` folder."""
    folders = set()
    for path in files:
        parent = posixpath.dirname(path)
        while parent and parent not in folders:
            folders.add(parent)
            parent = posixpath.dirname(parent)
    folders.add("")
    known = frozenset(folders)
    cmake_files = sorted(
        (p for p, _ in manifests if posixpath.basename(p) == "CMakeLists.txt"),
        key=lambda p: (p.count("/"), p),
    )
    top = posixpath.dirname(cmake_files[0]) if cmake_files else ""
    ordered: list[str] = []
    for path, text in sorted(manifests):
        if posixpath.basename(path) == "compile_commands.json":
            ordered.extend(_compile_commands(path, text, known))
    for path, text in sorted(manifests):
        if posixpath.basename(path) == "CMakeLists.txt":
            ordered.extend(_cmake(path, text, top, known))
    ordered.extend(sorted(f for f in known if posixpath.basename(f) == "include"))
    return tuple(dict.fromkeys(ordered))
