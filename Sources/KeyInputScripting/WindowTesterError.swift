/// Something a ``WindowTester`` was asked to do that cannot be done: text the
/// keymap cannot type, a key name no key has, a view that is not there.
///
/// The ``description`` names what was asked for, so a failing test says what
/// went wrong when the error reaches the test framework.
public struct WindowTesterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is. New kinds may be added later.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        /// The kind as a word.
        public let rawValue: String
        /// Creates a kind from its word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A character the keymap has no key, dead key or compose sequence for.
        public static let untypeableCharacter = Kind(rawValue: "untypeableCharacter")
        /// A key name no key has, or a token that cannot be read.
        public static let unknownKey = Kind(rawValue: "unknownKey")
        /// A view that is not in the tester's window.
        public static let viewNotInWindow = Kind(rawValue: "viewNotInWindow")
        /// A view in the window that cannot be seen, so cannot be clicked.
        public static let viewNotVisible = Kind(rawValue: "viewNotVisible")
        /// No view in the window has the identifier asked for.
        public static let noSuchIdentifier = Kind(rawValue: "noSuchIdentifier")
    }

    /// What kind of error this is.
    public var kind: Kind
    /// What went wrong, in a sentence that names what was asked for.
    public var message: String
    /// The character that cannot be typed, for ``Kind/untypeableCharacter``.
    public var character: Character?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of error this is.
    ///   - message: What went wrong.
    ///   - character: The character that cannot be typed, if that is the error.
    public init(_ kind: Kind, _ message: String, character: Character? = nil) {
        self.kind = kind
        self.message = message
        self.character = character
    }

    /// The message.
    public var description: String { message }
}
