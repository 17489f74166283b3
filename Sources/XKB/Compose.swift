import CXKBCommon

/// A table of compose sequences, such as `dead_acute e → é` or
/// `Multi_key o c → ©` (`struct xkb_compose_table`).
///
/// Tables come from a locale (the system's `Compose` file for it, plus the
/// user's `~/.XCompose`), a file, or text. Not every locale has one, so
/// treat compose as optional.
public final class ComposeTable {
    let pointer: OpaquePointer
    /// The locale the table was made for.
    public let locale: String

    /// Loads the table of a locale (`xkb_compose_table_new_from_locale`).
    ///
    /// - Parameters:
    ///   - context: The context whose messages collect the table's warnings.
    ///   - locale: A locale name such as `en_US.UTF-8`.
    /// - Throws: ``XKBError`` (`composeTableUnavailable`) when the locale has
    ///   no table, is unknown, or is not a UTF-8 locale.
    public init(context: Context, locale: String) throws {
        let (pointer, messages) = context.collectingMessages {
            xkb_compose_table_new_from_locale(context.pointer, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
        }
        guard let pointer else {
            throw XKBError(
                .composeTableUnavailable, "no compose table for locale \"\(locale)\"", diagnostics: messages)
        }
        self.pointer = pointer
        self.locale = locale
    }

    /// Loads a table from Compose-format text (`xkb_compose_table_new_from_buffer`).
    ///
    /// - Parameters:
    ///   - context: The context whose log collects libxkbcommon's messages.
    ///   - text: Lines such as `<dead_acute> <e> : "é" eacute`.
    ///   - locale: The locale used to resolve `%L` includes and to decide
    ///     which bytes are text; `C` by default.
    ///   - sourceName: How messages name the text.
    /// - Throws: ``XKBError`` (`composeTableUnavailable`) with libxkbcommon's
    ///   messages when the text does not parse.
    public init(context: Context, text: String, locale: String = "C", sourceName: String = "(input string)") throws {
        var bytes = Array(text.utf8)
        // libxkbcommon 1.5.0 silently drops a last line that has no newline.
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        let (pointer, messages) = context.collectingMessages { () -> OpaquePointer? in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    xkb_compose_table_new_from_buffer(
                        context.pointer, chars.baseAddress, chars.count, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
                        XKB_COMPOSE_COMPILE_NO_FLAGS)
                }
            }
        }
        guard let pointer else {
            throw XKBError(
                .composeTableUnavailable, "\(sourceName): compose table does not parse",
                diagnostics: messages.map { $0.naming(source: sourceName) })
        }
        self.pointer = pointer
        self.locale = locale
    }

    /// Loads a table from a Compose file.
    ///
    /// - Throws: ``XKBError`` (`fileUnreadable`, `invalidUTF8` or
    ///   `composeTableUnavailable`) naming the file.
    public convenience init(context: Context, contentsOfFile path: String, locale: String = "C") throws {
        let bytes = try InputFile.bytes(of: path)
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw XKBError(.invalidUTF8, "\(path): not valid UTF-8 (byte \(offset))")
        }
        try self.init(context: context, text: String(decoding: bytes, as: UTF8.self), locale: locale, sourceName: path)
    }

    deinit {
        xkb_compose_table_unref(pointer)
    }

    /// The locale compose should use when none is given: the first of
    /// `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty, else `C`,
    /// the order setlocale(3) uses.
    public static func environmentLocale(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value }
        }
        return "C"
    }
}

/// Where a compose sequence stands (`enum xkb_compose_status`).
public enum ComposeStatus: Hashable, Sendable {
    /// No sequence is in progress.
    case nothing
    /// A sequence has started and wants more keysyms.
    case composing
    /// A sequence completed; ``ComposeState/text`` and
    /// ``ComposeState/keysym`` hold the result.
    case composed
    /// The last keysym did not continue any sequence.
    case cancelled
}

/// What feeding a keysym did (`enum xkb_compose_feed_result`).
public enum ComposeFeedResult: Hashable, Sendable {
    /// The keysym was ignored: it is a modifier, which never takes part in
    /// a sequence.
    case ignored
    /// The keysym was taken; read ``ComposeState/status``.
    case accepted
}

/// Progress through compose sequences (`struct xkb_compose_state`).
public final class ComposeState {
    let pointer: OpaquePointer
    /// The table this state follows.
    public let table: ComposeTable

    /// Creates a state with no sequence in progress.
    public init(table: ComposeTable) {
        guard let pointer = xkb_compose_state_new(table.pointer, XKB_COMPOSE_STATE_NO_FLAGS) else {
            fatalError("xkb_compose_state_new failed: out of memory")
        }
        self.pointer = pointer
        self.table = table
    }

    deinit {
        xkb_compose_state_unref(pointer)
    }

    /// Feeds the keysym of a key press (`xkb_compose_state_feed`).
    @discardableResult
    public func feed(_ keysym: Keysym) -> ComposeFeedResult {
        xkb_compose_state_feed(pointer, keysym.rawValue) == XKB_COMPOSE_FEED_IGNORED ? .ignored : .accepted
    }

    /// Forgets any sequence in progress (`xkb_compose_state_reset`).
    public func reset() { xkb_compose_state_reset(pointer) }

    /// Where the sequence stands (`xkb_compose_state_get_status`).
    public var status: ComposeStatus {
        switch xkb_compose_state_get_status(pointer) {
        case XKB_COMPOSE_COMPOSING: .composing
        case XKB_COMPOSE_COMPOSED: .composed
        case XKB_COMPOSE_CANCELLED: .cancelled
        default: .nothing
        }
    }

    /// The composed text when ``status`` is `composed`, else empty
    /// (`xkb_compose_state_get_utf8`).
    public var text: String {
        let needed = xkb_compose_state_get_utf8(pointer, nil, 0)
        guard needed > 0 else { return "" }
        return String(unsafeUninitializedCapacity: Int(needed) + 1) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                Int(xkb_compose_state_get_utf8(pointer, chars.baseAddress, chars.count))
            }
        }
    }

    /// The composed keysym when ``status`` is `composed`, else `noSymbol`
    /// (`xkb_compose_state_get_one_sym`).
    public var keysym: Keysym { Keysym(xkb_compose_state_get_one_sym(pointer)) }
}
