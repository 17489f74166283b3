import Foundation
import TestSupport
import Testing

@Suite struct CompileCommandTests {
    @Test func rmlvoShowsTheDefaults() throws {
        let result = try Keyinput.run("compile", "--rmlvo")
        #expect(result.status == 0, "\(result)")
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            fields[String(parts[0])] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        #expect(fields["rules"] == "evdev")
        #expect(fields["model"] == "pc105")
        #expect(fields["layout"] == "us")
        #expect(fields["variant"] == "")
        #expect(fields["options"] == "")
    }

    @Test func rmlvoShowsTheGivenNames() throws {
        let result = try Keyinput.run("compile", "--rmlvo", "--layout", "de", "--variant", "nodeadkeys", "--options", "ctrl:nocaps")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("layout:  de"))
        #expect(result.stdout.contains("variant: nodeadkeys"))
        #expect(result.stdout.contains("options: ctrl:nocaps"))
    }

    @Test func rmlvoWithAKeymapFileIsAUsageError() throws {
        let result = try Keyinput.run("compile", "--rmlvo", "--keymap", "/dev/null")
        #expect(result.status == 2, "\(result)")
    }

    @Test func theCompiledKeymapCompilesAgainAndTypesTheSame() throws {
        let folder = try TemporaryFolder()
        let first = try Keyinput.run("compile", "--layout", "de")
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.hasPrefix("xkb_keymap"))
        let file = try folder.write("de.xkb", bytes: Array(first.stdoutData))
        let second = try Keyinput.run("compile", "--keymap", file)
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout == first.stdout, "compiling the output again gives the same keymap")
        let tokens = ["KEY_Y", "KEY_LEFTSHIFT+KEY_SEMICOLON", "KEY_RIGHTALT+KEY_Q", "KEY_RIGHTALT+KEY_E"]
        let fromNames = try Keyinput.run(["type", "--text", "--no-compose", "--layout", "de"] + tokens)
        let fromFile = try Keyinput.run(["type", "--text", "--no-compose", "--keymap", file] + tokens)
        #expect(fromNames.stdout == "zÖ@€\n")
        #expect(fromFile.stdout == fromNames.stdout)
    }
}
