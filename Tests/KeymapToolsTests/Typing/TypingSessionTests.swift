import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct TypingSessionTests {
    /// The whole report of typing `tokens` on the US layout without compose.
    func report(_ tokens: String, format: TypingSession.Format, writes: UnsafeMutablePointer<Int>? = nil) throws
        -> String
    {
        let keymap = try XKBFixtures.keymap(layout: "us")
        let events = try TokenReader(keymap: keymap).events(in: tokens)
        var session = TypingSession(keymap: keymap, composeTable: nil, format: format)
        var bytes: [UInt8] = []
        session.type(events) { block in
            bytes += block
            writes?.pointee += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theTableShowsEachEventInColumnsThenTheText() throws {
        let table = try report("KEY_A KEY_LEFTSHIFT+KEY_A KEY_LEFTCTRL+KEY_A KEY_ENTER", format: .table)
        #expect(
            table == """
                down   KEY_A             a                   insertText("a")           -             English (US)
                up     KEY_A             a                   none                      -             English (US)
                down   KEY_LEFTSHIFT     Shift_L             none                      -             English (US)
                down   KEY_A             A                   insertText("A")           Shift         English (US)
                up     KEY_A             A                   none                      Shift         English (US)
                up     KEY_LEFTSHIFT     Shift_L             none                      Shift         English (US)
                down   KEY_LEFTCTRL      Control_L           none                      -             English (US)
                down   KEY_A             a                   none                      Control       English (US)
                up     KEY_A             a                   none                      Control       English (US)
                up     KEY_LEFTCTRL      Control_L           none                      Control       English (US)
                down   KEY_ENTER         Return              insertText("\\n")          -             English (US)
                up     KEY_ENTER         Return              none                      -             English (US)
                text: "aA\\n"

                """)
    }

    @Test func textThatNeedsEscapingIsShownAsAStringLiteral() throws {
        let table = try report("KEY_LEFTSHIFT+KEY_APOSTROPHE KEY_BACKSLASH", format: .table)
        #expect(table.contains(#"down   KEY_APOSTROPHE    quotedbl            insertText("\"")          Shift "#))
        #expect(table.contains(#"down   KEY_BACKSLASH     backslash           insertText("\\")          - "#))
        #expect(table.hasSuffix(#"text: "\"\\""# + "\n"))
    }

    @Test func aLongSessionComesInBlocksAndLosesNothing() throws {
        var writes = 0
        let table = try report(Array(repeating: "KEY_A", count: 20_000).joined(separator: " "), format: .table, writes: &writes)
        let lines = table.split(separator: "\n")
        #expect(writes > 1)
        #expect(lines.count == 40_001)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("English (US)") })
        let last = try #require(lines.last)
        #expect(last.hasPrefix("text: \"a") && last.hasSuffix("a\""))
        #expect(last.count == 20_000 + "text: \"\"".count, "the text line holds every letter typed")
    }

    @Test func textShowsOnlyTheTextEndingWithOneNewline() throws {
        #expect(try report("KEY_H KEY_I KEY_BACKSPACE KEY_O", format: .text) == "ho\n")
        #expect(try report("KEY_H KEY_ENTER", format: .text) == "h\n")
        #expect(try report("KEY_LEFTSHIFT", format: .text) == "\n")
    }

    @Test func jsonHoldsEveryEventThenTheText() throws {
        let json = try report("KEY_A", format: .json)
        #expect(
            json == """
                {"events":[{"key":"KEY_A","keycode":30,"direction":"down","keysyms":[97],"keysymNames":["a"],\
                "text":"a","action":"insertText","modifiers":[],"layout":0},{"key":"KEY_A","keycode":30,\
                "direction":"up","keysyms":[97],"keysymNames":["a"],"text":"","action":"none","modifiers":[],\
                "layout":0}],"text":"a"}

                """)
    }

    @Test func longJSONComesInBlocksAndStillParses() throws {
        var writes = 0
        let tokens = Array(repeating: "KEY_LEFTSHIFT+KEY_APOSTROPHE", count: 2_000).joined(separator: " ")
        let json = try report(tokens, format: .json, writes: &writes)
        #expect(writes > 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((root["events"] as? [Any])?.count == 8_000)
        #expect(root["text"] as? String == String(repeating: "\"", count: 2_000))
    }
}
