import KeyInputKit
import KeymapTools
import XKB

/// Turns text and key tokens into the key events that produce them on one
/// keyboard, throwing ``WindowTesterError`` for what the keymap cannot do.
@MainActor
struct KeystrokePlanner {
    let keymap: Keymap
    private let guide: TypingGuide
    private let tokens: KeyTokenParser
    private let keymapName: String

    init(keymap: Keymap, composeTable: ComposeTable?, keymapName: String?) {
        self.keymap = keymap
        guide = TypingGuide(keymap: keymap, composeTable: composeTable)
        tokens = KeyTokenParser(keymap: keymap)
        self.keymapName = keymapName ?? keymap.layoutNames.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The key events that type `text` on `state`'s active layout, checked
    /// whole before any is sent: dead keys and compose sequences where no key
    /// types a character, lock keys tapped before a chord and again after it.
    ///
    /// - Throws: ``WindowTesterError`` (`untypeableCharacter`) naming the
    ///   first character that cannot be typed and the keymap.
    func events(typing text: String, in state: KeyboardState) throws(WindowTesterError) -> [KeyEvent] {
        var events: [KeyEvent] = []
        for character in text {
            let usable = guide.methods(for: character).first { method in
                method.chords.allSatisfy { state.layout(of: $0.key) == $0.layout }
            }
            guard let method = usable else { throw untypeable(character) }
            for chord in method.chords {
                for lock in chord.lockKeys { events += [KeyEvent(lock, .down), KeyEvent(lock, .up)] }
                events += chord.modifierKeys.map { KeyEvent($0, .down) }
                events += [KeyEvent(chord.key, .down), KeyEvent(chord.key, .up)]
                events += chord.modifierKeys.reversed().map { KeyEvent($0, .up) }
                for lock in chord.lockKeys.reversed() { events += [KeyEvent(lock, .down), KeyEvent(lock, .up)] }
            }
        }
        return events
    }

    /// The key events of whitespace-separated tokens in `keyinput`'s syntax:
    /// `KEY_TAB`, `KEY_LEFTSHIFT+KEY_TAB`, `down:KEY_A`, `<AE01>`.
    ///
    /// - Throws: ``WindowTesterError`` (`unknownKey`) naming the token and
    ///   suggesting the nearest key names.
    func events(pressing keys: String) throws(WindowTesterError) -> [KeyEvent] {
        do {
            let parsed = try tokens.parse(tokensIn: Substring(keys))
            guard !parsed.isEmpty else { throw WindowTesterError(.unknownKey, "no key named in \"\(keys)\"") }
            return parsed.flatMap(\.events)
        } catch let error as WindowTesterError {
            throw error
        } catch {
            throw WindowTesterError(.unknownKey, "\(error)")
        }
    }

    private func untypeable(_ character: Character) -> WindowTesterError {
        let scalars = character.unicodeScalars.map { scalar in
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return scalar.properties.name.map { "\(code) \($0)" } ?? code
        }
        return WindowTesterError(
            .untypeableCharacter,
            "\"\(character)\" (\(scalars.joined(separator: ", "))) cannot be typed on the keymap \(keymapName)"
                + " in its active layout: no key, dead key or compose sequence types it",
            character: character)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
