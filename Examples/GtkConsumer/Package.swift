// swift-tools-version:6.0
// A GTK 4 app outside the project that embeds ScrollContainer the way a user's would: it depends on this package
// by path, uses the ToolkitGTK product only, and reaches GTK through a system library module of its own (as an app
// on SwiftCrossUI reaches it through CGtk). scripts/test builds it, checks with readelf that the binary needs
// libgtk-4 but no Wayland library of its own, and runs it under a headless weston.
import PackageDescription

let package = Package(
    name: "GtkConsumer",
    dependencies: [.package(name: "Toolkit", path: "../..")],
    targets: [
        .systemLibrary(name: "CGtkApp", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "GtkConsumer",
            dependencies: ["CGtkApp", .product(name: "ToolkitGTK", package: "Toolkit")])
    ],
    swiftLanguageModes: [.v6]
)
