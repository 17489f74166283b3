import Foundation

/// Draws a ``Menu`` and lets a person choose from it with the pointer, a
/// finger or the keyboard: the edit menu and its submenus, each shown in a
/// ``Popup`` (``Window/presentEditMenu(for:request:)``).
///
/// Rows are 24 points tall, 44 when the menu was opened by touch. A row shows a
/// check mark for an item that is on, its title, its keyboard shortcut
/// right-aligned and an arrow for a submenu; disabled rows are greyed and
/// inline groups sit between separators. The highlight follows the pointer
/// while a button or finger is down, and the keyboard (``MenuView`` keys:
/// Up, Down, Home, End, Return, Space, Escape, Right, Left, a first letter).
@MainActor
public final class MenuView: View {
    /// One line of the menu.
    enum Row {
        /// An action, or a submenu's row.
        case item(MenuElement)
        case separator
    }

    /// The menu shown.
    public let menu: Menu
    /// The height of a row with an item, in points: 24, or 44 when opened by touch.
    public let rowHeight: Double
    /// The rows, inline groups unfolded between separators.
    let rows: [Row]
    /// The top of each row, in the view's coordinates, and the height of all of them at the end.
    let rowTops: [Double]
    /// The window the menu belongs to (the popup may be drawn in a surface window of its own).
    weak var owner: Window?
    /// The locale of the menu's own words (its name, the keys of its shortcuts): the owner window's.
    let locale: Locale?
    /// The view a menu opened by a long press is for: a finger on it closes the menu and goes on to it, as on iOS.
    weak var touchSubject: View?
    /// Whether a long press opened it: a callout, as on iOS, which a key closes (Window+EditMenu.swift).
    var isCallout = false
    /// The popup showing the menu, while it is presented.
    public internal(set) weak var popup: Popup?
    /// The menu this one is a submenu of.
    weak var parentMenu: MenuView?
    /// The row the highlight is on.
    var highlightedRow: Int? {
        didSet { if highlightedRow != oldValue { highlightDidChange(from: oldValue) } }
    }
    /// The accessibility nodes of the rows.
    lazy var itemNodes: [MenuItemNode] = makeItemNodes()
    /// Closes the menu when focus moves.
    var focusToken: ObservationToken?

    static let separatorHeight = 9.0
    static let fontSize = 14.0
    static let checkColumn = 24.0
    static let arrowColumn = 24.0
    static let shortcutGap = 32.0

    /// Makes a menu view its own size: as wide as its widest row needs.
    ///
    /// - Parameters:
    ///   - menu: The menu shown.
    ///   - rowHeight: 24, or 44 for touch.
    ///   - engine: Measures the titles and shortcuts.
    ///   - locale: The locale of the menu's own words; the environment's when `nil`.
    init(menu: Menu, rowHeight: Double, engine: TextLayoutEngine, locale: Locale?) {
        self.menu = menu
        self.rowHeight = rowHeight
        self.locale = locale
        rows = Self.rows(of: menu)
        var tops: [Double] = []
        var y = 4.0
        var width = 160.0
        let style = TextStyle(fontSize: Self.fontSize)
        for row in rows {
            tops.append(y)
            switch row {
            case .separator:
                y += Self.separatorHeight
            case .item(let element):
                y += rowHeight
                let title = engine.makeLayout(for: element.title, style: style).size.width
                let shortcut = (element as? MenuAction)?.keyboardShortcut.map {
                    Self.shortcutGap
                        + engine.makeLayout(for: $0.localizedDescription(for: locale), style: style).size.width
                } ?? 0
                width = max(width, Self.checkColumn + title + shortcut + Self.arrowColumn)
            }
        }
        tops.append(y + 4)
        rowTops = tops
        super.init(frame: Rect(x: 0, y: 0, width: width.rounded(.up), height: y + 4))
        identifier = "menu"
        accessibilityLabel = menu.title.isEmpty ? ToolkitString.editMenu.localized(for: locale) : menu.title
        keepsKeyboardOnPress = true
        for case .item(let action as MenuAction) in rows {
            action.onChange = { [weak self] in self?.setNeedsDisplay() }
        }
    }

    /// The rows of `menu`: inline groups between separators, never two separators in a row nor one at an end.
    static func rows(of menu: Menu) -> [Row] {
        var rows: [Row] = []
        func separate() {
            if let last = rows.last, case .item = last { rows.append(.separator) }
        }
        for child in menu.children {
            if let group = child as? Menu, group.options.contains(.displayInline) {
                let inner = Self.rows(of: group)
                guard !inner.isEmpty else { continue }
                separate()
                rows += inner
                separate()
            } else {
                rows.append(.item(child))
            }
        }
        if let last = rows.last, case .separator = last { rows.removeLast() }
        return rows
    }

    // MARK: Rows

    /// The element of a row, or `nil` for a separator.
    func element(at row: Int) -> MenuElement? {
        guard rows.indices.contains(row), case .item(let element) = rows[row] else { return nil }
        return element
    }

    /// Whether the highlight can rest on a row: an enabled action or a submenu.
    func isSelectable(_ row: Int) -> Bool {
        guard let element = element(at: row) else { return false }
        return (element as? MenuAction)?.isEnabled ?? true
    }

    /// A row's rectangle in the view's coordinates.
    func rowRect(_ row: Int) -> Rect {
        Rect(x: 0, y: rowTops[row], width: frame.width, height: rowTops[row + 1] - rowTops[row])
    }

    /// The row at a point in the view's coordinates.
    func row(at point: Point) -> Int? {
        guard point.x >= 0, point.x < frame.width else { return nil }
        return rows.indices.first { point.y >= rowTops[$0] && point.y < rowTops[$0 + 1] }
    }

    /// The element the highlight is on, or `nil`.
    public var highlightedElement: MenuElement? { highlightedRow.flatMap(element(at:)) }

    /// Where an element's row is, in the coordinates of the window the view is
    /// in (the main window, or the popup's own surface), or `nil` when the menu does not show it.
    ///
    /// - Parameter element: An element of ``menu`` or of one of its inline groups.
    /// - Returns: The row's rectangle.
    public func frame(of element: MenuElement) -> Rect? {
        guard let row = rows.indices.first(where: { self.element(at: $0) === element }) else { return nil }
        return convert(rowRect(row), to: nil)
    }

    /// The element whose title starts the row, by title (the first one).
    ///
    /// - Parameter title: The title shown, such as "Copy".
    /// - Returns: The element, or `nil`.
    public func element(titled title: String) -> MenuElement? {
        rows.indices.lazy.compactMap { self.element(at: $0) }.first { $0.title == title }
    }

    // MARK: Drawing

    public override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .white)
        canvas.stroke(rect, color: .separator, lineWidth: 1)
        for row in rows.indices {
            let line = rowRect(row).offsetBy(dx: rect.minX, dy: rect.minY)
            guard let element = element(at: row) else {
                let y = line.midY.rounded(.down) + 0.5
                canvas.line(from: Point(x: line.minX + 8, y: y), to: Point(x: line.maxX - 8, y: y), color: .separator, lineWidth: 1)
                continue
            }
            let action = element as? MenuAction
            let enabled = action?.isEnabled ?? true
            if row == highlightedRow, enabled {
                canvas.fill(Rect(x: line.minX + 2, y: line.minY, width: line.width - 4, height: line.height), color: .selection)
            }
            let color: Color =
                !enabled ? .secondaryText : action?.attributes.contains(.destructive) == true ? Self.destructive : .text
            if action?.state == .on {
                canvas.text("✓", in: Rect(x: line.minX, y: line.minY, width: Self.checkColumn, height: line.height),
                    color: color, fontSize: Self.fontSize, alignment: .center)
            }
            let inner = Rect(x: line.minX + Self.checkColumn, y: line.minY,
                width: line.width - Self.checkColumn - Self.arrowColumn / 2, height: line.height)
            canvas.text(element.title, in: inner, color: color, fontSize: Self.fontSize, alignment: .leading)
            if let shortcut = action?.keyboardShortcut {
                canvas.text(
                    shortcut.localizedDescription(for: locale), in: inner, color: .secondaryText, fontSize: Self.fontSize,
                    alignment: .trailing)
            }
            if element is Menu {
                canvas.text("▸", in: Rect(x: line.maxX - Self.arrowColumn, y: line.minY, width: Self.arrowColumn, height: line.height),
                    color: color, fontSize: Self.fontSize, alignment: .center)
            }
        }
    }

    /// The red of a destructive item.
    static let destructive = Color(hex: 0xc01c28)

    // MARK: Pointer and touch

    /// A press highlights its row and opens a submenu.
    public override func pointerDown(_ event: PointerEvent) {
        follow(event)
        if let row = highlightedRow, element(at: row) is Menu { openSubmenu() }
    }

    /// The highlight follows the pointer or finger.
    public override func pointerDragged(_ event: PointerEvent) { follow(event) }

    /// Lifted on an enabled action: it is chosen.
    public override func pointerUp(_ event: PointerEvent) {
        guard !event.isCancelled, let row = row(at: event.location(in: self)), isSelectable(row),
            let action = element(at: row) as? MenuAction
        else { return }
        choose(action)
    }

    private func follow(_ event: PointerEvent) {
        let row = row(at: event.location(in: self))
        highlightedRow = row.flatMap { isSelectable($0) ? $0 : nil }
    }

    // MARK: Accessibility

    public override var accessibilityRole: AccessibilityRole { .menu }
    public override var accessibilityWindow: Window? { owner ?? window }
    public override var accessibilityChildren: [any Accessible] { itemNodes }
    /// The window it belongs to, also when it shows in a surface of its own.
    public override var accessibilityParent: (any Accessible)? { popup?.surfaceWindow != nil ? owner : superview }
}
