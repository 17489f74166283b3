/// A text view's paragraphs measured a budget at a time, their layouts let
/// go when far away: a paste of megabytes neither freezes the window while
/// every paragraph is laid out nor keeps every paragraph's layout.
extension TextEditingControl {
    /// The bytes of paragraphs never laid out that one frame or one step measures.
    static var measuringBudget: Int { 64 * 1024 }
    /// How many paragraph layouts are made before those far from the caret and the screen are let go.
    static var keptLayoutLimit: Int { 512 }

    /// Keeps a new layout's height, and what it holds for estimates; tops
    /// placed with an estimate for it are placed again.
    func keepHeight(of layout: TextLayout, paragraph: Int) {
        let height = Self.height(of: layout)
        if heights[paragraph] == nil {
            if validTops > paragraph + 1 { validTops = paragraph + 1 }
            measured.bytes += editingEngine.paragraphs[paragraph].utf8.count
            measured.height += height
            if measured.lineHeight == 0 { measured.lineHeight = layout.lines.first?.frame.height ?? 0 }
        }
        heights[paragraph] = height
        layoutsMadeSinceRelease += 1
        if layoutsMadeSinceRelease > Self.keptLayoutLimit { releaseFarLayouts(keeping: paragraph) }
    }

    /// A laid-out paragraph's height: an empty one is one line tall. (Its
    /// size, not its lines: a long paragraph's lines are gathered when asked.)
    static func height(of layout: TextLayout) -> Double {
        let height = layout.size.height
        return height > 0 ? height : layout.lines.first?.frame.height ?? 0
    }

    /// A paragraph's height from its length, at the measured paragraphs' height per byte, one line at least.
    func estimatedHeight(ofParagraph paragraph: Int) -> Double {
        let lineHeight = measured.lineHeight > 0 ? measured.lineHeight : fontSize * 1.25
        let perByte = measured.bytes > 0 ? measured.height / Double(measured.bytes) : lineHeight / 80
        return max(lineHeight, Double(editingEngine.paragraphs[paragraph].utf8.count) * perByte)
    }

    /// Measures more paragraphs once the frame being drawn is on screen.
    func scheduleMeasuring() {
        guard !measuringIsScheduled, let window else { return }
        measuringIsScheduled = true
        weak let control = self
        window.afterPresenting { control?.measureMoreParagraphs() }
    }

    /// A step: the next budget of paragraphs not measured yet, with the
    /// paragraph at the top of the view kept where it shows.
    func measureMoreParagraphs() {
        measuringIsScheduled = false
        guard let first = heights.indices.first(where: { heights[$0] == nil && layouts[$0] == nil }) else { return }
        let anchor = paragraph(atY: textRect.minY)
        let anchorTop = top(ofParagraph: anchor)
        validTops = min(validTops, first + 1)
        _ = top(ofParagraph: editingEngine.paragraphs.count - 1)
        let moved = top(ofParagraph: anchor) - anchorTop
        if moved != 0 { scrolledOffset.y = max(0, scrolledOffset.y + moved) }
        setNeedsDisplay()
    }

    /// Lets go of the layouts of paragraphs far from the caret and from
    /// `paragraph` (the one being laid out, near what is being drawn); their heights stay.
    private func releaseFarLayouts(keeping paragraph: Int) {
        layoutsMadeSinceRelease = 0
        let caret = editingEngine.selection.active.paragraph
        for index in layouts.indices where layouts[index] != nil {
            guard abs(index - paragraph) > 64, abs(index - caret) > 64, index != provisionalParagraph else { continue }
            if let kept = layoutToUpdate, kept.paragraph == index { continue }
            layouts[index] = nil
        }
    }
}
