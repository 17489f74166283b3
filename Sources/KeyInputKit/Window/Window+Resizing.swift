extension Window {
    /// Changes the window's size, as a host does when its window on screen
    /// was resized.
    ///
    /// The same as setting ``View/frame`` to a new size. The zero-height
    /// ``keyboardFrame`` at rest follows the new bottom edge; presented input
    /// views move there at once, as wide as the window, with a
    /// `.willChangeFrame` and a `.didChangeFrame` event of no duration; an
    /// animation in progress ends first (a hide ends with the input views
    /// gone). Then the window is laid out
    /// (``View/layoutSubviews()`` for every view whose size changed).
    ///
    /// - Parameter size: The window's new size.
    public func resize(to size: Size) {
        frame = Rect(origin: frame.origin, size: size)
    }

    /// Follows a new size: input views, then the layout pass.
    func windowDidResize() {
        needsDisplay = true
        inputViewsFollowWindowSize()
        layoutIfNeeded()
    }

    /// Puts the presented input views at the bottom edge, as wide as the window.
    private func inputViewsFollowWindowSize() {
        guard presentedInputView != nil || presentedAccessoryView != nil else { return }
        let hiding = keyboardAnimator.kind == .willHide
        finishInputViewAnimation()
        // A finished hide took the input views away; the resting frame already follows the size.
        guard !hiding else { return }
        // Turned to landscape or back: the on-screen keyboard changes its rows, and its height with them.
        (presentedInputView as? OnScreenKeyboard)?.fitHeight(to: frame.size)
        stackInputViews(input: presentedInputView, accessory: presentedAccessoryView)
        let height = (presentedAccessoryView?.frame.height ?? 0) + (presentedInputView?.frame.height ?? 0)
        let target = frameOnBottomEdge(height: height)
        let current = keyboardFrame
        guard target != current else { return }
        animateKeyboard(.willChangeFrame, from: current, to: target, animation: InputViewAnimation.none)
    }
}
