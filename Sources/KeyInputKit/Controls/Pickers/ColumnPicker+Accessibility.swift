/// One column of a picker as a spin button: its name, value, range, text,
/// frame and states come from the picker each time they are read.
@MainActor
final class PickerColumn: Accessible {
    /// The picker's answers for this column.
    private let value: () -> AccessibilityValue?
    private let label: () -> String?
    private let frame: () -> Rect
    private let states: () -> AccessibilityStates
    private let setValue: (Double) -> Bool
    /// The picker (held weakly: it holds its columns).
    weak var accessibilityParent: (any Accessible)?
    /// `"increment"` and `"decrement"`, as the arrow keys step the column.
    let accessibilityActions: [AccessibilityAction]

    init(
        parent: any Accessible, value: @escaping () -> AccessibilityValue?, label: @escaping () -> String?,
        frame: @escaping () -> Rect, states: @escaping () -> AccessibilityStates,
        setValue: @escaping (Double) -> Bool, actions: [AccessibilityAction]
    ) {
        accessibilityParent = parent
        self.value = value
        self.label = label
        self.frame = frame
        self.states = states
        self.setValue = setValue
        accessibilityActions = actions
    }

    var accessibilityRole: AccessibilityRole { .spinButton }
    var accessibilityLabel: String? { label() }
    var accessibilityDescription: String? { nil }
    var accessibilityValue: AccessibilityValue? { value() }
    var accessibilityStates: AccessibilityStates { states() }
    var accessibilityRelations: [AccessibilityRelation] { [] }
    var accessibilityChildren: [any Accessible] { [] }
    var accessibilityFrameInWindow: Rect { frame() }
    var accessibilityWindow: Window? { accessibilityParent?.accessibilityWindow }
    var accessibilityText: (any AccessibleText)? { nil }
    func setAccessibilityValue(_ value: Double) -> Bool { setValue(value) }
    /// The column takes the keys only through its picker, which is not a responder of its own.
    func accessibilityFocus() -> Bool { false }
}

extension ColumnPicker {
    /// The node of a column, made the first time it is asked for and kept.
    func accessibilityColumn(_ column: Int) -> PickerColumn {
        while columnElements.count <= column {
            let index = columnElements.count
            weak let picker = self
            let element = PickerColumn(
                parent: self,
                value: { picker?.accessibilityValue(ofColumn: index) },
                label: { picker?.accessibilityLabel(ofColumn: index) },
                frame: { picker?.accessibilityFrame(ofColumn: index) ?? .zero },
                states: { picker?.accessibilityStates(ofColumn: index) ?? [] },
                setValue: { picker?.setAccessibilityValue($0, ofColumn: index) ?? false },
                actions: [
                    AccessibilityAction(name: "increment", description: "Steps the column up") {
                        picker?.stepColumn(index, by: 1) ?? false
                    },
                    AccessibilityAction(name: "decrement", description: "Steps the column down") {
                        picker?.stepColumn(index, by: -1) ?? false
                    },
                ])
            columnElements.append(element)
        }
        return columnElements[column]
    }

    /// A column's box in window coordinates.
    private func accessibilityFrame(ofColumn column: Int) -> Rect {
        let frames = columnFrames
        return frames.indices.contains(column) ? convert(frames[column], to: nil) : .zero
    }

    /// Every column's value now.
    var accessibilityColumnValues: [AccessibilityValue?] {
        (0..<max(0, numberOfColumns)).map { accessibilityValue(ofColumn: $0) }
    }

    /// Announces the columns whose value or text differ from `before` (a day
    /// column follows a shorter month); a new range alone is not announced.
    func announceColumnValues(changedFrom before: [AccessibilityValue?]) {
        guard let application = accessibilityObserver else { return }
        for (column, value) in accessibilityColumnValues.enumerated()
        where column >= before.count || before[column]?.current != value?.current || before[column]?.text != value?.text {
            application.postAccessibilityEvent(.valueChanged(accessibilityColumn(column)))
        }
    }

    /// A column's states: the picker's, selected while it is the column the
    /// keys change, and focused then too while the picker is the focused field's input view.
    private func accessibilityStates(ofColumn column: Int) -> AccessibilityStates {
        var states = accessibilityStates.subtracting([.focused, .focusable])
        if isEnabled { states.insert(.focusable) }
        if column == selectedColumn {
            states.insert(.selected)
            if isFocusedInputView { states.insert(.focused) }
        }
        return states
    }

    /// Whether the picker is the input view the first responder shows: its selected column has the keys.
    var isFocusedInputView: Bool {
        guard let window, window.presentedInputView === self else { return false }
        return window.firstResponder?.inputView === self
    }

    /// Moves the reader's focus with the selected column, while the focus is on this picker's columns.
    func announceColumnFocus(from oldColumn: Int) {
        guard oldColumn != selectedColumn, oldColumn >= 0, oldColumn < numberOfColumns, isFocusedInputView,
            let window, let application = accessibilityObserver
        else { return }
        let old = accessibilityColumn(oldColumn)
        let new = accessibilityColumn(selectedColumn)
        window.accessibilityFocus = new
        application.postAccessibilityEvent(.stateChanged(old, .focused, isOn: false))
        application.postAccessibilityEvent(.stateChanged(new, .focused, isOn: true))
        application.postAccessibilityEvent(.focusChanged(from: old, to: new))
    }

    /// Steps a column as the arrow keys step the selected one.
    private func stepColumn(_ column: Int, by steps: Int) -> Bool {
        guard isEnabled, column >= 0, column < numberOfColumns else { return false }
        selectedColumn = column
        changeSelectedColumn(.step(steps))
        return true
    }
}
