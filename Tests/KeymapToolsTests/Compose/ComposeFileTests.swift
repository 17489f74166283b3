import KeymapTools
import Testing
import XKB

/// Reading the Compose format: sequences, results, includes, and bad lines as problems.
@Suite struct ComposeFileTests {
    func read(_ text: String) -> ComposeFile { ComposeFile(bytes: Array(text.utf8)) }

    @Test func sequencesTextKeysymsAndIncludesAreRead() throws {
        let file = read(
            #"""
            # comment
            include "%L"  # the system's
            <Multi_key> <a> <e> : "æ" ae   # with a comment
            <dead_acute> <w>: "ẃ"
            <Multi_key> <o> <c> : copyright
            ! Ctrl <Multi_key> <U00E9> : "\342\200\224 \x41 \"q\" \\"
            """#)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.includes.map(\.path) == ["%L"])
        #expect(file.includes.map(\.line) == [2])
        #expect(file.entries.map(\.line) == [3, 4, 5, 6])
        #expect(file.entries[0].sequence.map(\.name) == ["Multi_key", "a", "e"])
        #expect(file.entries[0].text == "æ")
        #expect(file.entries[0].keysym?.name == "ae")
        #expect(file.entries[1].keysym == nil)
        #expect(file.entries[2].text == nil)
        #expect(file.entries[2].keysym?.name == "copyright")
        #expect(file.entries[3].sequence.map(\.name) == ["Multi_key", "eacute"])
        #expect(file.entries[3].text == "— A \"q\" \\")
    }

    @Test(arguments: [
        (#"<a> <b> "x""#, #"a sequence needs ":" before its result"#),
        (#"<a> <b : "x""#, #""<b" has no closing ">""#),
        (#"<a> <nosuchkeysym> : "x""#, "unknown keysym <nosuchkeysym>"),
        (#"<a> : "unterminated"#, "missing closing quote"),
        (#"<a> : "x" nosuchkeysym"#, #"unknown keysym "nosuchkeysym" as the result"#),
        ("<a> :", #"nothing after ":""#),
        (#"a b : "x""#, "write keysyms in angle brackets, as <a>"),
        (#"<a> : "\xff""#, "not UTF-8"),
        (#"include %L"#, "expected a string in double quotes"),
        (#"<a> : "x" y z"#, "text after the result"),
    ])
    func aBadLineIsAProblemOnItsLine(line: String, message: String) {
        let file = read("# first\n" + line + "\n<a> <b> : \"ok\"\n")
        #expect(file.problems.map(\.line) == [2], "\(file.problems)")
        #expect(file.problems.first?.message.contains(message) == true, "\(file.problems)")
        #expect(file.entries.map(\.line) == [3])
    }

    @Test func bytesThatAreNotUTF8AreAProblemNotACrash() {
        let file = ComposeFile(bytes: Array("<a> : \"x\"\n<b> : \"".utf8) + [0xff, 0xfe] + Array("\"\r\n<c> : \"z\"".utf8))
        #expect(file.problems.map(\.line) == [2])
        #expect(file.problems.first?.message == "not valid UTF-8")
        #expect(file.entries.map(\.line) == [1, 3])
    }
}
