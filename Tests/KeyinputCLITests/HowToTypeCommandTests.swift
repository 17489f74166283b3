import Foundation
import Testing

@Suite struct HowToTypeCommandTests {
    let intl = ["--layout", "us", "--variant", "intl", "--compose", "en_US.UTF-8"]

    @Test func humanOutputListsKeysAndDeadKeySequences() throws {
        let result = try Keyinput.run(["how-to-type", "é"] + intl)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("U+00E9"))
        #expect(result.stdout.contains("KEY_RIGHTALT+KEY_E"), "\(result)")
        #expect(result.stdout.contains("KEY_APOSTROPHE KEY_E"), "\(result)")
        #expect(result.stdout.contains("dead_acute"), "\(result)")
    }

    @Test func jsonListsTheSameWays() throws {
        let result = try Keyinput.run(["how-to-type", "--json", "é"] + intl)
        #expect(result.status == 0, "\(result)")
        let root = try #require(try jsonObject(result) as? [String: Any])
        let characters = try #require(root["characters"] as? [[String: Any]])
        #expect(characters.count == 1)
        #expect(characters[0]["character"] as? String == "é")
        #expect(characters[0]["typeable"] as? Bool == true)
        let methods = try #require(characters[0]["methods"] as? [[String: Any]])
        let tokens = methods.compactMap { $0["tokens"] as? [String] }
        #expect(tokens.contains(["KEY_RIGHTALT+KEY_E"]), "\(tokens)")
        #expect(tokens.contains(["KEY_APOSTROPHE", "KEY_E"]), "\(tokens)")
        #expect((root["untypeable"] as? NSNumber)?.intValue == 0)
    }

    /// Every way it lists, typed back with `keyinput type`, gives the character.
    @Test func everyListedWayTypesTheCharacter() throws {
        let result = try Keyinput.run(["how-to-type", "--json", "é~ñ"] + intl)
        let root = try #require(try jsonObject(result) as? [String: Any])
        for character in try #require(root["characters"] as? [[String: Any]]) {
            let wanted = try #require(character["character"] as? String)
            for method in character["methods"] as? [[String: Any]] ?? [] {
                let tokens = try #require(method["tokens"] as? [String])
                let typed = try Keyinput.run(["type", "--text"] + intl + tokens)
                #expect(typed.stdout == wanted + "\n", "\(tokens) types \(typed.stdout.debugDescription)")
            }
        }
    }

    @Test func charactersThatCannotBeTypedAreReported() throws {
        let human = try Keyinput.run("how-to-type", "--layout", "us", "--no-compose", "ał")
        #expect(human.status == 0, "\(human)")
        #expect(human.stdout.contains("U+0142"))
        #expect(human.stdout.contains("cannot be typed"), "\(human)")
        let json = try Keyinput.run("how-to-type", "--json", "--layout", "us", "--no-compose", "ał")
        #expect(json.status == 0, "\(json)")
        let root = try #require(try jsonObject(json) as? [String: Any])
        let characters = try #require(root["characters"] as? [[String: Any]])
        #expect(characters.map { $0["typeable"] as? Bool } == [true, false])
        #expect((characters[1]["methods"] as? [Any])?.isEmpty == true)
        #expect((root["untypeable"] as? NSNumber)?.intValue == 1)
    }

    @Test func emptyTextIsAUsageError() throws {
        let result = try Keyinput.run("how-to-type", "")
        #expect(result.status == 2, "\(result)")
    }
}

@Suite struct HowToTypeEquivalenceAndLayoutTests {
    @Test(arguments: ["\u{E9}", "e\u{301}"])
    func eAcuteOnCdIsEThenTheCombiningAcute(query: String) throws {
        let result = try Keyinput.run(["how-to-type", "--layout", "cd", "--no-compose", query])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("sequence KEY_E KEY_2"), "\(result)")
        #expect(!result.stdout.contains("cannot be typed"), "\(result)")
    }

    @Test func aSecondLayoutSaysHowToReachIt() throws {
        let result = try Keyinput.run(
            ["how-to-type", "--layout", "us,ru", "--options", "grp:alt_shift_toggle", "--no-compose", "ж"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("in layout 2 (Russian), reached with: press KEY_LEFTSHIFT+KEY_LEFTALT"), "\(result)")
        let typed = try Keyinput.run(
            ["type", "--text", "--layout", "us,ru", "--options", "grp:alt_shift_toggle", "KEY_LEFTSHIFT+KEY_LEFTALT", "KEY_SEMICOLON"])
        #expect(typed.stdout == "ж\n", "\(typed)")
        let json = try Keyinput.run(
            ["how-to-type", "--json", "--layout", "us,ru", "--options", "grp:alt_shift_toggle", "--no-compose", "ж"])
        let root = try #require(try jsonObject(json) as? [String: Any])
        #expect(root["layoutRoutes"] as? [String: String] == ["2": "press KEY_LEFTSHIFT+KEY_LEFTALT"], "\(json)")
    }
}
