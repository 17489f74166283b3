import KeyInputIBus
import KeyInputKit
import Testing

@testable import KeyInputWayland

/// What text-input-v3 carries, computed without a compositor: the
/// surrounding text's window, the order `done` applies, the content type,
/// and which input method the host chooses.
@Suite("text-input-v3 values")
struct TextInputProtocolTests {
    @Test("Surrounding text over 4000 bytes is cut around the caret, never inside a character")
    func surroundingTextIsCutAroundTheCaret() {
        // 3000 two-byte scalars before the caret, 3000 three-byte ones after: 15000 bytes.
        let before = String(repeating: "é", count: 3000)
        let after = String(repeating: "한", count: 3000)
        let window = TextInputSurroundingText(SurroundingText(text: before + after, cursor: 3000))
        #expect(window.text.utf8.count == 4000)
        // Half the budget before the caret, what fits after it (666 × 3 bytes), and the 2 bytes left before it.
        #expect(window.text == String(repeating: "é", count: 1001) + String(repeating: "한", count: 666))
        #expect(window.cursor == 2002)
        #expect(window.anchor == window.cursor)
    }

    @Test("Short text goes whole; room the caret's other side leaves unused goes to this side")
    func shortTextGoesWholeAndUnusedRoomIsGivenBack() {
        let short = TextInputSurroundingText(SurroundingText(text: "héllo wörld", cursor: 5, anchor: 1))
        #expect(short.text == "héllo wörld")
        #expect(short.cursor == 6)
        #expect(short.anchor == 1)
        // Caret at the end of 3000 é: all 4000 bytes are spent before it.
        let atEnd = TextInputSurroundingText(SurroundingText(text: String(repeating: "é", count: 3000), cursor: 3000))
        #expect(atEnd.text.utf8.count == 4000)
        #expect(atEnd.cursor == 4000)
    }

    @Test("A selection end outside the window moves to its edge; a NUL goes as a space")
    func anchorOutsideTheWindowIsClampedAndNulIsReplaced() {
        let text = String(repeating: "a", count: 5000) + "\u{0}b"
        let window = TextInputSurroundingText(SurroundingText(text: text, cursor: 5001, anchor: 0))
        #expect(window.anchor == 0)
        #expect(window.text.hasSuffix(" b"))
        #expect(!window.text.contains("\u{0}"))
        #expect(window.cursor == window.text.utf8.count - 1)
    }

    @Test("Bytes to delete become whole scalars; a count ending inside one leaves it")
    func deletionBytesBecomeScalars() {
        let window = TextInputSurroundingText(SurroundingText(text: "a한é|b", cursor: 3))
        func scalars(_ before: Int, _ after: Int) -> [Int] {
            let count = window.scalars(before: before, after: after)
            return [count.before, count.after]
        }
        #expect(scalars(5, 1) == [2, 1])  // 한é, and |
        #expect(scalars(4, 0) == [1, 0])  // é, and not part of 한
        #expect(scalars(100, 100) == [3, 2])
    }

    @Test("done applies the old preedit's removal, deletion, commit, then the new preedit")
    func doneAppliesInTheProtocolsOrder() {
        var batch = TextInputBatch()
        batch.preedit = "나"
        batch.preeditCursor = (0, 3)
        batch.commit = "가"
        batch.delete = (3, 0)
        let known = TextInputSurroundingText(SurroundingText(text: "x한", cursor: 2))
        let events = batch.events(showsPreedit: true, surroundingText: known)
        #expect(
            events == [
                .preedit("", MarkedTextAttributes()),
                .deleteSurrounding(offset: -1, count: 1),
                .commit("가"),
                .preedit("나", MarkedTextAttributes(segments: [.init(range: 0..<3, style: .highlight)], caret: 3)),
            ])
    }

    @Test("An empty done ends a shown preedit; a preedit alone replaces it without ending it first")
    func preeditOnlyBatches() {
        #expect(TextInputBatch().events(showsPreedit: true, surroundingText: nil) == [.preedit("", .init(caret: 0))])
        #expect(TextInputBatch().events(showsPreedit: false, surroundingText: nil).isEmpty)
        var batch = TextInputBatch()
        batch.preedit = "한"
        batch.preeditCursor = (3, 3)
        #expect(batch.events(showsPreedit: true, surroundingText: nil) == [.preedit("한", .init(caret: 3))])
        // A hidden caret (-1, -1) and out-of-range offsets do not crash: the caret goes to the end.
        batch.preeditCursor = (-1, -1)
        #expect(batch.preeditAttributes == MarkedTextAttributes())
        batch.preeditCursor = (99, 7)
        #expect(batch.preeditAttributes == MarkedTextAttributes(caret: 3))
    }

    @Test("A deletion before any surrounding text was sent deletes nothing")
    func deletionWithoutSurroundingTextIsDropped() {
        var batch = TextInputBatch()
        batch.delete = (3, 0)
        batch.commit = "x"
        #expect(batch.events(showsPreedit: false, surroundingText: nil) == [.commit("x")])
    }

    @Test("The content type follows the keyboard type and the traits' hints")
    func contentTypeFromTraits() {
        var traits = TextInputTraits()
        traits.keyboardType = .emailAddress
        traits.autocapitalizationType = .none
        traits.spellCheckingType = .yes
        let email = TextInputContentType(InputMethodContext(traits: traits))
        #expect(email.purpose == 6)  // ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL
        #expect(email.hint == 0x2)  // spellcheck
        traits.keyboardType = .numberPad
        traits.autocapitalizationType = .sentences
        traits.spellCheckingType = .no
        traits.autocorrectionType = .yes
        let digits = TextInputContentType(InputMethodContext(traits: traits))
        #expect(digits.purpose == 2)  // digits
        #expect(digits.hint == 0x1 | 0x4)  // completion, auto_capitalization
        traits.autocapitalizationType = .words
        #expect(TextInputContentType(InputMethodContext(traits: traits)).hint & 0x20 != 0)  // titlecase
    }

    @Test("The host uses text-input-v3 when offered, else IBus over D-Bus; none switches both off")
    func inputMethodSelection() {
        for choice in [InputMethodChoice.automatic, .ibus, .fcitx] {
            #expect(WaylandHost.inputMethodKind(for: choice, offersTextInput: true) == .textInput)
            #expect(WaylandHost.inputMethodKind(for: choice, offersTextInput: false) == .ibus(choice))
        }
        #expect(WaylandHost.inputMethodKind(for: .none, offersTextInput: true) == .none)
        #expect(WaylandHost.inputMethodKind(for: .none, offersTextInput: false) == .none)
    }
}
