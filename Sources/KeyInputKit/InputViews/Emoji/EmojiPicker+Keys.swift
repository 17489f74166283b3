import XKB

extension EmojiPicker {
    /// Whether a press is one of the keys that show the picker: Ctrl+. or Ctrl+; (GTK's).
    static func isShortcut(_ press: KeyPress) -> Bool {
        guard press.phase == .began, press.modifiers.significant == .control else { return false }
        let key = press.charactersIgnoringModifiers
        return key == "." || key == ";" || press.latinFallback == "." || press.latinFallback == ";"
    }

    /// Does what a key does in the picker; returns whether it took the key.
    func routeKey(_ press: KeyPress) -> Bool {
        guard let window, target != nil else { return false }
        // Releases go on: they type nothing.
        guard press.phase == .began else { return false }
        let keysym = press.keysym
        let modifiers = press.modifiers.significant
        if keysym == .escape {
            window.dismissEmojiPicker()
            return true
        }
        if keysym == .tab || keysym == .isoLeftTab {
            let order: [Area] = [.search, .tabs, .grid]
            let step = keysym == .isoLeftTab || modifiers.contains(.shift) ? order.count - 1 : 1
            focus(order[((order.firstIndex(of: focusedArea) ?? 0) + step) % order.count])
            return true
        }
        if keysym == .return || keysym == .keypadEnter {
            if focusedArea == .tabs {
                focus(.grid)
            } else if let index = highlightedIndex, shownEmoji.indices.contains(index) {
                choose(shownEmoji[index].character)
            }
            return true
        }
        if let move = Self.arrowMove(keysym) { return moveFocus(move) }
        if keysym == .backSpace {
            if !searchText.isEmpty { search(String(searchText.dropLast())) }
            focus(.search)
            return true
        }
        // Other shortcuts (Ctrl+. again, Ctrl+Q) go on to the window.
        if press.isShortcut { return false }
        switch press.textAction {
        case .insertText(let text) where text != "\n":
            focus(.search)
            search(searchText + text)
            return true
        case .composing, .composeCancelled:
            return true
        default:
            return false
        }
    }

    private enum Move { case left, right, up, down }

    private static func arrowMove(_ keysym: Keysym) -> Move? {
        switch keysym {
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        default: nil
        }
    }

    /// Arrows: in the grid they move the highlight; on the tabs, Left and
    /// Right change tabs; Down from the search or tabs enters the grid, Up
    /// from its first row leaves it.
    private func moveFocus(_ move: Move) -> Bool {
        switch focusedArea {
        case .search:
            if move == .down { focus(shownEmoji.isEmpty ? .tabs : .grid) }
        case .tabs:
            switch move {
            case .left: if selectedCategory > 0 { selectCategory(selectedCategory - 1) }
            case .right: if selectedCategory + 1 < categories.count { selectCategory(selectedCategory + 1) }
            case .down: if !shownEmoji.isEmpty { focus(.grid) }
            case .up: focus(.search)
            }
        case .grid:
            let index = highlightedIndex ?? 0
            switch move {
            case .left: highlight(max(0, index - 1))
            case .right: highlight(min(shownEmoji.count - 1, index + 1))
            case .down: highlight(min(shownEmoji.count - 1, index + columns))
            case .up:
                if index < columns { focus(searchText.isEmpty ? .tabs : .search) } else { highlight(index - columns) }
            }
        }
        return true
    }
}
