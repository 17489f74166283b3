/// A bar above the keyboard with Previous, Next and Done, and the focused
/// view's accessibility label (a text field's placeholder) as its title: a
/// way out of number pads, which have no Return key.
///
/// Previous and Next follow the window's focus order and are disabled at
/// its ends (unless focus wraps); Done resigns the first responder.
///
/// Right to left (the bar's ``View/effectiveUserInterfaceLayoutDirection``)
/// the bar is mirrored: Previous on the right edge with its arrow pointing
/// right, Next to its left with its arrow pointing left, Done on the left edge.
/// The buttons widen to fit their words in the window's language.
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
    /// title between them, for the bar's current width; right to left, the
    /// other way round. Each button is as wide as its words need, and no
    /// narrower than 96 points (Previous) or 72 (Next, Done).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        applyWords(rightToLeft: rightToLeft)
        let h = frame.height
        let previous = Rect(x: 4, y: 4, width: width(of: previousButton.title, atLeast: 96), height: h - 8)
        let next = Rect(x: previous.maxX + 4, y: 4, width: width(of: nextButton.title, atLeast: 72), height: h - 8)
        let doneWidth = width(of: doneButton.title, atLeast: 72)
        let done = Rect(x: max(next.maxX + 4, frame.width - 4 - doneWidth), y: 4, width: doneWidth, height: h - 8)
        let title = Rect(x: next.maxX + 4, y: 4, width: max(0, done.minX - next.maxX - 8), height: h - 8)
        // Right to left, each frame is mirrored across the bar.
        func placed(_ rect: Rect) -> Rect {
            rightToLeft ? Rect(x: frame.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
        }
        previousButton.frame = placed(previous)
        nextButton.frame = placed(next)
        doneButton.frame = placed(done)
        titleLabel.frame = placed(title)
    }

    /// The buttons' words in the window's language, each arrow pointing the way
    /// its button moves focus as seen; readers say the words, not the arrows.
    private func applyWords(rightToLeft: Bool) {
        let previous = toolkitText(.accessoryPrevious), next = toolkitText(.accessoryNext)
        if rightToLeft {
            // ‹ and › are mirrored characters: in a right-to-left paragraph (the mark
            // starts one) Pango draws "‹ " + word as "word ›", and word + " ›" as "‹ word".
            previousButton.title = "\u{200F}‹ " + previous
            nextButton.title = "\u{200F}" + next + " ›"
        } else {
            previousButton.title = "‹ " + previous
            nextButton.title = next + " ›"
        }
        doneButton.title = toolkitText(.accessoryDone)
        previousButton.accessibilityLabel = previous
        nextButton.accessibilityLabel = next
    }

    /// A button's width for `title` (without its direction mark) in the window's
    /// text engine, with 8 points on each side, and no less than `minimum`.
    private func width(of title: String, atLeast minimum: Double) -> Double {
        guard let engine = window?.textLayoutEngine else { return minimum }
        let measured = engine.makeLayout(for: title.replacing("\u{200F}", with: ""), style: TextStyle(fontSize: 14)).size.width
        return max(minimum, (measured + 16).rounded(.up))
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
