// swift-tools-version:6.0
// An app outside the project that embeds ScrollContainer the way a user's would: it depends on this package by
// path and uses the ToolkitCore product only (its own window, loop and pixels; no Wayland library linked).
// scripts/test builds it and checks with ldd that the binary links neither libwayland-client nor libxkbcommon.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "Toolkit", path: "../..")],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "ToolkitCore", package: "Toolkit")])
    ],
    swiftLanguageModes: [.v6]
)
