/// A registration that lasts until ``cancel()`` is called.
@MainActor
public final class ObservationToken {
    private var cancelAction: (() -> Void)?
    init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
    /// Stops the observation.
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }
}
