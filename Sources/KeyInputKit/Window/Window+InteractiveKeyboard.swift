extension Window {
    /// Where the shown input views rest when no finger holds them, on the
    /// bottom edge; `nil` when none are shown or they are hiding.
    var restingInputViewsFrame: Rect? {
        guard presentedInputView != nil || presentedAccessoryView != nil, keyboardAnimator.kind != .willHide
        else { return nil }
        let height = (presentedAccessoryView?.frame.height ?? 0) + (presentedInputView?.frame.height ?? 0)
        return frameOnBottomEdge(height: height)
    }

    /// Holds the input views `offset` points below their resting frame
    /// (between none and their whole height), as a finger drags them.
    ///
    /// Each move is a `.willChangeFrame` and `.didChangeFrame` pair without
    /// duration, so observers, the layout guide and ``keyboardFrame`` follow.
    func setInteractiveKeyboardOffset(_ offset: Double) {
        guard let rest = restingInputViewsFrame else { return }
        let target = rest.offsetBy(dx: 0, dy: min(max(offset, 0), rest.height))
        let current = keyboardFrame
        guard target != current else { return }
        animateKeyboard(.willChangeFrame, from: current, to: target, animation: InputViewAnimation.none)
    }

    /// Lets go of input views a finger dragged: when `dismiss`, the first
    /// responder resigns and they slide away from where they are; otherwise,
    /// or when it stays, they slide back up to rest, with ``inputViewAnimation``.
    func endInteractiveKeyboardDrag(dismiss: Bool) {
        if dismiss, let first = firstResponder { _ = first.resignFirstResponder() }
        guard let rest = restingInputViewsFrame else { return }
        let current = keyboardFrame
        guard current != rest else { return }
        animateKeyboard(.willChangeFrame, from: current, to: rest)
    }
}
