import XKB

extension MenuView {
    /// Handles a key pressed while this menu is the deepest one open: Up and
    /// Down move the highlight (skipping separators and disabled rows,
    /// wrapping), Home and End go to the first and last, Return and Space
    /// choose, Right opens a submenu and Left closes it, Escape closes the
    /// menu, and a letter goes to the next item whose title starts with it.
    /// Every other key does nothing while the menu is open.
    func handleKey(_ press: KeyPress) {
        switch press.keysym {
        case .down: moveHighlight(by: 1)
        case .up: moveHighlight(by: -1)
        case .home: highlightedRow = rows.indices.first(where: isSelectable)
        case .end: highlightedRow = rows.indices.last(where: isSelectable)
        case .return, .keypadEnter, .space: activateHighlighted()
        case .right: openSubmenu()
        case .left: if parentMenu != nil { close() }
        case .escape: close()
        default: jump(toLetter: press.charactersIgnoringModifiers)
        }
    }

    /// Moves the highlight to the next selectable row in a direction, wrapping around.
    func moveHighlight(by step: Int) {
        guard !rows.isEmpty else { return }
        let count = rows.count
        var row = highlightedRow ?? (step > 0 ? count - 1 : 0)
        for _ in 0..<count {
            row = (row + step + count) % count
            if isSelectable(row) { return highlightedRow = row }
        }
    }

    /// Highlights the next item after the highlight whose title starts with `text`'s first letter.
    private func jump(toLetter text: String) {
        guard let letter = text.first, letter.isLetter || letter.isNumber else { return }
        let count = rows.count
        let start = highlightedRow ?? count - 1
        for offset in 1...max(count, 1) {
            let row = (start + offset) % count
            if isSelectable(row), let first = element(at: row)?.title.first,
                String(first).lowercased() == String(letter).lowercased()
            {
                return highlightedRow = row
            }
        }
    }

    /// Return or Space: chooses the highlighted action, or opens the highlighted submenu.
    private func activateHighlighted() {
        guard let row = highlightedRow, isSelectable(row), let element = element(at: row) else { return }
        if let action = element as? MenuAction { choose(action) } else { openSubmenu() }
    }
}
