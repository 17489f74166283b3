/// A control that shows values in columns and lets a person change them with
/// keys, clicks and the wheel: the base of ``Picker`` and ``DatePicker``, and
/// the way to build a picker of your own.
///
/// Make it a control's ``Responder/inputView`` and it replaces the on-screen
/// keyboard while that control is first responder; the window sends it keys
/// before anyone else (``InputViewKeyHandling``).
///
/// The base class owns what every column picker does alike: the keys below,
/// the editing session that Escape rolls back, clicks and the wheel, and the
/// drawing (a title line, each column's selected value in a box between the
/// values a step above and below it, a focus ring on the selected column, a
/// line of key hints). A subclass supplies its columns.
///
/// Right to left (``columnLayoutDirection``) the columns are mirrored: the
/// first is the rightmost, so that they read in the order of the language,
/// and the title and hints are drawn right to left.
///
/// ## Keyboard
///
/// | Key | Does |
/// |---|---|
/// | Left, Right | Selects the column on the left or right as seen (stops at the ends): right to left, Left selects the column after. |
/// | Tab, Shift+Tab | Selects the column after or before, in either direction; from the last (first) column, focus moves on to the next (previous) control. |
/// | Up, Down | ``ColumnChange/step(_:)`` by 1 or -1. |
/// | Page Up, Page Down | ``ColumnChange/page(_:)`` by 1 or -1. |
/// | Home, End | ``ColumnChange/first``, ``ColumnChange/last``. |
/// | Text | ``handleTypedText(_:)``. |
/// | Return, keypad Enter | ``confirm()``. |
/// | Escape | ``cancel()``. |
///
/// Keys with Ctrl, Alt or Super held, releases, and text the picker does not
/// use are left to others. A click on a column selects it; a click on the
/// value drawn above or below the box steps the column that way; the wheel
/// over a column steps it (up is a positive step).
///
/// ## Touch
///
/// A finger — or the pointer, pressed and dragged — turns the column under it:
/// its rows follow the finger, and each row that crosses the box is a step (a
/// drag down brings the value above into the box, as Up does). A flick spins
/// the column on, slowing down, until it comes to rest exactly on a row; a
/// touch during the spin stops it on the nearest row. A tap on the value above
/// or below the box steps to it. Every step goes through
/// ``applyChange(_:toColumn:)``, so limits hold while the column turns; a turn
/// sends ``Control/Event/valueChanged`` once, when the column comes to rest,
/// for the value it rests on.
///
/// ## Building a column picker
///
/// Subclass it with the type of the value Escape restores, and override
/// ``numberOfColumns``, ``selectedText(inColumn:)``,
/// ``neighbourText(inColumn:step:)``, ``applyChange(_:toColumn:)``,
/// ``editingValue`` and ``restoreEditingValue(_:)``. Override
/// ``preferredWidth(ofColumn:)``, ``handleTypedText(_:)``, ``defaultTitle``
/// and ``keyHints`` when the defaults do not fit.
///
/// ```swift
/// final class ColourPicker: ColumnPicker<[Int]> {
///     var channels = [255, 128, 0]
///     override var numberOfColumns: Int { channels.count }
///     override func selectedText(inColumn column: Int) -> String { String(channels[column]) }
///     override func neighbourText(inColumn column: Int, step: Int) -> String? {
///         (0...255).contains(channels[column] + step) ? String(channels[column] + step) : nil
///     }
///     override func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool {
///         let old = channels[column]
///         switch change {
///         case .step(let n): channels[column] = min(max(old + n, 0), 255)
///         case .page(let n): channels[column] = min(max(old + 16 * n, 0), 255)
///         case .first: channels[column] = 0
///         case .last: channels[column] = 255
///         }
///         return channels[column] != old
///     }
///     override var editingValue: [Int]? { channels }
///     override func restoreEditingValue(_ value: [Int]) -> Bool {
///         defer { channels = value }
///         return channels != value
///     }
/// }
/// ```
///
/// Changes made by the person send ``Control/Event/valueChanged``; Return
/// sends ``Control/Event/primaryActionTriggered``.
@MainActor
open class ColumnPicker<Value>: Control, InputViewKeyHandling {
    /// A title drawn above the columns; `nil` (the default) draws ``defaultTitle``.
    open var title: String? {
        didSet { setNeedsDisplay() }
    }

    /// The index of the selected column, clamped to the columns there are.
    public var selectedColumn: Int = 0 {
        didSet {
            let count = numberOfColumns
            let clampedIndex = count <= 0 ? 0 : min(max(selectedColumn, 0), count - 1)
            if clampedIndex != selectedColumn { selectedColumn = clampedIndex }
            scrollCarry = 0
            didSelectColumn(from: oldValue)
            setNeedsDisplay()
            if accessibilityIsObserved { announceColumnFocus(from: oldValue) }
        }
    }

    /// Wheel movement not yet worth a whole step.
    var scrollCarry = 0.0
    /// The columns' accessibility nodes, made when first asked and kept, one per column.
    var columnElements: [PickerColumn] = []
    /// The value Escape restores, and the responder it was taken for.
    var snapshot: EditingSnapshot<Value>?
    /// The column a finger or the pointer turns, or a flick spins (ColumnPicker+Touch.swift).
    var turn: ColumnTurn?
    /// The column and band (-1 above the box, 1 below) a press came down on: its release steps there.
    var pressedNeighbour: (column: Int, band: Int)?

    /// Creates a column picker.
    ///
    /// - Parameter frame: Its frame; 216 points high (the on-screen keyboard's
    ///   height) by default. The window gives it its width when it is shown as
    ///   an input view.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: 216)) {
        super.init(frame: frame)
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
        installTurningGesture()
    }

    // MARK: What a subclass supplies

    /// How many columns there are; 0 unless a subclass says otherwise.
    open var numberOfColumns: Int { 0 }

    /// The width a column would like, in points; columns shrink in proportion
    /// when together they do not fit. By default each gets an equal share.
    ///
    /// - Parameter column: The column's index.
    /// - Returns: Its width in points.
    open func preferredWidth(ofColumn column: Int) -> Double {
        let count = numberOfColumns
        guard count > 0 else { return 0 }
        let gaps = ColumnMetrics.gap * Double(count - 1)
        return max(0, bounds.width - 2 * ColumnMetrics.margin - gaps) / Double(count)
    }

    /// Space added before a column on top of the usual gap, to set groups of
    /// columns apart; 0 by default.
    ///
    /// - Parameter column: The column's index (1 or more).
    /// - Returns: The extra space in points.
    open func extraSpace(beforeColumn column: Int) -> Double { 0 }

    /// The text of a column's selected value, drawn in its box.
    ///
    /// - Parameter column: The column's index.
    /// - Returns: The text; empty by default.
    open func selectedText(inColumn column: Int) -> String { "" }

    /// The text of the value one step away, drawn above the box for `step` 1
    /// (what Up selects) and below it for `step` -1 (what Down selects).
    ///
    /// - Parameters:
    ///   - column: The column's index.
    ///   - step: 1 for the value above, -1 for the value below.
    /// - Returns: The text, or `nil` to draw nothing there; `nil` by default.
    open func neighbourText(inColumn column: Int, step: Int) -> String? { nil }

    /// Changes a column as the person asked.
    ///
    /// The picker calls it for the selected column after remembering the value
    /// Escape restores; afterwards it redraws and, when this returns `true`,
    /// sends ``Control/Event/valueChanged``.
    ///
    /// - Parameters:
    ///   - change: What the key, click or wheel asks for.
    ///   - column: The column's index.
    /// - Returns: Whether the value changed; `false` by default.
    open func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool { false }

    /// Uses text typed while the picker takes keys (letters, digits; never
    /// control characters). Wrap changes in ``performEdit(_:)``.
    ///
    /// - Parameter text: What the key typed, compose sequences included.
    /// - Returns: Whether any of it was used; a key whose text is not used is
    ///   left to others. `false` by default.
    open func handleTypedText(_ text: String) -> Bool { false }

    /// Forgets typing in progress (a type-ahead prefix, digits not complete
    /// yet). Called on confirm, cancel, when the picker joins or leaves a
    /// window, and by ``didSelectColumn(from:)``. Does nothing by default.
    open func discardTypedInput() {}

    /// Called whenever ``selectedColumn`` is set, even to the column it was.
    /// By default, forgets typing in progress when the column changed.
    ///
    /// - Parameter oldColumn: The column selected before.
    open func didSelectColumn(from oldColumn: Int) {
        if oldColumn != selectedColumn { discardTypedInput() }
    }

    /// The direction the columns run in: right to left, the first column is
    /// the rightmost and Left selects the column after it. By default the
    /// picker's ``View/effectiveUserInterfaceLayoutDirection``; a picker with
    /// a locale of its own can follow that locale's language instead.
    open var columnLayoutDirection: UserInterfaceLayoutDirection { effectiveUserInterfaceLayoutDirection }

    /// What the title line shows when ``title`` is `nil`; empty by default.
    open var defaultTitle: String { "" }

    /// The key hints drawn along the bottom.
    open var keyHints: String { toolkitText(.columnPickerHints) }

    /// The value as it is now, as ``beginEditing()`` remembers it for Escape;
    /// `nil` (the base class's answer) leaves Escape nothing to restore.
    open var editingValue: Value? { nil }

    /// Puts back the value editing began with, as Escape does.
    ///
    /// - Parameter value: What ``editingValue`` was when editing began.
    /// - Returns: Whether that changed the value (the picker then sends
    ///   ``Control/Event/valueChanged``); `false` by default.
    open func restoreEditingValue(_ value: Value) -> Bool { false }

    // MARK: Editing (changes made as the person's action in ColumnPicker+Editing.swift)

    /// Remembers ``editingValue`` as the value Escape restores.
    ///
    /// The picker calls it itself when it joins a window (when it is shown
    /// as an input view) and, failing that, before the first change of an
    /// editing session; a control that shows one picker for several values
    /// calls it when it becomes first responder, after setting the value.
    open func beginEditing() {
        snapshot = editingValue.map { EditingSnapshot(value: $0, owner: window?.firstResponder) }
    }

    /// Confirms the value, as Return does: sends
    /// ``Control/Event/primaryActionTriggered`` and asks the window to end
    /// editing (the first responder resigns, which hides the picker).
    open func confirm() {
        finishTurn()
        discardTypedInput()
        snapshot = nil
        sendActions(for: .primaryActionTriggered)
        window?.endEditing(force: false)
        setNeedsDisplay()
    }

    /// Cancels, as Escape does: restores the value editing began with
    /// (sending ``Control/Event/valueChanged`` when that changes it) and
    /// asks the window to end editing.
    open func cancel() {
        finishTurn()
        discardTypedInput()
        if let snapshot {
            self.snapshot = nil
            let before = accessibilityIsObserved ? accessibilityColumnValues : nil
            if restoreEditingValue(snapshot.value) { sendActions(for: .valueChanged) }
            if let before { announceColumnValues(changedFrom: before) }
        }
        window?.endEditing(force: false)
        setNeedsDisplay()
    }

    /// Selects the next column.
    ///
    /// - Returns: `false` at the last column.
    @discardableResult
    open func selectNextColumn() -> Bool {
        guard selectedColumn + 1 < numberOfColumns else { return false }
        selectedColumn += 1
        return true
    }

    /// Selects the previous column.
    ///
    /// - Returns: `false` at the first column.
    @discardableResult
    open func selectPreviousColumn() -> Bool {
        guard selectedColumn > 0 else { return false }
        selectedColumn -= 1
        return true
    }

    // MARK: Keyboard

    /// Whether keys are for the picker now: not while it slides away after
    /// its responder resigned.
    var isTakingKeys: Bool {
        guard isEnabled else { return false }
        if let window, window.presentedInputView === self, window.firstResponder?.inputView !== self {
            return false
        }
        return true
    }

    /// Handles a key while the picker is shown (the window calls it before
    /// anything else); see the table in the overview.
    ///
    /// - Parameter press: The key press.
    /// - Returns: `false` for keys it leaves to others: releases, shortcuts
    ///   with Ctrl, Alt or Super, Tab past the last column (Shift+Tab before
    ///   the first), and text it has no use for.
    open func handleKeyPress(_ press: KeyPress) -> Bool {
        guard press.phase == .began, isTakingKeys else { return false }
        finishTurn()
        if let navigation = InputViewNavigation(press) {
            switch navigation {
            case .columnOnLeft: _ = columnLayoutDirection == .rightToLeft ? selectNextColumn() : selectPreviousColumn()
            case .columnOnRight: _ = columnLayoutDirection == .rightToLeft ? selectPreviousColumn() : selectNextColumn()
            case .tabForward: return selectNextColumn()
            case .tabBackward: return selectPreviousColumn()
            case .up: changeSelectedColumn(.step(1))
            case .down: changeSelectedColumn(.step(-1))
            case .pageUp: changeSelectedColumn(.page(1))
            case .pageDown: changeSelectedColumn(.page(-1))
            case .home: changeSelectedColumn(.first)
            case .end: changeSelectedColumn(.last)
            case .confirm: confirm()
            case .cancel: cancel()
            }
            return true
        }
        if let text = InputViewNavigation.typedText(of: press) { return handleTypedText(text) }
        return false
    }

    // MARK: Pointer

    /// Selects the column under the pointer or finger, and stops a column
    /// that spins on the nearest row. On the value drawn above or below the
    /// box, the release steps the column that way.
    open override func pointerDown(_ event: PointerEvent) {
        let point = event.location(in: self)
        let stoppedSpin = turn != nil
        finishTurn()
        pressedNeighbour = nil
        guard isEnabled, let column = columnIndex(at: point) else { return }
        ensureSnapshot()
        selectedColumn = column
        let band = ColumnMetrics.band(atY: point.y)
        // A press that stops a spin is not a tap on a row.
        if band != 0, !stoppedSpin { pressedNeighbour = (column, band) }
    }

    /// Steps the column to the value above or below the box that was
    /// pressed, when released there; a drag that turned the column, or a
    /// cancelled press, does not step.
    open override func pointerUp(_ event: PointerEvent) {
        guard let pressed = pressedNeighbour else { return }
        pressedNeighbour = nil
        let point = event.location(in: self)
        guard !event.isCancelled, isEnabled, pressed.column == selectedColumn, columnIndex(at: point) == pressed.column,
            ColumnMetrics.band(atY: point.y) == pressed.band
        else { return }
        changeSelectedColumn(.step(-pressed.band))
    }

    /// Does nothing.
    open override func pointerDragged(_ event: PointerEvent) {}

    /// Steps the column under the pointer: up is a positive step.
    open override func scrollWheel(_ event: PointerEvent) {
        guard isEnabled, case .scroll(_, let dy) = event.kind,
            let column = columnIndex(at: event.location(in: self))
        else { return }
        finishTurn()
        if column != selectedColumn { selectedColumn = column }
        let steps = ColumnMetrics.wheelSteps(dy: dy, carry: &scrollCarry)
        if steps != 0 { changeSelectedColumn(.step(steps)) }
    }

    // MARK: Drawing

    /// Draws the title, each column's selected value in a box with the values
    /// a step above and below it, the selected column with a focus ring, and
    /// a line of key hints.
    open override func draw(in canvas: Canvas, rect: Rect) {
        ColumnMetrics.drawPanel(
            in: canvas, rect: rect, title: title ?? defaultTitle, hints: keyHints, direction: columnLayoutDirection)
        drawColumns(in: canvas, rect: rect)
    }

    /// When the picker is shown, selects the first column and remembers the
    /// value for Escape; forgets it when the picker leaves its window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            selectedColumn = 0
            discardTypedInput()
            scrollCarry = 0
            beginEditing()
        } else {
            snapshot = nil
            turn = nil
            pressedNeighbour = nil
            discardTypedInput()
        }
    }

    // MARK: Accessibility (see ColumnPicker+Accessibility.swift)

    private var explicitAccessibilityLabel: String?

    /// The label set, else the ``title``, else — while the picker is an input
    /// view — the label of the responder it serves ("Birthday").
    open override var accessibilityLabel: String? {
        get {
            if let label = explicitAccessibilityLabel ?? title { return label }
            guard let first = window?.firstResponder as? View, first.inputView === self else { return nil }
            return first.accessibilityLabel
        }
        set { explicitAccessibilityLabel = newValue }
    }

    /// ``AccessibilityRole/picker``.
    open override var accessibilityRole: AccessibilityRole { .picker }

    /// A ``AccessibilityRole/spinButton`` element per column.
    open override var accessibilityChildren: [any Accessible] {
        (0..<max(0, numberOfColumns)).map { accessibilityColumn($0) }
    }

    /// What a column's spin button reads: its value and range, and the text shown.
    ///
    /// The default has none; ``Picker`` and ``DatePicker`` answer.
    ///
    /// - Parameter column: The column's index.
    /// - Returns: The column's value, or `nil`.
    open func accessibilityValue(ofColumn column: Int) -> AccessibilityValue? { nil }

    /// Sets a column's value for a reader, as the person would by scrolling it.
    ///
    /// - Parameters:
    ///   - value: The new value, in the units of ``accessibilityValue(ofColumn:)``.
    ///   - column: The column's index.
    /// - Returns: Whether the value could be set; `false` by default.
    open func setAccessibilityValue(_ value: Double, ofColumn column: Int) -> Bool { false }

    /// A column's name ("Day", "Month"); `nil` by default.
    ///
    /// - Parameter column: The column's index.
    /// - Returns: The name a reader says for the column.
    open func accessibilityLabel(ofColumn column: Int) -> String? { nil }
}
