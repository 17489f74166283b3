/// The clipboard text is copied to and pasted from.
@MainActor
public final class Pasteboard {
    /// The application-wide pasteboard.
    public static let general = Pasteboard()
    /// The text on the pasteboard.
    public var string: String?
    public init() {}
}
