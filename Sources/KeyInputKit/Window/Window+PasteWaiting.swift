extension Window {
    /// A key, pointer or touch event that arrived while a paste was on its way.
    enum InputHeldForPaste {
        case key(KeyPress)
        case pointer(PointerEvent)
        case touch(Touch.Phase, id: Int, location: Point)
    }

    /// Whether keys and pointer events wait for a paste to land.
    ///
    /// A paste from another program arrives later (the X11 host reads it in
    /// INCR chunks while the loop runs on). What the person typed after
    /// Ctrl+V belongs after the pasted text, so key presses and pointer
    /// events wait in order and are delivered, each once, when it lands.
    public var isWaitingForPaste: Bool { pastesPending > 0 }

    /// Starts holding keys and pointer events until ``endWaitingForPaste()``.
    ///
    /// A control that pastes calls it before asking the pasteboard, and
    /// ``endWaitingForPaste()`` from the pasteboard's completion (which is
    /// called once, even when nothing came). Calls nest.
    public func beginWaitingForPaste() {
        pastesPending += 1
    }

    /// Ends one ``beginWaitingForPaste()``; when none is left, delivers what
    /// was held, oldest first (a held key that pastes again holds the rest).
    public func endWaitingForPaste() {
        guard pastesPending > 0 else { return }
        pastesPending -= 1
        while pastesPending == 0, !inputHeldForPaste.isEmpty {
            switch inputHeldForPaste.removeFirst() {
            case .key(let press): sendKeyPress(press)
            case .pointer(let event): sendPointerEvent(event)
            case .touch(let phase, let id, let location): sendTouch(phase, id: id, at: location)
            }
        }
    }

    /// Holds an event while a paste is on its way.
    ///
    /// - Returns: Whether the event waits.
    func holdsForPaste(_ input: InputHeldForPaste) -> Bool {
        guard pastesPending > 0 else { return false }
        inputHeldForPaste.append(input)
        return true
    }
}
