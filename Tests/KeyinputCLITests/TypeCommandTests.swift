import Foundation
import TestSupport
import Testing

// `keyinput type` run as a process: exit codes (0 success, 1 failure, 2 usage error),
// messages on standard error, and the shape of its outputs.

@Suite struct TypeCommandTests {
    @Test func typingSucceeds() throws {
        let result = try Keyinput.run("type", "--no-compose", "--layout", "de", "KEY_Y", "KEY_LEFTSHIFT+KEY_Z")
        #expect(result.status == 0, "\(result)")
        #expect(result.lastLine == #"text: "zY""#)
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func humanOutputHasOneLinePerEventAndTheText() throws {
        let result = try Keyinput.run("type", "--no-compose", "--layout", "us", "KEY_LEFTSHIFT+KEY_A", "KEY_BACKSPACE")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)  // 4 + 2 events, then the text
        #expect(lines.first?.hasPrefix("down") == true && lines.first?.contains("KEY_LEFTSHIFT") == true)
        #expect(lines[1].contains("KEY_A") && lines[1].contains("insertText(\"A\")"), "\(lines[1])")
        #expect(lines[4].contains("deleteBackward"), "\(lines[4])")
        #expect(lines.last == #"text: """#)
    }

    @Test func textPrintsOnlyTheFinalText() throws {
        let result = try Keyinput.run("type", "--text", "--no-compose", "--layout", "fr", "KEY_Q", "KEY_W", "KEY_LEFTSHIFT+KEY_1")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "az1\n")
    }

    @Test func jsonHasEveryPromisedField() throws {
        let result = try Keyinput.run(
            "type", "--json", "--layout", "de", "--compose", "en_US.UTF-8", "KEY_EQUAL", "KEY_E", "repeat:KEY_A",
            "KEY_LEFTCTRL+KEY_A", "KEY_ENTER")
        #expect(result.status == 0, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        #expect(root["text"] as? String == "éa\n")
        let events = try #require(root["events"] as? [[String: Any]])
        #expect(events.count == 11)  // 2 + 2 + 1 (the repeat) + 4 + 2
        for event in events {
            #expect(event["key"] is String)
            #expect(event["keycode"] is NSNumber)
            #expect(["down", "up", "repeat"].contains(event["direction"] as? String ?? ""))
            #expect(event["keysyms"] is [Any])
            #expect(event["text"] is String)
            #expect(event["action"] is String)
        }
        let first = events[0]
        #expect(first["key"] as? String == "KEY_EQUAL")
        #expect((first["keycode"] as? NSNumber)?.intValue == 13)
        #expect(first["direction"] as? String == "down")
        #expect((first["keysyms"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [0xFE51])  // dead_acute
        #expect(first["action"] as? String == "composing")
        #expect(events[2]["text"] as? String == "é")
        #expect(events[2]["action"] as? String == "insertText")
        #expect(events[4]["direction"] as? String == "repeat")
        #expect(events[6]["action"] as? String == "none")  // Ctrl+A
        #expect(events[9]["text"] as? String == "\n")
    }

    @Test func inputFileSuppliesTheTokens() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("tokens.txt", "KEY_H\tKEY_I\n\n  KEY_LEFTSHIFT+KEY_1\r\n")
        let result = try Keyinput.run("type", "--text", "--no-compose", "--layout", "us", "--input", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "hi!\n")
    }

    @Test func inputDashReadsStandardInput() throws {
        let result = try Keyinput.run(
            ["type", "--json", "--no-compose", "--layout", "us", "--input", "-"], stdin: Data("KEY_O KEY_K\n".utf8))
        #expect(result.status == 0, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        #expect(root["text"] as? String == "ok")
        #expect((root["events"] as? [Any])?.count == 4)
    }

    @Test func anEmptyInputFileTypesNothing() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("empty.txt", "")
        let json = try Keyinput.run("type", "--json", "--no-compose", "--input", file)
        #expect(json.status == 0, "\(json)")
        let root = try #require(try jsonObject(json) as? [String: Any])
        #expect(root["text"] as? String == "")
        #expect((root["events"] as? [Any])?.isEmpty == true)
        let text = try Keyinput.run("type", "--text", "--no-compose", "--input", file)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.trimmingCharacters(in: .newlines) == "")
    }

    @Test func anUnknownKeyNameIsAUsageErrorThatSuggestsTheNearestName() throws {
        let result = try Keyinput.run("type", "--no-compose", "KEY_A", "KEY_LSHIFT+KEY_B")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("KEY_LSHIFT"), "\(result)")
        #expect(result.stderr.contains("KEY_LEFTSHIFT"), "\(result)")
        #expect(result.stdout.isEmpty, "a bad token stops the run before any output: \(result)")
    }

    @Test(arguments: ["down:", "up:KEY_A+KEY_B", "press:KEY_A", "KEY_A++KEY_B", "<AC01"])
    func aMalformedTokenIsAUsageError(_ token: String) throws {
        let result = try Keyinput.run("type", "--no-compose", token)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("token 1"), "\(result)")
    }

    @Test func keyNamesAreCaseInsensitiveWithOrWithoutThePrefixOrXKBNames() throws {
        let result = try Keyinput.run("type", "--text", "--no-compose", "--layout", "us", "key_a", "b", "<AC03>", "KEY_leftshift+c")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "abdC\n")
    }

    @Test func anUnknownLayoutSuggestsTheNearestOne() throws {
        let result = try Keyinput.run("type", "--layout", "dee", "--no-compose", "KEY_A")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"dee\""), "\(result)")
        #expect(result.stderr.contains("\"de\""), "\(result)")
    }

    @Test func anUnknownVariantSuggestsTheNearestOne() throws {
        let result = try Keyinput.run("type", "--layout", "de", "--variant", "nodeadkey", "--no-compose", "KEY_A")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"nodeadkey\""), "\(result)")
        #expect(result.stderr.contains("\"nodeadkeys\""), "\(result)")
    }

    @Test func anUnknownOptionSuggestsTheNearestOne() throws {
        let result = try Keyinput.run("type", "--options", "ctrl:nocap", "--no-compose", "KEY_A")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"ctrl:nocap\""), "\(result)")
        #expect(result.stderr.contains("\"ctrl:nocaps\""), "\(result)")
    }

    @Test func aComposeLocaleWithNoTableIsAUsageError() throws {
        let result = try Keyinput.run("type", "--compose", "xx_YY.UTF-8", "KEY_A")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("xx_YY.UTF-8"), "\(result)")
    }

    @Test func aMalformedKeymapFileFailsNamingTheFileAndLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "bad.xkb",
            """
            xkb_keymap {
                xkb_keycodes { include "evdev" };
                xkb_types { include "complete" };
                xkb_compat { include "complete" };
                xkb_symbols { include "pc+us" key <AC01> { [ a ] ] };
            };

            """)
        for command in ["type", "compile"] {
            let result = try Keyinput.run([command, "--keymap", file] + (command == "type" ? ["KEY_A"] : []))
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stderr.contains("\(file):5"), "\(command) names the file and line 5: \(result)")
            #expect(result.stdout.isEmpty, "\(result)")
        }
    }

    @Test func aKeymapFileThatIsNotUTF8FailsNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("latin1.xkb", bytes: Array("xkb_keymap { // caf".utf8) + [0xE9] + Array(" };\n".utf8))
        let result = try Keyinput.run("type", "--keymap", file, "KEY_A")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(file), "\(result)")
        #expect(result.stderr.contains("UTF-8"), "\(result)")
    }

    @Test func anUnknownModelIsAWarningNotAnError() throws {
        let result = try Keyinput.run("type", "--text", "--no-compose", "--model", "pc1055", "KEY_A")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "a\n")
        #expect(result.stderr.contains("pc1055"), "\(result)")
    }

    @Test func aComposeFileIsUsed() throws {
        let folder = try TemporaryFolder()
        let compose = try folder.write("Compose", "<Multi_key> <a> <b> : \"✓\" U2713\n")
        let result = try Keyinput.run(
            "type", "--text", "--options", "compose:ralt", "--compose-file", compose, "KEY_RIGHTALT", "KEY_A", "KEY_B")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "✓\n")
        let missing = try Keyinput.run("type", "--compose-file", folder.file("none"), "KEY_A")
        #expect(missing.status == 2, "\(missing)")
    }

    @Test func aMissingKeymapFileIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("missing.xkb")
        let result = try Keyinput.run("type", "--keymap", missing, "KEY_A")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(missing), "\(result)")
    }

    @Test func aFolderWhereAFileBelongsIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let keymap = try Keyinput.run("type", "--keymap", folder.path, "KEY_A")
        #expect(keymap.status == 2, "\(keymap)")
        #expect(keymap.stderr.contains(folder.path), "\(keymap)")
        let input = try Keyinput.run("type", "--no-compose", "--input", folder.path)
        #expect(input.status == 2, "\(input)")
        #expect(input.stderr.contains(folder.path), "\(input)")
        let missingInput = try Keyinput.run("type", "--no-compose", "--input", folder.file("none.txt"))
        #expect(missingInput.status == 2, "\(missingInput)")
    }

    @Test func invalidUTF8InTheInputIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("tokens.txt", bytes: Array("KEY_A ".utf8) + [0xFF, 0xFE, 0x41])
        let result = try Keyinput.run("type", "--no-compose", "--input", file)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("UTF-8"), "\(result)")
        let stdin = try Keyinput.run(["type", "--no-compose", "--input", "-"], stdin: Data([0x4B, 0xC3, 0x28]))
        #expect(stdin.status == 2, "\(stdin)")
        #expect(stdin.stderr.contains("UTF-8"), "\(stdin)")
    }

    @Test func contradictoryOptionsAreUsageErrors() throws {
        for arguments in [
            ["type", "--text", "--json", "KEY_A"],
            ["type", "--no-compose", "--compose", "en_US.UTF-8", "KEY_A"],
            ["type", "--keymap", "/dev/null", "--layout", "us", "KEY_A"],
            ["type", "--no-compose"],
            ["type", "--input", "-", "KEY_A"],
        ] {
            let result = try Keyinput.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(!result.stderr.isEmpty, "\(arguments): \(result)")
        }
    }

    /// A million tokens through --input and --text: the run finishes and the text
    /// has the right length. (No timing assertions.)
    @Test func aMillionTokens() throws {
        let folder = try TemporaryFolder()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var tokens = ""
        tokens.reserveCapacity(9_000_000)
        var expected: [Character] = []
        for index in 0..<1_000_000 {
            if index % 10 == 9 {
                tokens += "KEY_BACKSPACE\n"
                if !expected.isEmpty { expected.removeLast() }
            } else if index % 7 == 3 {
                let letter = letters[index % 26]
                tokens += "KEY_LEFTSHIFT+KEY_\(letter.uppercased())\n"
                expected.append(Character(letter.uppercased()))
            } else {
                let letter = letters[index % 26]
                tokens += "KEY_\(letter.uppercased()) "
                expected.append(letter)
            }
        }
        let file = try folder.write("million.txt", tokens)
        let result = try Keyinput.run("type", "--text", "--no-compose", "--layout", "us", "--input", file)
        #expect(result.status == 0, "\(result)")
        var text = result.stdout
        if text.hasSuffix("\n") { text.removeLast() }
        #expect(text.utf8.count == expected.count)
        #expect(text == String(expected))
    }
}
