import XKB

extension Window {
    /// Routes a key press: the ``inputMethod`` first, when there is one and a
    /// typing responder is first responder; then a Ctrl+Shift+U code point
    /// entry (``UnicodeEntry``); then key commands along the chain,
    /// the presented input view, presses along the chain, then the window's
    /// own handling (text, Tab, Return, Escape).
    ///
    /// - Parameter press: A key press or release from a ``HardwareKeyboard`` or a host.
    public func sendKeyPress(_ press: KeyPress) {
        if inputStateUpdateIsPending { deliverPendingInputStateUpdate() }
        // Typed after a paste that has not landed yet: it goes after the pasted text.
        if _slowPath(pastesPending > 0), inputMethodRouter?.isRouting != true, holdsForPaste(.key(press)) { return }
        // The emoji picker's search takes typing before an input method would.
        if let picker = emojiPickerIfMade, presentedInputView === picker, picker.handleKeyPress(press) { return }
        // An open menu takes the keys before the input method, so the first responder's marked text stays.
        if _slowPath(mayRouteToEditMenu(press)), routeKeyToEditMenu(press) { return }
        if let router = inputMethodRouter, router.takes(press) { return }
        if _slowPath(unicodeEntry != nil || UnicodeEntry.starts(press)), routeUnicodeEntry(press) { return }
        if press.phase == .began, let command = matchingKeyCommand(for: press) {
            command.action()
            return
        }
        if let handler = presentedInputView as? InputViewKeyHandling, handler.handleKeyPress(press) {
            return
        }
        let start: Responder = firstResponder ?? self
        switch press.phase {
        case .began: start.pressesBegan(press)
        case .ended: start.pressesEnded(press)
        }
    }

    /// The first key command, from the first responder up the chain, that a key press matches.
    private func matchingKeyCommand(for press: KeyPress) -> KeyCommand? {
        var responder = firstResponder ?? self
        while true {
            // Indexed once per array: a plain letter is ruled out by a few compares, not ~20 matches.
            if let command = responder.keyCommand(matching: press) { return command }
            guard let next = responder.next else { return nil }
            responder = next
        }
    }

    /// The window's own keys, at the end of the chain: Tab and Shift+Tab
    /// move focus, Escape resigns, and text, BackSpace, Return and compose
    /// reach a ``KeyInput`` first responder.
    ///
    /// - Returns: Whether the press was handled.
    func handleKeyInput(_ press: KeyPress) -> Bool {
        let keysym = press.keysym
        if tabMovesFocus, keysym == .tab || keysym == .isoLeftTab,
            press.modifiers.significant.subtracting(.shift).isEmpty
        {
            if keysym == .isoLeftTab || press.modifiers.contains(.shift) { focusPrevious() } else { focusNext() }
            return true
        }
        if escapeResignsFirstResponder, keysym == .escape, firstResponder != nil {
            endEditing(force: false)
            return true
        }
        guard let input = firstResponderInput else { return false }
        if _slowPath(press.isShortcut), EmojiPicker.isShortcut(press), showEmojiPicker(for: input) { return true }
        switch press.textAction {
        case .none:
            return false
        case .composing(let sequence):
            if let marked = input as? MarkedTextInput {
                markedTextOwner = marked
                marked.setMarkedText(MarkedText.preedit(for: sequence))
            }
            return true
        case .composeCancelled:
            endMarkedText(in: firstResponder)
            return true
        case .deleteBackward:
            endMarkedText(in: firstResponder)
            input.deleteBackward()
            return true
        case .insertText(let text):
            endMarkedText(in: firstResponder)
            // Ctrl+ф on a Russian layout, Alt+A: shortcuts, not typing.
            if press.isShortcut && text != "\n" { return false }
            if text == "\n" {
                performReturn(on: input)
            } else {
                insertTyped(text, into: input)
            }
            return true
        }
    }

    /// Inserts typed text with the responder's smart quotes and dashes
    /// (``TextInputTransformer``): a replaced hyphen is deleted with
    /// ``KeyInput/deleteBackward()`` first, so the responder sees ordinary edits.
    func insertTyped(_ text: String, into input: KeyInput) {
        guard TextInputTransformer.mayTransform(text),
            let edit = TextInputTransformer(traits: input.textInputTraits)
                .edit(inserting: text, after: input.documentContextBeforeInput)
        else {
            input.insertText(text)
            return
        }
        for _ in 0..<edit.deletions { input.deleteBackward() }
        input.insertText(edit.text)
    }

    /// Ends the marked text of `responder`, if it has any: the step before a commit.
    func endMarkedText(in responder: Responder?) {
        guard let owner = markedTextOwner, owner === responder as AnyObject? else { return }
        markedTextOwner = nil
        owner.setMarkedText(nil)
    }

    /// Ends the marked text shown in this window, if any: its compose sequence was forgotten.
    func endMarkedText() { endMarkedText(in: firstResponder) }

    /// Presses Return on a typing responder: what it does comes from its
    /// return key type; with `enablesReturnKeyAutomatically`, nothing
    /// happens while the responder has no text.
    ///
    /// A return key type that resigns (Done) sends a control
    /// ``Control/Event/editingDidEndOnExit`` before it resigns, when it can.
    ///
    /// - Parameter input: The responder Return was pressed on.
    public func performReturn(on input: KeyInput) {
        let traits = input.textInputTraits
        if traits.enablesReturnKeyAutomatically && !input.hasText { return }
        switch traits.returnKeyType.behavior {
        case .insertNewline: input.insertText("\n")
        case .focusNext: focusNext()
        case .resign:
            if let control = input as? Control, control.isFirstResponder, control.canResignFirstResponder {
                control.sendActions(for: .editingDidEndOnExit)
            }
            endEditing(force: false)
        case .performAction: input.performReturnKeyAction()
        }
    }
}
