import Foundation
import Testing

/// `keyinput compose check FILE`: findings with file:line, --json, exit 1 on
/// an unusable sequence, 0 otherwise, 2 on usage errors.
@Suite struct ComposeCheckCommandTests {
    let folder = packageRoot + "/keymaps/compose"
    let keymap = ["--layout", "us", "--options", "compose:ralt", "--locale", "en_US.UTF-8"]

    @Test func aCleanFileExitsZeroWithNoFindings() throws {
        let result = try Keyinput.run(["compose", "check", folder + "/clean.XCompose"] + keymap)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "0 errors, 0 warnings, 0 notes\n", "\(result)")
    }

    @Test func anUnusableSequenceExitsOneWithFileAndLine() throws {
        let path = folder + "/cannot-type.XCompose"
        let result = try Keyinput.run(["compose", "check", path, "--layout", "us", "--locale", "en_US.UTF-8"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\(path):5: error: <Multi_key> <z> <w> <j>: no key of the layout types Multi_key (give a Compose key, such as --options compose:ralt) [cannot-type]"), "\(result)")
        #expect(result.stdout.hasSuffix("3 errors, 0 warnings, 1 note\n"), "\(result)")
    }

    @Test func warningsAloneExitZero() throws {
        let result = try Keyinput.run(["compose", "check", folder + "/overrides.XCompose"] + keymap)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#":5: warning: <Multi_key> <k> <k> overrides the system's: "ĸ" → "☕" [overrides-system]"#), "\(result)")
    }

    @Test func jsonListsEveryFinding() throws {
        let result = try Keyinput.run(["compose", "check", "--json", folder + "/duplicates.XCompose"] + keymap)
        #expect(result.status == 0, "\(result)")
        let findings = try #require(try jsonObject(result) as? [[String: Any]])
        #expect(findings.map { $0["line"] as? Int } == [6, 7])
        #expect(findings.map { $0["kind"] as? String } == ["duplicate", "duplicate"])
        #expect(findings.map { $0["severity"] as? String } == ["warning", "warning"])
        try #require(!findings.isEmpty)
        #expect((findings[0]["file"] as? String)?.hasSuffix("duplicates.XCompose") == true)
    }

    @Test func malformedAndNonUTF8LinesAreFindingsNotCrashes() throws {
        let result = try Keyinput.run(["compose", "check", folder + "/malformed.XCompose"] + keymap)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("malformed.XCompose:7: error: not valid UTF-8"), "\(result)")
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try Keyinput.run(["compose", "check", "/nonexistent/XCompose"] + keymap)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("/nonexistent/XCompose"), "\(missing)")
        let locale = try Keyinput.run(["compose", "check", folder + "/clean.XCompose", "--locale", "xx_YY.UTF-8"])
        #expect(locale.status == 2, "\(locale)")
        #expect(locale.stderr.contains(#"no compose table for locale "xx_YY.UTF-8""#), "\(locale)")
        let layout = try Keyinput.run(["compose", "check", folder + "/clean.XCompose", "--layout", "uss"])
        #expect(layout.status == 2, "\(layout)")
        let noFile = try Keyinput.run("compose", "check")
        #expect(noFile.status == 2, "\(noFile)")
    }
}
