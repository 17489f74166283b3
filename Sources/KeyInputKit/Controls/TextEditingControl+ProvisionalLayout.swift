extension TextEditingControl {
    /// Text added at the end of a paragraph, the common keystroke: its
    /// layout grows from the one shown (``TextLayout/appending(_:)``) when
    /// that layout can tell how, so the keystroke is drawn without laying
    /// the line out again; the line is laid out again once it is on screen.
    func paragraphDidGrow(_ paragraph: Int, appended: String) {
        guard layoutsGrow else {
            paragraphsDidChange(paragraph..<(paragraph + 1), count: 1)
            return
        }
        let shown = layouts[paragraph]
        paragraphsDidChange(paragraph..<(paragraph + 1), count: 1)
        // Secure entry shows bullets, which a combining mark need not add to.
        guard let shown, let grown = shown.appending(appended), let window, !textInputTraits.isSecureTextEntry else {
            return
        }
        layouts[paragraph] = grown
        layoutToUpdate = nil
        // The first letter also takes the placeholder away: then the whole text is marked.
        // (The paragraph was empty when it is what was typed: a long line's text is not read.)
        let showedPlaceholder =
            editingEngine.paragraphs.count == 1 && editingEngine.paragraphs[0].utf8.count == appended.utf8.count
            && !placeholder.isEmpty
        pendingGrowth = showedPlaceholder ? nil : (paragraph, grown.grownRect)
        scheduleSettling(ofParagraph: paragraph, in: window)
    }

    /// Settles a paragraph's provisional layout once the frame being drawn is on screen.
    func scheduleSettling(ofParagraph paragraph: Int, in window: Window) {
        if let other = provisionalParagraph, other != paragraph { settleLayout(ofParagraph: other) }
        provisionalParagraph = paragraph
        guard !settleIsScheduled else { return }
        settleIsScheduled = true
        weak let control = self
        window.afterPresenting { control?.settleProvisionalLayout() }
    }

    /// Marks only where a keystroke drawn with a provisional layout changes
    /// pixels, and the caret after it; all of the text when it scrolls.
    func markGrowth(_ growth: (paragraph: Int, rect: Rect), in window: Window) {
        let before = scrolledOffset
        guard contentOffset == before else {
            window.setNeedsDisplay(insideOf: self)
            return
        }
        let origin = origin(ofParagraph: growth.paragraph)
        let inView = Rect(
            x: origin.x + growth.rect.minX, y: origin.y + growth.rect.minY,
            width: growth.rect.width + Self.caretWidth, height: growth.rect.height)
        // Nothing is drawn outside the text's rectangle.
        let shown = inView.intersection(textRect)
        let frame = frameInWindow
        window.markNeedsDisplay(exactly: shown.offsetBy(dx: frame.minX, dy: frame.minY))
    }

    /// Lays out again the paragraph drawn with a provisional layout, and
    /// draws it again if the full layout looks different (a kerned pair, a ligature).
    func settleProvisionalLayout() {
        settleIsScheduled = false
        guard let paragraph = provisionalParagraph else { return }
        provisionalParagraph = nil
        settleLayout(ofParagraph: paragraph)
    }

    private func settleLayout(ofParagraph paragraph: Int) {
        guard layouts.indices.contains(paragraph), let provisional = layouts[paragraph] as? ProvisionalTextLayout
        else { return }
        // A field's caret stays where it shows while the text before it is measured anew.
        let active = editingEngine.selection.active
        let anchor =
            provisional.settlesInSteps && !wrapsLines && active.paragraph == paragraph ? caretRectInView.minX : nil
        let settled = provisional.settle()
        layouts[paragraph] = settled.layout
        if let anchor { scrolledOffset.x = max(0, scrolledOffset.x + caretRectInView.minX - anchor) }
        if !settled.drawsTheSame { window?.setNeedsDisplay(insideOf: self) }
        // A layout measured in steps takes another after the next frame.
        if settled.layout is ProvisionalTextLayout, let window { scheduleSettling(ofParagraph: paragraph, in: window) }
    }
}
