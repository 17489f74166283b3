import XKB

/// Every way to type each character of a text, as `keyinput how-to-type` reports it.
///
/// Each distinct character is listed once, in the order it first appears,
/// with the ways ``TypingGuide`` finds; a character with none is untypeable.
/// Ways are written in `keyinput type` token syntax, so they can be pasted back.
public struct HowToTypeReport {
    /// One character and the ways to type it.
    public struct Entry: Hashable, Sendable {
        /// The character.
        public var character: Character
        /// The ways to type it, keys before sequences; empty when it cannot be typed.
        public var methods: [TypingMethod]
    }

    /// The characters, each once, in the order they first appear in the text.
    public private(set) var entries: [Entry] = []
    /// The names of the keymap's layouts, by index.
    private let layoutNames: [String]
    /// How to reach each layout used beyond the first (`press KEY_LEFTALT+KEY_LEFTSHIFT`), `nil` when no key does.
    private var routes: [Int: String?] = [:]

    /// Finds every way to type each character of `text`.
    ///
    /// - Parameters:
    ///   - text: The text to type.
    ///   - guide: The guide that searches the keymap and compose table.
    public init(text: String, guide: TypingGuide) {
        layoutNames = guide.keymap.layoutNames
        var seen = Set<Character>()
        for character in text where seen.insert(character).inserted {
            entries.append(Entry(character: character, methods: guide.methods(for: character)))
        }
        let used = Set(entries.flatMap { $0.methods.flatMap { $0.chords.map(\.layout) } }).subtracting([0])
        if !used.isEmpty {
            let switches = LayoutSwitches(keymap: guide.keymap)
            for layout in used { routes[layout] = switches.route(to: layout) }
        }
    }

    /// How many characters cannot be typed.
    public var untypeableCount: Int { entries.filter(\.methods.isEmpty).count }

    /// The report for reading: per character, its line (quoted, with code
    /// points), then one line per way — kind, tokens, keysyms and, when the
    /// keymap has several layouts, the layouts used.
    ///
    /// - Returns: The lines, each ending with a newline.
    public func text() -> String {
        var output = ""
        for entry in entries {
            let character = entry.character
            let shown = character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.value < 0x20 })
                ? character.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() : String(character)
            output += "\"\(shown)\" \(codePoints(character))\n"
            if entry.methods.isEmpty { output += "  cannot be typed on this keymap\n" }
            for method in entry.methods {
                output += "  " + Self.kind(of: method).padding(9) + method.tokens.padding(40)
                    + method.chords.map(\.keysym.name).joined(separator: " ") + layoutsNote(method) + "\n"
            }
        }
        return output
    }

    /// The report as one JSON object, without a newline:
    /// `{"characters":[{"character", "codePoints", "typeable", "methods":[{"kind",
    /// "tokens", "keysyms", "layouts", "levels"}]}], "untypeable": N, "layoutRoutes":
    /// {"2": "press KEY_LEFTSHIFT+KEY_LEFTALT"}}`, the routes (or `null` when no key reaches
    /// the layout) for each layout beyond the first that a way uses, numbered from 1.
    ///
    /// - Returns: The JSON text.
    public func json() -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("characters")
        writer.beginArray()
        for entry in entries {
            writer.beginObject()
            writer.key("character")
            writer.string(String(entry.character))
            writer.key("codePoints")
            writer.string(codePoints(entry.character))
            writer.key("typeable")
            writer.bool(!entry.methods.isEmpty)
            writer.key("methods")
            writer.beginArray()
            for method in entry.methods {
                writer.beginObject()
                writer.key("kind")
                writer.string(Self.kind(of: method))
                writer.key("tokens")
                writer.strings(method.tokenList)
                writer.key("keysyms")
                writer.strings(method.chords.map(\.keysym.name))
                writer.key("layouts")
                writer.numbers(method.chords.map(\.layout))
                writer.key("levels")
                writer.numbers(method.chords.map(\.level))
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.key("untypeable")
        writer.number(untypeableCount)
        writer.key("layoutRoutes")
        writer.beginObject()
        for (layout, route) in routes.sorted(by: { $0.key < $1.key }) {
            writer.key(String(layout + 1))
            if let route { writer.string(route) } else { writer.null() }
        }
        writer.endObject()
        writer.endObject()
        return writer.take()
    }

    private static func kind(of method: TypingMethod) -> String {
        if case .chord = method { "key" } else { "sequence" }
    }

    /// `  in layout 2 (German), reached with: press KEY_LEFTALT+KEY_LEFTSHIFT`, or
    /// nothing when the keymap has one layout and the method uses it.
    private func layoutsNote(_ method: TypingMethod) -> String {
        let layouts = Set(method.chords.map(\.layout)).sorted()
        if layouts == [0] && layoutNames.count <= 1 { return "" }
        return "  in "
            + layouts.map { layout in
                var note = "layout \(layout + 1)" + (layout < layoutNames.count ? " (\(layoutNames[layout]))" : "")
                if layout > 0 {
                    if let route = routes[layout] ?? nil {
                        note += ", reached with: \(route)"
                    } else {
                        note += ", which no key reaches with these options (add one, such as grp:alt_shift_toggle)"
                    }
                }
                return note
            }
            .joined(separator: "; ")
    }
}
