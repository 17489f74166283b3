/// The row of skin tones above a long-pressed emoji: the emoji itself, then
/// its five tones. A click or tap on one types it.
@MainActor
final class EmojiSkinTonePopup: View {
    var variants: [String] = [] {
        didSet { setNeedsDisplay() }
    }
    /// The variants' names, for assistive technology.
    var names: [String] = []
    /// The variant under the finger, while one is.
    var chosen: Int? {
        didSet { if chosen != oldValue { setNeedsDisplay() } }
    }
    private var elements: [AccessibilityElement] = []

    init() {
        super.init(frame: .zero)
        identifier = "emoji-skin-tones"
        isHidden = true
    }

    var picker: EmojiPicker? { superview as? EmojiPicker }

    /// The variant at `point`, in the popup's coordinates.
    func variantIndex(at point: Point) -> Int? {
        guard !variants.isEmpty, bounds.contains(point) else { return nil }
        let index = Int(point.x / (frame.width / Double(variants.count)))
        return variants.indices.contains(index) ? index : nil
    }

    /// Where variant `index` is, in window coordinates.
    func variantFrame(at index: Int) -> Rect {
        let width = frame.width / Double(max(1, variants.count))
        return convert(Rect(x: Double(index) * width, y: 0, width: width, height: frame.height), to: nil)
    }

    override func pointerDown(_ event: PointerEvent) {}

    override func pointerUp(_ event: PointerEvent) {
        guard let picker, let index = variantIndex(at: convert(event.location, from: nil)) else { return }
        picker.choose(variants[index])
    }

    override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .key)
        canvas.stroke(rect, color: .separator, lineWidth: 1)
        let width = frame.width / Double(max(1, variants.count))
        for (index, variant) in variants.enumerated() {
            let cell = Rect(x: rect.minX + Double(index) * width, y: rect.minY, width: width, height: rect.height)
            if index == chosen { canvas.fill(cell.inset(by: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)), color: .selection) }
            canvas.text(variant, in: cell, color: .text, fontSize: 26, alignment: .center)
        }
    }

    /// A row of buttons named for each tone.
    override var accessibilityRole: AccessibilityRole { .toolBar }
    override var accessibilityChildren: [any Accessible] {
        elements = variants.indices.map { index in
            let element = AccessibilityElement(
                role: .button, label: names.indices.contains(index) ? names[index] : variants[index], parent: self,
                frame: variantFrame(at: index))
            element.accessibilityActions = [
                AccessibilityAction(name: "press", description: toolkitText(.emojiTypeAction)) { [weak self] in
                    guard let self, self.variants.indices.contains(index) else { return false }
                    self.picker?.choose(self.variants[index])
                    return true
                }
            ]
            return element
        }
        return elements
    }
}
