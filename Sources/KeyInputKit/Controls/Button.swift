/// A push button with a title.
@MainActor
open class Button: Control {
    /// The title.
    open var title: String {
        didSet { setNeedsDisplay() }
    }

    /// Creates a button; `action` runs when a press is released on it.
    public init(title: String, frame: Rect = .zero, action: ((Control) -> Void)? = nil) {
        self.title = title
        super.init(frame: frame)
        if let action { addAction(for: .primaryActionTriggered, action) }
    }

    /// Presses the button from code, as a click would.
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
