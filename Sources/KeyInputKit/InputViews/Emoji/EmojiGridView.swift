/// The emoji picker's grid: a cell a finger wide per emoji, drawn in colour,
/// the highlighted one marked. A click or tap types the emoji; a long press
/// on one with skin tones shows them.
@MainActor
final class EmojiGridView: View {
    var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }
    /// The cell the pointer went down on, while it is down.
    private var pressedIndex: Int?
    /// Whether the press turned into a long press: its lift types nothing by itself.
    private var pressWasLong = false
    private var elements: [AccessibilityElement] = []
    let longPress = LongPressGestureRecognizer()

    init() {
        super.init(frame: .zero)
        identifier = "emoji-grid"
        longPress.minimumPressDuration = 0.5
        longPress.cancelsTouchesInView = false
        longPress.addAction { [weak self] recognizer in self?.longPressChanged(recognizer) }
        addGestureRecognizer(longPress)
    }

    var picker: EmojiPicker? { superview?.superview as? EmojiPicker }

    override func pointerDown(_ event: PointerEvent) {
        pressWasLong = false
        pressedIndex = picker?.emojiIndex(at: convert(event.location, from: nil))
        picker?.hideSkinTones()
    }

    /// The lift types the emoji it went down on, unless it was a long press.
    override func pointerUp(_ event: PointerEvent) {
        defer { pressedIndex = nil }
        guard !pressWasLong, let picker, let index = pressedIndex,
            picker.emojiIndex(at: convert(event.location, from: nil)) == index
        else { return }
        picker.focus(.grid)
        picker.highlight(index)
        picker.choose(picker.shownEmoji[index].character)
    }

    /// A long press shows the skin tones; sliding onto one and lifting types it.
    private func longPressChanged(_ recognizer: GestureRecognizer) {
        guard let picker else { return }
        let popup = picker.skinTonePopup
        switch recognizer.state {
        case .began:
            guard let index = pressedIndex ?? picker.emojiIndex(at: recognizer.location(in: self)) else { return }
            pressWasLong = picker.showSkinTones(at: index)
        case .changed:
            guard pressWasLong, !popup.isHidden else { return }
            popup.chosen = popup.variantIndex(at: recognizer.location(in: popup))
        case .ended:
            guard pressWasLong, !popup.isHidden else { return }
            // Lifted on a tone: it is typed; elsewhere the row stays for a tap.
            if let chosen = popup.variantIndex(at: recognizer.location(in: popup)) {
                picker.choose(popup.variants[chosen])
            }
        default:
            break
        }
    }

    override func draw(in canvas: Canvas, rect: Rect) {
        guard let picker else { return }
        let shown = picker.shownEmoji
        guard !shown.isEmpty else {
            let message = toolkitText(picker.searchText.isEmpty ? .emojiNoneUsed : .emojiNoneFound)
            canvas.text(message, in: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: EmojiPicker.cellSize),
                color: .secondaryText, fontSize: 15, alignment: .center)
            return
        }
        let columns = picker.columns
        // Only the rows the scroll view shows: `rect` is the whole grid, in window coordinates.
        let visible = canvas.clipBounds.intersection(rect)
        guard !visible.isEmpty else { return }
        let firstRow = max(0, Int((visible.minY - rect.minY) / EmojiPicker.cellSize))
        let lastRow = Int((visible.maxY - rect.minY) / EmojiPicker.cellSize)
        for row in firstRow...lastRow {
            for column in 0..<columns {
                let index = row * columns + column
                guard shown.indices.contains(index) else { break }
                let cell = picker.cellFrame(at: index).offsetBy(dx: rect.minX, dy: rect.minY)
                if index == picker.highlightedIndex && (isFocused || !picker.searchText.isEmpty) {
                    canvas.fill(cell.inset(by: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)), color: .selection)
                }
                canvas.text(shown[index].character, in: cell, color: .text, fontSize: 26, alignment: .center)
            }
        }
    }

    /// A grid of buttons, each named with the emoji's name in the picker's language.
    override var accessibilityRole: AccessibilityRole { .custom("table") }
    override var accessibilityLabel: String? {
        get { toolkitText(.emojiPicker) }
        set {}
    }
    override var accessibilityChildren: [any Accessible] {
        guard let picker else { return [] }
        let shown = picker.shownEmoji
        if elements.count > shown.count { elements.removeLast(elements.count - shown.count) }
        while elements.count < shown.count {
            let index = elements.count
            let element = AccessibilityElement(role: .button, parent: self)
            element.accessibilityActions = [
                AccessibilityAction(name: "press", description: toolkitText(.emojiTypeAction)) { [weak picker] in
                    guard let picker, picker.shownEmoji.indices.contains(index) else { return false }
                    picker.choose(picker.shownEmoji[index].character)
                    return true
                }
            ]
            elements.append(element)
        }
        let origin = originInWindow
        for (index, element) in elements.enumerated() {
            element.accessibilityLabel = picker.name(of: shown[index].character)
            element.accessibilityFrameInWindow = picker.cellFrame(at: index).offsetBy(dx: origin.x, dy: origin.y)
            var states = accessibilityStates.subtracting([.focused, .focusable])
            if index == picker.highlightedIndex { states.insert(.selected) }
            element.accessibilityStates = states
        }
        return elements
    }
}
