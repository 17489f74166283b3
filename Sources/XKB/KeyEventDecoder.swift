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
/// 3. Without a compose table a dead key still never vanishes: it waits
///    (`composing`, so a field shows its accent as marked text), then the
///    same dead key again or a space types its spacing accent (`´`), a key
///    with text types the accent and that text (`´e`), another dead key types
///    both accents, and a key with no text (BackSpace, Return, an arrow)
///    drops the accent and types nothing. Modifiers leave it waiting.
/// 4. Otherwise `BackSpace` deletes backward, `Return` and `KP_Enter`
///    insert `"\n"`, and any other key inserts its text — unless that text
///    holds a control character (below U+0020, or U+007F), so Ctrl+A types
///    nothing.
///
/// Each event also says what the key means apart from the modifiers: its
/// first-level text, its Latin fallback on a non-Latin layout, and whether
/// Control, Alt or Super make it a shortcut.
///
/// The decoder owns its ``KeyboardState`` and ``ComposeState``; create one per
/// keyboard. It is not thread-safe.
public final class KeyEventDecoder {
    /// The keyboard state the decoder updates.
    public let state: KeyboardState
    /// The compose state, when compose is on.
    public let compose: ComposeState?
    /// Whether decoding a press or release updates ``state`` (`true`), or
    /// the state comes from elsewhere alone: a Wayland compositor sends
    /// the modifiers and layout after each key, and a client that applied
    /// the key too would count a lock key twice.
    @exclusivity(unchecked) public var updatesStateFromKeys = true
    private var sequence: [Keysym] = []
    private var baseKeys: BaseKeyTable

    /// Creates a decoder for a keymap.
    ///
    /// - Parameters:
    ///   - keymap: The keymap keys are decoded with.
    ///   - composeTable: The compose table, or `nil` to turn compose off.
    public init(keymap: Keymap, composeTable: ComposeTable? = nil) {
        self.state = KeyboardState(keymap: keymap)
        self.compose = composeTable.map(ComposeState.init(table:))
        self.baseKeys = BaseKeyTable(keymap: keymap)
    }

    /// Decodes one event and applies it to the state.
    public func decode(_ event: KeyEvent) -> DecodedKeyEvent {
        let key = event.keycode
        let keysyms = state.reportedKeysyms(of: key)
        let modifiers = state.modifiers(.effective)
        let layout = state.layout(of: key) ?? state.layout
        var decoded = DecodedKeyEvent(
            event: event, keysyms: keysyms, keyText: "", action: .none, modifiers: modifiers, layout: layout)
        let base = baseKeys.keptEntry(of: key, layout: layout) ?? baseKeys.lookUpAndKeep(key, layout: layout)
        decoded.baseText = base.text
        if let first = keysyms.first, !BaseKeyTable.isLatinLetter(first) { decoded.latinFallback = base.latinLetter }
        switch event.kind {
        case .up:
            if updatesStateFromKeys { state.updateKey(key, direction: .up) }
            return decoded
        case .down, .repeat:
            let shortcut = modifiers.intersection([.control, .mod1, .mod4])
            if !shortcut.isEmpty {
                decoded.shortcutModifiers = shortcut.subtracting(state.consumedModifiers(of: key))
            }
            decoded.keyText = state.text(of: key)
            // The one keysym (`xkb_state_key_get_one_sym`) is already in hand: looked up again, it costs as much.
            let keysym = keysyms.count == 1 ? keysyms[0] : .noSymbol
            decoded.action = pressAction(keysym: keysym, text: decoded.keyText)
            if event.kind == .down, updatesStateFromKeys { state.updateKey(key, direction: .down) }
            return decoded
        }
    }

    /// Decodes one event for what it does to text alone, and applies it to
    /// the state: the ``DecodedKeyEvent/action`` ``decode(_:)`` gives,
    /// without the keysyms, modifiers, layout and base text it also works
    /// out (for `keyinput type --text`).
    public func action(of event: KeyEvent) -> TextAction {
        let key = event.keycode
        guard event.kind != .up else {
            if updatesStateFromKeys { state.updateKey(key, direction: .up) }
            return .none
        }
        let action = pressAction(keysym: state.keysym(of: key), text: state.text(of: key))
        if event.kind == .down, updatesStateFromKeys { state.updateKey(key, direction: .down) }
        return action
    }

    /// What a press or repeat of a key with this keysym and text does.
    private func pressAction(keysym: Keysym, text: String) -> TextAction {
        compose == nil && (!sequence.isEmpty || keysym.isDead)
            ? deadKeyAction(for: keysym, text: text) : action(for: keysym, text: text)
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

    /// A dead key with no compose table: it waits for the next key, which
    /// types the accent with it (the rule GTK follows without a table).
    private func deadKeyAction(for keysym: Keysym, text: String) -> TextAction {
        guard let pending = sequence.first else {
            sequence = [keysym]
            return .composing(sequence)
        }
        if keysym.isModifier { return action(for: keysym, text: text) }
        sequence.removeAll()
        let accent = pending.spacingAccent ?? ""
        let committed: String
        if keysym == pending || keysym == .space {
            committed = accent
        } else if keysym.isDead {
            committed = accent + (keysym.spacingAccent ?? "")
        } else if !text.isEmpty, !Self.holdsControlCharacter(text) {
            committed = accent + text
        } else {
            return .composeCancelled
        }
        return committed.isEmpty ? .none : .insertText(committed)
    }

    /// Whether `text` holds a control character: below U+0020, or U+007F.
    public static func holdsControlCharacter(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7f }
    }
}
