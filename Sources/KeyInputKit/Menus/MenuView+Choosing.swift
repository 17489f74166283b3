extension MenuView {
    /// Closes every menu, then runs the action's handler.
    func choose(_ action: MenuAction) {
        guard action.isEnabled else { return }
        owner?.dismissAllPopups()
        action.handler(action)
    }

    /// Opens the highlighted row's submenu beside it, its first item highlighted when the keyboard opened it.
    func openSubmenu() {
        guard let row = highlightedRow, let submenu = element(at: row) as? Menu, let owner, let popup else { return }
        if let open = owner.presentedPopups.last?.contentView as? MenuView, open.parentMenu === self {
            if open.menu === submenu { return }
            open.close()
        }
        let view = MenuView(menu: submenu, rowHeight: rowHeight, engine: owner.textLayoutEngine, locale: locale)
        view.owner = owner
        view.parentMenu = self
        let rowInWindow = rowRect(row).offsetBy(dx: popup.frame.minX, dy: popup.frame.minY)
        let presented = owner.presentPopup(view, anchoredTo: Rect(x: popup.frame.maxX - 4, y: rowInWindow.minY, width: 0, height: 0))
        view.popup = presented
        presented.didDismiss = { [weak view] in view?.menuDidClose() }
        view.moveHighlight(by: 1)
    }

    /// Closes this menu and its submenus; the parent's highlight stays on the row that opened it.
    func close() {
        guard let popup, let owner else { return }
        owner.dismissPopup(popup)
    }

    /// What happens once the popup went, whoever closed it.
    func menuDidClose() {
        focusToken = nil
        for case .item(let action as MenuAction) in rows { action.onChange = nil }
        announceClosing()
    }
}
