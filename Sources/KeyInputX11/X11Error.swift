/// An error reported by the X11 host.
///
/// The message says what failed in words a user can act on: no `DISPLAY`,
/// an X server that cannot be reached, a server without the XKB extension,
/// or a connection lost while the host ran.
public struct X11Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in later versions.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as a short kebab-case word.
        public let rawValue: String
        /// Creates a code from its word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's word.
        public var description: String { rawValue }

        /// No display was given and `DISPLAY` is not set.
        public static let noDisplay = Code(rawValue: "no-display")
        /// The X server could not be reached, refused the connection, or
        /// the display name is not valid.
        public static let connectionFailed = Code(rawValue: "connection-failed")
        /// The connection broke while the host was running: the X server
        /// went away or closed it.
        public static let connectionLost = Code(rawValue: "connection-lost")
        /// The X server has no usable XKB extension, or no core keyboard.
        public static let xkbUnavailable = Code(rawValue: "xkb-unavailable")
        /// The keymap or keyboard state could not be read from the X server.
        public static let keymapUnavailable = Code(rawValue: "keymap-unavailable")
        /// The window or its drawing surface could not be created.
        public static let windowCreationFailed = Code(rawValue: "window-creation-failed")
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence that says what failed.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
