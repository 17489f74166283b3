import CXKBCommon
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A compiled keymap: what every key produces at every level of every layout
/// (`struct xkb_keymap`).
///
/// Build one from names (``init(context:names:)``), from a keymap file
/// (``init(context:contentsOfFile:)``) or from keymap text
/// (``init(context:text:sourceName:)``, the form X11 and Wayland servers send).
/// ``text`` turns it back into text.
///
/// A keymap does not change once compiled. It is not thread-safe: use it
/// from one thread (or actor) at a time.
public final class Keymap {
    let pointer: OpaquePointer
    /// The context the keymap was compiled in.
    public let context: Context
    /// The names the keymap was compiled from, with defaults filled in;
    /// `nil` for a keymap compiled from text or a file, or fetched from a display server.
    public let names: RuleNames?
    /// Warnings libxkbcommon logged while compiling (for example an option it
    /// did not recognise and ignored).
    public let warnings: [LogMessage]

    /// Compiles a keymap from RMLVO names (`xkb_keymap_new_from_names`).
    ///
    /// - Parameters:
    ///   - context: Where to look up the rules and keymap files.
    ///   - names: The names; missing ones take libxkbcommon's defaults, and
    ///     ``names`` reports what those were.
    /// - Throws: ``XKBError`` (`keymapCompilationFailed`) with libxkbcommon's
    ///   messages, for example when a layout or variant does not exist;
    ///   `includeRefused` naming the files of an include loop in the
    ///   context's own folders, which libxkbcommon would crash on.
    public init(context: Context, names: RuleNames = RuleNames()) throws {
        let environmentNames = !context.usesNoEnvironmentNames
        let filled = names.filledIn(environment: environmentNames ? ProcessInfo.processInfo.environment : nil)
        try context.checkIncludeTree()
        let (pointer, messages) = context.collectingMessages { () -> OpaquePointer? in
            withRuleNames(filled) { xkb_keymap_new_from_names(context.pointer, $0, XKB_KEYMAP_COMPILE_NO_FLAGS) }
        }
        guard let pointer else {
            throw XKBError(
                .keymapCompilationFailed, "could not compile a keymap from \(filled)", diagnostics: messages)
        }
        self.pointer = pointer
        self.context = context
        self.names = filled
        self.warnings = messages
    }

    /// Compiles a keymap from XKB text v1 (`xkb_keymap_new_from_buffer`).
    ///
    /// - Parameters:
    ///   - context: Where to look up files the text includes.
    ///   - text: A complete `xkb_keymap { … };` block.
    ///   - sourceName: How messages name the text, such as its file's path.
    /// - Throws: ``XKBError`` (`keymapCompilationFailed`) whose diagnostics
    ///   name `sourceName`, the line and column, and libxkbcommon's message;
    ///   `includeRefused` for an include loop in the context's own folders.
    public convenience init(context: Context, text: String, sourceName: String = "(input string)") throws {
        try self.init(context: context, bytes: Array(text.utf8), sourceName: sourceName)
    }

    /// Compiles a keymap from a file of XKB text v1.
    ///
    /// The file is read whole, checked to be UTF-8, and compiled; messages
    /// name its path and line.
    ///
    /// - Throws: ``XKBError`` with code `fileUnreadable` when the file is
    ///   missing, a folder, unreadable, over 16 MB, or a FIFO nobody writes
    ///   to; `invalidUTF8` when it is not UTF-8; `includeRefused` for an
    ///   include loop; `keymapCompilationFailed` when it does not compile.
    public convenience init(context: Context, contentsOfFile path: String) throws {
        let bytes = try InputFile.bytes(of: path)
        try self.init(context: context, bytes: bytes, sourceName: path)
    }

    private init(context: Context, bytes: [UInt8], sourceName: String) throws {
        if let offset = firstInvalidUTF8Offset(bytes) {
            let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw XKBError(.invalidUTF8, "\(sourceName):\(line): not valid UTF-8 (byte \(offset))")
        }
        // libxkbcommon says only "Failed to parse input xkb string".
        if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            throw XKBError(.keymapCompilationFailed, "\(sourceName): the keymap is empty")
        }
        if let comma = commaOpeningABlock(in: bytes) {
            throw XKBError(
                .keymapCompilationFailed,
                "\(sourceName):\(comma.line):\(comma.column): keymap does not compile: a ',' right after '{' starts nothing")
        }
        try KeycodeLimits.check(IncludeStatements(parsing: bytes), source: sourceName)
        try context.checkIncludeTree()
        let (pointer, messages) = context.collectingMessages { () -> OpaquePointer? in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    xkb_keymap_new_from_buffer(
                        context.pointer, chars.baseAddress, chars.count, XKB_KEYMAP_FORMAT_TEXT_V1,
                        XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        let named = messages.map { $0.naming(source: sourceName) }
        guard let pointer else {
            let located = named.first(where: { $0.location != nil })?.location
            let where_ = located.map { "\($0.file):\($0.line):\($0.column)" } ?? sourceName
            throw XKBError(.keymapCompilationFailed, "\(where_): keymap does not compile", diagnostics: named)
        }
        self.pointer = pointer
        self.context = context
        self.names = nil
        self.warnings = named
    }

    /// Takes ownership of a keymap compiled by another libxkbcommon library,
    /// such as `xkb_x11_keymap_new_from_device`; it is freed with this object.
    ///
    /// - Parameters:
    ///   - pointer: A `struct xkb_keymap *` whose one reference passes to the new object.
    ///   - context: The owner of the context the keymap was compiled in.
    package init(adopting pointer: OpaquePointer, context: Context) {
        self.pointer = pointer
        self.context = context
        self.names = nil
        self.warnings = context.takeMessages()
    }

    deinit {
        xkb_keymap_unref(pointer)
    }

    /// Gives `body` the raw `struct xkb_keymap *`, which stays valid for the call.
    package func withUnsafeKeymapPointer<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(pointer) }
    }

    /// The keymap as XKB text v1 (`xkb_keymap_get_as_string`), which
    /// ``init(context:text:sourceName:)`` compiles back to the same keymap.
    public var text: String {
        guard let raw = xkb_keymap_get_as_string(pointer, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(raw) }
        return String(cString: raw)
    }

    // MARK: Layouts, modifiers, LEDs

    /// The names of the keymap's layouts (groups), by index.
    public var layoutNames: [String] {
        (0..<xkb_keymap_num_layouts(pointer)).map { index in
            xkb_keymap_layout_get_name(pointer, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The index of the layout with this name, such as `"German"`.
    public func layoutIndex(named name: String) -> Int? {
        let index = xkb_keymap_layout_get_index(pointer, name)
        return index == XKB_LAYOUT_INVALID ? nil : Int(index)
    }

    /// The names of the keymap's modifiers, by index (`Shift`, `Lock`,
    /// `Control`, `Mod1` … then virtual modifiers such as `NumLock`, `Alt`, `LevelThree`).
    public var modifierNames: [String] {
        (0..<xkb_keymap_num_mods(pointer)).map { index in
            xkb_keymap_mod_get_name(pointer, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The index of the modifier with this name.
    public func modifierIndex(named name: String) -> Int? {
        let index = xkb_keymap_mod_get_index(pointer, name)
        return index == XKB_MOD_INVALID ? nil : Int(index)
    }

    /// The names of the modifiers in `mask`.
    public func modifierNames(in mask: ModifierMask) -> [String] {
        let names = modifierNames
        return mask.indices.compactMap { $0 < names.count ? names[$0] : nil }
    }

    /// The names of the keymap's LEDs (`Caps Lock`, `Num Lock`, …), by index.
    public var ledNames: [String] {
        (0..<xkb_keymap_num_leds(pointer)).map { index in
            xkb_keymap_led_get_name(pointer, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The index of the LED with this name.
    public func ledIndex(named name: String) -> Int? {
        let index = xkb_keymap_led_get_index(pointer, name)
        return index == XKB_LED_INVALID ? nil : Int(index)
    }

    // MARK: Keys

    /// The smallest keycode the keymap covers.
    public var minKeycode: Keycode { Keycode(rawValue: xkb_keymap_min_keycode(pointer)) }
    /// The largest keycode the keymap covers.
    public var maxKeycode: Keycode { Keycode(rawValue: xkb_keymap_max_keycode(pointer)) }

    /// Every key of the keymap that has an XKB name, in keycode order.
    public var keys: [Keycode] {
        (minKeycode.rawValue...maxKeycode.rawValue).compactMap { raw in
            xkb_keymap_key_get_name(pointer, raw) == nil ? nil : Keycode(rawValue: raw)
        }
    }

    /// The XKB name of a key, without angle brackets (`AC01` for the A key
    /// of a QWERTY keyboard), or `nil` when the keymap has no such key.
    public func name(of key: Keycode) -> String? {
        xkb_keymap_key_get_name(pointer, key.rawValue).map { String(cString: $0) }
    }

    /// The key with this XKB name or alias, with or without angle brackets
    /// (`<AC01>`, `AC01`, `<LatA>`), or `nil`.
    public func key(named name: String) -> Keycode? {
        var bare = Substring(name)
        if bare.hasPrefix("<"), bare.hasSuffix(">"), bare.count >= 2 {
            bare = bare.dropFirst().dropLast()
        }
        let raw = xkb_keymap_key_by_name(pointer, String(bare))
        return raw == XKB_KEYCODE_INVALID ? nil : Keycode(rawValue: raw)
    }

    /// Whether the key repeats when held (`xkb_keymap_key_repeats`).
    public func repeats(_ key: Keycode) -> Bool { xkb_keymap_key_repeats(pointer, key.rawValue) == 1 }

    /// How many layouts the key has (`xkb_keymap_num_layouts_for_key`).
    public func layoutCount(of key: Keycode) -> Int { Int(xkb_keymap_num_layouts_for_key(pointer, key.rawValue)) }

    /// How many shift levels the key has in a layout (`xkb_keymap_num_levels_for_key`).
    public func levelCount(of key: Keycode, layout: Int) -> Int {
        Int(xkb_keymap_num_levels_for_key(pointer, key.rawValue, xkb_layout_index_t(layout)))
    }

    /// The keysyms of a key at a level of a layout (`xkb_keymap_key_get_syms_by_level`).
    public func keysyms(of key: Keycode, layout: Int, level: Int) -> Keysyms {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(
            pointer, key.rawValue, xkb_layout_index_t(layout), xkb_level_index_t(level), &syms)
        guard count > 0, let syms else { return Keysyms() }
        if count == 1 { return Keysyms(Keysym(syms[0])) }
        return Keysyms((0..<Int(count)).map { Keysym(syms[$0]) })
    }

    /// The modifier sets that select a level of a key in a layout
    /// (`xkb_keymap_key_get_mods_for_level`), simplest first.
    ///
    /// Level 0 is usually reached with no modifiers; level 1 with `Shift`
    /// or `Lock`. An empty result means no modifiers reach that level.
    public func modifierMasks(of key: Keycode, layout: Int, level: Int) -> [ModifierMask] {
        var masks = [xkb_mod_mask_t](repeating: 0, count: 64)
        let count = xkb_keymap_key_get_mods_for_level(
            pointer, key.rawValue, xkb_layout_index_t(layout), xkb_level_index_t(level), &masks, masks.count)
        let found = masks.prefix(count).map { ModifierMask(rawValue: $0) }
        var unique: [ModifierMask] = []
        for mask in found where !unique.contains(mask) { unique.append(mask) }
        return unique.sorted { ($0.rawValue.nonzeroBitCount, $0.rawValue) < ($1.rawValue.nonzeroBitCount, $1.rawValue) }
    }
}

extension Context {
    var usesNoEnvironmentNames: Bool { options.contains(.noEnvironmentNames) }
}

extension LogMessage {
    /// The message with libxkbcommon's placeholder names for unnamed input
    /// replaced by `source`.
    func naming(source: String) -> LogMessage {
        var copy = self
        for placeholder in ["(unknown file)", "(input string)"] where source != placeholder {
            copy.text = copy.text.replacingOccurrences(of: placeholder, with: source)
        }
        return copy
    }
}

private func withRuleNames<T>(_ names: RuleNames, _ body: (UnsafePointer<xkb_rule_names>) -> T) -> T {
    (names.rules ?? "").withCString { rules in
        (names.model ?? "").withCString { model in
            (names.layout ?? "").withCString { layout in
                (names.variant ?? "").withCString { variant in
                    (names.options ?? "").withCString { options in
                        var raw = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: options)
                        return body(&raw)
                    }
                }
            }
        }
    }
}

/// The byte offset of the first byte that is not valid UTF-8, or `nil`.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: return nil
        case .error: return offset
        }
    }
}
