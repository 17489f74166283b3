/// A text label.
@MainActor
open class Label: View {
    /// The text.
    open var text: String {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

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
