import XKB

/// A physical keyboard: it owns the XKB state, the compose state and key
/// repeat, and turns key codes into ``KeyPress``es for the key window.
///
/// Hosts call ``handleKey(_:direction:at:)`` with each evdev key event and
/// ``advance(to:)`` as time passes; repeats are generated from the clock the
/// host passes in, so tests drive them without waiting.
///
/// Key repeat follows what people expect: the keymap's per-key repeat flag is
/// honoured (Shift does not repeat), only the most recent repeating key
/// repeats, it stops only when that key is released, a late clock gives one
/// repeat rather than a burst, and each repeat is read with the modifiers
/// held at that moment.
@MainActor
public final class HardwareKeyboard {
    /// The keymap keys are decoded with.
    public var keymap: Keymap { decoder.state.keymap }
    /// Key repeat timing.
    @exclusivity(unchecked) public var repeatSettings: KeyRepeatSettings
    /// The application whose key window receives key presses.
    @exclusivity(unchecked) public internal(set) var application: Application?
    /// A window that receives key presses when there is no application
    /// (held weakly).
    @exclusivity(unchecked) public weak var targetWindow: Window?

    /// Called with each key event as it is decoded — keysyms, text, modifiers,
    /// layout and compose state — before the window sees it; `keyinput watch`
    /// prints these.
    @exclusivity(unchecked) public var keyEventObserver: ((DecodedKeyEvent) -> Void)?

    /// The compose table dead keys and the Compose key use, or `nil` for none.
    public let composeTable: ComposeTable?

    // `@exclusivity(unchecked)` marks the state every key event reads or writes (and the settings and
    // targets above): main-actor only, never passed `inout` beyond a call that returns at once (a Set's
    // insert); a check costs ~75 instructions.
    @exclusivity(unchecked) private var decoder: KeyEventDecoder
    @exclusivity(unchecked) private var repeatingKey: Keycode?
    @exclusivity(unchecked) private var nextRepeat: Double = 0
    @exclusivity(unchecked) private var now: Double = 0
    /// The keys down: a second down without an up is a repeat.
    @exclusivity(unchecked) private var pressed: Set<Keycode> = []

    /// Creates a keyboard.
    ///
    /// By default dead keys and the Compose key follow the compose table of
    /// the environment's locale (`LC_ALL`, `LC_CTYPE`, `LANG`), as they do in
    /// other applications; pass `.none` to turn compose off.
    ///
    /// - Parameters:
    ///   - keymap: The keymap to decode with.
    ///   - compose: Where the compose table comes from.
    ///   - repeatSettings: Key repeat timing.
    public init(keymap: Keymap, compose: Compose = .environment, repeatSettings: KeyRepeatSettings = .standard) {
        let table = LocaleComposeTables.table(for: compose)
        self.composeTable = table
        self.repeatSettings = repeatSettings
        self.decoder = KeyEventDecoder(keymap: keymap, composeTable: table)
    }

    /// Creates a keyboard with this compose table, or none.
    ///
    /// - Parameters:
    ///   - keymap: The keymap to decode with.
    ///   - composeTable: The compose table, or `nil` for no compose (as `.none`).
    ///   - repeatSettings: Key repeat timing.
    public convenience init(keymap: Keymap, composeTable: ComposeTable?, repeatSettings: KeyRepeatSettings = .standard) {
        self.init(keymap: keymap, compose: composeTable.map(Compose.table) ?? .none, repeatSettings: repeatSettings)
    }

    /// The XKB state: modifiers, layout, LEDs.
    public var state: KeyboardState { decoder.state }

    /// Whether key presses and releases update ``state`` (`true`, the
    /// default), or only ``updateMask(_:)`` does: on Wayland the compositor
    /// sends the modifiers and the layout after each key.
    public var stateFollowsKeys = true {
        didSet { decoder.updatesStateFromKeys = stateFollowsKeys }
    }

    /// The key that is repeating, if any.
    public var repeatingKeycode: Keycode? { repeatingKey }

    /// When the next repeat is due, on the clock of ``advance(to:)``, or
    /// `nil` when no key repeats.
    ///
    /// A host's event loop waits no longer than this, so that repeats come
    /// at the rate set in ``repeatSettings`` however fast it is.
    public var nextRepeatTime: Double? {
        repeatingKey != nil && repeatSettings.isEnabled ? nextRepeat : nil
    }

    /// Replaces the keymap (a layout change announced by the display server).
    /// Keys held are forgotten; compose starts over; an application's
    /// on-screen keyboards that follow this keyboard take the new keymap.
    public func setKeymap(_ keymap: Keymap) {
        decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
        decoder.updatesStateFromKeys = stateFollowsKeys
        repeatingKey = nil
        pressed.removeAll()
        application?.keyboardKeymapDidChange(self)
    }

    /// Applies modifier and layout masks from the display server (X11's
    /// `XkbStateNotify`, Wayland's `modifiers`).
    public func updateMask(
        depressedModifiers: ModifierMask, latchedModifiers: ModifierMask, lockedModifiers: ModifierMask,
        depressedLayout: Int, latchedLayout: Int, lockedLayout: Int
    ) {
        state.updateMask(
            depressedModifiers: depressedModifiers, latchedModifiers: latchedModifiers,
            lockedModifiers: lockedModifiers, depressedLayout: depressedLayout, latchedLayout: latchedLayout,
            lockedLayout: lockedLayout)
    }

    /// Applies the serialized masks of a display server or another state.
    ///
    /// - Parameter masks: The modifiers and layouts to set, such as those
    ///   of `KeyboardState.serializedMasks`.
    public func updateMask(_ masks: KeyboardState.Masks) {
        state.updateMask(masks)
    }

    /// Forgets a compose sequence in progress.
    public func resetCompose() { decoder.resetCompose() }

    /// Whether the key is down: pressed and not released since.
    ///
    /// A host whose display server repeats held keys itself drops a press of
    /// a key that is down, since the keyboard makes its own repeats.
    public func isKeyDown(_ keycode: Keycode) -> Bool { pressed.contains(keycode) }

    /// Counts keys as held without typing them: the keys already down when
    /// the window gains keyboard focus (Wayland's `wl_keyboard.enter`).
    ///
    /// They do not repeat and do not change the XKB state (the display
    /// server sends the modifiers they hold); ``isKeyDown(_:)`` is `true`
    /// for them, and their releases, or ``releaseAllKeys(at:)``, are
    /// delivered as usual.
    ///
    /// - Parameter keycodes: The keys held.
    public func markKeysHeld(_ keycodes: some Sequence<Keycode>) {
        pressed.formUnion(keycodes)
    }

    /// Releases every key that is down, in keycode order, as when the
    /// window loses keyboard focus: nothing goes on repeating and no
    /// modifier stays held.
    ///
    /// - Parameter time: The time of the releases, on the clock of ``advance(to:)``.
    /// - Returns: The keys released.
    @discardableResult
    public func releaseAllKeys(at time: Double) -> [Keycode] {
        let keys = pressed.sorted()
        for key in keys { handleKey(key, direction: .up, at: time) }
        return keys
    }

    /// Handles a key press or release from the hardware.
    ///
    /// - Parameters:
    ///   - keycode: The key.
    ///   - direction: Down or up.
    ///   - time: The event's time in seconds, on the same clock as ``advance(to:)``.
    public func handleKey(_ keycode: Keycode, direction: KeyDirection, at time: Double) {
        advance(to: time)
        switch direction {
        case .down:
            // A second down without an up (a lost release) is a repeat, not a new press.
            let kind: KeyEvent.Kind = pressed.insert(keycode).inserted ? .down : .repeat
            deliver(KeyEvent(keycode, kind))
            let settings = repeatSettings
            if kind == .down, settings.isEnabled, keymap.repeats(keycode) {
                repeatingKey = keycode
                nextRepeat = time + settings.delay
            }
        case .up:
            guard pressed.remove(keycode) != nil else {
                // A release without a press still updates the state, as libxkbcommon expects.
                deliver(KeyEvent(keycode, .up))
                return
            }
            if repeatingKey == keycode { repeatingKey = nil }
            deliver(KeyEvent(keycode, .up))
        }
    }

    /// Moves the keyboard's clock, sending the repeats that are due.
    ///
    /// After a stall (the clock jumps ahead by more than one repeat
    /// interval) one repeat is sent and the schedule restarts from now.
    public func advance(to time: Double) {
        guard time >= now else { return }
        now = time
        guard let key = repeatingKey else { return }
        let settings = repeatSettings
        guard settings.isEnabled else { return }
        let interval = 1 / settings.rate
        if time < nextRepeat { return }
        if time - nextRepeat >= interval {
            nextRepeat = time + interval  // late: one repeat, no burst
            deliver(KeyEvent(key, .repeat))
            return
        }
        while repeatingKey == key, time >= nextRepeat {
            nextRepeat += interval
            deliver(KeyEvent(key, .repeat))
        }
    }

    /// Decodes an event and sends it to the key window.
    private func deliver(_ event: KeyEvent) {
        let decoded = decoder.decode(event)
        keyEventObserver?(decoded)
        guard let window = application?.keyWindow ?? targetWindow else { return }
        window.sendKeyPress(makePress(decoded))
    }

    private func makePress(_ decoded: DecodedKeyEvent) -> KeyPress {
        var press = KeyPress(
            keycode: decoded.event.keycode, phase: decoded.event.kind == .up ? .ended : .began,
            keysyms: decoded.keysyms,
            characters: KeyEventDecoder.holdsControlCharacter(decoded.keyText) ? "" : decoded.keyText,
            charactersIgnoringModifiers: decoded.baseText, modifiers: modifierFlags(decoded.modifiers),
            isRepeat: decoded.event.kind == .repeat, textAction: decoded.action, latinFallback: decoded.latinFallback)
        press.isShortcut = !decoded.shortcutModifiers.isEmpty
        return press
    }

    private func modifierFlags(_ mask: ModifierMask) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if mask.contains(.shift) { flags.insert(.shift) }
        if mask.contains(.lock) { flags.insert(.alphaShift) }
        if mask.contains(.control) { flags.insert(.control) }
        if mask.contains(.mod1) { flags.insert(.alternate) }
        if mask.contains(.mod4) { flags.insert(.command) }
        if mask.contains(.mod2) { flags.insert(.numericPad) }
        return flags
    }
}
