extension Window {
    /// When the window next needs drawing although no event came: the
    /// first responder's caret turning on or off. `nil` when nothing is due
    /// (no caret, blinking off, or a caret that has stopped blinking).
    ///
    /// A host waits for events no longer than until then, moves the clock
    /// (``advanceTime(to:)``, which sets ``needsDisplay`` when the
    /// caret changed) and draws.
    public var nextRedrawTime: Double? {
        guard caretBlinks, let caret = firstResponderCaret else { return nil }
        return caret.nextCaretBlink(after: currentTime)
    }

    /// Marks the first responder for drawing when its caret turned on or off between two times.
    func redrawCaretIfDue(from old: Double, to new: Double) {
        guard caretBlinks, let caret = firstResponderCaret, let due = caret.nextCaretBlink(after: old), due <= new
        else {
            return
        }
        (caret as? View)?.setNeedsDisplay()
    }
}
