extension Window {
    /// The input method keys are offered to first, such as an IBus or
    /// Fcitx5 connection; `nil` (the default) routes keys directly.
    ///
    /// While a typing responder without secure entry is first responder,
    /// each key goes to the input method before anything else; its preedit
    /// shows as the responder's marked text, its commits are inserted, and
    /// when focus leaves the responder the preedit is committed there.
    /// Setting a new input method (or `nil`) lets the keys waiting for the
    /// old one through.
    public var inputMethod: InputMethod? {
        get { inputMethodRouter?.inputMethod }
        set {
            guard newValue !== inputMethodRouter?.inputMethod else { return }
            inputMethodRouter?.detach()
            inputMethodRouter = nil
            if let newValue { inputMethodRouter = InputMethodRouter(window: self, inputMethod: newValue) }
        }
    }

    /// Tells the input method that the window lost or regained the
    /// desktop's keyboard focus, as a host sees it: losing it commits the
    /// first responder's preedit and focuses the input method out (its
    /// candidate window goes); regaining it focuses it in again.
    ///
    /// - Parameter hasFocus: Whether the window has keyboard focus now.
    public func inputMethodWindowFocusDidChange(_ hasFocus: Bool) {
        inputMethodRouter?.windowFocusDidChange(hasFocus)
    }

    /// When the key waiting for the input method's answer goes through
    /// unanswered, on the window's clock; `nil` when no key waits. A host
    /// wakes up by then.
    public var inputMethodDeadline: Double? { inputMethodRouter?.pending?.deadline }
}
