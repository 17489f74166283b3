extension Window {
    /// Calls `observer` after each completed change of this window's first responder.
    ///
    /// Tab from one field to the next posts one change with both fields; a
    /// press outside that dismisses the keyboard, Escape, or the focused view
    /// leaving the window posts one whose ``FocusChange/current`` is `nil`.
    /// See ``FocusChange`` for when changes are posted and in what order.
    ///
    /// - Parameter observer: Called on the main actor with each change.
    /// - Returns: A token that stops the calls when cancelled.
    @discardableResult
    public func observeFocusChange(_ observer: @escaping (FocusChange) -> Void) -> ObservationToken {
        focusObservers.add(observer)
    }

    /// Records a change when the first responder is not the one last announced.
    func noteFocusChange() {
        guard firstResponder !== announcedFirstResponder else { return }
        pendingFocusChanges.append(FocusChange(window: self, previous: announcedFirstResponder, current: firstResponder))
        announcedFirstResponder = firstResponder
    }

    /// Posts the recorded changes in order, to this window's observers and then
    /// the application's. A change an observer makes is posted after the current one.
    func postFocusChanges() {
        guard !isPostingFocusChanges else { return }
        isPostingFocusChanges = true
        defer { isPostingFocusChanges = false }
        while !pendingFocusChanges.isEmpty {
            let change = pendingFocusChanges.removeFirst()
            focusObservers.notify(change)
            application?.post(change)
            postAccessibilityFocusChange(change)
        }
    }
}
