import CXKBCommon

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A libxkbcommon context: where keymaps are looked up, and where the
/// messages libxkbcommon logs are collected.
///
/// A context owns one `struct xkb_context`. It collects libxkbcommon's log
/// messages instead of letting them reach standard error; a failing call
/// hands the messages it caused to the ``XKBError`` it throws.
///
/// Like every libxkbcommon object, a context is not thread-safe: use it from
/// one thread (or actor) at a time.
public final class Context {
    /// Options for a new context (`enum xkb_context_flags`).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Start with an empty include path (`XKB_CONTEXT_NO_DEFAULT_INCLUDES`).
        public static let noDefaultIncludes = Options(rawValue: 1 << 0)
        /// Ignore `XKB_DEFAULT_RULES`, `XKB_DEFAULT_LAYOUT` and the other
        /// environment variables when filling in names
        /// (`XKB_CONTEXT_NO_ENVIRONMENT_NAMES`).
        public static let noEnvironmentNames = Options(rawValue: 1 << 1)
    }

    let pointer: OpaquePointer
    private let log: LogCollector
    /// The options the context was created with.
    public let options: Options
    /// Whether ``checkIncludeTree()`` found the context's folders sound.
    private var includeTreeChecked = false

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - options: Context flags. By default the system include paths are
    ///     searched and the `XKB_DEFAULT_*` environment variables are honoured.
    ///   - includePaths: Folders searched before the defaults, in order, for
    ///     `rules/`, `keycodes/`, `types/`, `compat/` and `symbols/` files —
    ///     for example a project's own `keymaps/` folder.
    /// - Throws: ``XKBError`` with code `contextCreationFailed` when
    ///   libxkbcommon cannot create a context, or when an include path does
    ///   not exist or is not a readable folder.
    public init(options: Options = [], includePaths: [String] = []) throws {
        let flags = xkb_context_flags(rawValue: UInt32(bitPattern: options.rawValue | Options.noDefaultIncludes.rawValue))
        guard let pointer = xkb_context_new(flags) else {
            throw XKBError(.contextCreationFailed, "libxkbcommon could not create a context")
        }
        self.pointer = pointer
        self.options = options
        self.log = LogCollector()
        xkb_context_set_user_data(pointer, Unmanaged.passUnretained(log).toOpaque())
        xkb_context_set_log_fn(pointer, contextLogSink)
        xkb_context_set_log_level(pointer, XKB_LOG_LEVEL_WARNING)
        for path in includePaths {
            guard xkb_context_include_path_append(pointer, path) == 1 else {
                throw XKBError(
                    .contextCreationFailed, "include path \(path) is not a readable folder",
                    diagnostics: log.take())
            }
        }
        if !options.contains(.noDefaultIncludes) {
            xkb_context_include_path_append_default(pointer)
        }
        // Default folders that do not exist (~/.xkb, /etc/xkb) are not errors.
        _ = log.take()
    }

    deinit {
        xkb_context_unref(pointer)
    }

    /// The folders searched for keymap files, in search order.
    public var includePaths: [String] {
        (0..<xkb_context_num_include_paths(pointer)).compactMap { index in
            xkb_context_include_path_get(pointer, index).map { String(cString: $0) }
        }
    }

    /// Checks the include tree of the context's own folders once; see ``IncludeTree``.
    func checkIncludeTree() throws(XKBError) {
        guard !includeTreeChecked else { return }
        var tree = IncludeTree(searchPaths: includePaths)
        try tree.check()
        includeTreeChecked = true
    }

    /// The most verbose level of message collected; `.warning` by default.
    public var logLevel: LogMessage.Level {
        get { LogMessage.Level(rawValue: Int32(bitPattern: xkb_context_get_log_level(pointer).rawValue)) }
        set { xkb_context_set_log_level(pointer, xkb_log_level(rawValue: UInt32(bitPattern: newValue.rawValue))) }
    }

    /// Messages logged since the last call to ``takeMessages()``.
    ///
    /// Calls that throw take the messages they caused for their error, so
    /// this holds warnings of calls that succeeded.
    public func takeMessages() -> [LogMessage] { log.take() }

    /// Runs `body` and returns its result together with the messages it logged.
    func collectingMessages<T>(_ body: () throws -> T) rethrows -> (T, [LogMessage]) {
        let earlier = log.take()
        defer { log.restore(earlier) }
        let result = try body()
        return (result, log.take())
    }

    /// Gives `body` the raw `struct xkb_context *`, which stays valid for the call.
    package func withUnsafeContextPointer<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(pointer) }
    }
}

/// Collects messages for one context; reached from C through the context's user data.
final class LogCollector {
    private(set) var messages: [LogMessage] = []
    /// Collection stops growing past this many messages; a huge broken
    /// keymap must not make the log the biggest thing in memory.
    static let limit = 1000

    func append(_ message: LogMessage) {
        if messages.count < Self.limit { messages.append(message) }
    }

    func take() -> [LogMessage] {
        defer { messages.removeAll() }
        return messages
    }

    func restore(_ earlier: [LogMessage]) {
        messages = earlier + messages
    }
}

private func contextLogSink(
    _ context: OpaquePointer?, _ level: xkb_log_level, _ format: UnsafePointer<CChar>?,
    _ arguments: CVaListPointer?
) {
    guard let context, let format, let arguments, let user = xkb_context_get_user_data(context) else { return }
    let collector = Unmanaged<LogCollector>.fromOpaque(user).takeUnretainedValue()
    var buffer = [CChar](repeating: 0, count: 1024)
    let written = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    guard written >= 0 else { return }
    var text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while text.last == "\n" { text.removeLast() }
    collector.append(LogMessage(level: LogMessage.Level(rawValue: Int32(bitPattern: level.rawValue)), text: text))
}
