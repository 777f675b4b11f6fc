// swift-tools-version:6.0
// A libFuzzer target: random event sequences into a WindowCore with invariants checked after each one. Kept in
// its own package because the whole build (ToolkitCore included) is instrumented with -sanitize=fuzzer,address.
// Build and run for a bounded time:  scripts/fuzz [SECONDS]   (see that script for the exact flags)
import PackageDescription

let package = Package(
    name: "ToolkitFuzz",
    products: [.executable(name: "fuzz-window-core", targets: ["FuzzWindowCore"])],
    dependencies: [.package(name: "Toolkit", path: "..")],
    targets: [
        .executableTarget(name: "FuzzWindowCore",
                          dependencies: [.product(name: "ToolkitCore", package: "Toolkit")]),
    ],
    swiftLanguageModes: [.v6]
)
