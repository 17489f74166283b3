extension Application {
    /// Calls `observer` after each completed change of the first responder in
    /// any of the application's windows, after that window's own observers.
    ///
    /// ``FocusChange/window`` says which window; see ``FocusChange`` for
    /// when changes are posted and in what order.
    ///
    /// - Parameter observer: Called on the main actor with each change.
    /// - Returns: A token that stops the calls when cancelled.
    @discardableResult
    public func observeFocusChange(_ observer: @escaping (FocusChange) -> Void) -> ObservationToken {
        focusObservers.add(observer)
    }

    /// Hands a window's focus change to the application's observers.
    func post(_ change: FocusChange) {
        focusObservers.notify(change)
    }
}
