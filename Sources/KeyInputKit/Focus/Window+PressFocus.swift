extension Window {
    /// Moves focus for a press that begins in `target`, before the view gets it.
    ///
    /// - A press inside the first responder changes nothing (a second click
    ///   in a focused field never dismisses).
    /// - A press in a view that takes focus on press — the nearest enabled one
    ///   at or above `target` — makes it first responder.
    /// - Otherwise, unless a view at or above `target` keeps the keyboard on
    ///   press, ``keyboardDismissalPolicy`` decides whether the first responder resigns.
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
        if let first = firstResponder as? View, target.isDescendant(of: first) { return }
        if let focusable {
            focusable.becomeFirstResponder()
            return
        }
        if keeps { return }
        if keyboardDismissalPolicy == .onPressOutside, let first = firstResponder {
            first.resignFirstResponder()
        }
    }
}
