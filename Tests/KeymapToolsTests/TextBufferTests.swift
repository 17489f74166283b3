import KeymapTools
import Testing
import XKB

@Suite struct TextBufferTests {
    @Test func insertedTextIsAppended() {
        var buffer = TextBuffer()
        #expect(buffer.text == "")
        buffer.apply(.insertText("Hé"))
        buffer.apply(.insertText("\n"))
        buffer.apply(.insertText("ф"))
        #expect(buffer.text == "Hé\nф")
    }

    @Test func deleteBackwardRemovesTheLastUnicodeScalar() {
        var buffer = TextBuffer()
        buffer.apply(.insertText("ab"))
        buffer.apply(.deleteBackward)
        #expect(buffer.text == "a")
    }

    @Test func deleteBackwardRemovesACombiningMarkOnItsOwn() {
        // "e" then a combining acute typed on its own key: one BackSpace undoes the accent only.
        var buffer = TextBuffer()
        buffer.apply(.insertText("e"))
        buffer.apply(.insertText("\u{301}"))
        #expect(buffer.text == "é")
        buffer.apply(.deleteBackward)
        #expect(buffer.text == "e")
        #expect(buffer.text.unicodeScalars.count == 1)
    }

    @Test func deleteBackwardRemovesAPrecomposedCharacterWhole() {
        var buffer = TextBuffer()
        buffer.apply(.insertText("x\u{E9}"))
        buffer.apply(.deleteBackward)
        #expect(buffer.text == "x")
    }

    @Test func deleteBackwardOnAnEmptyBufferDoesNothing() {
        var buffer = TextBuffer()
        buffer.apply(.deleteBackward)
        #expect(buffer.text == "")
        buffer.apply(.insertText("a"))
        buffer.apply(.deleteBackward)
        buffer.apply(.deleteBackward)
        #expect(buffer.text == "")
    }

    @Test func composingCancellingAndNothingLeaveTheTextAlone() throws {
        var buffer = TextBuffer()
        buffer.apply(.insertText("a"))
        buffer.apply(.composing([try #require(Keysym(name: "dead_acute"))]))
        buffer.apply(.composeCancelled)
        buffer.apply(.none)
        #expect(buffer.text == "a")
    }
}
