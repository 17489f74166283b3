/// A text label.
@MainActor
open class Label: View {
    /// The text.
    open var text: String {
        didSet {
            guard text != oldValue else { return }
            setNeedsDisplay()
            if explicitAccessibilityLabel == nil { postAccessibilityEvent(.nameChanged(self)) }
        }
    }

    private var explicitAccessibilityLabel: String?

    /// The label set, or else the ``text``.
    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? text }
        set { explicitAccessibilityLabel = newValue }
    }

    /// ``AccessibilityRole/label``.
    open override var accessibilityRole: AccessibilityRole { .label }

    /// Creates a label showing `text`.
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    // MARK: Drawing

    open override func draw(in canvas: Canvas, rect: Rect) {
        canvas.text(text, in: rect, color: .text, fontSize: 14, alignment: .leading)
    }
}
