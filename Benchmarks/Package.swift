// swift-tools-version: 6.0
// The benchmarks of KeyInputKit, apart from the package and its tests.
// Run them with scripts/bench.sh (Benchmarks/README.md has the figures).
import PackageDescription

let package = Package(
    name: "KeyInputKitBenchmarks",
    dependencies: [
        .package(name: "KeyInputKit", path: "..")
    ],
    targets: [
        .target(
            name: "CBaseline",
            linkerSettings: [.linkedLibrary("xkbcommon")]
        ),
        .target(name: "CMallocCounter"),
        .target(name: "BenchSupport"),
        .target(
            name: "KeyEventWorkloads",
            dependencies: [
                "CBaseline",
                .product(name: "XKB", package: "KeyInputKit"),
                .product(name: "KeyInputKit", package: "KeyInputKit"),
            ]
        ),
        .executableTarget(
            name: "keyinput-bench",
            dependencies: [
                "BenchSupport", "CBaseline", "CMallocCounter", "KeyEventWorkloads",
                .product(name: "XKB", package: "KeyInputKit"),
                .product(name: "KeymapTools", package: "KeyInputKit"),
            ]
        ),
        .executableTarget(
            name: "text-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputCairo", package: "KeyInputKit"),
            ]
        ),
        // The emoji picker's first show: reading Unicode's and CLDR's data, layout, first frame, a search.
        .executableTarget(
            name: "emoji-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputCairo", package: "KeyInputKit"),
            ]
        ),
        // A keystroke as one text grows long, and large pastes into the demo under Xvfb.
        .executableTarget(
            name: "long-text-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputCairo", package: "KeyInputKit"),
            ]
        ),
        // The time to draw each frame of a finger flick: a picker's column, a long text view.
        .executableTarget(
            name: "touch-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputCairo", package: "KeyInputKit"),
                .product(name: "KeyInputSpelling", package: "KeyInputKit"),
            ]
        ),
        .executableTarget(
            name: "ime-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputIBus", package: "KeyInputKit"),
                .product(name: "XKB", package: "KeyInputKit"),
            ]
        ),
        // The key-to-pixel latency benchmark (scripts/latency-bench.sh): the probe, and two clients to compare with.
        .systemLibrary(
            name: "CLatencyX11", pkgConfig: "x11 xtst xdamage xext",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxdamage-dev", "libxext-dev"])]),
        .executableTarget(name: "latency-probe", dependencies: ["CLatencyX11"]),
        .executableTarget(name: "latency-floor", dependencies: ["CLatencyX11"]),
        .executableTarget(name: "startup-probe", dependencies: ["CLatencyX11"]),
        .executableTarget(
            name: "c-type",
            dependencies: ["CBaseline"],
            linkerSettings: [.linkedLibrary("xkbcommon")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
