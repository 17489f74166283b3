import Foundation
import XKB

/// What a long press on an on-screen key offers: the letters the compose
/// table makes from the key's character (its dead-key and Compose-key
/// sequences), then what the key types at its other levels.
enum KeyAlternates {
    /// Accents in the order their letters are offered, the commonest first,
    /// as phone keyboards order them (e → é è ê ë ē ė ę ě …).
    private static let accentOrder: [UInt32] = [
        0x301, 0x300, 0x302, 0x308, 0x304, 0x307, 0x328, 0x30C, 0x303, 0x306, 0x327, 0x30A, 0x30B, 0x31B, 0x323,
        0x309, 0x326, 0x331,
    ]

    /// The alternates of a key, at most `limit`.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - state: A state with the modifiers the key caps show (Shift held: capitals' alternates).
    ///   - composeTable: The table its sequences come from, if any.
    ///   - limit: How many fit on screen.
    static func of(_ key: Keycode, state: KeyboardState, composeTable: ComposeTable?, limit: Int) -> [String] {
        let base = state.text(of: key)
        guard base.count == 1, let character = base.first, !character.isWhitespace, limit > 0 else { return [] }
        // The case pair of a letter is Shift's job, not a long press's.
        let levels = otherLevels(of: key, state: state).filter { $0.lowercased() != base.lowercased() }
        var letters: [String] = []
        if let composeTable, base.unicodeScalars.count == 1, let keysym = Keysym(character: base.unicodeScalars.first!) {
            letters = composed(from: keysym, base: base, table: composeTable).filter { !levels.contains($0) }
        }
        // The key's own levels always fit; the rarest accents make room for them.
        let kept = Array(levels.prefix(limit))
        return Array(letters.prefix(limit - kept.count)) + kept
    }

    /// The single letters the table composes from `keysym` with one dead key,
    /// or with the Compose key and one more key on either side, ordered by accent.
    private static func composed(from keysym: Keysym, base: String, table: ComposeTable) -> [String] {
        let state = ComposeState(table: table)
        var results: Set<String> = []
        func attempt(_ sequence: [Keysym]) {
            state.reset()
            for each in sequence { state.feed(each) }
            if state.status == .composed { results.insert(state.text) }
        }
        for dead in 0xfe50...0xfe93 { attempt([Keysym(UInt32(dead)), keysym]) }
        let multiKey = Keysym(name: "Multi_key") ?? .noSymbol
        for ascii in 0x21...0x7e {
            guard let other = Keysym(character: Unicode.Scalar(UInt8(ascii))) else { continue }
            attempt([multiKey, other, keysym])
            attempt([multiKey, keysym, other])
        }
        let baseScalar = base.unicodeScalars.first!
        var ranked: [(rank: Int, text: String)] = []
        for text in results where text.count == 1 && text != base {
            let parts = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
            // Only the key's own letter with accents on it: not € from "C=", nor æ.
            guard parts.count >= 2, parts[0] == baseScalar else { continue }
            let rank = accentOrder.firstIndex(of: parts[1].value) ?? (accentOrder.count + Int(parts[1].value))
            ranked.append((rank * 4 + parts.count, text))
        }
        return ranked.sorted { ($0.rank, $0.text) < ($1.rank, $1.text) }.map(\.text)
    }

    /// What the key types at each level of its layout, other than dead keys and controls.
    private static func otherLevels(of key: Keycode, state: KeyboardState) -> [String] {
        let keymap = state.keymap
        let layout = state.layout(of: key) ?? state.layout
        var texts: [String] = []
        for level in 0..<keymap.levelCount(of: key, layout: layout) {
            for keysym in keymap.keysyms(of: key, layout: layout, level: level) where !keysym.isDead {
                let text = keysym.text
                guard text.count == 1, let scalar = text.unicodeScalars.first, scalar.properties.generalCategory != .control,
                    !texts.contains(text)
                else { continue }
                texts.append(text)
            }
        }
        return texts
    }
}
