import Foundation
import Testing

// The random key sequences both programs type, and the events they report.

/// A seedable generator (SplitMix64): the same seed gives the same sequence on
/// every machine and Swift version, which `SystemRandomNumberGenerator` cannot.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`. Plain modulo, so the result does not depend on
    /// how the standard library maps random bits to ranges.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// FNV-1a, to turn a case's name into a stable seed (`Hasher` is seeded per run).
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}

/// The keys the sequences are made of: evdev names and codes, written out here
/// from linux/input-event-codes.h so the test does not rely on the code under test.
enum Keys {
    static let letters: [(String, Int)] = [
        ("KEY_Q", 16), ("KEY_W", 17), ("KEY_E", 18), ("KEY_R", 19), ("KEY_T", 20), ("KEY_Y", 21), ("KEY_U", 22),
        ("KEY_I", 23), ("KEY_O", 24), ("KEY_P", 25), ("KEY_A", 30), ("KEY_S", 31), ("KEY_D", 32), ("KEY_F", 33),
        ("KEY_G", 34), ("KEY_H", 35), ("KEY_J", 36), ("KEY_K", 37), ("KEY_L", 38), ("KEY_Z", 44), ("KEY_X", 45),
        ("KEY_C", 46), ("KEY_V", 47), ("KEY_B", 48), ("KEY_N", 49), ("KEY_M", 50),
    ]
    static let digits: [(String, Int)] = [
        ("KEY_1", 2), ("KEY_2", 3), ("KEY_3", 4), ("KEY_4", 5), ("KEY_5", 6), ("KEY_6", 7), ("KEY_7", 8),
        ("KEY_8", 9), ("KEY_9", 10), ("KEY_0", 11),
    ]
    /// Punctuation keys; most layouts put their dead keys on these.
    static let punctuation: [(String, Int)] = [
        ("KEY_MINUS", 12), ("KEY_EQUAL", 13), ("KEY_LEFTBRACE", 26), ("KEY_RIGHTBRACE", 27),
        ("KEY_SEMICOLON", 39), ("KEY_APOSTROPHE", 40), ("KEY_GRAVE", 41), ("KEY_BACKSLASH", 43),
        ("KEY_COMMA", 51), ("KEY_DOT", 52), ("KEY_SLASH", 53), ("KEY_102ND", 86), ("KEY_SPACE", 57),
    ]
    static let shifts: [(String, Int)] = [("KEY_LEFTSHIFT", 42), ("KEY_RIGHTSHIFT", 54)]
    static let altGr = ("KEY_RIGHTALT", 100)
    static let ctrls: [(String, Int)] = [("KEY_LEFTCTRL", 29), ("KEY_RIGHTCTRL", 97)]
    static let capsLock = ("KEY_CAPSLOCK", 58)
    static let backspace = ("KEY_BACKSPACE", 14)
    static let enters: [(String, Int)] = [("KEY_ENTER", 28), ("KEY_KPENTER", 96)]
    /// Other keys: more modifiers, keys whose text is a control character,
    /// the keypad, and the Compose (Menu) key.
    static let others: [(String, Int)] = [
        ("KEY_LEFTALT", 56), ("KEY_LEFTMETA", 125), ("KEY_TAB", 15), ("KEY_ESC", 1), ("KEY_DELETE", 111),
        ("KEY_COMPOSE", 127), ("KEY_NUMLOCK", 69), ("KEY_KP1", 79), ("KEY_KP5", 76), ("KEY_KPDOT", 83),
        ("KEY_KPSLASH", 98), ("KEY_KPMINUS", 74), ("KEY_LEFT", 105), ("KEY_HOME", 102), ("KEY_F1", 59),
        ("KEY_VOLUMEUP", 115), ("KEY_INSERT", 110),
    ]

    static let typing = letters + digits + punctuation
    static let modifiers = shifts + [altGr] + ctrls + [capsLock, ("KEY_LEFTALT", 56)]
    static let all = typing + modifiers + [backspace] + enters + others
}

/// One key event, as both programs report it.
struct ObservedEvent: Equatable, CustomStringConvertible {
    var key: String?
    var keycode: Int
    var direction: String
    var keysyms: [Int]
    var text: [Unicode.Scalar]
    var action: String

    var description: String {
        let keysymList = keysyms.map { "0x" + String($0, radix: 16) }.joined(separator: ",")
        let shown = String(String.UnicodeScalarView(text)).debugDescription
        return "\(direction) \(key ?? "?")(\(keycode)) keysyms [\(keysymList)] text \(shown) \(action)"
    }
}

/// A random key sequence: `keyinput` tokens and the events they stand for.
struct KeySequence {
    var tokens: [String] = []
    /// For each event: the evdev name, code, and d/u/r.
    var events: [(name: String, code: Int, kind: Character)] = []
    /// For each event, the index of the token it came from.
    var tokenOfEvent: [Int] = []

    mutating func add(token: String, events newEvents: [(String, Int, Character)]) {
        for event in newEvents {
            events.append((event.0, event.1, event.2))
            tokenOfEvent.append(tokens.count)
        }
        tokens.append(token)
    }

    /// A press of each key in order, then releases in reverse.
    mutating func chord(_ keys: [(String, Int)]) {
        add(
            token: keys.map(\.0).joined(separator: "+"),
            events: keys.map { ($0.0, $0.1, "d") } + keys.reversed().map { ($0.0, $0.1, "u") })
    }

    mutating func single(_ key: (String, Int), _ kind: Character) {
        let prefix = kind == "d" ? "down:" : kind == "u" ? "up:" : "repeat:"
        add(token: prefix + key.0, events: [(key.0, key.1, kind)])
    }

    /// The reference's input: `d30 u30 …`.
    var referenceInput: String { events.map { "\($0.kind)\($0.code)" }.joined(separator: " ") + "\n" }

    /// Random typing: taps, chords with Shift/AltGr/Ctrl, Caps Lock, BackSpace,
    /// Return, keys held down across other keys and released in any order,
    /// releases of keys that are not down, repeats of held and unheld keys.
    static func random(tokenCount: Int, using random: inout SplitMix64) -> KeySequence {
        var sequence = KeySequence()
        var held: [(String, Int)] = []
        while sequence.tokens.count < tokenCount {
            let roll = random.below(100)
            switch roll {
            case 0..<32:
                sequence.chord([random.pick(Keys.typing)])
            case 32..<44:
                sequence.chord([random.pick(Keys.shifts), random.pick(Keys.typing)])
            case 44..<51:
                sequence.chord([Keys.altGr, random.pick(Keys.typing)])
            case 51..<54:
                sequence.chord([Keys.altGr, random.pick(Keys.shifts), random.pick(Keys.typing)])
            case 54..<58:
                sequence.chord([random.pick(Keys.ctrls), random.pick(Keys.typing)])
            case 58..<62:
                sequence.chord([Keys.capsLock])
            case 62..<67:
                sequence.chord([Keys.backspace])
            case 67..<70:
                sequence.chord([random.pick(Keys.enters)])
            case 70..<79:
                // Hold a key (usually a modifier) down across what follows.
                let key = random.chance(60) ? random.pick(Keys.modifiers) : random.pick(Keys.all)
                sequence.single(key, "d")
                held.append(key)
            case 79..<87:
                // Release a held key in any order, or a key that is not down at all.
                if !held.isEmpty && random.chance(75) {
                    let index = random.below(held.count)
                    sequence.single(held.remove(at: index), "u")
                } else {
                    sequence.single(random.pick(Keys.all), "u")
                }
            case 87..<93:
                let key = !held.isEmpty && random.chance(60) ? random.pick(held) : random.pick(Keys.all)
                for _ in 0..<(1 + random.below(3)) { sequence.single(key, "r") }
            case 93..<97:
                sequence.chord([random.pick(Keys.others)])
            default:
                let count = 2 + random.below(2)
                sequence.chord((0..<count).map { _ in random.pick(Keys.all) })
            }
        }
        if random.chance(50) {
            for key in held.reversed() { sequence.single(key, "u") }
        }
        return sequence
    }
}
