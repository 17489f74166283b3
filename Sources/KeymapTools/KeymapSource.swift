import XKB

/// Where a keymap comes from: RMLVO names or a keymap file, plus the
/// folders searched for the files it includes.
public struct KeymapSource: Hashable, Sendable, CustomStringConvertible {
    /// Names or a file.
    public enum Origin: Hashable, Sendable {
        /// Compile from names; missing ones take libxkbcommon's defaults.
        case names(RuleNames)
        /// Compile from a keymap file (XKB text v1).
        case file(String)
    }

    /// Names or a file.
    public var origin: Origin
    /// Folders searched before the system's.
    public var includePaths: [String]

    /// Creates a keymap source.
    public init(_ origin: Origin, includePaths: [String] = []) {
        self.origin = origin
        self.includePaths = includePaths
    }

    public var description: String {
        switch origin {
        case .names(let names): names.description.isEmpty ? "default keymap" : names.description
        case .file(let path): path
        }
    }
}

/// Compiles each distinct keymap once and hands out the same `Keymap`
/// after that; the same for compose tables.
///
/// Failures are remembered too, so a broken keymap named by a hundred tests
/// is compiled, and reported, once.
public final class KeymapCache {
    private var contexts: [[String]: Context] = [:]
    private var keymaps: [KeymapSource: Result<Keymap, XKBError>] = [:]
    private var keymapsByText: [TextKey: Result<Keymap, XKBError>] = [:]
    private var composeTables: [String: Result<ComposeTable, XKBError>] = [:]
    /// How many keymaps were compiled (not served from the cache).
    public private(set) var compileCount = 0

    /// Creates an empty cache.
    public init() {}

    /// The context for a list of include paths.
    public func context(includePaths: [String]) throws -> Context {
        if let context = contexts[includePaths] { return context }
        let context = try Context(includePaths: includePaths)
        contexts[includePaths] = context
        return context
    }

    /// The keymap of a source, compiled on first request.
    public func keymap(_ source: KeymapSource) throws -> Keymap {
        if let cached = keymaps[source] { return try cached.get() }
        compileCount += 1
        let result: Result<Keymap, XKBError>
        do {
            let context = try context(includePaths: source.includePaths)
            switch source.origin {
            case .names(let names): result = .success(try Keymap(context: context, names: names))
            case .file(let path): result = .success(try Keymap(context: context, contentsOfFile: path))
            }
        } catch let error as XKBError {
            result = .failure(error)
        }
        keymaps[source] = result
        return try result.get()
    }

    /// The keymap of XKB text v1, compiled on first request: the same text
    /// (with the same include paths) gives the same `Keymap` after that.
    ///
    /// This is the cache for keymaps that arrive as text, as X11 and Wayland
    /// servers send them — often the same keymap again, on every focus change.
    /// A lookup hashes the text, which costs far less than compiling it
    /// (Benchmarks/README.md has the figures).
    ///
    /// - Throws: `XKBError` (`keymapCompilationFailed`); a failure is
    ///   remembered and thrown again without compiling.
    public func keymap(text: String, includePaths: [String] = []) throws -> Keymap {
        let key = TextKey(text: text, includePaths: includePaths)
        if let cached = keymapsByText[key] { return try cached.get() }
        compileCount += 1
        let result: Result<Keymap, XKBError>
        do {
            result = .success(try Keymap(context: try context(includePaths: includePaths), text: text))
        } catch let error as XKBError {
            result = .failure(error)
        }
        keymapsByText[key] = result
        return try result.get()
    }

    private struct TextKey: Hashable {
        var text: String
        var includePaths: [String]
    }

    /// The compose table of a locale, loaded on first request.
    public func composeTable(locale: String) throws -> ComposeTable {
        try composeTable(key: "locale:" + locale) { try ComposeTable(context: $0, locale: locale) }
    }

    /// The compose table in a file, loaded on first request.
    public func composeTable(file path: String) throws -> ComposeTable {
        try composeTable(key: "file:" + path) { try ComposeTable(context: $0, contentsOfFile: path) }
    }

    private func composeTable(key: String, load: (Context) throws -> ComposeTable) throws -> ComposeTable {
        if let cached = composeTables[key] { return try cached.get() }
        let result: Result<ComposeTable, XKBError>
        do {
            result = .success(try load(try context(includePaths: [])))
        } catch let error as XKBError {
            result = .failure(error)
        }
        composeTables[key] = result
        return try result.get()
    }
}
