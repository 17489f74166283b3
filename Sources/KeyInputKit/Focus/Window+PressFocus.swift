extension Window {
    /// Moves focus for a press that begins in `target`, before the view gets it.
    ///
    /// - A press inside the first responder changes nothing (a second click
    ///   in a focused field never dismisses).
    /// - A press in a view that takes focus on press — the nearest enabled one
    ///   at or above `target` — makes it first responder.
    /// - Otherwise, unless a view at or above `target` keeps the keyboard on
    ///   press, ``keyboardDismissalPolicy`` decides whether the first responder resigns.
    ///
    /// A press that focuses a typing responder, or lands in the focused one,
    /// is the user's action: the input method is asked for the system's
    /// on-screen keyboard (``InputMethod/activateOnScreenKeyboard()``).
    func applyPressFocusRules(to target: View) {
        var candidate: View? = target
        var keeps = false
        var focusable: View?
        while let view = candidate {
            if view.keepsKeyboardOnPress { keeps = true }
            if focusable == nil, view.becomesFirstResponderOnPress, view.canBecomeFirstResponder,
                (view as? Control)?.isEnabled ?? true
            {
                focusable = view
            }
            candidate = view.superview
        }
        if let first = firstResponder as? View, target.isDescendant(of: first) {
            inputMethodRouter?.firstResponderWasActivated()
            return
        }
        if let focusable {
            if focusable.becomeFirstResponder(), firstResponder === focusable {
                inputMethodRouter?.firstResponderWasActivated()
            }
            return
        }
        if keeps { return }
        if keyboardDismissalPolicy == .onPressOutside, let first = firstResponder {
            first.resignFirstResponder()
        }
    }
}
