import KeymapTools
import Testing
import XKB

@Suite struct KeyTestParserTests {
    /// The statement of a one-line file, or the error message.
    func parseOne(_ line: String, folder: String = "/specs") throws -> Result<KeyTestStatement, KeyTestSyntaxError> {
        let lines = KeyTestParser.parse(line, folder: folder)
        try #require(lines.count == 1)
        return lines[0].statement
    }

    func statement(_ line: String, folder: String = "/specs") throws -> KeyTestStatement {
        try parseOne(line, folder: folder).get()
    }

    func errorMessage(_ line: String) throws -> String {
        guard case .failure(let error) = try parseOne(line) else {
            Issue.record("\(line) parsed without an error")
            return ""
        }
        return error.message
    }

    // MARK: Directives

    @Test func keymapByNames() throws {
        #expect(
            try statement("keymap layout=de variant=nodeadkeys")
                == .keymap(.names(RuleNames(layout: "de", variant: "nodeadkeys"))))
        #expect(
            try statement("keymap rules=evdev model=pc105 layout=us,ru variant=,phonetic options=grp:alt_shift_toggle")
                == .keymap(
                    .names(
                        RuleNames(
                            rules: "evdev", model: "pc105", layout: "us,ru", variant: ",phonetic",
                            options: "grp:alt_shift_toggle"))))
    }

    @Test func keymapValuesMayBeQuoted() throws {
        #expect(try statement(#"keymap layout="de""#) == .keymap(.names(RuleNames(layout: "de"))))
    }

    @Test func keymapFilePathsAreRelativeToTheTestFile() throws {
        #expect(try statement("keymap file=my.xkb") == .keymap(.file("/specs/my.xkb")))
        #expect(try statement("keymap file=sub/my.xkb", folder: "rel") == .keymap(.file("rel/sub/my.xkb")))
        #expect(try statement("keymap file=/abs/my.xkb") == .keymap(.file("/abs/my.xkb")))
    }

    @Test func includeFoldersAreRelativeToTheTestFile() throws {
        #expect(try statement("include keymaps") == .include("/specs/keymaps"))
        #expect(try statement(#"include "my keymaps""#) == .include("/specs/my keymaps"))
        #expect(try statement("include /usr/share/xkb") == .include("/usr/share/xkb"))
    }

    @Test func composeSettings() throws {
        #expect(try statement("compose en_US.UTF-8") == .compose(.locale("en_US.UTF-8")))
        #expect(try statement("compose off") == .compose(.off))
        #expect(try statement("compose file=My.compose") == .compose(.file("/specs/My.compose")))
    }

    @Test func typeTakesTokensAndTheExpectedText() throws {
        #expect(
            try statement(#"type KEY_Y   KEY_LEFTSHIFT+KEY_Z => "yZ""#)
                == .type(tokens: ["KEY_Y", "KEY_LEFTSHIFT+KEY_Z"], expected: "yZ"))
        #expect(try statement(#"type KEY_A KEY_BACKSPACE => """#) == .type(tokens: ["KEY_A", "KEY_BACKSPACE"], expected: ""))
        #expect(try statement("type KEY_A => a") == .type(tokens: ["KEY_A"], expected: "a"))
    }

    @Test func keysymsTakesTokensAndKeysymNames() throws {
        #expect(
            try statement("keysyms KEY_RIGHTALT+KEY_Q => at")
                == .keysyms(tokens: ["KEY_RIGHTALT+KEY_Q"], expected: ["at"]))
        #expect(try statement("keysyms KEY_F13 => NoSymbol") == .keysyms(tokens: ["KEY_F13"], expected: ["NoSymbol"]))
        #expect(try statement("keysyms KEY_A =>") == .keysyms(tokens: ["KEY_A"], expected: []))
        #expect(try statement("keysyms <AC02> => s t") == .keysyms(tokens: ["<AC02>"], expected: ["s", "t"]))
    }

    @Test func canTypeAndCannotType() throws {
        #expect(try statement(#"can-type "äöüß€""#) == .canType("äöüß€"))
        #expect(try statement(#"cannot-type "ł""#) == .cannotType("ł"))
        #expect(try statement("can-type abc") == .canType("abc"))
    }

    @Test func onlyTheTestLinesAreAssertions() throws {
        let settings = ["keymap layout=us", "include x", "compose off"]
        let assertions = [#"type KEY_A => "a""#, "keysyms KEY_A => a", #"can-type "a""#, #"cannot-type "ł""#]
        for line in settings { #expect(try !statement(line).isAssertion, "\(line)") }
        for line in assertions { #expect(try statement(line).isAssertion, "\(line)") }
    }

    // MARK: Quoting and comments

    @Test func textThatStartsWithACombiningMarkKeepsItsQuotes() throws {
        // `"` followed by U+094C (Devanagari vowel sign AU) is a single Character.
        #expect(try statement("can-type \"\u{094C}\u{0915}\"") == .canType("\u{094C}\u{0915}"))
        #expect(try statement("type KEY_A => \"\u{0301}\"") == .type(tokens: ["KEY_A"], expected: "\u{0301}"))
        #expect(try statement("cannot-type \"\u{0301}\" # a comment after a combining mark") == .cannotType("\u{0301}"))
        #expect(try errorMessage("can-type \"\u{0301}").hasPrefix("missing closing quote"))
    }

    @Test func escapesInQuotedText() throws {
        #expect(
            try statement(#"type KEY_A => "a\"b\\c\nd\te\u{E9}\u{1F600}""#)
                == .type(tokens: ["KEY_A"], expected: "a\"b\\c\nd\te\u{E9}\u{1F600}"))
    }

    @Test func aHashInsideQuotesIsText() throws {
        #expect(
            try statement(##"type KEY_LEFTSHIFT+KEY_3 => "#" # the hash key"##)
                == .type(tokens: ["KEY_LEFTSHIFT+KEY_3"], expected: "#"))
        #expect(
            try statement(##"type KEY_A => "a\"#b" # an escaped quote does not end the text"##)
                == .type(tokens: ["KEY_A"], expected: "a\"#b"))
    }

    @Test func commentsAndBlankLinesAreSkippedButCounted() throws {
        let text = """
            # A test file

            keymap layout=us   # US
               \t
            type KEY_A => "a"
            """
        let lines = KeyTestParser.parse(text, folder: ".")
        #expect(lines.map(\.number) == [3, 5])
        #expect(lines.map(\.source) == ["keymap layout=us", #"type KEY_A => "a""#])
    }

    @Test func windowsLineEndingsAreAccepted() throws {
        let lines = KeyTestParser.parse("keymap layout=de\r\n\r\ntype KEY_Y => \"z\"\r\n", folder: ".")
        try #require(lines.count == 2)
        #expect(lines.map(\.number) == [1, 3])
        #expect(lines[1].source == #"type KEY_Y => "z""#)
        #expect(try lines[1].statement.get() == .type(tokens: ["KEY_Y"], expected: "z"))
    }

    // MARK: Errors

    @Test func aMisspeltDirectiveSuggestsTheRightOne() throws {
        let message = try errorMessage(#"tpye KEY_A => "a""#)
        #expect(message.contains("unknown directive \"tpye\""))
        #expect(message.contains("did you mean type"))
    }

    @Test func aMisspeltKeymapSettingSuggestsTheRightOne() throws {
        let message = try errorMessage("keymap layuot=de")
        #expect(message.contains("unknown keymap setting \"layuot\""))
        #expect(message.contains("did you mean layout"))
    }

    @Test(arguments: [
        ("keymap", "keymap needs NAME=VALUE settings"),
        ("keymap us", "expected NAME=VALUE"),
        ("keymap layout=us layout=de", "layout= given twice"),
        ("keymap file=my.xkb layout=us", "cannot be combined"),
        ("include", "include needs a folder"),
        ("compose en US", "compose takes a locale"),
        ("compose", "compose takes a locale"),
        (#"type KEY_A "a""#, "needs \"=>\""),
        (#"type => "a""#, "needs key tokens"),
        ("keysyms KEY_A => notakeysym", "unknown keysym name \"notakeysym\""),
        (#"type KEY_A => "a"#, "missing closing quote"),
        (#"type KEY_A => "a" b"#, "text after the closing quote"),
        (#"type KEY_A => "\q""#, "unknown escape \\q"),
        (#"type KEY_A => "\u{110000}""#, "is not a Unicode scalar"),
        (#"type KEY_A => "\u{zz}""#, "is not a Unicode scalar"),
        (#"type KEY_A => "\u41""#, "\\u needs {HEX}"),
        (#"type KEY_A => a"b"#, "stray quote"),
        (#"can-type "abc"#, "missing closing quote"),
    ])
    func malformedLinesSayWhatIsWrong(line: String, expected: String) throws {
        #expect(try errorMessage(line).contains(expected))
    }

    @Test func anErrorKeepsItsLineNumberAndSource() throws {
        let lines = KeyTestParser.parse("keymap layout=us\n\ntpye KEY_A # oops\n", folder: ".")
        #expect(lines.count == 2)
        #expect(lines[1].number == 3)
        #expect(lines[1].source == "tpye KEY_A")
        guard case .failure = lines[1].statement else {
            Issue.record("expected a syntax error")
            return
        }
    }
}
