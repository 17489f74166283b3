extension Window {
    /// The window's emoji picker, made the first time it is asked for; set
    /// one of your own (a subclass, other data) before it shows.
    public var emojiPicker: EmojiPicker {
        get {
            if let picker = emojiPickerIfMade { return picker }
            let picker = EmojiPicker()
            emojiPickerIfMade = picker
            return picker
        }
        set {
            dismissEmojiPicker()
            emojiPickerIfMade = newValue
        }
    }

    /// Whether the emoji picker shows now, in place of the keyboard.
    public var isShowingEmojiPicker: Bool {
        guard let picker = emojiPickerIfMade else { return false }
        return presentedInputView === picker && picker.target != nil
    }

    /// Shows the emoji picker as the input view of `responder`, which must
    /// be the first responder; what is chosen is typed into it
    /// (``KeyInput/insertText(_:)``, so it can be undone).
    ///
    /// Ctrl+. and Ctrl+; call it for a typing first responder. Escape or
    /// Done goes back to the keyboard the responder had (or to none).
    ///
    /// - Parameter responder: The first responder.
    /// - Returns: `false` when `responder` is not first responder here or its
    ///   traits turn emoji off (``TextInputTraits/showsEmojiPicker``).
    @discardableResult
    public func showEmojiPicker(for responder: some KeyInput) -> Bool {
        guard let first = firstResponder, first === responder as AnyObject,
            responder.textInputTraits.showsEmojiPicker
        else { return false }
        endMarkedText(in: first)
        emojiPicker.prepare(for: first, in: self)
        updatePresentedInputViews()
        return true
    }

    /// Hides the emoji picker; the first responder gets its keyboard or input view back.
    public func dismissEmojiPicker() {
        guard let picker = emojiPickerIfMade, picker.target != nil else { return }
        picker.target = nil
        picker.endPresentation()
        updatePresentedInputViews()
    }
}
