import XKB

/// Writes decoded key events as `keyinput type` shows them: a table line or a JSON object each.
///
/// A table line holds the event's kind, key, keysyms, action, modifiers and
/// layout in padded columns:
///
/// ```
/// down   KEY_E             e                   insertText("é")           -             German
/// ```
///
/// Each column's text is made once per distinct value and then copied, so a
/// million events cost little more than copying their bytes.
public struct KeyEventFormatter {
    private let keymap: Keymap
    private let layoutNames: [String]
    private let modifierNames: [String]
    /// Per keycode: the key's name column, and the last keysyms it reported with their column.
    private var keyColumns: [(name: [UInt8], keysyms: Keysyms, keysymNames: [UInt8])?] = []
    /// The modifier sets seen so far, with their column; a handful at most.
    private var modifierColumns: [(mask: ModifierMask, names: [UInt8])] = []
    /// Per layout index: its name and the line's end.
    private var layoutEnds: [[UInt8]] = []

    /// Creates a formatter for events decoded on `keymap`.
    ///
    /// - Parameter keymap: The keymap that names the keys, modifiers and layouts.
    public init(keymap: Keymap) {
        self.keymap = keymap
        self.layoutNames = keymap.layoutNames
        self.modifierNames = keymap.modifierNames
    }

    /// A key's evdev name, such as `KEY_A`, or its XKB name in angle brackets when it has none.
    func keyName(_ key: Keycode) -> String { key.evdevName ?? "<\(keymap.name(of: key) ?? String(key.rawValue))>" }

    /// The names of the modifiers in `mask`, in index order.
    func modifiers(_ mask: ModifierMask) -> [String] {
        mask.indices.compactMap { $0 < modifierNames.count ? modifierNames[$0] : nil }
    }

    private static func column(_ text: String, width: Int) -> [UInt8] { Array(text.padding(width).utf8) }

    private static let downColumn = column("down", width: 7), upColumn = column("up", width: 7)
    private static let repeatColumn = column("repeat", width: 7)
    private static let insertTextPrefix = Array(#"insertText(""#.utf8), insertTextSuffix = Array(#"")"#.utf8)
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    /// Appends the event's table line, newline included.
    ///
    /// - Parameters:
    ///   - decoded: The event and what it did.
    ///   - line: The bytes to append to, UTF-8.
    public mutating func appendLine(_ decoded: DecodedKeyEvent, to line: inout [UInt8]) {
        switch decoded.event.kind {
        case .down: line.append(contentsOf: Self.downColumn)
        case .up: line.append(contentsOf: Self.upColumn)
        case .repeat: line.append(contentsOf: Self.repeatColumn)
        }
        let key = decoded.event.keycode, keysyms = decoded.keysyms
        let slot = Int(key.rawValue)
        if slot >= keyColumns.count { keyColumns += Array(repeating: nil, count: slot + 1 - keyColumns.count) }
        if keyColumns[slot]?.keysyms != keysyms {
            let names = keysyms.isEmpty ? "NoSymbol" : keysyms.map(\.name).joined(separator: " ")
            let name = keyColumns[slot]?.name ?? Self.column(keyName(key), width: 18)
            keyColumns[slot] = (name, keysyms, Self.column(names, width: 20))
        }
        line.append(contentsOf: keyColumns[slot]!.name)
        line.append(contentsOf: keyColumns[slot]!.keysymNames)
        Self.appendAction(decoded.action, to: &line)
        let mask = decoded.modifiers
        if let index = modifierColumns.firstIndex(where: { $0.mask == mask }) {
            line.append(contentsOf: modifierColumns[index].names)
        } else {
            let mods = modifiers(mask)
            modifierColumns.append((mask, Self.column(mods.isEmpty ? "-" : mods.joined(separator: "+"), width: 14)))
            line.append(contentsOf: modifierColumns[modifierColumns.count - 1].names)
        }
        let layout = decoded.layout
        while layoutEnds.count <= layout {
            let index = layoutEnds.count
            layoutEnds.append(Array(((index < layoutNames.count ? layoutNames[index] : String(index)) + "\n").utf8))
        }
        line.append(contentsOf: layoutEnds[layout])
    }

    /// Writes the event as one JSON object: key, keycode, direction, keysyms,
    /// keysymNames, text, action, modifiers and layout.
    ///
    /// - Parameters:
    ///   - decoded: The event and what it did.
    ///   - writer: The writer, where a value may come next.
    public func writeJSON(_ decoded: DecodedKeyEvent, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("key")
        writer.string(keyName(decoded.event.keycode))
        writer.key("keycode")
        writer.number(decoded.event.keycode.evdev ?? 0)
        writer.key("direction")
        writer.string(decoded.event.kind.rawValue)
        writer.key("keysyms")
        writer.numbers(decoded.keysyms.map(\.rawValue))
        writer.key("keysymNames")
        writer.strings(decoded.keysyms.map(\.name))
        writer.key("text")
        writer.string(decoded.insertedText)
        writer.key("action")
        writer.string(decoded.action.name)
        writer.key("modifiers")
        writer.strings(modifiers(decoded.modifiers))
        writer.key("layout")
        writer.number(decoded.layout)
        writer.endObject()
    }

    /// `action.description` padded to 26; printable ASCII text, which
    /// `debugDescription` leaves as it is, is copied without building the description.
    private static func appendAction(_ action: TextAction, to line: inout [UInt8]) {
        if case .insertText(var text) = action, text.utf8.allSatisfy(isPlainInDebugDescription) {
            line.append(contentsOf: insertTextPrefix)
            text.withUTF8 { line.append(contentsOf: $0) }
            line.append(contentsOf: insertTextSuffix)
            pad(14 + text.utf8.count, to: 26, into: &line)
            return
        }
        let description = action.description
        line.append(contentsOf: description.utf8)
        pad(description.count, to: 26, into: &line)
    }

    /// Spaces after `characters` characters, as `String.padding(_:)` pads:
    /// up to `width`, or one when the text is as wide or wider.
    private static func pad(_ characters: Int, to width: Int, into line: inout [UInt8]) {
        line.append(contentsOf: spaces[..<(characters >= width ? 1 : width - characters)])
    }

    /// Printable ASCII that `String.debugDescription` does not escape.
    private static func isPlainInDebugDescription(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7f && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
            && byte != UInt8(ascii: "\\")
    }
}
