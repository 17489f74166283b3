// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "KeyInputKit",
    products: [
        .library(name: "XKB", targets: ["XKB"]),
        .library(name: "KeymapTools", targets: ["KeymapTools"]),
        .library(name: "KeyInputKit", targets: ["KeyInputKit"]),
        .executable(name: "keyinput", targets: ["keyinput"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        .systemLibrary(
            name: "CXKBRegistry",
            pkgConfig: "xkbregistry",
            providers: [.apt(["libxkbregistry-dev"])]
        ),
        .target(
            name: "XKB",
            dependencies: ["CXKBCommon", "CXKBRegistry"]
        ),
        .target(
            name: "KeyInputKit",
            dependencies: ["XKB"]
        ),
        .target(
            name: "KeymapTools",
            dependencies: ["XKB"]
        ),
        .executableTarget(
            name: "keyinput",
            dependencies: [
                "XKB",
                "KeymapTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["XKB"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "XKBTests",
            dependencies: ["XKB", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputKitTests",
            dependencies: ["KeyInputKit", "XKB"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "KeymapToolsTests",
            dependencies: ["XKB", "KeymapTools", "TestSupport"]
        ),
        .testTarget(
            name: "KeyinputCLITests",
            dependencies: ["XKB", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
