extension Window {
    /// Types text from an on-screen key that has no key code behind it (an
    /// alternate, a pad's digit) as typed text: marked text ends first, and
    /// a line break is the Return key.
    func typeOnScreen(_ text: String) {
        guard let input = firstResponder as? KeyInput else { return }
        endMarkedText(in: firstResponder)
        if text == "\n" { performReturn(on: input) } else { insertTyped(text, into: input) }
    }

    /// Deletes backward from an on-screen key with no key code behind it.
    func deleteBackwardOnScreen() {
        guard let input = firstResponder as? KeyInput else { return }
        endMarkedText(in: firstResponder)
        input.deleteBackward()
    }
}
