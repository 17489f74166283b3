extension Window {
    /// Announces a focus change: the focused states first, then the move,
    /// as toolkits do so that a reader caching states reads the new ones.
    func postAccessibilityFocusChange(_ change: FocusChange) {
        guard accessibilityIsObserved, let application, application.hasAccessibilityObservers else { return }
        let previous = change.previous as? any Accessible
        let current = change.current as? any Accessible
        if let previous { application.postAccessibilityEvent(.stateChanged(previous, .focused, isOn: false)) }
        if let current { application.postAccessibilityEvent(.stateChanged(current, .focused, isOn: true)) }
        application.postAccessibilityEvent(.focusChanged(from: previous, to: current))
    }
}
