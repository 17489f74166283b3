import Foundation

/// A catalog of the toolkit's words that cannot be used: unreadable, not a
/// `.strings` file, or not a table of texts. The toolkit logs it and shows English.
public struct StringCatalogError: Error, CustomStringConvertible, Sendable {
    /// The catalog's file.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// The file and what is wrong with it.
    public var description: String { "\(path): \(reason)" }
}
