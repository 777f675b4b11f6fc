// swift-tools-version:6.0
// Benchmarks for the Toolkit package, kept in their own package so that the main build stays light.
// Build:  cd Benchmarks && swift build -c release --scratch-path .build-bench
// Run:    .build-bench/release/toolkit-bench [frames|events|regions|all] [--runs N] [--trace-allocs]
import PackageDescription

let package = Package(
    name: "ToolkitBenchmarks",
    products: [
        .executable(name: "toolkit-bench", targets: ["ToolkitBench"]),
        // The judder benchmark (scripts/bench-judder): the harness and the toolkit's list it measures.
        .executable(name: "judder-bench", targets: ["JudderBench"]),
        .executable(name: "judder-list", targets: ["JudderList"]),
    ],
    dependencies: [
        .package(name: "Toolkit", path: ".."),
    ],
    targets: [
        // pixman for the reference copy; a module of its own because the Toolkit's CPixman is not a product.
        .systemLibrary(name: "CBenchPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        // malloc & co. defined in the executable: counts every heap allocation of the process, then forwards
        // to glibc's allocator.
        .target(name: "CAllocCounter"),
        .executableTarget(name: "ToolkitBench",
                          dependencies: [.product(name: "Toolkit", package: "Toolkit"),
                                         // ToolkitCore named too: ListScene imports its presentation SPI.
                                         .product(name: "ToolkitCore", package: "Toolkit"),
                                         "CAllocCounter", "CBenchPixman"],
                          // Exported symbols give names to the --trace-allocs backtraces (backtrace_symbols_fd
                          // only sees the dynamic symbol table).
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // The judder benchmark's measuring tool: the row pattern, reading a frame's offset, the finger, the figures.
        .target(name: "JudderPattern", dependencies: [.product(name: "ToolkitCore", package: "Toolkit")]),
        .executableTarget(name: "JudderList",
                          dependencies: [.product(name: "Toolkit", package: "Toolkit"), "JudderPattern"]),
        .executableTarget(name: "JudderBench",
                          dependencies: [.product(name: "Toolkit", package: "Toolkit"),
                                         .product(name: "ToolkitTesting", package: "Toolkit"), "JudderPattern"]),
        .testTarget(name: "JudderPatternTests",
                    dependencies: ["JudderPattern", .product(name: "ToolkitCore", package: "Toolkit")]),
    ],
    swiftLanguageModes: [.v6]
)
