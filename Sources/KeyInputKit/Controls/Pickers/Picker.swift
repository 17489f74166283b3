import Foundation
import XKB

/// Supplies a ``Picker``'s components, rows and titles (UIKit's
/// `UIPickerViewDataSource` and the titles of its delegate).
///
/// The picker asks again only in ``Picker/reloadAllComponents()`` and
/// ``Picker/reloadComponent(_:)``; titles are asked for when needed.
@MainActor
public protocol PickerDataSource: AnyObject {
    /// How many components (columns) the picker has.
    func numberOfComponents(in picker: Picker) -> Int
    /// How many rows a component has.
    func numberOfRows(inComponent component: Int, of picker: Picker) -> Int
    /// The title of a row.
    func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String
}

/// A data source of fixed titles: one array of row titles per component.
@MainActor
public final class StaticPickerDataSource: PickerDataSource {
    /// The row titles of each component.
    public var components: [[String]]

    /// Creates a data source with the row titles of each component.
    public init(components: [[String]]) {
        self.components = components
    }

    /// The number of title arrays.
    public func numberOfComponents(in picker: Picker) -> Int { components.count }

    /// The number of titles in the component.
    public func numberOfRows(inComponent component: Int, of picker: Picker) -> Int {
        components.indices.contains(component) ? components[component].count : 0
    }

    /// The title at the row, or the empty string outside the arrays.
    public func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String {
        guard components.indices.contains(component), components[component].indices.contains(row) else { return "" }
        return components[component][row]
    }
}

/// A control for choosing one row in each of several components — UIKit's
/// `UIPickerView`, driven by keyboard and pointer.
///
/// Make it a control's ``Responder/inputView`` and it replaces the on-screen
/// keyboard while the control is first responder; the window sends it keys
/// before anyone else (``InputViewKeyHandling``).
///
/// ## Keyboard
///
/// | Key | Does |
/// |---|---|
/// | Left, Right | Selects the component before or after (stops at the ends). |
/// | Tab, Shift+Tab | The same, but from the last (first) component, focus moves on to the next (previous) control. |
/// | Up, Down | The row above or below (rows do not wrap). |
/// | Page Up, Page Down | Five rows up or down. |
/// | Home, End | The first or last row. |
/// | Letters, digits | Type-ahead: the first row whose title starts with what was typed, ignoring case and accents. |
/// | Return, keypad Enter | Confirms: sends ``Control/Event/primaryActionTriggered`` and ends editing. |
/// | Escape | Cancels: restores the rows selected when editing began and ends editing. |
///
/// Type-ahead collects what is typed while each key comes within
/// ``typeAheadTimeout`` of the one before; after a pause it starts over.
/// Time comes from ``clock`` — the window's clock (``Window/currentTime``)
/// unless you give it another — so tests never wait.
///
/// ## Pointer
///
/// A click on a component selects it; a click on a row drawn above or below
/// the selected one selects that row; the scroll wheel over a component
/// moves its selection (up selects the row above).
///
/// Changes made by the person send ``Control/Event/valueChanged``;
/// ``selectRow(_:inComponent:)`` from code does not.
@MainActor
open class Picker: Control, InputViewKeyHandling {
    /// The picker's standard height: the on-screen keyboard's.
    public static let height = 216.0

    /// Where the components and titles come from; the picker does not keep
    /// it alive. Setting it reloads all components.
    public weak var dataSource: PickerDataSource? {
        didSet { reloadAllComponents() }
    }

    private var ownedDataSource: PickerDataSource?

    /// A title drawn above the components; `nil` (the default) draws the
    /// selected titles.
    open var title: String? {
        didSet { setNeedsDisplay() }
    }

    /// Seconds between typed characters for them to add to one type-ahead
    /// prefix. 1 by default.
    public var typeAheadTimeout: Double = 1

    /// The clock type-ahead measures pauses with, in seconds; `nil` (the
    /// default) uses the window's clock, which hosts move forward.
    public var clock: (() -> Double)?

    /// What was typed for type-ahead in the current burst of typing.
    public private(set) var typeAheadPrefix = ""

    /// The index of the selected component.
    public var selectedComponent: Int = 0 {
        didSet {
            let clampedIndex = rowCounts.isEmpty ? 0 : min(max(selectedComponent, 0), rowCounts.count - 1)
            if clampedIndex != selectedComponent { selectedComponent = clampedIndex }
            if selectedComponent != oldValue { resetTypeAhead() }
            scrollCarry = 0
            setNeedsDisplay()
        }
    }

    private var rowCounts: [Int] = []
    private var selectedRows: [Int] = []
    private var lastTypeAheadTime: Double?
    private var scrollCarry = 0.0
    private var snapshot: EditingSnapshot<[Int]>?

    /// Creates a picker; give it a ``dataSource``.
    ///
    /// - Parameter frame: Its frame; the height is ``height`` by default and
    ///   the window gives it its width when it is shown as an input view.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: Picker.height)) {
        super.init(frame: frame)
        identifier = "picker"
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
    }

    /// Creates a picker that shows fixed titles, keeping its own
    /// ``StaticPickerDataSource``.
    ///
    /// - Parameters:
    ///   - components: The row titles of each component.
    ///   - frame: Its frame.
    public convenience init(components: [[String]], frame: Rect = Rect(x: 0, y: 0, width: 0, height: Picker.height)) {
        self.init(frame: frame)
        let source = StaticPickerDataSource(components: components)
        ownedDataSource = source
        dataSource = source
        reloadAllComponents()  // observers do not run in the class's own initialisers
    }

    // MARK: Components and rows

    /// The number of components, as of the last reload.
    public var numberOfComponents: Int { rowCounts.count }

    /// The number of rows in a component, as of the last reload; 0 for a
    /// component that does not exist.
    public func numberOfRows(inComponent component: Int) -> Int {
        rowCounts.indices.contains(component) ? rowCounts[component] : 0
    }

    /// The title of a row, or `nil` when there is no such row.
    public func title(forRow row: Int, inComponent component: Int) -> String? {
        guard row >= 0, row < numberOfRows(inComponent: component), let dataSource else { return nil }
        return dataSource.title(forRow: row, inComponent: component, of: self)
    }

    /// The selected row of a component, or -1 when it has no rows (or does not exist).
    public func selectedRow(inComponent component: Int) -> Int {
        guard numberOfRows(inComponent: component) > 0 else { return -1 }
        return selectedRows[component]
    }

    /// The selected title of each component (empty for a component without rows).
    public var selectedTitles: [String] {
        rowCounts.indices.map { title(forRow: selectedRow(inComponent: $0), inComponent: $0) ?? "" }
    }

    /// Selects a row from code, clamped to the component's rows; sends no event.
    public func selectRow(_ row: Int, inComponent component: Int) {
        let count = numberOfRows(inComponent: component)
        guard count > 0 else { return }
        selectedRows[component] = min(max(row, 0), count - 1)
        setNeedsDisplay()
    }

    /// Asks the data source again for every component, its rows and titles.
    /// Selections stay where they were, clamped to the new number of rows.
    public func reloadAllComponents() {
        let count = max(0, dataSource.map { $0.numberOfComponents(in: self) } ?? 0)
        rowCounts = (0..<count).map { component in
            max(0, dataSource?.numberOfRows(inComponent: component, of: self) ?? 0)
        }
        selectedRows = rowCounts.indices.map { component in
            let old = selectedRows.indices.contains(component) ? selectedRows[component] : 0
            return min(max(old, 0), max(rowCounts[component] - 1, 0))
        }
        selectedComponent = min(selectedComponent, max(count - 1, 0))
        resetTypeAhead()
        setNeedsDisplay()
    }

    /// Asks the data source again for one component's rows and titles.
    public func reloadComponent(_ component: Int) {
        guard rowCounts.indices.contains(component) else { return reloadAllComponents() }
        rowCounts[component] = max(0, dataSource?.numberOfRows(inComponent: component, of: self) ?? 0)
        selectedRows[component] = min(selectedRows[component], max(rowCounts[component] - 1, 0))
        if component == selectedComponent { resetTypeAhead() }
        setNeedsDisplay()
    }

    // MARK: Editing

    /// Remembers the selected rows as the ones Escape restores.
    ///
    /// The picker calls it itself when it joins a window (when it is shown
    /// as an input view) and, failing that, before the first change of an
    /// editing session; a control that shows one picker for several values
    /// calls it when it becomes first responder, after selecting its rows.
    open func beginEditing() {
        snapshot = EditingSnapshot(value: selectedRows, owner: window?.firstResponder)
    }

    private func ensureSnapshot() {
        if let snapshot {
            guard let first = window?.firstResponder, snapshot.owner !== first else { return }
        }
        beginEditing()
    }

    /// Confirms the selection, as Return does: sends
    /// ``Control/Event/primaryActionTriggered`` and asks the window to end editing.
    open func confirm() {
        snapshot = nil
        resetTypeAhead()
        sendActions(for: .primaryActionTriggered)
        window?.endEditing(force: false)
    }

    /// Cancels, as Escape does: restores the rows selected when editing
    /// began (sending ``Control/Event/valueChanged`` when that changes them)
    /// and asks the window to end editing.
    open func cancel() {
        resetTypeAhead()
        if let snapshot {
            self.snapshot = nil
            let restored = rowCounts.indices.map { component in
                let row = snapshot.value.indices.contains(component) ? snapshot.value[component] : 0
                return min(max(row, 0), max(rowCounts[component] - 1, 0))
            }
            if restored != selectedRows {
                selectedRows = restored
                sendActions(for: .valueChanged)
            }
        }
        window?.endEditing(force: false)
        setNeedsDisplay()
    }

    /// Forgets the type-ahead prefix: the next character starts a new one.
    public func resetTypeAhead() {
        typeAheadPrefix = ""
        lastTypeAheadTime = nil
    }

    /// Selects a row as the person's action: clamped, with
    /// ``Control/Event/valueChanged`` when it changes.
    func userSelectRow(_ row: Int, inComponent component: Int) {
        let count = numberOfRows(inComponent: component)
        guard count > 0 else { return }
        ensureSnapshot()
        let target = min(max(row, 0), count - 1)
        guard target != selectedRows[component] else { return }
        selectedRows[component] = target
        setNeedsDisplay()
        sendActions(for: .valueChanged)
    }

    /// Moves the selected component's selection as Up and Down (±1) and
    /// Page Up and Page Down (±5) do, as the person's action: clamped to
    /// its rows, with ``Control/Event/valueChanged`` when it changes.
    public func moveSelection(by rows: Int) {
        let current = selectedRow(inComponent: selectedComponent)
        guard current >= 0 else { return }
        let bounded = min(max(rows, -Int(Int32.max)), Int(Int32.max))
        moveSelection(to: current + bounded)
    }

    /// Selects a row of the selected component as the person's action
    /// (Home is row 0), clamped to its rows.
    public func moveSelection(to row: Int) {
        resetTypeAhead()
        userSelectRow(row, inComponent: selectedComponent)
    }

    // MARK: Type-ahead

    /// Types text for type-ahead into the selected component, as keys do.
    ///
    /// - Returns: Whether the text was used (it is not at the start of a
    ///   prefix when it is only spaces, nor when the component has no rows).
    @discardableResult
    public func typeAhead(_ text: String) -> Bool {
        let component = selectedComponent
        let count = numberOfRows(inComponent: component)
        guard count > 0 else { return false }
        let now = clock?() ?? window?.currentTime ?? 0
        if let last = lastTypeAheadTime, now - last > typeAheadTimeout || now < last {
            typeAheadPrefix = ""
        }
        if typeAheadPrefix.isEmpty, text.allSatisfy(\.isWhitespace) { return false }
        typeAheadPrefix += text
        lastTypeAheadTime = now
        let wanted = Self.fold(typeAheadPrefix)
        for row in 0..<count {
            guard let title = title(forRow: row, inComponent: component) else { continue }
            if Self.fold(title).hasPrefix(wanted) {
                userSelectRow(row, inComponent: component)
                break
            }
        }
        return true
    }

    /// Text for matching: without case or accents.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    // MARK: Keyboard

    private var isTakingKeys: Bool {
        guard isEnabled else { return false }
        if let window, window.presentedInputView === self, window.firstResponder?.inputView !== self {
            return false
        }
        return true
    }

    /// Handles a key while the picker is shown (the window calls it before
    /// anything else); see the table in the overview. Returns `false` for
    /// keys it leaves to others: releases, shortcuts with Ctrl, Alt or
    /// Super, Tab past the last component, and text it cannot use.
    open func handleKeyPress(_ press: KeyPress) -> Bool {
        guard press.phase == .began, isTakingKeys else { return false }
        if let navigation = InputViewNavigation(press) {
            switch navigation {
            case .previousColumn: selectedComponent = max(selectedComponent - 1, 0)
            case .nextColumn: selectedComponent = min(selectedComponent + 1, max(numberOfComponents - 1, 0))
            case .tabForward:
                guard selectedComponent + 1 < numberOfComponents else { return false }
                selectedComponent += 1
            case .tabBackward:
                guard selectedComponent > 0 else { return false }
                selectedComponent -= 1
            case .up: moveSelection(by: -1)
            case .down: moveSelection(by: 1)
            case .pageUp: moveSelection(by: -5)
            case .pageDown: moveSelection(by: 5)
            case .home: moveSelection(to: 0)
            case .end: moveSelection(to: numberOfRows(inComponent: selectedComponent) - 1)
            case .confirm: confirm()
            case .cancel: cancel()
            }
            return true
        }
        if let text = InputViewNavigation.typedText(of: press) { return typeAhead(text) }
        return false
    }

    // MARK: Pointer

    /// The frames of the component boxes (the selected rows), in the
    /// picker's coordinates, for its current width.
    public var componentFrames: [Rect] {
        guard numberOfComponents > 0 else { return [] }
        let gaps = ColumnMetrics.gap * Double(numberOfComponents - 1)
        let width = max(0, bounds.width - 2 * ColumnMetrics.margin - gaps) / Double(numberOfComponents)
        return ColumnMetrics.boxes(preferredWidths: Array(repeating: width, count: numberOfComponents), in: bounds.width)
    }

    /// The index of the component whose column holds `point` (in the picker's coordinates), if any.
    public func componentIndex(at point: Point) -> Int? {
        ColumnMetrics.column(atX: point.x, boxes: componentFrames)
    }

    /// Selects the component under the pointer; on the row drawn above or
    /// below the selected one, selects that row.
    open override func pointerDown(_ event: PointerEvent) {
        let point = event.location(in: self)
        guard isEnabled, let component = componentIndex(at: point) else { return }
        ensureSnapshot()
        selectedComponent = component
        let band = ColumnMetrics.band(atY: point.y)
        if band != 0 {
            resetTypeAhead()
            userSelectRow(selectedRow(inComponent: component) + band, inComponent: component)
        }
    }

    /// Does nothing: a click on the picker is not an action.
    open override func pointerUp(_ event: PointerEvent) {}

    /// Does nothing.
    open override func pointerDragged(_ event: PointerEvent) {}

    /// Moves the selection of the component under the pointer: up selects the row above.
    open override func scrollWheel(_ event: PointerEvent) {
        guard isEnabled, case .scroll(_, let dy) = event.kind,
            let component = componentIndex(at: event.location(in: self))
        else { return }
        if component != selectedComponent { selectedComponent = component }
        let steps = ColumnMetrics.wheelSteps(dy: dy, carry: &scrollCarry)
        if steps != 0 { moveSelection(by: -steps) }
    }

    // MARK: Drawing

    /// The key hints drawn at the bottom.
    static let hints = "↑↓ row · ←→ column · ⏎ done · esc cancel"

    /// Draws the title, each component's selected row in a box with the rows
    /// above and below it, the selected component with a focus ring, and a
    /// line of key hints.
    open override func draw(in canvas: Canvas, rect: Rect) {
        ColumnMetrics.drawPanel(
            in: canvas, rect: rect, title: title ?? selectedTitles.joined(separator: " · "), hints: Self.hints)
        for (component, box) in componentFrames.enumerated() {
            let frame = box.offsetBy(dx: rect.minX, dy: rect.minY)
            let row = selectedRow(inComponent: component)
            if let above = title(forRow: row - 1, inComponent: component) {
                let rowRect = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.above.y, width: frame.width, height: ColumnMetrics.above.height)
                canvas.text(above, in: rowRect, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            if let below = title(forRow: row + 1, inComponent: component) {
                let rowRect = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.below.y, width: frame.width, height: ColumnMetrics.below.height)
                canvas.text(below, in: rowRect, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            let selected = component == selectedComponent
            canvas.fill(frame, color: .white)
            canvas.stroke(frame, color: selected ? .accent : .separator, lineWidth: selected ? 2 : 1)
            canvas.text(
                title(forRow: row, inComponent: component) ?? "", in: frame, color: isEnabled ? .text : .secondaryText,
                fontSize: 16, alignment: .center)
        }
    }

    /// When the picker is shown, selects the first component and remembers
    /// the selection for Escape; forgets it when the picker leaves its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            selectedComponent = 0
            resetTypeAhead()
            scrollCarry = 0
            beginEditing()
        } else {
            snapshot = nil
            resetTypeAhead()
        }
    }
}
