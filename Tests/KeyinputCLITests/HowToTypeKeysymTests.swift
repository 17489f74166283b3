import Foundation
import TestSupport
import Testing

@Suite struct HowToTypeKeysymTests {
    static let xkbcli = ["/usr/bin/xkbcli", "/usr/local/bin/xkbcli"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func aDeadKeyByName() throws {
        let result = try Keyinput.run("how-to-type", "--keysym", "dead_acute", "--layout", "de")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("dead_acute (0xfe51)\n"), "\(result)")
        #expect(result.stdout.contains("KEY_EQUAL"), "\(result)")
        #expect(result.stdout.contains("<AE12> layout 1 level 1"), "\(result)")
    }

    @Test func listedTokensTypeTheKeysym() throws {
        let result = try Keyinput.run("how-to-type", "--json", "--keysym", "EuroSign", "--layout", "de")
        let root = try #require(try jsonObject(result) as? [String: Any])
        #expect(root["typeable"] as? Bool == true)
        for place in try #require(root["places"] as? [[String: Any]]) {
            guard let tokens = place["tokens"] as? [String] else { continue }
            let typed = try Keyinput.run(["type", "--json", "--layout", "de"] + tokens)
            #expect(typed.stdout.contains("EuroSign"), "\(tokens): \(typed)")
        }
    }

    @Test func anUnknownNameIsAUsageErrorWithSuggestions() throws {
        let result = try Keyinput.run("how-to-type", "--keysym", "dead_acut")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("unknown keysym \"dead_acut\"; did you mean \"dead_acute\""), "\(result)")
        let caseOnly = try Keyinput.run("how-to-type", "--keysym", "eurosign")
        #expect(caseOnly.stderr.contains("did you mean \"EuroSign\""), "\(caseOnly)")
    }

    /// As for a character: said in the output, exit 0.
    @Test func aKeysymNoKeyMakesIsReported() throws {
        let result = try Keyinput.run("how-to-type", "--keysym", "Multi_key", "--layout", "us")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("cannot be typed on this keymap"), "\(result)")
        let json = try Keyinput.run("how-to-type", "--json", "--keysym", "Multi_key", "--layout", "us")
        let root = try #require(try jsonObject(json) as? [String: Any])
        #expect(root["typeable"] as? Bool == false)
        #expect((root["places"] as? [Any])?.isEmpty == true)
    }

    /// The same keys, layouts and levels as `xkbcli how-to-type --keysym`.
    @Test(
        .enabled(if: xkbcli != nil, "xkbcli (libxkbcommon-tools) is not installed"),
        arguments: [
            (["--layout", "de"], "dead_acute"), (["--layout", "de"], "EuroSign"), (["--layout", "us", "--variant", "intl"], "dead_acute"),
            (["--layout", "fr"], "dead_circumflex"), (["--layout", "us", "--options", "compose:ralt"], "Multi_key"),
            (["--layout", "us,ru"], "Cyrillic_a"), (["--layout", "us"], "Multi_key"),
        ])
    func matchesXkbcli(keymap: [String], keysym: String) throws {
        let reference = try ProcessRunner.run(try #require(Self.xkbcli), ["how-to-type", "--keysym"] + keymap + [keysym])
        try #require(reference.status == 0, "\(reference)")
        // KEYCODE  KEY NAME  LAYOUT   LAYOUT NAME  LEVEL#  MODIFIERS: one line per modifier set.
        var expected = Set<String>()
        for line in reference.stdout.split(separator: "\n").dropFirst(2) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, let level = fields.firstIndex(where: { $0 == "[" }).map({ fields[$0 - 1] }) else { continue }
            expected.insert("\(fields[0]) \(fields[1]) \(fields[2]) \(level)")
        }
        let result = try Keyinput.run(["how-to-type", "--json", "--keysym", keysym] + keymap)
        #expect(result.status == 0, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        let places = try #require(root["places"] as? [[String: Any]])
        let actual = Set(places.map { place in
            "\((place["keycode"] as? NSNumber)?.intValue ?? -1) \(place["key"] as? String ?? "") "
                + "\((place["layout"] as? NSNumber)?.intValue ?? -1) \((place["level"] as? NSNumber)?.intValue ?? -1)"
        })
        #expect(actual == expected, "keyinput \(actual.sorted()) xkbcli \(expected.sorted())")
    }
}
