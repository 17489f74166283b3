extension Window {
    /// Announces a focus change: the focused states first, then the move,
    /// as toolkits do, so that a reader that caches states reads the new ones.
    ///
    /// A responder that shows a picker as its input view hands the focus to
    /// the picker's selected column, whose value the arrow keys change.
    func postAccessibilityFocusChange(_ change: FocusChange) {
        guard accessibilityIsObserved, let application, application.hasAccessibilityObservers else { return }
        let previous = accessibilityFocus ?? change.previous as? any Accessible
        let current = accessibilityNode(focusedBy: change.current)
        accessibilityFocus = current
        if let previous { application.postAccessibilityEvent(.stateChanged(previous, .focused, isOn: false)) }
        if let current { application.postAccessibilityEvent(.stateChanged(current, .focused, isOn: true)) }
        application.postAccessibilityEvent(.focusChanged(from: previous, to: current))
    }

    /// The node that has the keys, as focus events announce it: the first
    /// responder, or the selected column of the picker it shows as its input view.
    public var accessibilityFocusedNode: (any Accessible)? { accessibilityNode(focusedBy: firstResponder) }

    /// The node that has the keys while `responder` is first responder.
    private func accessibilityNode(focusedBy responder: Responder?) -> (any Accessible)? {
        if let responder, let picker = presentedInputView as? any ColumnPickerFocus, responder.inputView === picker {
            return picker.focusedColumn
        }
        return responder as? any Accessible
    }
}

/// A picker whose selected column takes the focus while it is an input view.
@MainActor
protocol ColumnPickerFocus: View {
    var focusedColumn: any Accessible { get }
}

extension ColumnPicker: ColumnPickerFocus {
    var focusedColumn: any Accessible { accessibilityColumn(selectedColumn) }
}
