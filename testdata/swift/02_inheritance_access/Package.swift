// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "Zoo", targets: [.target(name: "Zoo")])
