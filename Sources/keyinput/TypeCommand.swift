import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput type`: type key tokens into a plain text field and show what happened.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type key tokens on a keymap and show each event and the text typed.",
        discussion: """
            Tokens: KEY_A (press and release); KEY_LEFTSHIFT+KEY_A (press in order, release in \
            reverse); down:KEY_X, up:KEY_X, repeat:KEY_X (one event). Key names are evdev names, \
            case-insensitive, with or without KEY_, or XKB names in angle brackets such as <AC01>.
            """
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Option(help: ArgumentHelp("Read whitespace-separated tokens from this file (- for standard input).", valueName: "file"))
    var input: String?

    @Flag(help: "Print only the final text.")
    var text = false

    @Flag(help: "Print one JSON object: {\"text\": …, \"events\": […]}.")
    var json = false

    @Argument(help: "Key tokens.")
    var tokens: [String] = []

    func validate() throws {
        if text && json { throw ValidationError("--text and --json cannot be combined") }
        if input != nil && !tokens.isEmpty { throw ValidationError("give tokens as arguments or with --input, not both") }
        if input == nil && tokens.isEmpty {
            throw ValidationError("no key tokens given; for example: keyinput type KEY_H KEY_I")
        }
    }

    func run() throws {
        let cache = KeymapCache()
        let compiled = try keymap.compile(cache: cache)
        let table = try compose.table(cache: cache)
        let source = try readTokenText()
        let events = try parseEvents(source, keymap: compiled)
        let decoder = KeyEventDecoder(keymap: compiled, composeTable: table)
        let output = BufferedOutput()
        var buffer = TextBuffer()
        var describer = EventDescriber(keymap: compiled)
        // Read once: the options' property wrappers cost a lookup on every read.
        let json = self.json, textOnly = self.text
        if json { output.write("{\"events\":[") }
        var first = true
        var lines: [UInt8] = []
        lines.reserveCapacity(1 << 16 + 256)
        for event in events {
            let decoded = decoder.decode(event)
            buffer.apply(decoded.action)
            if json {
                output.write(describer.json(decoded, first: first))
                first = false
            } else if !textOnly {
                describer.writeLine(decoded, into: &lines)
                if lines.count >= 1 << 16 {
                    output.write(bytes: lines)
                    lines.removeAll(keepingCapacity: true)
                }
            }
        }
        output.write(bytes: lines)
        if json {
            var writer = JSONWriter()
            writer.raw("],\"text\":")
            writer.string(buffer.text)
            writer.raw("}")
            output.line(writer.take())
        } else if text {
            output.write(buffer.text)
            if !buffer.text.hasSuffix("\n") { output.line() }
        } else {
            output.line("text: " + buffer.text.debugDescription)
        }
    }

    private func readTokenText() throws -> String {
        guard let input else { return tokens.joined(separator: " ") }
        let data: Data
        if input == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
                throw CLIError.usage("--input \(input): no such file")
            }
            guard !isFolder.boolValue else { throw CLIError.usage("--input \(input): is a folder, not a file") }
            guard let contents = FileManager.default.contents(atPath: input) else {
                throw CLIError.usage("--input \(input): cannot be read")
            }
            data = contents
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let name = input == "-" ? "standard input" : input
            throw CLIError.usage("--input \(name): not valid UTF-8")
        }
        return text
    }

    /// All events of all tokens, read before anything is typed, so a bad
    /// token stops the run before any output.
    private func parseEvents(_ source: String, keymap: Keymap) throws -> [KeyEvent] {
        let parser = KeyTokenParser(keymap: keymap)
        var known: [Substring: [KeyEvent]] = [:]
        var events: [KeyEvent] = []
        var index = 0
        try Self.forEachToken(of: source) { token in
            index += 1
            if let cached = known[token] {
                events.append(contentsOf: cached)
                return
            }
            do {
                let parsed = try parser.parse(String(token)).events
                if known.count < 4096 { known[token] = parsed }
                events.append(contentsOf: parsed)
            } catch let error as KeyTokenError {
                throw CLIError.usage("token \(index): \(error)")
            }
        }
        return events
    }

    /// Calls `body` with each whitespace-separated token of `source`, as
    /// `split(whereSeparator: \.isWhitespace)` gives them, without keeping
    /// them all; ASCII text (a token file) is split byte by byte, which is
    /// many times faster.
    static func forEachToken(of source: String, _ body: (Substring) throws -> Void) rethrows {
        let utf8 = source.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            for token in source.split(whereSeparator: \.isWhitespace) { try body(token) }
            return
        }
        var start: String.Index?
        var position = utf8.startIndex
        while position != utf8.endIndex {
            let byte = utf8[position]
            // The ASCII whitespace characters: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                if let first = start {
                    try body(source[first..<position])
                    start = nil
                }
            } else if start == nil {
                start = position
            }
            utf8.formIndex(after: &position)
        }
        if let first = start { try body(source[first...]) }
    }
}

/// Turns decoded events into output lines, caching names: the lines of a
/// million events are most of `keyinput type`'s work.
struct EventDescriber {
    let keymap: Keymap
    private let layoutNames: [String]
    private let modifierNames: [String]
    /// Per keycode: the key's name column, and the last keysyms it reported with their column.
    private var keyColumns: [(name: [UInt8], keysyms: Keysyms, keysymNames: [UInt8])?] = []
    /// The modifier sets seen so far, with their column; a handful at most.
    private var modifierColumns: [(mask: ModifierMask, names: [UInt8])] = []
    /// Per layout index: its name and the line's end.
    private var layoutEnds: [[UInt8]] = []

    init(keymap: Keymap) {
        self.keymap = keymap
        self.layoutNames = keymap.layoutNames
        self.modifierNames = keymap.modifierNames
    }

    func keyName(_ key: Keycode) -> String { key.evdevName ?? "<\(keymap.name(of: key) ?? String(key.rawValue))>" }

    func modifiers(_ mask: ModifierMask) -> [String] {
        mask.indices.compactMap { $0 < modifierNames.count ? modifierNames[$0] : nil }
    }

    /// A column's bytes: the text padded as `String.padding(_:)` pads it.
    private static func column(_ text: String, width: Int) -> [UInt8] { Array(text.padding(width).utf8) }

    private static let downColumn = column("down", width: 7), upColumn = column("up", width: 7)
    private static let repeatColumn = column("repeat", width: 7)
    private static let insertTextPrefix = Array(#"insertText(""#.utf8), insertTextSuffix = Array(#"")"#.utf8)
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    /// Appends the event's line to `line`: kind, key, keysyms, action,
    /// modifiers and layout in padded columns, each column made once per
    /// distinct value.
    mutating func writeLine(_ decoded: DecodedKeyEvent, into line: inout [UInt8]) {
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
        Self.writeAction(decoded.action, into: &line)
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

    /// `action.description` padded to 26, without building it for the common
    /// case of printable ASCII text, which `debugDescription` leaves as it is.
    private static func writeAction(_ action: TextAction, into line: inout [UInt8]) {
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

    func json(_ decoded: DecodedKeyEvent, first: Bool) -> String {
        var w = JSONWriter()
        if !first { w.raw(",") }
        w.raw("{")
        w.key("key")
        w.string(keyName(decoded.event.keycode))
        w.raw(",")
        w.key("keycode")
        w.number(decoded.event.keycode.evdev ?? 0)
        w.raw(",")
        w.key("direction")
        w.string(decoded.event.kind.rawValue)
        w.raw(",")
        w.key("keysyms")
        w.raw("[")
        for (index, keysym) in decoded.keysyms.enumerated() {
            if index > 0 { w.raw(",") }
            w.number(keysym.rawValue)
        }
        w.raw("],")
        w.key("keysymNames")
        w.strings(decoded.keysyms.map(\.name))
        w.raw(",")
        w.key("text")
        w.string(decoded.insertedText)
        w.raw(",")
        w.key("action")
        w.string(decoded.action.name)
        w.raw(",")
        w.key("modifiers")
        w.strings(modifiers(decoded.modifiers))
        w.raw(",")
        w.key("layout")
        w.number(decoded.layout)
        w.raw("}")
        return w.take()
    }
}
