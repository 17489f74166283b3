/// One key event as a keyboard reports it.
public struct KeyEvent: Hashable, Sendable {
    /// What happened to the key.
    public enum Kind: String, Hashable, Sendable {
        /// The key went down.
        case down
        /// The key went up.
        case up
        /// The key is held and auto-repeated.
        case `repeat`
    }

    /// The key.
    public var keycode: Keycode
    /// What happened to it.
    public var kind: Kind

    /// Creates a key event.
    public init(_ keycode: Keycode, _ kind: Kind) {
        self.keycode = keycode
        self.kind = kind
    }
}

/// What a text field does in answer to a key event.
public enum TextAction: Hashable, Sendable, CustomStringConvertible {
    /// Nothing: a release, a modifier, a key with no text, or a control character.
    case none
    /// Insert this text (`insertText(_:)`).
    case insertText(String)
    /// Delete the character before the caret (`deleteBackward()`).
    case deleteBackward
    /// A compose sequence started or went on; the key typed nothing yet.
    /// The keysyms are those of the sequence so far, such as `[dead_acute]`.
    case composing([Keysym])
    /// A compose sequence was abandoned; the key that ended it typed nothing.
    case composeCancelled

    /// A short name for the action: `none`, `insertText`, `deleteBackward`,
    /// `composing`, `composeCancelled`.
    public var name: String {
        switch self {
        case .none: "none"
        case .insertText: "insertText"
        case .deleteBackward: "deleteBackward"
        case .composing: "composing"
        case .composeCancelled: "composeCancelled"
        }
    }

    public var description: String {
        switch self {
        case .insertText(let text): "insertText(\(text.debugDescription))"
        case .composing(let keysyms): "composing(\(keysyms.map(\.name).joined(separator: " ")))"
        default: name
        }
    }
}

/// A key event with everything the keymap, state and compose table made of it.
public struct DecodedKeyEvent: Hashable, Sendable {
    /// The event.
    public var event: KeyEvent
    /// The keysyms of the key, looked up before the event changed the state:
    /// `xkb_state_key_get_syms`, or `xkb_state_key_get_one_sym` when there
    /// is exactly one (Caps Lock transformation applied).
    public var keysyms: Keysyms
    /// What the key types on its own, before compose and before control
    /// characters are dropped (`xkb_state_key_get_utf8`).
    public var keyText: String
    /// What the text field does.
    public var action: TextAction
    /// The effective modifiers the key was looked up with.
    public var modifiers: ModifierMask
    /// The layout the key was looked up in.
    public var layout: Int
    /// Control, Mod1 (Alt) and Mod4 (Super) when they were active and the key
    /// did not use them to choose its level: the press is a shortcut, such as
    /// Ctrl+ф, rather than typing. Empty for releases.
    public var shortcutModifiers: ModifierMask = []

    /// The text this event inserted, or the empty string.
    public var insertedText: String {
        if case .insertText(let text) = action { return text }
        return ""
    }
}

/// Turns key events into what a text field does with them: insert text,
/// delete backward, or wait for a compose sequence.
///
/// The rules, in order:
/// 1. A press (or repeat) is looked up in the state *before* the state is
///    updated; a release only updates the state; a repeat leaves the state
///    alone.
/// 2. With a compose table, each press feeds its keysym. While a sequence
///    is in progress the key types nothing; a cancelled sequence types
///    nothing and starts over; a completed one types its result. Modifier
///    keysyms are ignored by compose and go on as usual.
/// 3. Otherwise `BackSpace` deletes backward, `Return` and `KP_Enter`
///    insert `"\n"`, and any other key inserts its text — unless that text
///    holds a control character (below U+0020, or U+007F), so Ctrl+A types
///    nothing.
///
/// The decoder owns its ``KeyboardState`` and ``ComposeState``; create one per
/// keyboard. It is not thread-safe.
public final class KeyEventDecoder {
    /// The keyboard state the decoder updates.
    public let state: KeyboardState
    /// The compose state, when compose is on.
    public let compose: ComposeState?
    private var sequence: [Keysym] = []

    /// Creates a decoder for a keymap.
    ///
    /// - Parameters:
    ///   - keymap: The keymap keys are decoded with.
    ///   - composeTable: The compose table, or `nil` to turn compose off.
    public init(keymap: Keymap, composeTable: ComposeTable? = nil) {
        self.state = KeyboardState(keymap: keymap)
        self.compose = composeTable.map(ComposeState.init(table:))
    }

    /// Decodes one event and applies it to the state.
    public func decode(_ event: KeyEvent) -> DecodedKeyEvent {
        let key = event.keycode
        let keysyms = state.reportedKeysyms(of: key)
        let modifiers = state.modifiers(.effective)
        let layout = state.layout(of: key) ?? state.layout
        var decoded = DecodedKeyEvent(
            event: event, keysyms: keysyms, keyText: "", action: .none, modifiers: modifiers, layout: layout)
        switch event.kind {
        case .up:
            state.updateKey(key, direction: .up)
            return decoded
        case .down, .repeat:
            let shortcut = modifiers.intersection([.control, .mod1, .mod4])
            if !shortcut.isEmpty {
                decoded.shortcutModifiers = shortcut.subtracting(state.consumedModifiers(of: key))
            }
            decoded.keyText = state.text(of: key)
            // The one keysym (`xkb_state_key_get_one_sym`) is already in hand: looked up again, it costs as much.
            let keysym = keysyms.count == 1 ? keysyms[0] : .noSymbol
            decoded.action = action(for: keysym, text: decoded.keyText)
            if event.kind == .down { state.updateKey(key, direction: .down) }
            return decoded
        }
    }

    /// Forgets any compose sequence in progress, for example when focus
    /// moves to another field.
    public func resetCompose() {
        compose?.reset()
        sequence.removeAll()
    }

    private func action(for keysym: Keysym, text: String) -> TextAction {
        if let compose, compose.feed(keysym) == .accepted {
            switch compose.status {
            case .composing:
                sequence.append(keysym)
                return .composing(sequence)
            case .cancelled:
                resetCompose()
                return .composeCancelled
            case .composed:
                let composed = compose.text
                resetCompose()
                return composed.isEmpty ? .none : .insertText(composed)
            case .nothing:
                break
            }
        }
        if keysym == .backSpace { return .deleteBackward }
        if keysym == .return || keysym == .keypadEnter { return .insertText("\n") }
        if text.isEmpty || Self.holdsControlCharacter(text) { return .none }
        return .insertText(text)
    }

    /// Whether `text` holds a control character: below U+0020, or U+007F.
    public static func holdsControlCharacter(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7f }
    }
}
