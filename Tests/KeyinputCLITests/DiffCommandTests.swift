import Foundation
import TestSupport
import Testing
import XKB

@Suite struct DiffCommandTests {
    let compose = ["--compose", "en_US.UTF-8"]

    @Test func deAgainstNoDeadKeysListsTheDeadKeysAndExits1() throws {
        let result = try Keyinput.run(["diff", "de", "de(nodeadkeys)"] + compose)
        #expect(result.status == 1, "\(result)")
        // The dead keysyms of de, read from the keymap, each appear on the left of a change.
        let de = try XKBFixtures.keymap(layout: "de")
        let plain = try XKBFixtures.keymap(layout: "de", variant: "nodeadkeys")
        for key in de.keys {
            for level in 0..<de.levelCount(of: key, layout: 0) {
                let before = de.keysyms(of: key, layout: 0, level: level)
                guard let dead = before.first(where: \.isDead),
                    plain.keysyms(of: key, layout: 0, level: level) != before
                else { continue }
                let line = "\(de.name(of: key) ?? "") level \(level + 1): \(dead.name) → "
                #expect(result.stdout.contains(line), "missing \(line)\n\(result.stdout)")
            }
        }
        #expect(result.stdout.contains("dead_circumflex: no key types it now; no longer makes"), "\(result)")
        #expect(result.stdout.hasSuffix("dead keys\n") || result.stdout.contains("differ in meaning:"), "\(result)")
    }

    @Test func theSameLayoutExits0() throws {
        let result = try Keyinput.run("diff", "us", "us")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no difference in meaning\n", "\(result)")
    }

    @Test func namesAgainstTheirCompiledTextExits0() throws {
        let folder = try TemporaryFolder()
        let compiled = try Keyinput.run("compile", "--layout", "us")
        try #require(compiled.status == 0, "\(compiled)")
        let file = try folder.write("us.xkb", compiled.stdout)
        let result = try Keyinput.run("diff", "us", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no difference in meaning\n", "\(result)")
    }

    @Test func aKeymapReorderedByHandExits0() throws {
        let folder = try TemporaryFolder()
        let original = try folder.write("a.xkb", XKBFixtures.keymapText(extraSymbols: """
                key <AC01> { [ a, A, aacute ] };
                key <AC02> { [ s, S ] };
            """))
        let reordered = try folder.write("b.xkb", XKBFixtures.keymapText(extraSymbols: """
                // the same keys, the other way round
                key <AC02> {    [ s,   S ]    };
                key <AC01> {
                    symbols[Group1] = [ a, A, aacute ]
                };
            """))
        let result = try Keyinput.run("diff", original, reordered)
        #expect(result.status == 0, "\(result)")
        let changed = try folder.write("c.xkb", XKBFixtures.keymapText(extraSymbols: """
                key <AC02> { [ s, S ] };
                key <AC01> { [ a, A, eacute ] };
            """))
        let different = try Keyinput.run("diff", original, changed)
        #expect(different.status == 1, "\(different)")
        #expect(different.stdout.contains("AC01 level 3: aacute (á) → eacute (é)"), "\(different)")
    }

    @Test func optionsForOneSideShowWhatTheOptionChanges() throws {
        let result = try Keyinput.run("diff", "us", "us", "--options-b", "ctrl:nocaps")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("CAPS level 1: Caps_Lock → Control_L"), "\(result)")
        #expect(result.stdout.contains("CAPS when pressed: sets Lock while held, locks Lock → sets Control while held"), "\(result)")
        #expect(result.stdout.contains("Lock: <CAPS> → no keys"), "\(result)")
        let both = try Keyinput.run("diff", "us", "us", "--options", "ctrl:nocaps")
        #expect(both.status == 0, "\(both)")
    }

    @Test func jsonForScripts() throws {
        let result = try Keyinput.run(["diff", "--json", "de", "de(nodeadkeys)"] + compose)
        #expect(result.status == 1, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        #expect(root["a"] as? String == "de")
        #expect(root["b"] as? String == "de(nodeadkeys)")
        #expect(root["same"] as? Bool == false)
        let keys = try #require(root["keys"] as? [[String: Any]])
        let tilde = try #require(keys.first { $0["key"] as? String == "TLDE" && ($0["level"] as? NSNumber)?.intValue == 1 })
        #expect(tilde["keysymsA"] as? [String] == ["dead_circumflex"])
        #expect(tilde["keysymsB"] as? [String] == ["asciicircum"])
        #expect(tilde["textB"] as? String == "^")
        let dead = try #require(root["deadKeys"] as? [[String: Any]])
        let circumflex = try #require(dead.first { $0["keysym"] as? String == "dead_circumflex" })
        let lost = try #require(circumflex["lost"] as? [[String: Any]])
        #expect(lost.contains { $0["after"] as? String == "a" && $0["text"] as? String == "â" })
    }

    @Test func usageErrorsExit2() throws {
        let unknown = try Keyinput.run("diff", "us", "dee")
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("did you mean \"de\""), "\(unknown)")
        let missing = try Keyinput.run("diff", "us", "no-such-keymap.xkb")
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("no-such-keymap.xkb"), "\(missing)")
        let folder = try TemporaryFolder()
        let broken = try folder.write("broken.xkb", "xkb_keymap {\n  xkb_symbols { key <AC01> { [ a ] }\n};\n")
        let malformed = try Keyinput.run("diff", broken, "us")
        #expect(malformed.status == 2, "\(malformed)")
        #expect(malformed.stderr.contains("broken.xkb:"), "\(malformed)")
        let one = try Keyinput.run("diff", "us")
        #expect(one.status == 2, "\(one)")
    }

    @Test func aSnapshotOfSomeLayoutsRoundTrips() throws {
        let folder = try TemporaryFolder()
        let snapshot = folder.file("snapshot")
        let written = try Keyinput.run("diff", "--all", "--snapshot", snapshot, "--only", "de,ch")
        #expect(written.status == 0, "\(written)")
        let files = try FileManager.default.contentsOfDirectory(atPath: snapshot)
        #expect(files.contains("de(nodeadkeys).xkb") && files.contains("ch.xkb"), "\(files)")
        #expect(files.allSatisfy { $0.hasPrefix("de") || $0.hasPrefix("ch") }, "\(files)")
        let same = try Keyinput.run("diff", "--all", snapshot, "--only", "de,ch")
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.contains("none changed"), "\(same)")

        try FileManager.default.removeItem(atPath: (snapshot as NSString).appendingPathComponent("de.xkb"))
        try FileManager.default.copyItem(
            atPath: (snapshot as NSString).appendingPathComponent("de(nodeadkeys).xkb"),
            toPath: (snapshot as NSString).appendingPathComponent("de.xkb"))
        let drift = try Keyinput.run("diff", "--all", snapshot, "--only", "de,ch")
        #expect(drift.status == 1, "\(drift)")
        #expect(drift.stdout.contains("de: differ in meaning"), "\(drift)")
        #expect(drift.stdout.contains("1 changed in meaning"), "\(drift)")
        let json = try Keyinput.run("diff", "--all", snapshot, "--only", "de,ch", "--json")
        let root = try #require(try jsonObject(json) as? [String: Any])
        let layouts = try #require(root["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["name"] as? String } == ["de"], "\(layouts)")
        #expect(layouts.first?["outcome"] as? String == "changed")
    }

    @Test func aSnapshotFolderThatIsMissingIsAUsageError() throws {
        let result = try Keyinput.run("diff", "--all", "/nonexistent/snapshot")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("no such folder"), "\(result)")
    }
}
