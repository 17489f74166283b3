import Logging

/// Offers a window's keys to its input method, one answer at a time and in
/// order, and applies what the input method sends back to the first responder.
@MainActor
final class InputMethodRouter: InputMethodDelegate {
    static let logger = Logger(label: "KeyInputKit.InputMethod")

    unowned let window: Window
    let inputMethod: InputMethod
    /// The typing responder the input method is focused on, if any.
    private(set) weak var focused: Responder?
    /// The key offered and not answered yet, and when it goes through unanswered.
    private(set) var pending: (press: KeyPress, serial: Int, deadline: Double)?
    /// What happened while an answer was pending, oldest first: keys, and
    /// pointer events (a click must not overtake the keys typed before it).
    private var waiting: [Waiting] = []
    private enum Waiting {
        case key(KeyPress)
        case pointer(PointerEvent)
        case touch(Touch.Phase, id: Int, location: Point)
    }
    private var serial = 0
    /// Set while the router itself routes a key (unanswered, unhandled or forwarded): it is not offered again.
    private(set) var isRouting = false
    /// The preedit shown now, committed when focus leaves.
    private var preedit = ""
    private var lastCaretRect: Rect?
    /// Whether the input method asked for the surrounding text: it gets it again whenever it changes.
    private var wantsSurroundingText = false
    private var lastSurroundingText: SurroundingText?
    /// Whether the window has the desktop's keyboard focus; the input method is focused only then.
    private var windowHasFocus = true
    /// Whether the user activated the first responder (a press or tap in it, or
    /// focus moving on from a responder they activated): the system's
    /// on-screen keyboard is asked for while a typing responder stays first.
    private(set) var onScreenKeyboardRequested = false
    private var inputStateToken: ObservationToken?

    init(window: Window, inputMethod: InputMethod) {
        self.window = window
        self.inputMethod = inputMethod
        inputMethod.delegate = self
        inputStateToken = window.observeFirstResponderInputState { [weak self] in
            self?.sendCaretRect()
            self?.sendSurroundingText()
        }
        firstResponderDidChange()
    }

    /// Detaches from the input method, which loses focus.
    func detach() {
        if focused != nil { inputMethod.focusOut() }
        focused = nil
        inputMethod.delegate = nil
        inputStateToken = nil
        let keys = (pending.map { [Waiting.key($0.press)] } ?? []) + waiting
        pending = nil
        waiting = []
        for item in keys { replay(item) }
    }

    // MARK: Keys

    /// Takes a key for the input method: offers it, or queues it behind the
    /// key waiting for an answer.
    ///
    /// - Returns: `false` when the key takes the normal route now: no typing
    ///   responder, the daemon is gone, or the router itself routes it.
    func takes(_ press: KeyPress) -> Bool {
        guard !isRouting, focused != nil, inputMethod.isAvailable else { return false }
        if pending != nil {
            waiting.append(.key(press))
        } else {
            offer(press)
        }
        return true
    }

    /// Lets the pending key through when its answer is overdue.
    func expire(at time: Double) {
        guard let current = pending, current.deadline <= time else { return }
        Self.logger.warning(
            "input method did not answer within \(window.inputMethodTimeout) s; the key goes through",
            metadata: ["keysym": "\(current.press.keysym.name)"])
        pending = nil
        route(current.press)
        offerWaiting()
    }

    private func offer(_ press: KeyPress) {
        serial += 1
        let mine = serial
        pending = (press, mine, window.currentTime + window.inputMethodTimeout)
        inputMethod.processKey(InputMethodKey(press)) { [weak self] handled in
            self?.answer(mine, handled: handled)
        }
    }

    private func answer(_ serial: Int, handled: Bool) {
        // A late answer: its key already went through.
        guard let current = pending, current.serial == serial else { return }
        pending = nil
        if !handled { route(current.press) }
        offerWaiting()
    }

    /// Holds a pointer event while keys wait for the input method, to deliver it after them.
    ///
    /// - Returns: Whether the event waits.
    func defers(_ event: PointerEvent) -> Bool {
        guard !isRouting, pending != nil || !waiting.isEmpty else { return false }
        waiting.append(.pointer(event))
        return true
    }

    /// Holds a finger's event while keys wait for the input method, to deliver it after them.
    ///
    /// - Returns: Whether the event waits.
    func defersTouch(_ phase: Touch.Phase, id: Int, at location: Point) -> Bool {
        guard !isRouting, pending != nil || !waiting.isEmpty else { return false }
        waiting.append(.touch(phase, id: id, location: location))
        return true
    }

    private func offerWaiting() {
        while pending == nil, !waiting.isEmpty {
            let next = waiting.removeFirst()
            if case .key(let press) = next, focused != nil, inputMethod.isAvailable {
                offer(press)
            } else {
                replay(next)
            }
        }
    }

    private func replay(_ item: Waiting) {
        switch item {
        case .key(let press): route(press)
        case .pointer(let event):
            let outer = isRouting
            isRouting = true
            defer { isRouting = outer }
            window.sendPointerEvent(event)
        case .touch(let phase, let id, let location):
            let outer = isRouting
            isRouting = true
            defer { isRouting = outer }
            window.sendTouch(phase, id: id, at: location)
        }
    }

    private func route(_ press: KeyPress) {
        let outer = isRouting
        isRouting = true
        defer { isRouting = outer }
        window.sendKeyPress(press)
    }

    // MARK: Focus

    /// Commits the preedit of a responder about to resign, so nothing typed is lost.
    func responderWillResign(_ responder: Responder) {
        guard focused === responder else { return }
        commitPreedit(into: responder)
    }

    /// A press in the focused field: the caret moves, so the preedit is committed and the engine reset.
    func pointerWillPress(in view: View) {
        guard let focused, view === focused, !preedit.isEmpty else { return }
        commitPreedit(into: focused)
        inputMethod.reset()
    }

    /// Follows the first responder: focus in on a typing responder without
    /// secure entry, focus out otherwise.
    func firstResponderDidChange() {
        // Resigning ends the user's request; moving on to another typing responder keeps it (iOS keeps its keyboard).
        if !(window.firstResponder is KeyInput) { onScreenKeyboardRequested = false }
        let first = windowHasFocus ? window.firstResponder : nil
        let input = first as? KeyInput
        let wanted = input.map { $0.textInputTraits.isSecureTextEntry } == false ? first : nil
        guard wanted !== focused else { return }
        if focused != nil {
            preedit = ""
            inputMethod.focusOut()
        }
        focused = wanted
        lastCaretRect = nil
        lastSurroundingText = nil
        guard wanted != nil, let input else { return }
        inputMethod.focusIn(InputMethodContext(traits: input.textInputTraits))
        requestOnScreenKeyboard()
        sendCaretRect()
        sendSurroundingText()
    }

    /// The user pressed or tapped the first responder, or a press made it
    /// first: a typing responder asks for the system's on-screen keyboard,
    /// again if it was already asked for (the user may have hidden it).
    func firstResponderWasActivated() {
        guard window.firstResponder is KeyInput else { return }
        onScreenKeyboardRequested = true
        requestOnScreenKeyboard()
    }

    /// Asks the input method for its on-screen keyboard, when the user asked
    /// for one and the window shows no input view of its own for the responder.
    private func requestOnScreenKeyboard() {
        guard onScreenKeyboardRequested, let focused, window.firstResponder === focused,
            !window.showsOwnInputView(for: focused)
        else { return }
        inputMethod.activateOnScreenKeyboard()
    }

    /// The window lost or regained the desktop's keyboard focus: leaving
    /// commits the preedit, as leaving a field does.
    func windowFocusDidChange(_ hasFocus: Bool) {
        guard hasFocus != windowHasFocus else { return }
        if !hasFocus, let focused { commitPreedit(into: focused) }
        windowHasFocus = hasFocus
        firstResponderDidChange()
    }

    private func commitPreedit(into responder: Responder) {
        guard !preedit.isEmpty else { return }
        let text = preedit
        preedit = ""
        window.endMarkedText(in: responder)
        (responder as? KeyInput)?.insertText(text)
    }

    private func sendCaretRect() {
        guard let view = focused as? View, let caret = view.caretRect else { return }
        let rect = view.convert(caret, to: nil)
        guard rect != lastCaretRect else { return }
        lastCaretRect = rect
        inputMethod.setCaretRect(rect)
    }

    /// Sends the focused responder's surrounding text, when the input method wants it and it changed.
    private func sendSurroundingText() {
        guard wantsSurroundingText, let input = focused as? KeyInput else { return }
        let surrounding: SurroundingText
        if let full = input as? SurroundingTextInput {
            guard let text = full.surroundingText else { return }
            surrounding = text
        } else {
            guard let before = input.documentContextBeforeInput else { return }
            surrounding = SurroundingText(text: before, cursor: before.unicodeScalars.count)
        }
        guard surrounding != lastSurroundingText else { return }
        lastSurroundingText = surrounding
        inputMethod.setSurroundingText(surrounding)
    }

    // MARK: Events

    func inputMethod(_ inputMethod: InputMethod, send event: InputMethodEvent) {
        switch event {
        case .preedit(let text, let attributes):
            guard let focused, window.firstResponder === focused else { return }
            preedit = text
            guard let marked = focused as? MarkedTextInput else { return }
            if text.isEmpty {
                window.endMarkedText(in: focused)
            } else {
                window.markedTextOwner = marked
                marked.setMarkedText(text, attributes: attributes)
            }
        case .commit(let text):
            guard let focused, let input = focused as? KeyInput else {
                Self.logger.debug("a commit arrived with no typing responder focused; dropped")
                return
            }
            preedit = ""
            window.endMarkedText(in: focused)
            input.insertText(text)
        case .forwardKey(let key):
            route(key.keyPress)
        case .deleteSurrounding(let offset, let count):
            deleteSurrounding(offset: offset, count: count)
        case .surroundingTextRequested:
            wantsSurroundingText = true
            lastSurroundingText = nil
            sendSurroundingText()
        case .availabilityChanged(let available):
            available ? inputMethodReturned() : inputMethodWentAway()
        }
    }

    /// Deletes scalars around the caret; a plain ``KeyInput`` can only delete
    /// backward from the caret, one character per scalar.
    private func deleteSurrounding(offset: Int, count: Int) {
        guard count > 0, let focused, window.firstResponder === focused, let input = focused as? KeyInput else {
            return
        }
        if let full = input as? SurroundingTextInput {
            full.deleteSurroundingText(offset: offset, count: count)
            return
        }
        guard offset < 0, offset + count == 0 else {
            Self.logger.warning(
                "input method asked to delete text away from the caret; this responder cannot, ignored",
                metadata: ["offset": "\(offset)", "count": "\(count)"])
            return
        }
        for _ in 0..<count { input.deleteBackward() }
    }

    private func inputMethodWentAway() {
        Self.logger.warning("input method went away; typing falls back to the keyboard's own text")
        if let focused { commitPreedit(into: focused) }
        if let current = pending {
            pending = nil
            route(current.press)
        }
        offerWaiting()
    }

    private func inputMethodReturned() {
        Self.logger.info("input method is back")
        // A new daemon: its engine asks for the surrounding text again if it reads it.
        wantsSurroundingText = false
        lastSurroundingText = nil
        guard focused != nil, let input = focused as? KeyInput else { return }
        inputMethod.focusIn(InputMethodContext(traits: input.textInputTraits))
        requestOnScreenKeyboard()
        lastCaretRect = nil
        sendCaretRect()
    }
}
