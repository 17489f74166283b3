import Foundation

/// A control for choosing one row in each of several components — UIKit's
/// `UIPickerView`, driven by keyboard and pointer.
///
/// Make it a control's ``Responder/inputView`` and it replaces the on-screen
/// keyboard while the control is first responder; the window sends it keys
/// before anyone else (``InputViewKeyHandling``). Each component is a column
/// of a ``ColumnPicker``.
///
/// ## Keyboard
///
/// | Key | Does |
/// |---|---|
/// | Left, Right | Selects the component on the left or right as seen (stops at the ends); right to left, the first component is the rightmost. |
/// | Tab, Shift+Tab | The component after or before, in either direction; from the last (first) component, focus moves on to the next (previous) control. |
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
open class Picker: ColumnPicker<[Int]> {
    /// The picker's standard height: the on-screen keyboard's.
    public static let height = 216.0

    /// Where the components and titles come from; the picker does not keep
    /// it alive. Setting it reloads all components.
    public weak var dataSource: PickerDataSource? {
        didSet { reloadAllComponents() }
    }

    private var ownedDataSource: PickerDataSource?

    /// Seconds between typed characters for them to add to one type-ahead
    /// prefix. 1 by default.
    public var typeAheadTimeout: Double = 1

    /// The clock type-ahead measures pauses with, in seconds; `nil` (the
    /// default) uses the window's clock, which hosts move forward.
    public var clock: (() -> Double)?

    /// What was typed for type-ahead in the current burst of typing.
    public internal(set) var typeAheadPrefix = ""

    /// When the last character of the type-ahead prefix was typed.
    var lastTypeAheadTime: Double?

    /// The index of the selected component (``ColumnPicker/selectedColumn``).
    public var selectedComponent: Int {
        get { selectedColumn }
        set { selectedColumn = newValue }
    }

    private var rowCounts: [Int] = []
    private var selectedRows: [Int] = []

    /// Creates a picker; give it a ``dataSource``.
    ///
    /// - Parameter frame: Its frame; the height is ``height`` by default and
    ///   the window gives it its width when it is shown as an input view.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: Picker.height)) {
        super.init(frame: frame)
        identifier = "picker"
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

    /// The number of rows in a component, as of the last reload.
    ///
    /// - Parameter component: The component's index.
    /// - Returns: Its rows; 0 for a component that does not exist.
    public func numberOfRows(inComponent component: Int) -> Int {
        rowCounts.indices.contains(component) ? rowCounts[component] : 0
    }

    /// The title of a row.
    ///
    /// - Parameters:
    ///   - row: The row's index.
    ///   - component: The component's index.
    /// - Returns: The data source's title, or `nil` when there is no such row.
    public func title(forRow row: Int, inComponent component: Int) -> String? {
        guard row >= 0, row < numberOfRows(inComponent: component), let dataSource else { return nil }
        return dataSource.title(forRow: row, inComponent: component, of: self)
    }

    /// The selected row of a component.
    ///
    /// - Parameter component: The component's index.
    /// - Returns: The row, or -1 when the component has no rows (or does not exist).
    public func selectedRow(inComponent component: Int) -> Int {
        guard numberOfRows(inComponent: component) > 0 else { return -1 }
        return selectedRows[component]
    }

    /// The selected title of each component (empty for a component without rows).
    public var selectedTitles: [String] {
        rowCounts.indices.map { title(forRow: selectedRow(inComponent: $0), inComponent: $0) ?? "" }
    }

    /// Selects a row from code, clamped to the component's rows; sends no event.
    ///
    /// - Parameters:
    ///   - row: The row to select.
    ///   - component: The component's index.
    public func selectRow(_ row: Int, inComponent component: Int) {
        _ = storeRow(row, inComponent: component)
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
    ///
    /// - Parameter component: The component's index; an unknown one reloads all.
    public func reloadComponent(_ component: Int) {
        guard rowCounts.indices.contains(component) else { return reloadAllComponents() }
        rowCounts[component] = max(0, dataSource?.numberOfRows(inComponent: component, of: self) ?? 0)
        selectedRows[component] = min(selectedRows[component], max(rowCounts[component] - 1, 0))
        if component == selectedComponent { resetTypeAhead() }
        setNeedsDisplay()
    }

    /// Selects a row, clamped to the component's rows.
    ///
    /// - Returns: Whether the selection changed.
    private func storeRow(_ row: Int, inComponent component: Int) -> Bool {
        let count = numberOfRows(inComponent: component)
        guard count > 0 else { return false }
        let target = min(max(row, 0), count - 1)
        guard target != selectedRows[component] else { return false }
        selectedRows[component] = target
        setNeedsDisplay()
        return true
    }

    /// Selects a row as the person's action: clamped, with
    /// ``Control/Event/valueChanged`` when it changes.
    func userSelectRow(_ row: Int, inComponent component: Int) {
        guard numberOfRows(inComponent: component) > 0 else { return }
        performEdit { storeRow(row, inComponent: component) }
    }

    /// Moves the selected component's selection as Up and Down (±1) and
    /// Page Up and Page Down (±5) do, as the person's action: clamped to
    /// its rows, with ``Control/Event/valueChanged`` when it changes.
    ///
    /// - Parameter rows: How many rows down (negative: up).
    public func moveSelection(by rows: Int) {
        let current = selectedRow(inComponent: selectedComponent)
        guard current >= 0 else { return }
        moveSelection(to: current + Self.bounded(rows))
    }

    /// Selects a row of the selected component as the person's action
    /// (Home is row 0), clamped to its rows.
    ///
    /// - Parameter row: The row to select.
    public func moveSelection(to row: Int) {
        resetTypeAhead()
        userSelectRow(row, inComponent: selectedComponent)
    }

    /// `rows` within ±`Int32.max`, so that adding it to a row cannot overflow.
    private static func bounded(_ rows: Int) -> Int {
        min(max(rows, -Int(Int32.max)), Int(Int32.max))
    }

    // MARK: Columns

    /// The number of components.
    open override var numberOfColumns: Int { numberOfComponents }

    /// The selected title of a component.
    open override func selectedText(inColumn column: Int) -> String {
        title(forRow: selectedRow(inComponent: column), inComponent: column) ?? ""
    }

    /// The title of the row above (`step` 1) or below (`step` -1) the selected one.
    open override func neighbourText(inColumn column: Int, step: Int) -> String? {
        title(forRow: selectedRow(inComponent: column) - step, inComponent: column)
    }

    /// Moves a component's selection: a step is a row (up is towards row 0),
    /// a page five rows, first and last the ends.
    open override func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool {
        resetTypeAhead()
        let current = selectedRow(inComponent: column)
        guard current >= 0 else { return false }
        switch change {
        case .step(let steps): return storeRow(current - Self.bounded(steps), inComponent: column)
        case .page(let pages): return storeRow(current - 5 * Self.bounded(pages), inComponent: column)
        case .first: return storeRow(0, inComponent: column)
        case .last: return storeRow(numberOfRows(inComponent: column) - 1, inComponent: column)
        }
    }

    /// The selected row of a component (from 0), its row count, and its title.
    open override func accessibilityValue(ofColumn column: Int) -> AccessibilityValue? {
        let rows = numberOfRows(inComponent: column)
        guard rows > 0 else { return nil }
        let row = selectedRow(inComponent: column)
        return AccessibilityValue(
            current: Double(row), minimum: 0, maximum: Double(rows - 1), text: title(forRow: row, inComponent: column))
    }

    /// Selects a row of a component, as scrolling it to that row would.
    open override func setAccessibilityValue(_ value: Double, ofColumn column: Int) -> Bool {
        guard isEnabled, value.isFinite, abs(value) < 1e9, numberOfRows(inComponent: column) > 0 else { return false }
        userSelectRow(Int(value.rounded()), inComponent: column)
        return true
    }

    /// Type-ahead in the selected component: see ``typeAhead(_:)``.
    open override func handleTypedText(_ text: String) -> Bool {
        typeAhead(text)
    }

    /// Forgets the type-ahead prefix.
    open override func discardTypedInput() {
        resetTypeAhead()
    }

    /// The selected titles, joined with middle dots.
    open override var defaultTitle: String { selectedTitles.joined(separator: " · ") }

    /// Rows, columns, confirm and cancel, in the window's language.
    open override var keyHints: String { toolkitText(.pickerHints) }

    /// The selected row of each component.
    open override var editingValue: [Int]? { selectedRows }

    /// Selects the rows editing began with, clamped to today's rows.
    open override func restoreEditingValue(_ value: [Int]) -> Bool {
        let restored = rowCounts.indices.map { component in
            let row = value.indices.contains(component) ? value[component] : 0
            return min(max(row, 0), max(rowCounts[component] - 1, 0))
        }
        guard restored != selectedRows else { return false }
        selectedRows = restored
        return true
    }

    // MARK: Pointer

    /// The frames of the component boxes (the selected rows), in the
    /// picker's coordinates, for its current width.
    public var componentFrames: [Rect] { columnFrames }

    /// The index of the component whose column holds `point`, if any.
    ///
    /// - Parameter point: A point in the picker's coordinates.
    /// - Returns: The component's index, or `nil` between and beside them.
    public func componentIndex(at point: Point) -> Int? {
        columnIndex(at: point)
    }
}
