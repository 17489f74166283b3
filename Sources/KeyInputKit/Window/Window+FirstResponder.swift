extension Window {
    /// Moves first-responder status (to `nil` to clear it).
    ///
    /// Calls made from focus callbacks run at once, and the most recent
    /// request wins: an outer transition whose callback moved focus elsewhere
    /// stops there. Input views are updated once, after the outermost
    /// transition, so focus moving between two fields never hides and
    /// re-shows the keyboard; focus changes are posted after that.
    @discardableResult
    func transferFirstResponder(to target: Responder?, force: Bool) -> Bool {
        if let target, target.window !== self { return false }
        if firstResponder === target { return true }
        transitionDepth += 1
        defer {
            transitionDepth -= 1
            if transitionDepth == 0 {
                noteFocusChange()
                inputMethodRouter?.firstResponderDidChange()
                updateInputViews()
                postFocusChanges()
            }
        }
        transitionGeneration += 1
        let generation = transitionGeneration
        if let old = firstResponder {
            if !force && !old.canResignFirstResponder { return false }
            inputMethodRouter?.responderWillResign(old)
            endMarkedText(in: old)
            firstResponder = nil
            application?.firstResponderDidChange(in: self)
            old.didResignFirstResponder()
            // A callback took over: its request is the latest and stands.
            if transitionGeneration != generation { return firstResponder === target }
        }
        if let target {
            // The callback may have removed the target from the window.
            guard target.window === self else { return false }
            firstResponder = target
            application?.firstResponderDidChange(in: self)
            // Recorded before the callback, so a change it makes comes after this one.
            noteFocusChange()
            target.didBecomeFirstResponder()
        }
        return firstResponder === target
    }

    /// Resigns the first responder.
    ///
    /// - Parameter force: Resign without asking ``Responder/canResignFirstResponder``.
    /// - Returns: Whether no responder is first afterwards.
    @discardableResult
    public func endEditing(force: Bool) -> Bool {
        guard let first = firstResponder else { return true }
        if force { return transferFirstResponder(to: nil, force: true) }
        return first.resignFirstResponder()
    }

    /// Called when views were added, removed or moved; `redraw` marks the
    /// whole window (a view that moved has marked its two places itself).
    func viewHierarchyDidChange(redraw: Bool = true) {
        if redraw { needsDisplay = true }
        focusOrderMayHaveChanged()
        if let first = firstResponder, first.window !== self {
            // Safety net: never keep a responder that left the window.
            transferFirstResponder(to: nil, force: true)
        }
    }
}
