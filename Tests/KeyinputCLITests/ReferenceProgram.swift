import Foundation
import TestSupport
import Testing

/// A keymap and compose setting to compare on.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    var layout: String?
    var variant: String?
    var options: String?
    /// A keymap file, relative to the package root, instead of names.
    var keymapFile: String?
    /// A keymap written to a temporary file, instead of names.
    var keymapText: String?
    /// The text of `symbols/kitest` in a folder given with `--include`; the case
    /// then uses layout `kitest`, found there through the system's rules.
    var includedSymbols: String?
    /// The compose locale, or `nil` for compose off.
    var compose: String?

    var keymapArguments: [String] {
        var arguments: [String] = []
        if let layout { arguments += ["--layout", layout] }
        if let variant { arguments += ["--variant", variant] }
        if let options { arguments += ["--options", options] }
        return arguments
    }

    var composeArguments: [String] { compose.map { ["--compose", $0] } ?? ["--no-compose"] }

    var testDescription: String {
        var name = keymapFile ?? (keymapText != nil ? "custom keymap" : layout ?? "default")
        if includedSymbols != nil { name += " from --include" }
        if let variant { name += "(\(variant))" }
        if let options { name += " options=\(options)" }
        return name + (compose.map { " compose=\($0)" } ?? " no-compose")
    }

    /// Compose with en_US.UTF-8's table, and compose off.
    static let composeSettings: [String?] = ["en_US.UTF-8", nil]

    static func names(_ layout: String, _ variant: String? = nil, options: String? = nil) -> [ReferenceCase] {
        composeSettings.map { ReferenceCase(layout: layout, variant: variant, options: options, compose: $0) }
    }

    static let all: [ReferenceCase] = {
        var cases: [ReferenceCase] = []
        let layouts: [(String, String?)] = [
            ("us", nil), ("de", nil), ("fr", nil), ("ru", nil), ("gr", nil), ("il", nil), ("ara", nil), ("cz", nil),
            ("us", "intl"), ("us", "dvorak"), ("de", "nodeadkeys"), ("fr", "bepo"), ("ca", "multix"), ("in", "deva"),
            ("us", "altgr-intl"), ("us", "colemak"), ("gb", nil), ("es", nil), ("pt", nil), ("br", nil), ("it", nil),
            ("se", nil), ("no", nil), ("dk", nil), ("fi", nil), ("pl", nil), ("tr", nil), ("hu", nil), ("ro", nil),
            ("sk", nil), ("lt", nil), ("lv", nil), ("ee", nil), ("is", nil), ("ua", nil), ("bg", nil), ("rs", nil),
            ("ch", "fr"), ("be", nil), ("latam", nil), ("de", "neo"), ("fr", "oss"), ("gr", "polytonic"), ("ir", nil),
            ("am", nil), ("ge", nil), ("th", nil), ("vn", nil), ("jp", nil), ("kr", nil), ("epo", nil), ("ca", nil),
        ]
        for (layout, variant) in layouts { cases += names(layout, variant) }
        cases += names("us", options: "ctrl:nocaps")
        cases += names("us", options: "compose:ralt")
        cases += names("de", options: "compose:ralt,ctrl:nocaps")
        cases += names("us", "intl", options: "compose:caps")
        cases += names("us", options: "caps:swapescape")
        cases += names("fr", options: "caps:shiftlock")
        cases += names("us", options: "shift:both_capslock")
        cases += names("de", options: "lv3:ralt_alt")
        cases += names("us,ru", options: "grp:alt_shift_toggle")
        cases += names("us,gr", options: "grp:caps_toggle,grp_led:caps")
        cases += names("de,us,ru", options: "grp:ctrl_shift_toggle,compose:menu")
        cases += names("us", options: "lv3:ralt_switch,esperanto:qwerty")
        // Other locales' compose tables.
        for (layout, variant, locale) in [
            ("gr", "polytonic", "el_GR.UTF-8"), ("br", nil, "pt_BR.UTF-8"), ("pt", nil, "pt_PT.UTF-8"),
            ("cz", nil, "cs_CZ.UTF-8"), ("fi", nil, "fi_FI.UTF-8"), ("ru", nil, "ru_RU.UTF-8"),
            ("et", nil, "am_ET.UTF-8"), ("us", "intl", "pt_BR.UTF-8"),
        ] as [(String, String?, String)] {
            cases.append(ReferenceCase(layout: layout, variant: variant, options: "compose:ralt", compose: locale))
        }
        // The project's own keymaps, whatever keymaps/ holds.
        let keymaps = (packageRoot as NSString).appendingPathComponent("keymaps")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: keymaps)) ?? [])
            .filter { $0.hasSuffix(".xkb") }.sorted().map { "keymaps/" + $0 }
        for file in files {
            cases += composeSettings.map { ReferenceCase(keymapFile: file, compose: $0) }
        }
        cases += composeSettings.map { ReferenceCase(keymapText: multiKeysymKeymap, compose: $0) }
        cases += composeSettings.map { ReferenceCase(layout: "kitest", includedSymbols: includedLayout, compose: $0) }
        return cases
    }()

    /// Levels with several keysyms (reported with all of them, not only the first), a key with nothing on
    /// level 1, BackSpace and Return among several keysyms, a dead key in a list.
    static let multiKeysymKeymap = """
        xkb_keymap {
            xkb_keycodes { include "evdev+aliases(qwerty)" };
            xkb_types { include "complete" };
            xkb_compat { include "complete" };
            xkb_symbols {
                include "pc+us+inet(evdev)+level3(ralt_switch)"
                key <AC01> { [ { a, b }, { A, B } ] };
                key <AC02> { [ { s, dead_acute }, S ] };
                key <AC03> { [ NoSymbol, D ] };
                key <AC04> { [ { BackSpace, f }, F ] };
                key <AC05> { [ { Return, g }, G ] };
                key <AD01> { [ q, Q, { U00E9, U0301 }, dead_grave ] };
                key <AD02> { [ { w, w }, W, { Cyrillic_a, Cyrillic_be, Cyrillic_ve } ] };
                key <AC06> { [ UD800, U10FFFF, { UDFFF, a }, { h, U0007 } ] };
            };
        };
        """

    /// A layout of our own, found through `--include` and the system's rules.
    static let includedLayout = """
        default partial alphanumeric_keys
        xkb_symbols "basic" {
            include "us(basic)"
            name[Group1] = "KeyInputKit test";
            key <AC01> { [ { a, b }, A ] };
            key <AD01> { [ dead_acute, dead_grave, q, Q ] };
            key <AD02> { [ Multi_key, W ] };
            key <AB01> { [ z, Z, ISO_Level3_Latch, ISO_Level3_Lock ] };
            key <AB02> { [ x, X, ISO_Level2_Latch ] };
            include "level3(ralt_switch)"
        };
        """
}

/// The reference program, compiled once per test run.
enum Reference {
    static let compiler: String? = executablePath("cc") ?? executablePath("clang")

    static let source: String = (packageRoot as NSString).appendingPathComponent("Tests/Reference/xkb-reference.c")

    struct BuildError: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// The path of the compiled reference.
    static let built: Result<String, BuildError> = build()

    private static func build() -> Result<String, BuildError> {
        guard let compiler else { return .failure(BuildError(description: "no C compiler (cc or clang) on PATH")) }
        do {
            var flags = ["-lxkbcommon"]
            if let pkgConfig = executablePath("pkg-config") {
                let result = try ProcessRunner.run(pkgConfig, ["--cflags", "--libs", "xkbcommon"])
                if result.status == 0 {
                    flags = result.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
                }
            }
            // One binary per version of the source, compiler and flags, reused by
            // later runs; built under a unique name and renamed into place, so
            // test processes running side by side never see half a file.
            let sourceText = try String(contentsOfFile: source, encoding: .utf8)
            let version = String(stableHash(([compiler, sourceText] + flags).joined(separator: "\u{0}")), radix: 16)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyinput-xkb-reference")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let output = folder.appendingPathComponent("xkb-reference-\(version)").path
            if FileManager.default.isExecutableFile(atPath: output) { return .success(output) }
            let partial = output + ".\(UUID().uuidString)"
            let result = try ProcessRunner.run(
                compiler, ["-std=c99", "-O1", "-Wall", "-o", partial, source] + flags)
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return .failure(BuildError(description: "\(compiler) could not build \(source):\n\(result)"))
            }
            guard rename(partial, output) == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return .failure(BuildError(description: "could not move the reference into \(output)"))
            }
            return .success(output)
        } catch {
            return .failure(BuildError(description: "building \(source) failed: \(error)"))
        }
    }

    static func path() throws -> String {
        switch built {
        case .success(let path): return path
        case .failure(let error): throw error
        }
    }
}

/// Reads `{"text": …, "events": [...]}` from either program.
func parseTypeOutput(_ data: Data, program: String) throws -> (text: String, events: [ObservedEvent]) {
    struct BadOutput: Error, CustomStringConvertible {
        var description: String
    }
    let object = try JSONSerialization.jsonObject(with: data)
    guard let root = object as? [String: Any], let text = root["text"] as? String,
        let events = root["events"] as? [[String: Any]]
    else {
        throw BadOutput(description: "\(program): not {\"text\", \"events\"}: \(String(decoding: data.prefix(500), as: UTF8.self))")
    }
    let parsed = try events.map { event -> ObservedEvent in
        guard let keycode = (event["keycode"] as? NSNumber)?.intValue, let direction = event["direction"] as? String,
            let keysyms = event["keysyms"] as? [Any], let text = event["text"] as? String,
            let action = event["action"] as? String
        else { throw BadOutput(description: "\(program): an event lacks a field: \(event)") }
        return ObservedEvent(
            key: event["key"] as? String, keycode: keycode, direction: direction,
            keysyms: keysyms.compactMap { ($0 as? NSNumber)?.intValue }, text: Array(text.unicodeScalars),
            action: action)
    }
    return (text, parsed)
}
