/// The layout engine of views that are in no window yet.
@MainActor private let detachedLayoutEngine = MonospaceTextLayoutEngine()

extension TextEditingControl: TextLayoutSource {
    /// Where the text shows, in the control's coordinates: inside the border and padding.
    var textRect: Rect {
        let bounds = Rect(origin: .zero, size: frame.size)
        guard wrapsLines else {
            // One line, centred vertically.
            let height = paragraphHeight(0)
            return Rect(x: 4, y: (bounds.height - height) / 2, width: max(0, bounds.width - 8), height: height)
        }
        // 6 points above and below: on a character grid, the first line sits below the border's row.
        return bounds.inset(by: EdgeInsets(top: 6, left: 4, bottom: 6, right: 4))
    }

    /// Whether lines wrap at the control's width (a text view) or the text scrolls sideways (a field).
    var wrapsLines: Bool { editingEngine.allowsLineBreaks }

    /// The style layouts are made with.
    private var layoutStyle: TextStyle {
        let width = frame.width - 8
        return TextStyle(fontSize: fontSize, wrapWidth: wrapsLines ? max(1, width) : nil)
    }

    /// Forgets every layout: the engine, width, font or secure entry changed.
    func invalidateLayouts() {
        layouts = Array(repeating: nil, count: editingEngine.paragraphs.count)
        heights = Array(repeating: nil, count: layouts.count)
        measured = (0, 0, 0)
        layoutToUpdate = nil
        validTops = min(validTops, 1)
        pendingHeightCheck = nil
        setNeedsDisplay()
    }

    /// A paragraph as shown: its text, or one bullet per character for secure entry.
    func displayText(ofParagraph paragraph: Int) -> String {
        let text = editingEngine.paragraphs[paragraph]
        return textInputTraits.isSecureTextEntry ? String(repeating: "•", count: text.count) : text
    }

    /// The layout of a paragraph as shown, made once and kept until the
    /// paragraph, the width, the font or the window's layout engine changes.
    ///
    /// - Parameter paragraph: The paragraph's index.
    public func layout(forParagraph paragraph: Int) -> TextLayout {
        let engine = window?.textLayoutEngine ?? detachedLayoutEngine
        let style = layoutStyle
        if engine !== layoutEngineUsed || style != layoutStyleUsed {
            layoutEngineUsed = engine
            layoutsGrow = engine.makesGrowingLayouts
            layoutStyleUsed = style
            invalidateLayouts()
        }
        if let layout = layouts[paragraph] { return layout }
        let text = displayText(ofParagraph: paragraph)
        var updated: TextLayout?
        if let kept = layoutToUpdate, kept.paragraph == paragraph {
            layoutToUpdate = nil
            updated = kept.layout.updated(to: text, unchangedPrefix: kept.prefix, unchangedSuffix: kept.suffix)
        }
        let layout = updated ?? engine.makeLayout(for: text, style: style)
        layouts[paragraph] = layout
        if wrapsLines { keepHeight(of: layout, paragraph: paragraph) }
        // Laid out in part (a paste of megabytes): the rest after each frame.
        if layoutsGrow, layout is ProvisionalTextLayout, let window { scheduleSettling(ofParagraph: paragraph, in: window) }
        return layout
    }

    /// A text offset in the layout: bullets are three UTF-8 bytes each.
    public func layoutOffset(_ textOffset: Int, inParagraph paragraph: Int) -> Int {
        guard textInputTraits.isSecureTextEntry else { return textOffset }
        let text = editingEngine.paragraphs[paragraph]
        let end = TextBoundaries.characterIndex(in: text, utf8Offset: textOffset)
        return text[..<end].count * "•".utf8.count
    }

    /// A layout offset in the text: the bullet's character.
    public func textOffset(_ layoutOffset: Int, inParagraph paragraph: Int) -> Int {
        guard textInputTraits.isSecureTextEntry else { return layoutOffset }
        let text = editingEngine.paragraphs[paragraph]
        let index =
            text.index(text.startIndex, offsetBy: layoutOffset / "•".utf8.count, limitedBy: text.endIndex)
            ?? text.endIndex
        return text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// The visible height: PageUp and PageDown move by it.
    public var pageHeight: Double { textRect.height }

    // MARK: Geometry

    func paragraphHeight(_ paragraph: Int) -> Double {
        // A paragraph's layout answers while it has one; one let go, the height it had.
        if layouts[paragraph] == nil, let height = heights[paragraph] { return height }
        return Self.height(of: layout(forParagraph: paragraph))
    }

    /// The top of a paragraph in the text (0 for the first).
    func top(ofParagraph paragraph: Int) -> Double {
        if let pending = pendingHeightCheck, paragraph > pending.paragraph {
            pendingHeightCheck = nil
            if layout(forParagraph: pending.paragraph).size.height != pending.height {
                validTops = min(validTops, pending.paragraph + 1)
            }
        }
        paragraphTops[0] = 0
        if validTops <= paragraph {
            // Paragraphs never laid out are measured up to a budget; past it (a paste of
            // megabytes) their heights are estimated, and measured after the frames that follow.
            var budget = Self.measuringBudget
            for index in max(1, validTops)..<(paragraph + 1) {
                let above = index - 1
                let height: Double
                if layouts[above] == nil, heights[above] == nil {
                    if budget > 0 {
                        budget -= editingEngine.paragraphs[above].utf8.count
                        height = paragraphHeight(above)
                    } else {
                        height = estimatedHeight(ofParagraph: above)
                        scheduleMeasuring()
                    }
                } else {
                    height = paragraphHeight(above)
                }
                paragraphTops[index] = paragraphTops[index - 1] + height
            }
            validTops = paragraph + 1
        }
        return paragraphTops[paragraph]
    }

    /// The height of the whole text.
    var contentHeight: Double {
        let last = editingEngine.paragraphs.count - 1
        return top(ofParagraph: last) + paragraphHeight(last)
    }

    /// The top-left corner of a paragraph's layout, in the control's coordinates.
    func origin(ofParagraph paragraph: Int) -> Point {
        let rect = textRect
        let offset = contentOffset
        return Point(
            x: rect.minX + startAlignment(ofParagraph: paragraph) - offset.x,
            y: rect.minY + top(ofParagraph: paragraph) - offset.y)
    }

    /// How far a field's line moves right so that right-to-left text that
    /// fits starts at the right edge, as a GTK entry aligns its text to
    /// the text's direction; 0 otherwise (a text view's lines are aligned by its layout).
    private func startAlignment(ofParagraph paragraph: Int) -> Double {
        guard !wrapsLines else { return 0 }
        let layout = layout(forParagraph: paragraph)
        guard layout.lines.first?.isRightToLeft == true else { return 0 }
        // The caret at the text's start is drawn 2 points wide, right of the last glyph.
        return max(0, textRect.width - layout.size.width - 2)
    }

    /// The paragraph at a height in the control's coordinates (the nearest one above or below the text).
    func paragraph(atY y: Double) -> Int {
        let target = y - textRect.minY + contentOffset.y
        _ = top(ofParagraph: editingEngine.paragraphs.count - 1)
        var low = 0
        var high = editingEngine.paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphTops[mid] <= target { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The text position nearest a point in the control's coordinates.
    ///
    /// - Parameter point: A point in the control's coordinates.
    /// - Returns: The grapheme boundary nearest to it, by the layout's metrics.
    public func position(at point: Point) -> TextPosition {
        let paragraph = paragraph(atY: point.y)
        let origin = origin(ofParagraph: paragraph)
        let offset = layout(forParagraph: paragraph).offset(
            nearest: Point(x: point.x - origin.x, y: point.y - origin.y))
        return TextPosition(paragraph: paragraph, offset: textOffset(offset, inParagraph: paragraph))
    }

    /// Where the caret is drawn, in the control's coordinates: 2 points wide.
    var caretRectInView: Rect { caretRect(at: editingEngine.selection.active, markedOffset: markedCaretOffset) }

    /// Where a caret at `position` is drawn, in the control's coordinates, `markedOffset` bytes into marked text there.
    func caretRect(at position: TextPosition, markedOffset: Int = 0) -> Rect {
        let origin = origin(ofParagraph: position.paragraph)
        let layout = drawnLayout(forParagraph: position.paragraph)
        let rect = layout.caretRect(at: layoutOffset(position.offset, inParagraph: position.paragraph) + markedOffset)
        return Rect(x: origin.x + rect.minX, y: origin.y + rect.minY, width: Self.caretWidth, height: rect.height)
    }

    /// Where the caret is in the marked text, as a UTF-8 offset: where the input method puts it, else the end.
    var markedCaretOffset: Int {
        let length = editingEngine.markedText?.utf8.count ?? 0
        return min(markedTextAttributes.caret ?? length, length)
    }

    /// The layout drawn for a paragraph: with the marked text at the caret, while there is some.
    func drawnLayout(forParagraph paragraph: Int) -> TextLayout {
        let active = editingEngine.selection.active
        guard let marked = editingEngine.markedText, paragraph == active.paragraph else {
            return layout(forParagraph: paragraph)
        }
        var shown = displayText(ofParagraph: paragraph)
        let length = shown.utf8.count
        let at = TextEditingEngine.range(in: shown, layoutOffset(active.offset, inParagraph: paragraph), nil).lowerBound
        let offset = shown.utf8.distance(from: shown.startIndex, to: at)
        shown.insert(contentsOf: marked, at: at)
        // A long paragraph lays out again only the piece the marked text goes in.
        return layout(forParagraph: paragraph).updated(
            to: shown, unchangedPrefix: offset, unchangedSuffix: length - offset)
            ?? (window?.textLayoutEngine ?? detachedLayoutEngine).makeLayout(for: shown, style: layoutStyle)
    }

    // MARK: Scrolling

    /// Scrolls so that the caret shows, and never past the text's ends, when it moved since the last time.
    func scrollCaretToVisibleIfNeeded() {
        guard needsScrollToCaret, frame.width > 0, frame.height > 0 else { return }
        needsScrollToCaret = false  // first: the caret's rect reads the offset
        let caret = caretRectInView
        let visible = textRect
        var offset = scrolledOffset
        if caret.maxX > visible.maxX { offset.x += caret.maxX - visible.maxX }
        if caret.minX < visible.minX { offset.x -= visible.minX - caret.minX }
        if caret.maxY > visible.maxY { offset.y += caret.maxY - visible.maxY }
        if caret.minY < visible.minY { offset.y -= visible.minY - caret.minY }
        setContentOffset(offset)
    }

    /// Moves the text, kept between its start and its end.
    func setContentOffset(_ offset: Point) {
        let visible = textRect
        let width = wrapsLines ? 0 : layout(forParagraph: 0).size.width + 2
        let maxX = max(0, width - visible.width)
        let maxY = wrapsLines ? max(0, contentHeight - visible.height) : 0
        let clamped = Point(x: min(max(0, offset.x), maxX), y: min(max(0, offset.y), maxY))
        guard clamped != scrolledOffset else { return }
        scrolledOffset = clamped
        setNeedsDisplay()
    }
}
