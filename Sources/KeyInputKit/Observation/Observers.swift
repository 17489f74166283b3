/// The observers of one kind of event, called in the order they were added.
///
/// An observer cancelled while others are being called is not called after that.
@MainActor
final class Observers<Event> {
    /// In the order they were added: notifying sorts nothing.
    private var observers: [(id: Int, observer: (Event) -> Void)] = []
    private var nextID = 0

    /// Adds an observer until the returned token is cancelled.
    func add(_ observer: @escaping (Event) -> Void) -> ObservationToken {
        let id = nextID
        nextID += 1
        observers.append((id, observer))
        return ObservationToken { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Whether no observer is registered.
    var isEmpty: Bool { observers.isEmpty }

    /// Calls every observer with `event`.
    func notify(_ event: Event) {
        guard !observers.isEmpty else { return }
        let called = observers
        for (index, entry) in called.enumerated() {
            // One cancelled by an earlier observer is not called.
            if index > 0, !isRegistered(entry.id) { continue }
            entry.observer(event)
        }
    }

    private func isRegistered(_ id: Int) -> Bool { observers.contains { $0.id == id } }
}
