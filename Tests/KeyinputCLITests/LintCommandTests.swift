import Foundation
import Testing

/// `keyinput lint`: exit codes, file:line, JSON, --explain, --werror, --ignore and bad input.
@Suite struct LintCommandTests {
    let compose = ["--compose", "en_US.UTF-8"]
    let lintFolder = packageRoot + "/keymaps/lint/"

    @Test func aCleanKeymapSaysNoFindingsAndExitsZero() throws {
        let result = try Keyinput.run(["lint", "--keymap", lintFolder + "clean.xkb"] + compose)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no findings\n", "\(result)")
    }

    @Test func usAsCompiledLintsClean() throws {
        let result = try Keyinput.run(["lint", "--layout", "us"] + compose)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no findings\n", "\(result)")
    }

    @Test func aWarningPrintsFileLineAndIdentifierAndExitsZero() throws {
        let file = lintFolder + "ki101-duplicate.xkb"
        let result = try Keyinput.run(["lint", "--keymap", file] + compose)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "\(file):8: warning: <AD01> and <AD02> both type q (q) in group 1 with no modifiers [KI101]", "\(result)")
        #expect(lines.last == "2 warnings", "\(result)")
    }

    @Test func anErrorExitsOne() throws {
        let result = try Keyinput.run(["lint", "--keymap", lintFolder + "ki302-unassigned.xkb"] + compose)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(":8: error: <AE01> group 1 level 2 types U0378 (U+0378)"), "\(result)")
    }

    @Test func werrorMakesWarningsFail() throws {
        let file = lintFolder + "ki101-duplicate.xkb"
        #expect(try Keyinput.run(["lint", "--werror", "--keymap", file] + compose).status == 1)
        #expect(try Keyinput.run(["lint", "--werror", "--keymap", lintFolder + "clean.xkb"] + compose).status == 0)
    }

    @Test func ignoreLeavesFindingsOut() throws {
        let result = try Keyinput.run(["lint", "--werror", "--ignore", "ki101", "--keymap", lintFolder + "ki101-duplicate.xkb"] + compose)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "no findings\n", "\(result)")
    }

    @Test func anUnknownIdentifierIsAUsageErrorWithASuggestion() throws {
        let result = try Keyinput.run(["lint", "--ignore", "KI10", "--layout", "us"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("unknown finding \"KI10\""), "\(result)")
        #expect(result.stderr.contains("did you mean \"KI101\""), "\(result)")
        let explained = try Keyinput.run(["lint", "--explain", "KI1O1"])
        #expect(explained.status == 2, "\(explained)")
        #expect(explained.stderr.contains("did you mean \"KI101\""), "\(explained)")
    }

    @Test func explainSaysWhatWhyHowAndWhatIsNotReported() throws {
        let result = try Keyinput.run("lint", "--explain", "KI501")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("KI501 (warning): level modifier shares its real modifier\n\n"), "\(result)")
        #expect(result.stdout.contains("issue 500"), "\(result)")
        #expect(result.stdout.contains("Super\nand Hyper") || result.stdout.contains("Super and Hyper"), "\(result)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 96 }, "\(result)")
    }

    @Test func jsonHasFindingsWithIdSeverityMessageFileLine() throws {
        let file = lintFolder + "ki403-extra-symbols.xkb"
        let result = try Keyinput.run(["lint", "--json", "--keymap", file] + compose)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try jsonObject(result) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding["id"] as? String == "KI403")
        #expect(finding["severity"] as? String == "warning")
        #expect(finding["file"] as? String == file)
        #expect(finding["line"] as? Int == 8)
        #expect((finding["message"] as? String)?.contains("<AD01>") == true)
        #expect(object["warnings"] as? Int == 1 && object["errors"] as? Int == 0 && object["notes"] as? Int == 0)
    }

    @Test func aMissingFileIsAUsageError() throws {
        let result = try Keyinput.run(["lint", "--keymap", lintFolder + "no-such.xkb"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("no-such.xkb"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMalformedKeymapFailsWithItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.xkb").path
        try "xkb_keymap {\n  xkb_symbols { key <AD01> { [ q, Q ] \n};\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Keyinput.run(["lint", "--keymap", file])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("broken.xkb:"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func registryChecksARegistryFileWithTheSameOutputAndExitCodes() throws {
        let clean = try Keyinput.run("lint", "--registry", packageRoot + "/keymaps/registry/rules/clean.xml")
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "no findings\n", "\(clean)")
        let bad = try Keyinput.run("lint", "--registry", packageRoot + "/keymaps/registry/rules/bad.xml")
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stdout.contains("bad.xml:41: error: layout \"kitest\" is listed twice (first on line 9) [KI604]"), "\(bad)")
        let missing = try Keyinput.run("lint", "--registry", packageRoot + "/keymaps/registry/nope.xml")
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("nope.xml"), "\(missing)")
        #expect(try Keyinput.run("lint", "--registry", "x.xml", "--layout", "us").status == 2)
    }

    @Test func allCannotBeCombinedWithAKeymap() throws {
        let result = try Keyinput.run(["lint", "--all", "--layout", "us"])
        #expect(result.status == 2, "\(result)")
    }
}
