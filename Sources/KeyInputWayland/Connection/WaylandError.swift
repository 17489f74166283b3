/// An error from the Wayland host: no compositor to connect to, a missing
/// global, or a failed request.
public struct WaylandError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, in words a user can act on.
    public let description: String

    /// Creates an error with a message.
    ///
    /// - Parameter description: What went wrong.
    public init(_ description: String) {
        self.description = description
    }
}
