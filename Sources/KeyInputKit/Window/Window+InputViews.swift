extension Window {
    /// Shows the first responder's current input views again, after the
    /// responder's input views or traits changed.
    public func updatePresentedInputViews() {
        if transitionDepth == 0 { updateInputViews() }
        // Traits may have changed: secure entry takes no input method.
        inputMethodRouter?.firstResponderDidChange()
    }

    /// Refreshes what the window shows for its first responder after the
    /// responder's text or state changed: the accessory bar's Previous,
    /// Next and title, and the on-screen keyboard's Return key and Shift.
    func firstResponderInputStateDidChange() {
        if defersInputStateUpdates {
            guard !inputStateUpdateIsPending else { return }
            inputStateUpdateIsPending = true
            afterPresenting { [weak self] in self?.deliverPendingInputStateUpdate() }
            return
        }
        updateForInputState()
    }

    /// Brings what follows the first responder's state up to date now, if
    /// a change is waiting for the frame (``defersInputStateUpdates``):
    /// before another event is handled, so that it sees them current.
    public func deliverPendingInputStateUpdate() {
        guard inputStateUpdateIsPending else { return }
        inputStateUpdateIsPending = false
        updateForInputState()
    }

    private func updateForInputState() {
        // Checked first, so a window that shows nothing never creates its on-screen keyboard.
        if let shown = presentedInputView, shown === onScreenKeyboard {
            onScreenKeyboard.refresh(in: self)
        }
        (presentedAccessoryView as? InputAccessoryBar)?.refresh(in: self)
        inputStateObservers?.notify(())
    }

    /// Calls `observer` after each change of the first responder's text or state.
    func observeFirstResponderInputState(_ observer: @escaping () -> Void) -> ObservationToken {
        let observers = inputStateObservers ?? Observers<Void>()
        inputStateObservers = observers
        return observers.add(observer)
    }

    /// The input views the first responder should have now.
    private func desiredInputViews() -> (input: View?, accessory: View?) {
        if let picker = emojiPickerIfMade, picker.isRequested(for: firstResponder) { return (picker, nil) }
        guard let first = firstResponder else { return (nil, nil) }
        var input = first.inputView
        if input == nil, let typing = first as? KeyInput, wantsOnScreenKeyboard {
            onScreenKeyboard.configure(for: typing.textInputTraits, window: self)
            input = onScreenKeyboard
        }
        return (input, first.inputAccessoryView)
    }

    /// Whether the policy gives typing responders the window's own on-screen keyboard now.
    private var wantsOnScreenKeyboard: Bool {
        switch onScreenKeyboardPolicy {
        case .always: true
        case .whenNoHardwareKeyboard: !hasHardwareKeyboard
        case .never: false
        }
    }

    /// Whether the window shows an input view of its own for `responder`
    /// as first responder: its ``Responder/inputView``, or the on-screen
    /// keyboard for a typing responder. The system's keyboard is not asked for then.
    func showsOwnInputView(for responder: Responder) -> Bool {
        responder.inputView != nil || (responder is KeyInput && wantsOnScreenKeyboard)
            || emojiPickerIfMade?.isRequested(for: responder) == true
    }

    /// Shows, swaps or hides the input views for the first responder, animated.
    func updateInputViews() {
        let (input, accessory) = desiredInputViews()
        let height = (input?.frame.height ?? 0) + (accessory?.frame.height ?? 0)
        let shown = input != nil || accessory != nil
        let target = frameOnBottomEdge(height: height)
        let hiding = keyboardAnimator.kind == .willHide
        let wasShown = (presentedInputView != nil || presentedAccessoryView != nil) && !hiding
        if !shown && !wasShown { return }
        if wasShown && shown && input === presentedInputView && accessory === presentedAccessoryView
            && keyboardAnimator.finalFrame == target
        {
            (accessory as? InputAccessoryBar)?.refresh(in: self)
            return
        }
        // Start from wherever the input views are now, mid-animation too; the
        // running animation ends first so that will/did events pair up.
        let current = keyboardFrame
        finishInputViewAnimation()

        if shown {
            for view in inputViewContainer.subviews where view !== input && view !== accessory {
                view.removeFromSuperview()
            }
            stackInputViews(input: input, accessory: accessory)
            for view in [accessory, input].compactMap(\.self) where view.superview !== inputViewContainer {
                inputViewContainer.addSubview(view)
            }
            if inputViewContainer.superview !== self { addSubview(inputViewContainer) }
            presentedInputView = input
            presentedAccessoryView = accessory
            inputViewContainer.layoutIfNeeded()
        }

        (accessory as? InputAccessoryBar)?.refresh(in: self)
        let kind: KeyboardFrameEvent.Kind = !wasShown ? .willShow : (shown ? .willChangeFrame : .willHide)
        let begin = wasShown || hiding ? current : frameBelowWindow(height: height)
        animateKeyboard(kind, from: begin, to: shown ? target : frameBelowWindow(height: current.height))
    }

    /// Puts the accessory view on top and the input view below it, as wide as the window.
    func stackInputViews(input: View?, accessory: View?) {
        let accessoryHeight = accessory?.frame.height ?? 0
        accessory?.frame = Rect(x: 0, y: 0, width: frame.width, height: accessoryHeight)
        if let input { input.frame = Rect(x: 0, y: accessoryHeight, width: frame.width, height: input.frame.height) }
    }

    /// Takes the input views off screen once a hide animation ended.
    func removeInputViews() {
        for view in inputViewContainer.subviews { view.removeFromSuperview() }
        presentedInputView = nil
        presentedAccessoryView = nil
        inputViewContainer.isHidden = true
    }
}
