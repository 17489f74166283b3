import TestSupport
import Testing
import XKB

/// With no compose table a dead key waits for the next key and is never lost:
/// the next letter types the accent and itself, a space or the same dead key
/// types the accent alone (the rule GTK follows without a table).
@Suite struct DeadKeyWithoutComposeTests {
    /// `us(intl)`: the apostrophe key is dead_acute, the grave key dead_grave.
    private func decoder() throws -> KeyEventDecoder {
        let decoder = try XKBFixtures.decoder(layout: "us", variant: "intl")
        #expect(decoder.compose == nil)
        return decoder
    }

    @Test func aDeadKeyWaitsAsMarkedTextThenTypesItsAccentAndTheNextLetter() throws {
        let decoder = try decoder()
        let dead = decoder.decode("KEY_APOSTROPHE", .down)
        #expect(dead.action == .composing([Keysym(name: "dead_acute")!]))
        decoder.decode("KEY_APOSTROPHE", .up)
        #expect(decoder.type("KEY_E") == "´e")
        #expect(decoder.type("KEY_E") == "e")  // the accent went with the first letter only
    }

    @Test func aDeadKeyThenSpaceTypesTheSpacingAccent() throws {
        let decoder = try decoder()
        #expect(decoder.type("KEY_APOSTROPHE", "KEY_SPACE") == "´")
    }

    @Test func aDeadKeyTwiceTypesTheAccentOnce() throws {
        let decoder = try decoder()
        #expect(decoder.type("KEY_APOSTROPHE", "KEY_APOSTROPHE") == "´")
    }

    @Test func twoDifferentDeadKeysTypeBothAccents() throws {
        let decoder = try decoder()
        #expect(decoder.type("KEY_APOSTROPHE", "KEY_GRAVE") == "´`")
    }

    @Test func shiftBetweenTheDeadKeyAndTheLetterKeepsTheAccentWaiting() throws {
        let decoder = try decoder()
        #expect(decoder.type("KEY_APOSTROPHE", "KEY_LEFTSHIFT+KEY_E") == "´E")
    }

    @Test func backSpaceAfterADeadKeyDropsTheAccentAndDeletesNothing() throws {
        let decoder = try decoder()
        decoder.tap("KEY_APOSTROPHE")
        #expect(decoder.decode("KEY_BACKSPACE", .down).action == .composeCancelled)
        decoder.decode("KEY_BACKSPACE", .up)
        #expect(decoder.type("KEY_E") == "e")
    }

    @Test func resetComposeForgetsAWaitingDeadKey() throws {
        let decoder = try decoder()
        decoder.tap("KEY_APOSTROPHE")
        decoder.resetCompose()
        #expect(decoder.type("KEY_E") == "e")
    }
}
