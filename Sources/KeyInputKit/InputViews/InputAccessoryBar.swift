/// A bar above the keyboard with Previous, Next and Done, and the focused
/// view's accessibility label (a text field's placeholder) as its title: a
/// way out of number pads, which have no Return key.
///
/// Previous and Next follow the window's focus order and are disabled at
/// its ends (unless focus wraps); Done resigns the first responder.
@MainActor
open class InputAccessoryBar: View {
    /// Moves focus to the previous field.
    public let previousButton = Button(title: "‹ Previous")
    /// Moves focus to the next field.
    public let nextButton = Button(title: "Next ›")
    /// Ends editing.
    public let doneButton = Button(title: "Done")
    /// The focused view's ``View/accessibilityLabel`` (a text field's placeholder).
    public let titleLabel = Label()

    /// The bar's height.
    public static let height = 44.0

    /// Creates a bar with Previous, Next and Done; attach it as a responder's `inputAccessoryView`.
    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: Self.height))
        identifier = "accessory-bar"
        keepsKeyboardOnPress = true
        previousButton.identifier = "accessory-previous"
        nextButton.identifier = "accessory-next"
        doneButton.identifier = "accessory-done"
        titleLabel.identifier = "accessory-title"
        for button in [previousButton, nextButton, doneButton] {
            button.becomesFirstResponderOnPress = false
        }
        // The user moved focus: the field they reach asks for the system's keyboard as a tap on it would.
        previousButton.addAction(for: .primaryActionTriggered) { [weak self] _ in
            guard let window = self?.window, window.focusPrevious() else { return }
            window.inputMethodRouter?.firstResponderWasActivated()
        }
        nextButton.addAction(for: .primaryActionTriggered) { [weak self] _ in
            guard let window = self?.window, window.focusNext() else { return }
            window.inputMethodRouter?.firstResponderWasActivated()
        }
        doneButton.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.window?.endEditing(force: false) }
        for view in [previousButton, nextButton, titleLabel, doneButton] as [View] { addSubview(view) }
    }

    /// ``AccessibilityRole/toolBar``: its Previous, Next and Done buttons and the focused field's title.
    open override var accessibilityRole: AccessibilityRole { .toolBar }

    /// Places Previous and Next on the left, Done on the right edge, and the
    /// title between them, for the bar's current width.
    open override func layoutSubviews() {
        super.layoutSubviews()
        applyWords()
        let h = frame.height
        previousButton.frame = Rect(x: 4, y: 4, width: 96, height: h - 8)
        nextButton.frame = Rect(x: 104, y: 4, width: 72, height: h - 8)
        doneButton.frame = Rect(x: max(180, frame.width - 76), y: 4, width: 72, height: h - 8)
        titleLabel.frame = Rect(x: 180, y: 4, width: max(0, frame.width - 260), height: h - 8)
    }

    /// The buttons' words in the window's language; readers say the words, not the arrows drawn beside them.
    private func applyWords() {
        let previous = toolkitText(.accessoryPrevious), next = toolkitText(.accessoryNext)
        previousButton.title = "‹ " + previous
        nextButton.title = next + " ›"
        doneButton.title = toolkitText(.accessoryDone)
        previousButton.accessibilityLabel = previous
        nextButton.accessibilityLabel = next
    }

    /// The first responder and focus-order version Previous and Next were last worked out for.
    private var refreshedFor: (responder: ObjectIdentifier?, version: Int)?

    /// Updates the buttons and title for the window's first responder.
    ///
    /// The window calls it after every change of the first responder's text
    /// or state. Previous and Next are worked out again only when focus
    /// moved or a view was added, removed, moved, hidden, shown, enabled or
    /// disabled since: typing costs nothing proportional to the window.
    open func refresh(in window: Window) {
        let current = window.firstResponder as? View
        let key = (responder: current.map(ObjectIdentifier.init), version: window.focusOrderVersion)
        if refreshedFor.map({ $0 != key }) ?? true {
            refreshedFor = key
            previousButton.isEnabled = window.focusableView(before: current).map { $0 !== current } ?? false
            nextButton.isEnabled = window.focusableView(after: current).map { $0 !== current } ?? false
        }
        titleLabel.text = current?.accessibilityLabel ?? ""
    }

    // MARK: Drawing

    open override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .background)
        canvas.line(from: Point(x: rect.minX, y: rect.minY), to: Point(x: rect.maxX, y: rect.minY), color: .separator, lineWidth: 1)
    }
}
