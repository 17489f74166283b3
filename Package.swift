// swift-tools-version: 6.2
import PackageDescription

#if canImport(Glibc)
import Glibc

/// glibc reads packed relative relocations (DT_RELR) from 2.36 on (Debian 12).
let glibcReadsPackedRelocations: Bool = {
    var text = [CChar](repeating: 0, count: 32)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
    let words = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let version = words.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) }
    return !(version ?? []).lexicographicallyPrecedes([2, 36])
}()

/// GCC's static C++ library of the newest installed version (libstdc++-NN-dev, which the Swift
/// toolchain needs on Debian), if any: the programs then carry the parts the Swift runtime uses.
let staticCxxLibrary: String? = {
    #if arch(x86_64)
    let folder = "/usr/lib/gcc/x86_64-linux-gnu"
    #elseif arch(arm64)
    let folder = "/usr/lib/gcc/aarch64-linux-gnu"
    #else
    return nil
    #endif
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var versions: [Int] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let version = Int(name), access("\(folder)/\(name)/libstdc++.a", R_OK) == 0 { versions.append(version) }
    }
    return versions.max().map { "\(folder)/\($0)/libstdc++.a" }
}()
#else
let glibcReadsPackedRelocations = false
let staticCxxLibrary: String? = nil
#endif

/// Release links of the two programs: lld lays out first the functions that run while typing and
/// starting (Linking/hot-functions.order, from scripts/order-hot-functions.sh), relative
/// relocations are packed, the program's own symbols stay out of the dynamic symbol table,
/// where the static Swift libraries' `-export-dynamic` put 9,000 of them for the loader to
/// search, and libstdc++ is linked statically where its archive is installed (the link asks for
/// the shared one; lld's --remap-inputs hands it the archive). A start or a keystroke then
/// touches fewer pages (Benchmarks/README.md, Start-up and memory).
let shippedProgramLinking: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Linking/hot-functions.order",
            "-Xlinker", "--no-warn-symbol-ordering",
            "-Xlinker", "--no-export-dynamic",
        ] + (glibcReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : [])
            + (staticCxxLibrary.map { ["-Xlinker", "--remap-inputs=*libstdc++.so*=\($0)"] } ?? []),
        .when(configuration: .release))
]

let package = Package(
    name: "KeyInputKit",
    defaultLocalization: "en",
    products: [
        .library(name: "XKB", targets: ["XKB"]),
        .library(name: "KeymapTools", targets: ["KeymapTools"]),
        .library(name: "KeyInputKit", targets: ["KeyInputKit"]),
        .library(name: "KeyInputCairo", targets: ["KeyInputCairo"]),
        .library(name: "KeyInputX11", targets: ["KeyInputX11"]),
        .library(name: "KeyInputIBus", targets: ["KeyInputIBus"]),
        .library(name: "KeyInputAccessibility", targets: ["KeyInputAccessibility"]),
        .library(name: "KeyInputWayland", targets: ["KeyInputWayland"]),
        .library(name: "KeyInputDisplay", targets: ["KeyInputDisplay"]),
        .library(name: "KeyInputSpelling", targets: ["KeyInputSpelling"]),
        .library(name: "KeyInputScripting", targets: ["KeyInputScripting"]),
        .library(name: "KeyInputKitTesting", targets: ["KeyInputKitTesting"]),
        .executable(name: "keyinput", targets: ["keyinput"]),
        .executable(name: "keyinput-render", targets: ["keyinput-render"]),
        .executable(name: "keyinput-watch", targets: ["keyinput-watch"]),
        .executable(name: "date-picker-demo", targets: ["date-picker-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        // libxkbregistry (libxkbregistry-dev), opened at its first use: it brings libxml2 and ICU.
        .target(
            name: "CXKBRegistry",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "XKB",
            dependencies: ["CXKBCommon", "CXKBRegistry"]
        ),
        // libxml2's streaming reader, opened at its first use: keyinput lint --registry reads XML with it.
        .target(
            name: "CXMLReader",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "KeyInputKit",
            dependencies: ["XKB", .product(name: "Logging", package: "swift-log")],
            resources: [.process("Resources")]  // the catalogs of the toolkit's own words (Localization/)
        ),
        // ICU's copy of CLDR (libicu-dev): language codes and exemplar characters for keyinput
        // coverage. A C target rather than a system library: ICU's headers clash with Foundation's copy.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("dl")]  // ICU itself is opened at its first use (ICU.c)
        ),
        .target(
            name: "KeymapTools",
            dependencies: ["XKB", "CICU", "CXMLReader"]
        ),
        // Plays keys, text and clicks on a window through a real keymap: tests and the demo's scripted sessions.
        .target(
            name: "KeyInputScripting",
            dependencies: ["KeyInputKit", "XKB", "KeymapTools"]
        ),
        .target(
            name: "KeyInputKitTesting",
            dependencies: ["KeyInputScripting", "KeyInputKit", "XKB"]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .target(
            name: "KeyInputCairo",
            dependencies: ["KeyInputKit", "CCairo", "CPango"]
        ),
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // GDBus and GLib main-context helpers shared by the input-method client and the accessibility bridge.
        .target(
            name: "KeyInputGLib",
            dependencies: ["CGio", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "KeyInputIBus",
            dependencies: ["KeyInputKit", "XKB", "CGio", "KeyInputGLib", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "KeyInputAccessibility",
            dependencies: ["KeyInputKit", "XKB", "CGio", "KeyInputGLib", .product(name: "Logging", package: "swift-log")]
        ),
        .systemLibrary(
            name: "CXCB",
            pkgConfig: "xkbcommon-x11",
            providers: [.apt(["libxkbcommon-x11-dev", "libxcb-xkb-dev", "libxcb-xinput-dev", "libxcb1-dev", "libcairo2-dev"])]
        ),
        .target(
            name: "KeyInputX11",
            dependencies: [
                "KeyInputKit", "XKB", "KeyInputCairo", "KeyInputIBus", "KeyInputAccessibility", "CXCB", "CCairo",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CWayland",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // Client-side decorations where the compositor draws none (GNOME); see docs/ARCHITECTURE.md.
        .systemLibrary(
            name: "CLibdecor",
            pkgConfig: "libdecor-0",
            providers: [.apt(["libdecor-0-dev"])]
        ),
        // wayland-scanner's output (xdg-shell, text-input-v3), committed; scripts/generate-wayland-protocols.sh rewrites it.
        .target(
            name: "CWaylandProtocols",
            dependencies: ["CWayland"]
        ),
        .target(
            name: "KeyInputWayland",
            dependencies: [
                "KeyInputKit", "XKB", "KeyInputCairo", "KeyInputIBus", "KeyInputAccessibility", "CWayland",
                "CWaylandProtocols", "CLibdecor", "CCairo", "CGio", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CEnchant",
            pkgConfig: "enchant-2",
            providers: [.apt(["libenchant-2-dev"])]
        ),
        // Spell checking with enchant-2 and the system's hunspell dictionaries.
        .target(
            name: "KeyInputSpelling",
            dependencies: ["KeyInputKit", "CEnchant", .product(name: "Logging", package: "swift-log")]
        ),
        // Opens the display's host: a Wayland window where a compositor is named, else an X11 one.
        .target(
            name: "KeyInputDisplay",
            dependencies: ["KeyInputKit", "KeyInputX11", "KeyInputWayland", "KeyInputSpelling"]
        ),
        // keyinput needs libxkbcommon alone; render and watch run programs of their own, which draw and open windows.
        .executableTarget(
            name: "keyinput",
            dependencies: [
                "XKB", "KeymapTools", "KeymapCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: shippedProgramLinking
        ),
        // What keyinput render and keyinput watch show: a layout's picture, and a window listing key events.
        .target(
            name: "KeymapViews",
            dependencies: ["KeyInputKit", "KeymapTools", "KeyInputCairo", "XKB"]
        ),
        .executableTarget(
            name: "keyinput-render",
            dependencies: [
                "KeymapViews", "KeymapCommandLine", "KeyInputCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: shippedProgramLinking
        ),
        .executableTarget(
            name: "keyinput-watch",
            dependencies: [
                "KeymapViews", "KeymapCommandLine", "KeyInputDisplay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: shippedProgramLinking
        ),
        .target(
            name: "KeymapCommandLine",
            dependencies: [
                "XKB",
                "KeymapTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "DatePickerDemo",
            dependencies: [
                "KeyInputKit", "KeyInputScripting", "KeymapTools", "XKB", "KeyInputCairo", "KeyInputDisplay",
                "KeyInputSpelling",
            ]
        ),
        .executableTarget(
            name: "date-picker-demo",
            dependencies: [
                "DatePickerDemo",
                "KeyInputKit",
                "KeymapTools",
                "KeymapCommandLine",
                "XKB",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: shippedProgramLinking
        ),
        .target(
            name: "KeyInputKitExamples",
            dependencies: [
                "KeyInputKit", "KeyInputKitTesting", "XKB", "KeyInputCairo", "KeyInputX11", "KeyInputIBus",
                "KeyInputWayland", "KeyInputDisplay", "KeymapCommandLine", "DatePickerDemo", "KeyInputSpelling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["XKB", "KeyInputKit", "KeyInputCairo", "KeyInputGLib", "CGio"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "XKBTests",
            dependencies: ["XKB", "CXKBCommon", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputKitTests",
            dependencies: [
                "KeyInputKit", "XKB", "KeyInputKitTesting", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Rendering/Golden"]
        ),
        .testTarget(
            name: "KeymapToolsTests",
            dependencies: ["XKB", "KeymapTools", "TestSupport"]
        ),
        .testTarget(
            name: "KeyinputCLITests",
            dependencies: [
                "XKB", "TestSupport", "KeymapCommandLine", "KeyInputCairo", "KeyInputKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "KeyInputX11Tests",
            dependencies: [
                "KeyInputX11", "KeyInputIBus", "KeyInputCairo", "KeyInputKit", "XKB", "CCairo", "CXCB", "TestSupport",
            ]
        ),
        .testTarget(
            name: "KeyInputWaylandTests",
            dependencies: ["KeyInputWayland", "KeyInputCairo", "KeyInputKit", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputIBusTests",
            dependencies: ["KeyInputIBus", "KeyInputKit", "XKB", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputAccessibilityTests",
            dependencies: ["KeyInputAccessibility", "KeyInputKit", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputCairoTests",
            dependencies: ["KeyInputCairo", "KeyInputKit", "XKB", "TestSupport", "CCairo"]
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["KeyInputKitExamples", "KeyInputKit", "XKB"]
        ),
        .testTarget(
            name: "KeyInputKitTestingTests",
            dependencies: ["KeyInputKitTesting", "KeyInputKit", "XKB"]
        ),
        .testTarget(
            name: "KeyInputDisplayTests",
            dependencies: ["KeyInputDisplay", "KeyInputKit", "TestSupport"]
        ),
        .testTarget(
            name: "KeyInputSpellingTests",
            dependencies: [
                "KeyInputSpelling", "KeyInputKit", "KeyInputCairo", "KeyInputKitTesting", "XKB", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "KeymapViewsTests",
            dependencies: ["KeymapViews", "KeyInputKit", "KeymapTools", "XKB"]
        ),
        .testTarget(
            name: "DatePickerDemoTests",
            dependencies: ["DatePickerDemo", "KeyInputKit", "KeyInputKitTesting", "KeyInputCairo", "XKB", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
