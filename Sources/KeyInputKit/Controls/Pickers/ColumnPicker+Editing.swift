extension ColumnPicker {
    /// Begins editing unless a session runs for the current first responder.
    func ensureSnapshot() {
        if let snapshot {
            guard let first = window?.firstResponder, snapshot.owner !== first else { return }
        }
        beginEditing()
    }

    /// Runs a change the person made: remembers the value for Escape first
    /// (when this editing session has not yet), then redraws and sends
    /// ``Control/Event/valueChanged`` when the change says it changed the value.
    ///
    /// - Parameter edit: The change; returns whether the value changed.
    public func performEdit(_ edit: () -> Bool) {
        ensureSnapshot()
        let before = accessibilityIsObserved ? accessibilityColumnValues : nil
        let changed = edit()
        setNeedsDisplay()
        if changed { sendActions(for: .valueChanged) }
        if let before { announceColumnValues(changedFrom: before) }
    }

    /// Changes the selected column as the person's action, as the keys do.
    ///
    /// - Parameter change: The step, page, first or last value.
    public func changeSelectedColumn(_ change: ColumnChange) {
        let column = selectedColumn
        guard column >= 0, column < numberOfColumns else { return }
        performEdit { applyChange(change, toColumn: column) }
    }
}
