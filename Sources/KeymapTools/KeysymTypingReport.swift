import XKB

/// Where a keysym is on a keymap, as `keyinput how-to-type --keysym` reports it:
/// every key, layout and level that holds it, the modifiers that choose that
/// level, and the keys to press for it in `keyinput type` token syntax.
public struct KeysymTypingReport {
    /// One level holding the keysym.
    public struct Place: Hashable, Sendable {
        /// The key.
        public var key: Keycode
        /// The key's XKB name (`AE12`).
        public var keyName: String
        /// The layout, 0-based.
        public var layout: Int
        /// The level, 0-based.
        public var level: Int
        /// Each set of modifiers that chooses the level, simplest first (names of real modifiers).
        public var modifiers: [[String]]
        /// The keys to press, verified on a fresh state; `nil` when no key sets those modifiers.
        public var chord: KeyChord?
    }

    /// The keysym.
    public let keysym: Keysym
    /// Where it is, in keycode, layout and level order.
    public private(set) var places: [Place] = []
    /// Chords from Caps Lock's capitals, which are on no level (`É` from `é`).
    public private(set) var capsLockChords: [KeyChord] = []
    private let layoutNames: [String]

    /// Finds a keysym on the guide's keymap.
    ///
    /// - Parameters:
    ///   - keysym: The keysym to find.
    ///   - guide: The guide of the keymap to search.
    public init(keysym: Keysym, guide: TypingGuide) {
        self.keysym = keysym
        let keymap = guide.keymap
        layoutNames = keymap.layoutNames
        let chords = guide.chords(for: keysym)
        for key in keymap.keys {
            for layout in 0..<keymap.layoutCount(of: key) {
                for level in 0..<keymap.levelCount(of: key, layout: layout)
                where keymap.keysyms(of: key, layout: layout, level: level).contains(keysym) {
                    let masks = keymap.modifierMasks(of: key, layout: layout, level: level)
                    places.append(
                        Place(
                            key: key, keyName: keymap.name(of: key) ?? "", layout: layout, level: level,
                            modifiers: masks.map { keymap.modifierNames(in: $0) },
                            chord: chords.first { $0.key == key && $0.layout == layout && $0.level == level && $0.lockKeys.isEmpty }))
                }
            }
        }
        capsLockChords = chords.filter { chord in
            !chord.lockKeys.isEmpty && !places.contains { $0.key == chord.key && $0.layout == chord.layout && $0.level == chord.level }
        }
    }

    /// Whether some key types the keysym.
    public var isTypeable: Bool { places.contains { $0.chord != nil } || !capsLockChords.isEmpty }

    /// The report for reading: the keysym's line (name and value), then one line per
    /// place — tokens, key, layout and level, modifiers — or `cannot be typed on this keymap`.
    ///
    /// - Returns: The lines, each ending with a newline.
    public func text() -> String {
        var output = "\(keysym.name) (\(value))\n"
        if places.isEmpty && capsLockChords.isEmpty { output += "  cannot be typed on this keymap\n" }
        for place in places {
            let tokens = place.chord?.token ?? "(no key sets \(modifiersText(place.modifiers.first ?? [])))"
            output += "  " + "key".padding(9) + tokens.padding(40) + "<\(place.keyName)> " + where_(place.layout)
                + " level \(place.level + 1), " + modifiersText(place.modifiers.first ?? []) + "\n"
        }
        for chord in capsLockChords {
            output += "  " + "key".padding(9) + chord.token.padding(40) + "Caps Lock's capital of level \(chord.level + 1)\n"
        }
        return output
    }

    /// The report as one JSON object, without a newline: `{"keysym", "value", "typeable",
    /// "places":[{"key", "keycode", "layout", "layoutName", "level", "modifiers":[[names]],
    /// "tokens"}]}`, with layouts and levels from 1 and `tokens` `null` when no key reaches the level.
    ///
    /// - Returns: The JSON text.
    public func json() -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("keysym")
        writer.string(keysym.name)
        writer.key("value")
        writer.string(value)
        writer.key("typeable")
        writer.bool(isTypeable)
        writer.key("places")
        writer.beginArray()
        for place in places {
            writer.beginObject()
            writer.key("key")
            writer.string(place.keyName)
            writer.key("keycode")
            writer.number(place.key.rawValue)
            writer.key("layout")
            writer.number(place.layout + 1)
            writer.key("layoutName")
            writer.string(place.layout < layoutNames.count ? layoutNames[place.layout] : "")
            writer.key("level")
            writer.number(place.level + 1)
            writer.key("modifiers")
            writer.beginArray()
            for set in place.modifiers { writer.strings(set) }
            writer.endArray()
            writer.key("tokens")
            if let chord = place.chord { writer.strings(chord.tokens) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.take()
    }

    private var value: String { "0x" + String(keysym.rawValue, radix: 16) }

    private func where_(_ layout: Int) -> String {
        layoutNames.count > 1 ? "layout \(layout + 1) (\(layoutNames[layout]))" : "layout \(layout + 1)"
    }

    private func modifiersText(_ names: [String]) -> String {
        names.isEmpty ? "no modifiers" : names.joined(separator: "+")
    }
}
