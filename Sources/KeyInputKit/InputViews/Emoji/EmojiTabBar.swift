/// The emoji picker's tabs: Recently used and Unicode's groups, each drawn
/// as an emoji, at least a finger wide; the row slides to keep the chosen tab in view.
@MainActor
final class EmojiTabBar: View {
    var isFocused = false {
        didSet { if isFocused != oldValue { setNeedsDisplay() } }
    }
    private var elements: [AccessibilityElement] = []

    init() {
        super.init(frame: .zero)
        identifier = "emoji-tabs"
    }

    var picker: EmojiPicker? { superview as? EmojiPicker }
    private var count: Int { picker?.categories.count ?? 0 }

    /// Each tab's width: the row's width shared, but never under a finger's.
    private var tabWidth: Double { count == 0 ? 0 : max(EmojiPicker.cellSize, frame.width / Double(count)) }

    /// How far the row is slid left so the chosen tab shows.
    private var slide: Double {
        guard let picker else { return 0 }
        let overflow = tabWidth * Double(count) - frame.width
        guard overflow > 0 else { return 0 }
        return min(overflow, max(0, (Double(picker.selectedCategory) + 1) * tabWidth - frame.width))
    }

    /// Where tab `index` is, in the bar's coordinates.
    func tabFrame(at index: Int) -> Rect {
        Rect(x: Double(index) * tabWidth - slide, y: 0, width: tabWidth, height: frame.height)
    }

    /// A click chooses a tab.
    override func pointerUp(_ event: PointerEvent) {
        guard let picker, tabWidth > 0 else { return }
        let point = convert(event.location, from: nil)
        let index = Int((point.x + slide) / tabWidth)
        guard picker.categories.indices.contains(index), bounds.contains(point) else { return }
        picker.selectCategory(index)
    }

    override func draw(in canvas: Canvas, rect: Rect) {
        guard let picker else { return }
        for (index, category) in picker.categories.enumerated() {
            let tab = tabFrame(at: index).offsetBy(dx: rect.minX, dy: rect.minY)
            guard tab.maxX > rect.minX, tab.minX < rect.maxX else { continue }
            if index == picker.selectedCategory && picker.searchText.isEmpty {
                canvas.fill(Rect(x: tab.minX + 4, y: tab.maxY - 4, width: tab.width - 8, height: 3), color: .accent)
                if isFocused { canvas.stroke(tab.inset(by: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)), color: .accent, lineWidth: 2) }
            }
            canvas.text(category.icon, in: tab, color: .text, fontSize: 22, alignment: .center)
        }
    }

    /// A tab list, one page tab per category, named for its group.
    override var accessibilityRole: AccessibilityRole { .custom("page tab list") }
    override var accessibilityChildren: [any Accessible] {
        guard let picker else { return [] }
        let categories = picker.categories
        if elements.count > categories.count { elements.removeLast(elements.count - categories.count) }
        while elements.count < categories.count {
            let index = elements.count
            let element = AccessibilityElement(role: .custom("page tab"), parent: self)
            element.accessibilityActions = [
                AccessibilityAction(name: "click", description: toolkitText(.emojiShowTabAction)) { [weak picker] in
                    picker?.selectCategory(index)
                    return picker != nil
                }
            ]
            elements.append(element)
        }
        let origin = originInWindow
        for (index, element) in elements.enumerated() {
            element.accessibilityLabel = categories[index].name
            element.accessibilityFrameInWindow = tabFrame(at: index).offsetBy(dx: origin.x, dy: origin.y)
            var states = accessibilityStates.subtracting([.focused, .focusable])
            if index == picker.selectedCategory { states.insert(.selected) }
            element.accessibilityStates = states
        }
        return elements
    }
}
