// swift-tools-version: 6.0
// Coverage-guided fuzz targets (libFuzzer, through `swiftc -sanitize=fuzzer`).
// Built and run by scripts/fuzz.sh. Each executable hands its main to libFuzzer
// (`LLVMFuzzerRunDriver`), so SwiftPM's own entry point stays as it is. By hand:
//   swift build --package-path Fuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
import PackageDescription

let package = Package(
    name: "KeyInputKitFuzz",
    dependencies: [
        .package(name: "KeyInputKit", path: "..")
    ],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        .executableTarget(
            name: "fuzz-keymap",
            dependencies: ["FuzzSupport", .product(name: "XKB", package: "KeyInputKit")],
            path: "Sources/FuzzKeymap"
        ),
        .executableTarget(
            name: "fuzz-compose",
            dependencies: ["FuzzSupport", .product(name: "XKB", package: "KeyInputKit")],
            path: "Sources/FuzzCompose"
        ),
        .executableTarget(
            name: "fuzz-keytest",
            dependencies: ["FuzzSupport", .product(name: "KeymapTools", package: "KeyInputKit")],
            path: "Sources/FuzzKeyTest"
        ),
        .executableTarget(
            name: "fuzz-tokens",
            dependencies: [
                "FuzzSupport",
                .product(name: "KeymapTools", package: "KeyInputKit"),
                .product(name: "XKB", package: "KeyInputKit"),
            ],
            path: "Sources/FuzzTokens"
        ),
        .executableTarget(
            name: "fuzz-date-picker",
            dependencies: [
                "FuzzSupport",
                .product(name: "KeyInputKit", package: "KeyInputKit"),
                .product(name: "XKB", package: "KeyInputKit"),
            ],
            path: "Sources/FuzzDatePicker"
        ),
        .executableTarget(
            name: "fuzz-include-tree",
            dependencies: ["FuzzSupport", .product(name: "XKB", package: "KeyInputKit")],
            path: "Sources/FuzzIncludeTree"
        ),
        // The demo is an executable: its locale check and its error are compiled in
        // here from the same files (symbolic links), not imported.
        .executableTarget(
            name: "fuzz-locale",
            dependencies: ["FuzzSupport", .product(name: "KeyInputKit", package: "KeyInputKit")],
            path: "Sources/FuzzLocale"
        ),
        // The demo is an executable, so its events parser is compiled in here
        // from the same file (a symbolic link), not imported.
        .executableTarget(
            name: "fuzz-demo-script",
            dependencies: ["FuzzSupport"],
            path: "Sources/FuzzDemoScript"
        ),
    ],
    swiftLanguageModes: [.v6]
)
