/// Something in a keymap that X11 cannot hold, or that `xkbcomp`, the X server's keymap
/// compiler, rejects or warns about.
public struct X11Finding: Hashable, Sendable {
    /// What kind of problem it is.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A group (layout) past the fourth: X11 keeps four.
        public static let tooManyGroups = Kind(rawValue: "too-many-groups")
        /// A key with a keycode over 255: X11 keycodes are one byte.
        public static let keycodeOver255 = Kind(rawValue: "keycode-over-255")
        /// A key name over four characters: X11 stores key names in four bytes.
        public static let longKeyName = Kind(rawValue: "long-key-name")
        /// An error `xkbcomp` printed, such as an action it does not know or a syntax error.
        public static let xkbcompError = Kind(rawValue: "xkbcomp-error")
        /// A warning `xkbcomp` printed that stock keymaps do not cause.
        public static let xkbcompWarning = Kind(rawValue: "xkbcomp-warning")
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// One line saying what X11 does with it.
    public var message: String
    /// The user's keymap file it is in, when the keymap came from a file.
    public var file: String?
    /// The 1-based line in ``file``, when found.
    public var line: Int?
    /// The 1-based line of the keymap text as X11 receives it (libxkbcommon's serialisation), when known.
    public var x11Line: Int?
    /// What `xkbcomp` itself said about it, in its own words.
    public var xkbcompMessage: String?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - message: One line saying what X11 does with it.
    ///   - file: The user's keymap file, if any.
    ///   - line: The 1-based line in `file`, if known.
    ///   - x11Line: The 1-based line in the serialised keymap, if known.
    ///   - xkbcompMessage: `xkbcomp`'s own message, if it printed one.
    public init(
        kind: Kind, message: String, file: String? = nil, line: Int? = nil, x11Line: Int? = nil,
        xkbcompMessage: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.x11Line = x11Line
        self.xkbcompMessage = xkbcompMessage
    }

    /// The finding as a compiler writes it, `xkbcomp`'s message on the lines after:
    /// `file:line: error: message`.
    public var text: String {
        var location = ""
        if let file { location = file + (line.map { ":\($0)" } ?? "") + ": " }
        var text = location + "error: " + message
        if let xkbcompMessage {
            let lineNote = x11Line.map { " (line \($0) of the keymap as X11 takes it)" } ?? ""
            text += "\n    xkbcomp\(lineNote): " + xkbcompMessage.split(separator: "\n").joined(separator: "\n        ")
        }
        return text
    }
}
