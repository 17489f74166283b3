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
        let describer = EventDescriber(keymap: compiled)
        if json { output.write("{\"events\":[") }
        var first = true
        for event in events {
            let decoded = decoder.decode(event)
            buffer.apply(decoded.action)
            if json {
                output.write(describer.json(decoded, first: first))
                first = false
            } else if !text {
                output.line(describer.line(decoded))
            }
        }
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
        for token in source.split(whereSeparator: \.isWhitespace) {
            index += 1
            if let cached = known[token] {
                events.append(contentsOf: cached)
                continue
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
}

/// Turns decoded events into output lines, caching names.
struct EventDescriber {
    let keymap: Keymap
    private let layoutNames: [String]
    private let modifierNames: [String]

    init(keymap: Keymap) {
        self.keymap = keymap
        self.layoutNames = keymap.layoutNames
        self.modifierNames = keymap.modifierNames
    }

    func keyName(_ key: Keycode) -> String { key.evdevName ?? "<\(keymap.name(of: key) ?? String(key.rawValue))>" }

    func modifiers(_ mask: ModifierMask) -> [String] {
        mask.indices.compactMap { $0 < modifierNames.count ? modifierNames[$0] : nil }
    }

    func line(_ decoded: DecodedKeyEvent) -> String {
        let keysyms = decoded.keysyms.isEmpty ? "NoSymbol" : decoded.keysyms.map(\.name).joined(separator: " ")
        let mods = modifiers(decoded.modifiers)
        let layout = decoded.layout < layoutNames.count ? layoutNames[decoded.layout] : String(decoded.layout)
        return decoded.event.kind.rawValue.padding(7) + keyName(decoded.event.keycode).padding(18)
            + keysyms.padding(20) + decoded.action.description.padding(26)
            + (mods.isEmpty ? "-" : mods.joined(separator: "+")).padding(14) + layout
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
