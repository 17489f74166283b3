import Testing
import XKB

@Suite struct TextActionTests {
    @Test func actionsHaveShortNamesAndReadableDescriptions() throws {
        let dead = try #require(Keysym(name: "dead_acute"))
        #expect(TextAction.insertText("é\n").description == #"insertText("é\n")"#)
        #expect(TextAction.composing([dead, .multiKey]).description == "composing(dead_acute Multi_key)")
        #expect(TextAction.deleteBackward.description == "deleteBackward")
        #expect(
            [TextAction.none, .insertText("a"), .deleteBackward, .composing([]), .composeCancelled].map(\.name)
                == ["none", "insertText", "deleteBackward", "composing", "composeCancelled"])
    }
}
