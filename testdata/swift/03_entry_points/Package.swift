// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Apps",
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "Server",
            dependencies: [.product(name: "Vapor", package: "vapor")]
        ),
        .executableTarget(name: "Tool"),
        .executableTarget(name: "Phone"),
        .executableTarget(name: "Script"),
    ]
)
