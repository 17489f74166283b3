import TestSupport
import Testing
import XKB

@Suite struct ComposeStateTests {
    func keysym(_ name: String) throws -> Keysym { try #require(Keysym(name: name)) }

    func makeState() throws -> ComposeState {
        ComposeState(table: try XKBFixtures.composeTable())
    }

    @Test func aNewStateComposesNothing() throws {
        let state = try makeState()
        #expect(state.status == .nothing)
        #expect(state.text == "")
        #expect(state.keysym == .noSymbol)
    }

    @Test func aDeadKeyStartsASequenceAndALetterCompletesIt() throws {
        let state = try makeState()
        #expect(state.feed(try keysym("dead_acute")) == .accepted)
        #expect(state.status == .composing)
        #expect(state.text == "")
        #expect(state.feed(try keysym("e")) == .accepted)
        #expect(state.status == .composed)
        #expect(state.text == "é")
        #expect(state.keysym.name == "eacute")
    }

    @Test func theComposeKeyStartsLongerSequences() throws {
        let state = try makeState()
        state.feed(.multiKey)
        state.feed(try keysym("o"))
        #expect(state.status == .composing)
        state.feed(try keysym("c"))
        #expect(state.status == .composed)
        #expect(state.text == "©")
    }

    @Test func aKeyThatContinuesNoSequenceCancelsIt() throws {
        let state = try makeState()
        state.feed(try keysym("dead_acute"))
        state.feed(try keysym("Right"))
        #expect(state.status == .cancelled)
        #expect(state.text == "")
    }

    @Test func aKeyOutsideAnySequenceIsNothing() throws {
        let state = try makeState()
        #expect(state.feed(try keysym("q")) == .accepted)
        #expect(state.status == .nothing)
    }

    @Test func afterACompletedSequenceTheNextKeyStartsAfresh() throws {
        let state = try makeState()
        state.feed(try keysym("dead_acute"))
        state.feed(try keysym("e"))
        state.feed(try keysym("x"))
        #expect(state.status == .nothing)
        #expect(state.text == "")
    }

    @Test func resetForgetsTheSequence() throws {
        let state = try makeState()
        state.feed(try keysym("dead_acute"))
        state.reset()
        #expect(state.status == .nothing)
        state.feed(try keysym("e"))
        #expect(state.status == .nothing)
    }

    @Test(arguments: ["Shift_L", "Shift_R", "Control_L", "Alt_R", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock"])
    func modifierKeysymsAreIgnoredInTheMiddleOfASequence(name: String) throws {
        let state = try makeState()
        state.feed(try keysym("dead_acute"))
        #expect(state.feed(try keysym(name)) == .ignored)
        #expect(state.status == .composing)
        state.feed(try keysym("E"))
        #expect(state.text == "É")
    }

    @Test(arguments: [
        "Shift_L", "Control_R", "Caps_Lock", "Shift_Lock", "Meta_L", "Alt_L", "Super_R", "Hyper_L",
        "ISO_Lock", "ISO_Level3_Shift", "ISO_Level3_Latch", "ISO_Level5_Shift", "ISO_Level5_Lock",
        "ISO_Group_Latch", "ISO_Next_Group", "ISO_Last_Group_Lock", "Mode_switch", "Num_Lock",
        "a", "Return", "dead_acute", "Multi_key", "Scroll_Lock", "ISO_Left_Tab", "ISO_Enter",
    ])
    func keysymIsModifierAgreesWithWhatComposeIgnores(name: String) throws {
        let state = try makeState()
        let sym = try keysym(name)
        #expect((state.feed(sym) == .ignored) == sym.isModifier)
    }
}
