extension ScrollView {
    /// How far the input views, once in place, reach into the view from its bottom edge.
    var keyboardCoverage: Double {
        guard avoidsKeyboard, let window else { return 0 }
        return KeyboardLayoutGuide.inset(of: frameInWindow, coveredBy: window.keyboardFinalFrame)
    }

    /// Starts or stops watching the window's focus changes, keyboard frame
    /// events, first-responder edits and clock.
    func updateKeyboardObservation() {
        for token in observations { token.cancel() }
        observations = []
        guard let window else { return }
        observations.append(window.keyboardLayoutGuide.observe { [weak self] in self?.stepAnimation() })
        guard avoidsKeyboard else { return }
        observations.append(
            window.observeFocusChange { [weak self] _ in
                guard let self, let window = self.window else { return }
                self.keepFirstResponderVisible(with: window.inputViewAnimation)
            })
        observations.append(
            window.observeKeyboardFrame { [weak self] event in
                guard let self, event.isLocal, event.kind.isWill else { return }
                let animation = InputViewAnimation(duration: event.duration, curve: event.curve)
                if event.kind == .willHide {
                    self.restoreOffsetBeforeKeyboard(with: animation)
                } else {
                    self.keepFirstResponderVisible(with: animation)
                }
            })
        observations.append(
            window.observeFirstResponderInputState { [weak self] in
                guard let self, let window = self.window else { return }
                self.keepFirstResponderVisible(with: window.inputViewAnimation)
            })
    }

    /// Scrolls the least distance that puts the first responder, when it is
    /// inside this view, ``keyboardAvoidanceMargin`` clear of the view's top
    /// edge and of the input views — its caret alone, when the whole
    /// responder does not fit.
    ///
    /// - Parameter animation: The duration and curve to scroll with, from the window's time now.
    func keepFirstResponderVisible(with animation: InputViewAnimation) {
        guard avoidsKeyboard, let window, let first = window.firstResponder as? View, first !== self,
            first.isDescendant(of: self), first.isVisibleInWindow
        else { return }
        let margin = keyboardAvoidanceMargin
        let visibleHeight = max(0, frame.height - keyboardCoverage - 2 * margin)
        let visible = Rect(x: 0, y: margin, width: frame.width, height: visibleHeight)
        var target = convert(first.bounds, from: first)
        if target.height > visibleHeight, let caret = first.caretRect { target = convert(caret, from: first) }
        let start = destinationOffset
        let end = offset(revealing: target, in: visible, from: start)
        guard end != start else { return }
        if offsetBeforeKeyboard == nil, keyboardCoverage > 0 { offsetBeforeKeyboard = start }
        self.animate(to: end, duration: animation.duration, curve: animation.curve)
    }

    /// Scrolls back to where the content was before the keyboard moved it,
    /// as the keyboard hides.
    func restoreOffsetBeforeKeyboard(with animation: InputViewAnimation) {
        let target = offsetBeforeKeyboard ?? destinationOffset
        offsetBeforeKeyboard = nil
        self.animate(to: target, duration: animation.duration, curve: animation.curve)
    }
}
