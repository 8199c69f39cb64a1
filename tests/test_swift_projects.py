"""SwiftPM targets read from ``Package.swift`` text."""

from __future__ import annotations

from blast_radius.core.resolve_swift import swift_module_of
from blast_radius.core.swift_projects import SwiftTarget, swift_projects

MANIFEST = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [.package(url: "https://example.com/x.git", from: "1.0.0")], // a URL
    /* targets: [.target(name: "Gone")] */
    targets: [
        .target(
            name: "Core",
            dependencies: [.product(name: "Collections", package: "x")]
        ),
        // .target(name: "Old"),
        .executableTarget(name: "Server", dependencies: ["Core"], path: "server/src"),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
    ]
)
"""


def test_targets_default_folders_and_paths() -> None:
    projects = swift_projects([("pkg/Package.swift", MANIFEST), ("README.md", "")])
    assert sorted(projects.targets, key=lambda t: t.name) == [
        SwiftTarget("Core", "pkg/Sources/Core", False),
        SwiftTarget("CoreTests", "pkg/Tests/CoreTests", True),
        SwiftTarget("Server", "pkg/server/src", False),
    ]
    # a dependency's `.product(name:)` and a commented-out target are none
    assert {t.name for t in projects.targets} == {"Core", "CoreTests", "Server"}


def test_a_file_belongs_to_its_target_else_to_its_folder() -> None:
    projects = swift_projects([("pkg/Package.swift", MANIFEST)])
    assert swift_module_of("pkg/Sources/Core/Cart.swift", projects) == "Core"
    assert swift_module_of("pkg/server/src/routes/main.swift", projects) == "Server"
    assert swift_module_of("pkg/Tests/CoreTests/CartTests.swift", projects) == "CoreTests"
    # no manifest claims it: the `Sources/<X>/` folder, else the first folder
    assert swift_module_of("other/Sources/Kit/a.swift", projects) == "Kit"
    assert swift_module_of("App/Views/Main.swift", projects) == "App"
    assert swift_module_of("script.swift", projects) == "main"
