// swift-tools-version: 6.0
// The benchmarks of KeyInputKit, apart from the package and its tests.
// Run them with scripts/bench.sh (see the README's Performance section).
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
        .executableTarget(
            name: "ime-bench",
            dependencies: [
                "BenchSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "KeyInputIBus", package: "KeyInputKit"),
                .product(name: "XKB", package: "KeyInputKit"),
            ]
        ),
        .executableTarget(
            name: "c-type",
            dependencies: ["CBaseline"],
            linkerSettings: [.linkedLibrary("xkbcommon")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
