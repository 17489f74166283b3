extension EmojiPicker {
    /// Gets ready to show for `responder`: reads the data on first use and starts at the search.
    func prepare(for responder: Responder, in window: Window) {
        target = responder
        if categories.isEmpty { loadCategories() }
        if annotationsForLocale == nil { annotationsForLocale = languageData() }
        searchText = ""
        searchBox.text = ""
        focusedArea = .search
        hideSkinTones()
        reloadShownEmoji()
        updateFocus()
    }

    /// Forgets what was being done when the picker goes away.
    func endPresentation() {
        hideSkinTones()
    }

    /// Whether the picker should show for `responder` as first responder;
    /// a request for another responder is dropped (focus moved on).
    func isRequested(for responder: Responder?) -> Bool {
        guard let target else { return false }
        if target === responder { return true }
        self.target = nil
        hideSkinTones()
        return false
    }

    /// The names for ``locale``: the standard data, or read from the given catalog.
    private func languageData() -> EmojiLanguageData {
        if usesStandardCatalog { return EmojiLanguageData.standard(for: locale) }
        return EmojiLanguageData(locale: locale, catalog: catalog)
    }

    private func loadCategories() {
        let catalog = catalog
        for emoji in catalog.allEmoji { emojiByCharacter[emoji.character] = emoji }
        let names = tabNames()
        categories = [EmojiCategory(name: names[0], icon: "🕘", emoji: [])]
            + zip(catalog.groups, names.dropFirst()).map { group, name in
                EmojiCategory(name: name, icon: group.emoji.first?.character ?? "?", emoji: group.emoji)
            }
        tabBar.setNeedsDisplay()
        // With nothing used yet, start on the first group.
        selectedCategory = recents.emoji.isEmpty && categories.count > 1 ? 1 : 0
    }

    /// The name a reader says, and a search finds, for an emoji: CLDR's in
    /// ``locale``, else Unicode's English one.
    ///
    /// - Parameter character: The emoji.
    /// - Returns: Its name, or the emoji itself when nothing names it.
    public func name(of character: String) -> String {
        annotationsForLocale?.annotations.name(for: character) ?? emojiByCharacter[character]?.name
            ?? emojiByCharacter.values.first { $0.skinTones.contains(character) }.map { $0.name } ?? character
    }

    /// Shows a tab; the search is cleared.
    ///
    /// - Parameter index: The tab, an index into ``categories``.
    public func selectCategory(_ index: Int) {
        guard categories.indices.contains(index) else { return }
        selectedCategory = index
        searchText = ""
        searchBox.text = ""
        reloadShownEmoji()
        scrollView.contentOffset = .zero
    }

    /// Sets the search: the grid shows what it finds, best first.
    ///
    /// - Parameter text: Words to find, in ``locale``'s language.
    public func search(_ text: String) {
        searchText = text
        searchBox.text = text
        reloadShownEmoji()
        scrollView.contentOffset = .zero
    }

    /// Types `character` into the responder the picker shows for, and puts it first in Recently used.
    ///
    /// - Parameter character: An emoji.
    public func choose(_ character: String) {
        hideSkinTones()
        guard let input = target as? KeyInput, let window, window.firstResponder === target else { return }
        window.endMarkedText(in: target)
        input.insertText(character)
        recents.record(character)
    }

    /// The grid's emoji for the search or the tab, with the highlight on the first.
    func reloadShownEmoji() {
        if !searchText.isEmpty {
            shownEmoji = annotationsForLocale?.searchIndex.search(searchText) ?? []
        } else if selectedCategory == 0 {
            shownEmoji = recents.emoji.map { emojiByCharacter[$0] ?? Emoji(character: $0, name: $0) }
        } else {
            shownEmoji = categories.indices.contains(selectedCategory) ? categories[selectedCategory].emoji : []
        }
        highlightedIndex = shownEmoji.isEmpty ? nil : 0
        layoutGrid()
        grid.setNeedsDisplay()
        tabBar.setNeedsDisplay()
        searchBox.setNeedsDisplay()
    }

    /// How many cells a row of the grid holds at the picker's width.
    public var columns: Int { max(1, Int(frame.width / Self.cellSize)) }

    /// Sizes the grid for the emoji shown.
    func layoutGrid() {
        let rows = (shownEmoji.count + columns - 1) / columns
        let size = Size(width: frame.width, height: Double(rows) * Self.cellSize)
        grid.frame = Rect(origin: .zero, size: size)
        scrollView.contentSize = size
    }

    /// Where the cell of the emoji at `index` in ``shownEmoji`` is, in the grid's coordinates.
    func cellFrame(at index: Int) -> Rect {
        let width = frame.width / Double(columns)
        return Rect(
            x: Double(index % columns) * width, y: Double(index / columns) * Self.cellSize, width: width,
            height: Self.cellSize)
    }

    /// Where the cell of the emoji at `index` in ``shownEmoji`` is, in window coordinates.
    ///
    /// - Parameter index: An index into ``shownEmoji``.
    /// - Returns: The cell's frame; it may be scrolled out of sight.
    public func frameOfEmoji(at index: Int) -> Rect { grid.convert(cellFrame(at: index), to: nil) }

    /// Where the tab at `index` is, in window coordinates.
    ///
    /// - Parameter index: An index into ``categories``.
    public func frameOfCategory(at index: Int) -> Rect { tabBar.convert(tabBar.tabFrame(at: index), to: nil) }

    /// The index in ``shownEmoji`` of the cell at `point`, in the grid's coordinates.
    func emojiIndex(at point: Point) -> Int? {
        guard point.x >= 0, point.y >= 0, point.x < frame.width else { return nil }
        let column = min(columns - 1, Int(point.x / (frame.width / Double(columns))))
        let index = Int(point.y / Self.cellSize) * columns + column
        return shownEmoji.indices.contains(index) ? index : nil
    }

    // MARK: Skin tones

    /// Shows the skin tones of the emoji at `index` in a row above its cell, if it has any.
    func showSkinTones(at index: Int) -> Bool {
        guard shownEmoji.indices.contains(index), !shownEmoji[index].skinTones.isEmpty else { return false }
        let emoji = shownEmoji[index]
        skinTonePopup.variants = [emoji.character] + emoji.skinTones
        skinTonePopup.names = skinTonePopup.variants.map(name(of:))
        skinTonePopup.chosen = nil
        let cell = convert(grid.convert(cellFrame(at: index), to: nil), from: nil)
        let width = Double(skinTonePopup.variants.count) * Self.cellSize
        let x = min(max(0, cell.midX - width / 2), max(0, frame.width - width))
        skinTonePopup.frame = Rect(x: x, y: max(0, cell.minY - Self.cellSize - 4), width: width, height: Self.cellSize)
        skinTonePopup.isHidden = false
        return true
    }

    /// Where skin tone `index` of the row shown is, in window coordinates, while it shows.
    ///
    /// - Parameter index: An index into ``shownSkinTones``.
    public func frameOfSkinTone(at index: Int) -> Rect? {
        guard let tones = shownSkinTones, tones.indices.contains(index) else { return nil }
        return skinTonePopup.variantFrame(at: index)
    }

    func hideSkinTones() {
        guard !skinTonePopup.isHidden else { return }
        skinTonePopup.isHidden = true
        skinTonePopup.chosen = nil
        setNeedsDisplay()
    }

    // MARK: Focus

    /// Moves the keyboard focus inside the picker.
    func focus(_ area: Area) {
        focusedArea = area
        updateFocus()
    }

    func updateFocus() {
        searchBox.isFocused = focusedArea == .search
        tabBar.isFocused = focusedArea == .tabs
        grid.isFocused = focusedArea == .grid
    }

    /// Moves the highlight to `index` and scrolls its cell into view.
    func highlight(_ index: Int) {
        guard shownEmoji.indices.contains(index) else { return }
        highlightedIndex = index
        scrollView.scrollRectToVisible(cellFrame(at: index), animated: false)
        grid.setNeedsDisplay()
    }
}
