/// The observers of one kind of event, called in the order they were added.
///
/// An observer cancelled while others are being called is not called after that.
@MainActor
final class Observers<Event> {
    private var observers: [Int: (Event) -> Void] = [:]
    private var nextID = 0

    /// Adds an observer until the returned token is cancelled.
    func add(_ observer: @escaping (Event) -> Void) -> ObservationToken {
        let id = nextID
        nextID += 1
        observers[id] = observer
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    /// Whether no observer is registered.
    var isEmpty: Bool { observers.isEmpty }

    /// Calls every observer with `event`.
    func notify(_ event: Event) {
        guard !observers.isEmpty else { return }
        for id in observers.keys.sorted() { observers[id]?(event) }
    }
}
