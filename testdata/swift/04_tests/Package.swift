// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Ledger",
    targets: [
        // sources moved by `path:`
        .target(name: "LedgerCore", path: "lib/core"),
        .testTarget(name: "LedgerTests", dependencies: ["LedgerCore"], path: "spec/unit"),
    ]
)
