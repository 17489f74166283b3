/// A push button with a title.
///
/// A click sends ``Control/Event/pointerUpInside`` and then
/// ``Control/Event/primaryActionTriggered``, the event the `action` given to
/// ``init(title:frame:action:)`` is registered for; ``press()`` sends only
/// ``Control/Event/primaryActionTriggered``.
@MainActor
open class Button: Control {
    /// The title.
    open var title: String {
        didSet {
            setNeedsDisplay()
            if title != oldValue, explicitAccessibilityLabel == nil { postAccessibilityEvent(.nameChanged(self)) }
        }
    }

    private var explicitAccessibilityLabel: String?

    /// The label set, or else the ``title``.
    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? title }
        set { explicitAccessibilityLabel = newValue }
    }

    /// ``AccessibilityRole/button``.
    open override var accessibilityRole: AccessibilityRole { .button }

    /// "press": what a click does, while the button is enabled.
    open override var accessibilityActions: [AccessibilityAction] {
        [AccessibilityAction(name: "press", description: "Presses the button") { [weak self] in
            guard let self, self.isEnabled else { return false }
            self.press()
            return true
        }]
    }

    /// Creates a button.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - frame: The frame, in the superview's coordinates.
    ///   - action: Runs on ``Control/Event/primaryActionTriggered``: a click, or ``press()``.
    public init(title: String, frame: Rect = .zero, action: ((Control) -> Void)? = nil) {
        self.title = title
        super.init(frame: frame)
        if let action { addAction(for: .primaryActionTriggered, action) }
    }

    /// Presses the button from code: sends ``Control/Event/primaryActionTriggered``
    /// (not ``Control/Event/pointerUpInside``, no pointer was involved).
    public func press() {
        guard isEnabled else { return }
        sendActions(for: .primaryActionTriggered)
    }

    // MARK: Drawing

    open override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: isHighlighted ? .selection : .white)
        canvas.stroke(rect, color: isEnabled ? .accent : .separator, lineWidth: 1)
        canvas.text(title, in: rect, color: isEnabled ? .accent : .secondaryText, fontSize: 14, alignment: .center)
    }
}
