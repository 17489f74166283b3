/// Whether any application has an accessibility observer: the one check
/// views make before they build an event, so typing costs nothing without one.
@MainActor var accessibilityIsObserved = false

/// How many applications have accessibility observers.
@MainActor private var observedApplications = 0

extension Application {
    /// Calls `observer` with every accessibility event of every window, in
    /// order, until the token is cancelled.
    ///
    /// An AT-SPI2 bridge observes the application this way; while nobody
    /// does, no event is built.
    ///
    /// - Parameter observer: Called on the main actor with each event.
    /// - Returns: A token that stops the calls when cancelled.
    @discardableResult
    public func observeAccessibility(_ observer: @escaping @MainActor (AccessibilityEvent) -> Void) -> ObservationToken {
        if accessibilityObservers.isEmpty { observedApplications += 1 }
        accessibilityIsObserved = true
        let token = accessibilityObservers.add { observer($0) }
        return ObservationToken { [weak self] in
            // An application already gone stopped counting in its deinit.
            guard let self, self.hasAccessibilityObservers else { return }
            token.cancel()
            if !self.hasAccessibilityObservers { Self.accessibilityObservationEnded() }
        }
    }

    /// One application fewer has accessibility observers.
    static func accessibilityObservationEnded() {
        observedApplications -= 1
        accessibilityIsObserved = observedApplications > 0
    }

    /// Whether anyone observes accessibility events; events are built only when `true`.
    public var hasAccessibilityObservers: Bool { !accessibilityObservers.isEmpty }

    /// The application's windows, the children of its accessibility root.
    public var accessibilityWindows: [Window] { windows }

    /// Posts an event to the accessibility observers, in order.
    ///
    /// Views post their own events; a custom control calls
    /// ``Accessible/postAccessibilityEvent(_:)``, which builds the event
    /// only when someone observes.
    ///
    /// - Parameter event: The event.
    public func postAccessibilityEvent(_ event: AccessibilityEvent) {
        accessibilityObservers.notify(event)
    }
}
