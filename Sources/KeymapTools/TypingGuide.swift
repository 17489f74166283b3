import Foundation
import XKB

/// One key pressed with modifiers held, in one layout.
public struct KeyChord: Hashable, Sendable {
    /// Lock keys tapped first (Caps Lock for a capital that Shift does not give).
    public var lockKeys: [Keycode] = []
    /// Keys held before the main key, in press order (Shift, AltGr, …).
    public var modifierKeys: [Keycode]
    /// The key itself.
    public var key: Keycode
    /// The layout (group) index the key is read in.
    public var layout: Int
    /// The shift level the modifiers select.
    public var level: Int
    /// The keysym the chord produces.
    public var keysym: Keysym
    /// The keymap modifiers that select the level.
    public var modifiers: ModifierMask

    /// The chord in `keyinput type` token syntax, such as `KEY_RIGHTALT+KEY_E`,
    /// or `KEY_CAPSLOCK KEY_2` when a lock key is tapped first.
    public var token: String { tokens.joined(separator: " ") }

    /// The tokens to type in turn: lock keys, then the chord.
    public var tokens: [String] {
        lockKeys.map(Self.name) + [(modifierKeys + [key]).map(Self.name).joined(separator: "+")]
    }

    private static func name(_ key: Keycode) -> String { key.evdevName ?? "<\(key.rawValue)>" }
}

/// One way to type a character.
public enum TypingMethod: Hashable, Sendable {
    /// A key, with modifiers.
    case chord(KeyChord)
    /// A dead-key or compose sequence: each chord in turn.
    case sequence([KeyChord])

    /// The chords to press, in order.
    public var chords: [KeyChord] {
        switch self {
        case .chord(let chord): [chord]
        case .sequence(let chords): chords
        }
    }

    /// The method in `keyinput type` token syntax.
    public var tokens: String { chords.map(\.token).joined(separator: " ") }

    /// The tokens to type in turn.
    public var tokenList: [String] { chords.flatMap(\.tokens) }
}

/// Finds every way to type text on a keymap: keys with modifiers in each
/// layout and, with a compose table, dead-key and compose sequences.
///
/// Every chord found is checked by pressing its keys on a fresh keyboard
/// state, so a method listed really types the character.
public final class TypingGuide {
    /// The keymap searched.
    public let keymap: Keymap
    /// The compose table searched, if any.
    public let composeTable: ComposeTable?

    private var chordsByText: [String: [KeyChord]] = [:]
    private var simplestChord: [Keysym: KeyChord] = [:]
    private var chordsByKeysym: [Keysym: [KeyChord]] = [:]
    private var sequencesByText: [String: [[Keysym]]]?

    /// The longest compose sequence searched for.
    public static let maxSequenceLength = 4
    /// At most this many sequences are kept per character.
    public static let maxSequencesPerCharacter = 8

    /// Prepares a guide; the compose search runs on first use.
    public init(keymap: Keymap, composeTable: ComposeTable? = nil) {
        self.keymap = keymap
        self.composeTable = composeTable
        findChords()
    }

    /// Every way to type `character`, simplest first: single chords (fewest
    /// modifiers, first layout first), then sequences (shortest first).
    ///
    /// Canonically equivalent text is the same text: `é` (U+00E9) and `e`
    /// followed by a combining acute find the same ways, among them typing
    /// the decomposed form scalar by scalar where the keymap has the marks.
    public func methods(for character: Character) -> [TypingMethod] {
        // Swift's String equality is canonical equivalence: the lookup finds
        // composed and decomposed entries alike.
        var methods = methods(forText: String(character))
        // Scalar by scalar, decomposed (e, U+0301) and composed (ẹ, U+0300) alike.
        let text = String(character)
        for form in [text.decomposedStringWithCanonicalMapping, text.precomposedStringWithCanonicalMapping] {
            guard form.unicodeScalars.count > 1, let spelled = spelledOut(form), !methods.contains(spelled) else { continue }
            methods.append(spelled)
        }
        return methods
    }

    /// The text typed one scalar at a time, each its simplest way; a mark is
    /// looked up on its own, as typed after its letter it would fuse into one character.
    private func spelledOut(_ text: String) -> TypingMethod? {
        var chords: [KeyChord] = []
        for scalar in text.unicodeScalars {
            guard let first = methods(forText: String(scalar)).first else { return nil }
            chords += first.chords
        }
        return .sequence(chords)
    }

    private func methods(forText text: String) -> [TypingMethod] {
        var methods = (chordsByText[text] ?? []).map(TypingMethod.chord)
        for sequence in sequences()[text] ?? [] {
            let chords = sequence.compactMap { simplestChord[$0] }
            if chords.count == sequence.count { methods.append(.sequence(chords)) }
        }
        return methods
    }

    /// The simplest chord that produces `keysym`, if any.
    public func chord(for keysym: Keysym) -> KeyChord? { simplestChord[keysym] }

    /// Every chord found that produces `keysym`, simplest first: one per key,
    /// layout and level, plus Caps Lock's capitals.
    public func chords(for keysym: Keysym) -> [KeyChord] { chordsByKeysym[keysym] ?? [] }

    // MARK: Single keys

    private func findChords() {
        let (heldKeys, lockKeys) = keysSettingModifiers()
        var found: [KeyChord] = []
        for key in keymap.keys where key.evdevName != nil {
            for layout in 0..<keymap.layoutCount(of: key) {
                for level in 0..<keymap.levelCount(of: key, layout: layout) {
                    let keysyms = keymap.keysyms(of: key, layout: layout, level: level)
                    guard keysyms.count == 1, let keysym = keysyms.first else { continue }
                    for mask in keymap.modifierMasks(of: key, layout: layout, level: level) {
                        // Locks (Caps Lock) are tapped first; the rest are held.
                        let locks = mask.intersection(lockKeys.reduce(ModifierMask()) { $0.union($1.mask) })
                        guard let locked = keys(for: locks, from: lockKeys),
                            let held = keys(for: mask.subtracting(locks), from: heldKeys)
                        else { continue }
                        let chord = KeyChord(
                            lockKeys: locked, modifierKeys: held, key: key, layout: layout, level: level,
                            keysym: keysym, modifiers: mask)
                        if verify(chord) {
                            found.append(chord)
                            break  // the simplest working mask is enough for this level
                        }
                    }
                }
            }
        }
        // Caps Lock also capitalises keys whose levels do not (é → É on French
        // AZERTY): libxkbcommon's Caps Lock transformation, found by trying it.
        if let capsLock = lockKeys.first(where: { $0.mask.contains(.lock) })?.key {
            for chord in found where chord.lockKeys.isEmpty && chord.keysym.uppercased != chord.keysym {
                var capital = chord
                capital.lockKeys = [capsLock]
                capital.keysym = chord.keysym.uppercased
                capital.modifiers.insert(.lock)
                if verify(capital) { found.append(capital) }
            }
        }
        found.sort { a, b in
            (a.layout, a.lockKeys.count, a.modifierKeys.count, a.key.rawValue, a.level)
                < (b.layout, b.lockKeys.count, b.modifierKeys.count, b.key.rawValue, b.level)
        }
        for chord in found {
            if simplestChord[chord.keysym] == nil { simplestChord[chord.keysym] = chord }
            chordsByKeysym[chord.keysym, default: []].append(chord)
            let text = chord.keysym.text
            guard !text.isEmpty, !KeyEventDecoder.holdsControlCharacter(text) else { continue }
            chordsByText[text, default: []].append(chord)
        }
    }

    /// The keys that set modifiers while held, and the keys that lock them
    /// when tapped, found by pressing every key a keyboard can really have
    /// (one with an evdev name, not a virtual key such as `<LVL3>`) on a fresh state.
    private func keysSettingModifiers() -> (held: [(mask: ModifierMask, key: Keycode)], locks: [(mask: ModifierMask, key: Keycode)]) {
        var held: [(ModifierMask, Keycode)] = []
        var locks: [(ModifierMask, Keycode)] = []
        for key in keymap.keys where key.evdevName != nil {
            let state = KeyboardState(keymap: keymap)
            state.updateKey(key, direction: .down)
            let down = state.modifiers(.depressed)
            state.updateKey(key, direction: .up)
            let locked = state.modifiers(.locked)
            if !locked.isEmpty {
                locks.append((locked, key))
            } else if !down.isEmpty {
                held.append((down, key))
            }
        }
        // Lower codes first: KEY_LEFTSHIFT before KEY_RIGHTSHIFT.
        return (held.sorted { $0.1.rawValue < $1.1.rawValue }, locks.sorted { $0.1.rawValue < $1.1.rawValue })
    }

    /// Keys whose combined modifiers are exactly `mask`, or `nil`.
    private func keys(for mask: ModifierMask, from candidates: [(mask: ModifierMask, key: Keycode)]) -> [Keycode]? {
        if mask.isEmpty { return [] }
        if let single = candidates.first(where: { $0.mask == mask }) { return [single.key] }
        var remaining = mask
        var keys: [Keycode] = []
        for index in mask.indices {
            let bit = ModifierMask(index: index)
            guard remaining.contains(bit) else { continue }
            guard let candidate = candidates.first(where: { $0.mask.contains(bit) && mask.isSuperset(of: $0.mask) })
            else { return nil }
            keys.append(candidate.key)
            remaining.subtract(candidate.mask)
        }
        return keys
    }

    /// Whether typing the chord on a fresh state gives its keysym.
    private func verify(_ chord: KeyChord) -> Bool {
        let state = KeyboardState(keymap: keymap)
        for key in chord.lockKeys {
            state.updateKey(key, direction: .down)
            state.updateKey(key, direction: .up)
        }
        for key in chord.modifierKeys { state.updateKey(key, direction: .down) }
        if chord.layout > 0 {
            state.updateMask(
                depressedModifiers: state.modifiers(.depressed), latchedModifiers: state.modifiers(.latched),
                lockedModifiers: state.modifiers(.locked), lockedLayout: chord.layout)
        }
        return state.keysym(of: chord.key) == chord.keysym
    }

    // MARK: Compose sequences

    private func sequences() -> [String: [[Keysym]]] {
        if let sequencesByText { return sequencesByText }
        var result: [String: [[Keysym]]] = [:]
        if let composeTable {
            let alphabet = simplestChord.keys.filter { !$0.isModifier }.sorted { $0.rawValue < $1.rawValue }
            let state = ComposeState(table: composeTable)
            var frontier: [[Keysym]] = [[]]
            for _ in 0..<Self.maxSequenceLength {
                var next: [[Keysym]] = []
                for prefix in frontier {
                    for keysym in alphabet {
                        state.reset()
                        for earlier in prefix { state.feed(earlier) }
                        guard state.feed(keysym) == .accepted else { continue }
                        switch state.status {
                        case .composing:
                            next.append(prefix + [keysym])
                        case .composed:
                            let text = state.text
                            guard !text.isEmpty else { break }
                            if result[text, default: []].count < Self.maxSequencesPerCharacter {
                                result[text, default: []].append(prefix + [keysym])
                            }
                        case .nothing, .cancelled:
                            break
                        }
                    }
                }
                frontier = next
                if frontier.isEmpty { break }
            }
        }
        sequencesByText = result
        return result
    }
}
