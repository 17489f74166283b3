/// An error from a window host: no display, a display that cannot be
/// reached or went away, or a window that cannot be made.
///
/// The message says what failed in words a user can act on, naming the
/// display; the code says what kind of failure it is.
public struct HostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in later versions.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as a short kebab-case word.
        public let rawValue: String
        /// Creates a code from its word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's word.
        public var description: String { rawValue }

        /// No display was named and the environment names none (`DISPLAY`, `WAYLAND_DISPLAY`).
        public static let noDisplay = Code(rawValue: "no-display")
        /// The display could not be reached, refused the connection, or its name is not valid.
        public static let connectionFailed = Code(rawValue: "connection-failed")
        /// The connection broke while the host ran: the server or compositor went away.
        public static let connectionLost = Code(rawValue: "connection-lost")
        /// The X server has no usable XKB extension, or no core keyboard.
        public static let xkbUnavailable = Code(rawValue: "xkb-unavailable")
        /// The keymap or keyboard state could not be read or compiled.
        public static let keymapUnavailable = Code(rawValue: "keymap-unavailable")
        /// The display lacks a protocol or extension the window needs.
        public static let protocolUnavailable = Code(rawValue: "protocol-unavailable")
        /// The window, its drawing surface or a buffer could not be created.
        public static let windowCreationFailed = Code(rawValue: "window-creation-failed")
        /// The display refused or failed a request.
        public static let requestFailed = Code(rawValue: "request-failed")
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence that says what failed.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - message: What failed, in a sentence.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension HostError {
    /// A wait in seconds as a message writes it: `5`, or `0.5`.
    package static func seconds(_ duration: Double) -> String {
        duration == duration.rounded() && abs(duration) < 1e15 ? String(Int(duration)) : String(duration)
    }
}
