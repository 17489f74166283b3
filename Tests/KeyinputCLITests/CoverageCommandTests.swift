import Foundation
import Testing

@Suite struct CoverageCommandTests {
    let compose = ["--compose", "en_US.UTF-8"]

    @Test func frenchOnFrMissesTheOeLigatureAndExitsOne() throws {
        let result = try Keyinput.run(["coverage", "--layout", "fr"] + compose)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "fr French (fra → fr): 2 of 84 letters cannot be typed: œ Œ\n", "\(result)")
    }

    @Test func aLayoutThatCoversItsLanguageExitsZero() throws {
        let result = try Keyinput.run(["coverage", "--layout", "de"] + compose)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "de German (deu → de): all 59 letters can be typed\n", "\(result)")
    }

    @Test func languagesGivenReplaceTheRegistrys() throws {
        let result = try Keyinput.run(["coverage", "--layout", "us", "--language", "fr", "de"] + compose)
        #expect(result.status == 1, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("us French (fr): ") && lines[0].contains("é"), "\(result)")
        #expect(lines[1].hasPrefix("us German (de): ") && lines[1].contains("ß"), "\(result)")
    }

    @Test func anUnknownLanguageIsAUsageErrorWithASuggestion() throws {
        let result = try Keyinput.run(["coverage", "--layout", "fr", "--language", "frx"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("unknown language code \"frx\""), "\(result)")
        #expect(result.stderr.contains("did you mean \"fr\""), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aLanguageWithoutCLDRDataIsANoteAndExitsZero() throws {
        let result = try Keyinput.run(["coverage", "--layout", "ma", "--variant", "tifinagh"] + compose)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("ber: no CLDR letters for this language; not checked"), "\(result)")
    }

    @Test func aKeymapFileNeedsItsLanguagesNamed() throws {
        let file = packageRoot + "/keymaps/esperanto-us.xkb"
        let refused = try Keyinput.run(["coverage", "--keymap", file])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("--language"), "\(refused)")
        let checked = try Keyinput.run(["coverage", "--keymap", file, "--language", "epo", "--no-compose"])
        #expect(checked.status == 0, "\(checked)")
    }

    @Test func jsonIsAnArrayOfLayoutVariantLanguagesAndMissing() throws {
        let result = try Keyinput.run(["coverage", "--json", "--layout", "fr", "--variant", "nodeadkeys"] + compose)
        #expect(result.status == 1, "\(result)")
        let array = try #require(try jsonObject(result) as? [[String: Any]])
        let entry = try #require(array.first)
        #expect(array.count == 1)
        #expect(entry["layout"] as? String == "fr")
        #expect(entry["variant"] as? String == "nodeadkeys")
        #expect(entry["languages"] as? [String] == ["fra"])
        let missing = try #require(entry["missing"] as? [String])
        #expect(missing.contains("œ") && missing.contains("â") && missing.contains("Â"), "\(missing)")
        #expect((entry["byLanguage"] as? [String: [String]])?["fr"] == missing)
    }

    @Test func allJSONListsEveryRegistryLayoutOnce() throws {
        let result = try Keyinput.run(["coverage", "--all", "--json"] + compose)
        #expect(result.status == 1, "some registry layouts miss letters: \(result.stderr)")
        let entries = try #require(try jsonObject(result) as? [[String: Any]])
        func entry(_ layout: String, _ variant: String = "") -> [String: Any]? {
            entries.first { $0["layout"] as? String == layout && $0["variant"] as? String == variant }
        }
        #expect(entries.count > 500)
        #expect(entries.allSatisfy { $0["languages"] is [String] && $0["missing"] is [String] })
        #expect(entry("fr")?["missing"] as? [String] == ["œ", "Œ"])
        #expect(entry("de")?["missing"] as? [String] == [])
        #expect(entry("us")?["languages"] as? [String] == ["eng"])
        #expect(entry("us")?["missing"] as? [String] == [])
        #expect(entry("ru")?["missing"] as? [String] == [])
        // A variant without its own languages takes its layout's.
        #expect(entry("fr", "nodeadkeys")?["languages"] as? [String] == ["fra"])
        // The registry's "custom" names a symbols file the user writes; here there is none, and
        // the survey reports it with libxkbcommon's reason instead of stopping.
        #expect((entry("custom")?["error"] as? String)?.contains("symbols/custom") == true)
    }

    @Test func icuIsOpenedOnlyByTheCommandsThatReadCLDR() throws {
        let trace = ["LD_DEBUG": "files"]  // the loader names every library it opens, on standard error
        let typing = try Keyinput.run(["type", "--layout", "us", "KEY_A"], extraEnvironment: trace)
        #expect(typing.status == 0, "\(typing)")
        #expect(!typing.stderr.contains("libicui18n"), "keyinput type opened ICU")
        let coverage = try Keyinput.run(["coverage", "--layout", "de"] + compose, extraEnvironment: trace)
        #expect(coverage.status == 0, "\(coverage.stdout)")
        #expect(coverage.stderr.contains("libicui18n"), "keyinput coverage did not open ICU")
    }

    @Test func withoutICUCoverageSaysSoAndExitsOne() throws {
        let (folder, name) = try folderWithBrokenICU()
        let result = try Keyinput.run(
            ["coverage", "--layout", "fr"] + compose, extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("ICU could not be opened"), "\(result)")
        #expect(result.stderr.contains(name), "the loader's reason names the library: \(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }
}
