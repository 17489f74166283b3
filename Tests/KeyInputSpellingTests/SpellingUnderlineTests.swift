import KeyInputCairo
import KeyInputKit
import KeyInputKitTesting
import KeyInputSpelling
import Testing

@Suite("Misspelt words are underlined, after the caret leaves them, where spell checking is on")
@MainActor
struct SpellingUnderlineTests {
    @Test("\"teh\" is not underlined while it is typed, and is once the caret leaves it")
    func tehAfterTheCaretLeaves() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        try fixture.tester.type("teh")
        try fixture.present()
        #expect(fixture.underlined(field) == [], "the word being typed is marked")
        try fixture.tester.type(" is")
        try fixture.present()
        #expect(fixture.underlined(field) == ["teh"])
    }

    @Test("the caret moving back into a misspelt word does not hide it; typing in it again does")
    func caretBackInTheWord() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        try fixture.tester.type("teh cat")
        try fixture.present()
        #expect(fixture.underlined(field) == ["teh"])
        field.selectedRange = 2..<2
        try fixture.present()
        #expect(fixture.underlined(field) == ["teh"])
        try fixture.tester.type("h")
        try fixture.present()
        #expect(fixture.underlined(field) == [], "\"tehh\" is being typed")
    }

    @Test("a secure field, an e-mail field, a URL field and a number pad are not checked")
    func offWhereUIKitTurnsItOff() throws {
        let fixture = try SpellingFixture()
        let secure = fixture.field { $0.isSecureTextEntry = true }
        let email = fixture.field { $0.keyboardType = .emailAddress }
        let emailContent = fixture.field { $0.textContentType = .emailAddress }
        let url = fixture.field { $0.keyboardType = .url }
        let pad = fixture.field { $0.keyboardType = .numberPad }
        for field in [secure, email, emailContent, url, pad] {
            field.text = "teh cat"
        }
        try fixture.present()
        for field in [secure, email, emailContent, url, pad] {
            #expect(fixture.underlined(field) == [], "\(field.textInputTraits)")
        }
    }

    @Test(".yes checks an e-mail field, .no turns checking off in a plain one")
    func yesAndNo() throws {
        let fixture = try SpellingFixture()
        let email = fixture.field {
            $0.keyboardType = .emailAddress
            $0.spellCheckingType = .yes
        }
        let plain = fixture.field { $0.spellCheckingType = .no }
        email.text = "teh cat"
        plain.text = "teh cat"
        try fixture.present()
        #expect(fixture.underlined(email) == ["teh"])
        #expect(fixture.underlined(plain) == [])
    }

    @Test("German words in a de_DE field are not underlined, a misspelt one is; the same words are in en_US")
    func germanField() throws {
        let fixture = try SpellingFixture()
        let german = fixture.field(languages: ["de_DE"])
        let english = fixture.field(languages: ["en_US"])
        german.text = "Das Haus ist schön, die Strasze nicht."
        english.text = "Das Haus ist schön, die Strasze nicht."
        try fixture.present()
        #expect(fixture.underlined(german) == ["Strasze"])
        #expect(fixture.underlined(english).contains("schön"))
        #expect(fixture.underlined(english).contains("Haus"))
    }

    @Test("with no language named, a German keyboard layout checks with the de_DE dictionary")
    func languageFromTheKeyboardLayout() throws {
        let fixture = try SpellingFixture(layout: "de")
        let field = fixture.field(languages: nil)
        #expect(field.effectiveSpellCheckingLanguages == ["deu"])
        try fixture.tester.type("Das Haus ist schön, teh ")
        try fixture.present()
        #expect(field.text == "Das Haus ist schön, teh ")
        #expect(fixture.underlined(field) == ["teh"])
        let us = try SpellingFixture(layout: "us")
        let english = us.field(languages: nil)
        try us.tester.type("Das Haus ist teh ")
        try us.present()
        #expect(us.underlined(english).contains("Haus"))
    }

    @Test("a language with no dictionary installed: no squiggle, one notice in the log, no error")
    func missingDictionary() throws {
        let fixture = try SpellingFixture()
        // Debian's hunspell-nl is not installed here.
        let first = fixture.field(languages: ["nl_NL"])
        let second = fixture.field(languages: ["nl"])
        first.text = "Het huis is groot, teh xqzt."
        second.text = "Het huis is groot, teh xqzt."
        try fixture.present()
        try fixture.present()
        #expect(fixture.underlined(first) == [])
        #expect(fixture.underlined(second) == [])
        let notices = fixture.log.notices
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.contains("nl") == true)
    }

    @Test("words with digits, addresses, e-mail addresses, acronyms, and Japanese and Thai (no spaces to split at) are left alone")
    func skippedWords() throws {
        let fixture = try SpellingFixture()
        let view = fixture.field()
        view.text = "mp3 qwxz9 https://exmpl.org/pth x@exmpl.org www.exmpl.org NASA QWXZ 日本語 สวัสดีครับ teh cat"
        try fixture.present()
        #expect(fixture.underlined(view) == ["teh"])
    }

    @Test("the squiggle is red pixels under the misspelt word and none under the correct one")
    func squigglePixels() throws {
        let fixture = try SpellingFixture()
        let field = fixture.field()
        field.text = "teh cat"
        fixture.window.endEditing(force: true)
        let canvas = try fixture.present()
        let layout = field.layout(forParagraph: 0)
        let origin = field.frameInWindow.origin
        let textLeft = origin.x + 4
        let word = layout.selectionRects(for: 0..<3)[0]
        let cat = layout.selectionRects(for: 4..<7)[0]
        let top = Int(origin.y), bottom = Int(origin.y + field.frame.height)
        func redPixels(from minX: Double, to maxX: Double) -> [(Int, Int)] {
            var found: [(Int, Int)] = []
            for y in top..<bottom {
                for x in Int(textLeft + minX)..<Int(textLeft + maxX) {
                    if let color = canvas.color(atX: x, y: y), color.red > 0.6, color.green < 0.4, color.blue < 0.4 {
                        found.append((x, y))
                    }
                }
            }
            return found
        }
        let underWord = redPixels(from: word.minX, to: word.maxX)
        #expect(underWord.count > 10, "no squiggle under \"teh\"")
        let rows = Set(underWord.map(\.1))
        let baseline = origin.y + (field.frame.height - layout.size.height) / 2 + layout.lines[0].baseline
        #expect(rows.allSatisfy { Double($0) >= baseline }, "the squiggle is not below the baseline: \(rows.sorted())")
        #expect(rows.count >= 2, "a straight line, not a wave: rows \(rows.sorted())")
        #expect(redPixels(from: cat.minX, to: cat.maxX).isEmpty, "\"cat\" is underlined")
    }
}
