"""C# projects from their ``.csproj`` files (and ``Directory.Build.props``).

A project is the folder of its ``.csproj``: every ``.cs`` file below it (and
not below a nested project's folder) belongs to it and shares its global
usings. A project's manifest adds usings of its own: the SDK's implicit
ones when ``<ImplicitUsings>`` is ``enable`` (or ``true``), and every
``<Using Include="..."/>`` item (``Static="true"``, ``Alias="X"``). A
``Directory.Build.props`` sets the same for the projects below its folder.
Pure: manifest text in, values out.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from xml.etree import ElementTree

SDK_USINGS = (
    "System",
    "System.Collections.Generic",
    "System.IO",
    "System.Linq",
    "System.Net.Http",
    "System.Threading",
    "System.Threading.Tasks",
)
"""What ``Microsoft.NET.Sdk`` opens to every file when implicit usings are on."""

WEB_SDK_USINGS = (
    "System.Net.Http.Json",
    "Microsoft.AspNetCore.Builder",
    "Microsoft.AspNetCore.Hosting",
    "Microsoft.AspNetCore.Http",
    "Microsoft.AspNetCore.Routing",
    "Microsoft.Extensions.Configuration",
    "Microsoft.Extensions.DependencyInjection",
    "Microsoft.Extensions.Hosting",
    "Microsoft.Extensions.Logging",
)
"""What ``Microsoft.NET.Sdk.Web`` adds."""

WORKER_SDK_USINGS = (
    "Microsoft.Extensions.Configuration",
    "Microsoft.Extensions.DependencyInjection",
    "Microsoft.Extensions.Hosting",
    "Microsoft.Extensions.Logging",
)
"""What ``Microsoft.NET.Sdk.Worker`` adds."""


@dataclass(frozen=True, slots=True)
class Using:
    """A using a manifest gives every file of a project: a namespace, a type
    whose static members are opened (``static``), or a name for one (``alias``)."""

    target: str
    static: bool = False
    alias: str = ""


@dataclass(frozen=True, slots=True)
class CsharpProject:
    """A ``.csproj`` and what its files share."""

    folder: str
    """The manifest's folder, ``""`` at the repository's root."""
    usings: tuple[Using, ...] = ()


@dataclass(frozen=True, slots=True)
class CsharpProjects:
    """Every project of the tree, by folder."""

    projects: tuple[CsharpProject, ...] = ()

    def project_of(self, path: str) -> str:
        """The folder of the project a file belongs to: the nearest folder up
        the tree holding a ``.csproj``; ``""`` when none does (one group)."""
        folders = {p.folder for p in self.projects}
        folder = posixpath.dirname(path)
        while True:
            if folder in folders:
                return folder
            if not folder:
                return ""
            folder = posixpath.dirname(folder)

    def usings_of(self, folder: str) -> tuple[Using, ...]:
        """The usings a project's manifest gives its files."""
        for project in self.projects:
            if project.folder == folder:
                return project.usings
        return ()


def _local(tag: str) -> str:
    """An element's name without an XML namespace (old-style project files have one)."""
    return tag.rpartition("}")[2]


@dataclass(frozen=True, slots=True)
class _Settings:
    implicit: bool | None
    sdk: str
    usings: tuple[Using, ...]
    removed: tuple[str, ...]


def _read(text: str) -> _Settings | None:
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return None
    implicit: bool | None = None
    usings: list[Using] = []
    removed: list[str] = []
    for element in root.iter():
        tag = _local(element.tag)
        if tag == "ImplicitUsings" and element.text:
            implicit = element.text.strip().lower() in ("enable", "true")
        elif tag == "Using":
            include = (element.get("Include") or "").strip()
            if include:
                usings.append(
                    Using(
                        include,
                        (element.get("Static") or "").strip().lower() == "true",
                        (element.get("Alias") or "").strip(),
                    )
                )
            remove = (element.get("Remove") or "").strip()
            if remove:
                removed.append(remove)
    return _Settings(implicit, root.get("Sdk") or "", tuple(usings), tuple(removed))


def csharp_projects(manifests: tuple[tuple[str, str], ...]) -> CsharpProjects:
    """The projects named by ``(path, text)`` manifests (other files are ignored)."""
    props: dict[str, _Settings] = {}
    projects: list[tuple[str, _Settings]] = []
    for path, text in sorted(manifests):
        name = posixpath.basename(path)
        if name != "Directory.Build.props" and not name.endswith(".csproj"):
            continue
        settings = _read(text)
        if settings is None:
            continue
        folder = posixpath.dirname(path)
        if name == "Directory.Build.props":
            props[folder] = settings
        else:
            projects.append((folder, settings))
    found: dict[str, CsharpProject] = {}
    for folder, settings in projects:
        if folder in found:
            continue  # two projects in one folder share its files
        # the props files of the folders above, outermost first, then the project
        chain = [
            props[f]
            for f in sorted(props, key=len)
            if f in ("", folder) or folder.startswith(f + "/")
        ]
        chain.append(settings)
        implicit = False
        usings: list[Using] = []
        removed: set[str] = set()
        for item in chain:
            if item.implicit is not None:
                implicit = item.implicit
            usings.extend(item.usings)
            removed.update(item.removed)
        if implicit:
            sdk = settings.sdk
            implicit_usings = SDK_USINGS + (
                WEB_SDK_USINGS
                if sdk.startswith("Microsoft.NET.Sdk.Web")
                else WORKER_SDK_USINGS
                if sdk.startswith("Microsoft.NET.Sdk.Worker")
                else ()
            )
            usings = [Using(u) for u in implicit_usings] + usings
        kept = tuple(dict.fromkeys(u for u in usings if u.target not in removed))
        found[folder] = CsharpProject(folder, kept)
    return CsharpProjects(tuple(found[f] for f in sorted(found)))
