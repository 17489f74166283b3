/// The emoji picker's search field: it shows what was typed, which the
/// picker takes from the keyboard while the text field keeps the focus.
@MainActor
final class EmojiSearchBox: View {
    var text = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }

    init() {
        super.init(frame: .zero)
        identifier = "emoji-search"
    }

    var picker: EmojiPicker? { superview as? EmojiPicker }

    /// A click puts the keyboard focus in the search.
    override func pointerDown(_ event: PointerEvent) { picker?.focus(.search) }

    override func draw(in canvas: Canvas, rect: Rect) {
        let box = rect
        canvas.fill(box, color: .white)
        canvas.stroke(box, color: isFocused ? .accent : .separator, lineWidth: isFocused ? 2 : 1)
        let inner = Rect(x: box.minX + 8, y: box.minY, width: max(0, box.width - 16), height: box.height)
        if text.isEmpty {
            canvas.text(toolkitText(.emojiSearch), in: inner, color: .secondaryText, fontSize: 15, alignment: .leading)
        } else {
            canvas.text(text, in: inner, color: .text, fontSize: 15, alignment: .leading)
        }
    }

    /// A search field, named for what it finds (in the window's language), with the typed words as its description.
    override var accessibilityRole: AccessibilityRole { .textField }
    override var accessibilityLabel: String? {
        get { toolkitText(.emojiSearch) }
        set {}
    }
    /// What was typed.
    override var accessibilityDescription: String? {
        get { text }
        set {}
    }
    override var accessibilityStates: AccessibilityStates {
        isFocused ? super.accessibilityStates.union(.focused) : super.accessibilityStates
    }
}
