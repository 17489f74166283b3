/// An item of a menu, as assistive technology sees it: a menu item, a check
/// menu item, a submenu's row (a menu) or a separator.
@MainActor
final class MenuItemNode: AccessibilityElement {
    weak var menuView: MenuView?
    let row: Int

    init(menuView: MenuView, row: Int) {
        self.menuView = menuView
        self.row = row
        let element = menuView.element(at: row)
        let role: AccessibilityRole =
            switch element {
            case nil: .separator
            case is Menu: .menu
            case let action as MenuAction where action.state == .on: .checkMenuItem
            default: .menuItem
            }
        super.init(role: role, label: element?.title, parent: menuView)
    }

    override var accessibilityStates: AccessibilityStates {
        get {
            guard let menuView else { return [] }
            var states: AccessibilityStates = [.visible, .showing]
            if menuView.isSelectable(row) { states.formUnion([.enabled, .sensitive, .focusable]) }
            if menuView.highlightedRow == row { states.formUnion([.focused, .selected]) }
            if (menuView.element(at: row) as? MenuAction)?.state == .on { states.insert(.checked) }
            return states
        }
        set {}
    }

    override var accessibilityFrameInWindow: Rect {
        get { menuView.map { $0.rowRect(row).offsetBy(dx: $0.popup?.frame.minX ?? 0, dy: $0.popup?.frame.minY ?? 0) } ?? .zero }
        set {}
    }

    override var accessibilityWindow: Window? { menuView?.accessibilityWindow }
}

extension MenuView {
    func makeItemNodes() -> [MenuItemNode] { rows.indices.map { MenuItemNode(menuView: self, row: $0) } }

    /// Redraws, and tells assistive technology the highlighted item has the focus, so a screen reader reads it.
    func highlightDidChange(from old: Int?) {
        setNeedsDisplay()
        guard let application = owner?.application, application.hasAccessibilityObservers else { return }
        let previous: (any Accessible)? = old.map { itemNodes[$0] } ?? owner?.accessibilityFocusedNode
        let current = highlightedRow.map { itemNodes[$0] }
        if let previous { application.postAccessibilityEvent(.stateChanged(previous, .focused, isOn: false)) }
        if let current {
            application.postAccessibilityEvent(.stateChanged(current, .focused, isOn: true))
            application.postAccessibilityEvent(.focusChanged(from: previous, to: current))
        }
    }

    /// Gives the focus back, for assistive technology, to what had it before the menu opened.
    func announceClosing() {
        guard let owner, let application = owner.application, application.hasAccessibilityObservers else { return }
        let previous = highlightedRow.map { itemNodes[$0] }
        let back: (any Accessible)? = parentMenu.flatMap { parent in parent.highlightedRow.map { parent.itemNodes[$0] } }
            ?? owner.accessibilityFocusedNode
        if let previous { application.postAccessibilityEvent(.stateChanged(previous, .focused, isOn: false)) }
        if parentMenu == nil || previous != nil, let back {
            application.postAccessibilityEvent(.stateChanged(back, .focused, isOn: true))
            application.postAccessibilityEvent(.focusChanged(from: previous, to: back))
        }
    }
}
