import CCairo

/// An error reported by the cairo canvas.
///
/// The message names what failed and cairo's own reason
/// (`cairo_status_to_string`).
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in later versions.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code as a short kebab-case word.
        public let rawValue: String
        /// Creates a code from its word.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's word.
        public var description: String { rawValue }

        /// A surface or drawing context could not be created (a size too large
        /// or not positive, memory exhausted).
        public static let surfaceCreationFailed = Code(rawValue: "surface-creation-failed")
        /// A PNG file could not be written.
        public static let pngWriteFailed = Code(rawValue: "png-write-failed")
        /// An SVG file could not be written.
        public static let svgWriteFailed = Code(rawValue: "svg-write-failed")
        /// A PNG file could not be read.
        public static let pngReadFailed = Code(rawValue: "png-read-failed")
        /// Pango could not create a font map, context or layout.
        public static let textLayoutFailed = Code(rawValue: "text-layout-failed")
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

extension CairoError {
    /// An error whose message ends with cairo's words for `status`.
    init(_ code: Code, _ message: String, status: cairo_status_t) {
        self.init(code, "\(message): \(String(cString: cairo_status_to_string(status)))")
    }
}
