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
    public var keymap: Keymap { currentKeymap }
    /// Key repeat timing.
    public var repeatSettings: KeyRepeatSettings {
        get { repeatTiming }
        set { repeatTiming = newValue }
    }
    /// The application whose key window receives key presses.
    public internal(set) var application: Application? {
        get { attachedApplication }
        set { attachedApplication = newValue }
    }
    /// A window that receives key presses when there is no application
    /// (held weakly).
    public var targetWindow: Window? {
        get { fallbackWindow }
        set { fallbackWindow = newValue }
    }

    // The storage of the properties above. Public stored properties of a
    // class cost a run-time exclusivity check on every access; private ones
    // are proven exclusive when the module is compiled, and these are read
    // on every key event.
    private var currentKeymap: Keymap
    private var repeatTiming: KeyRepeatSettings
    private var attachedApplication: Application?
    private weak var fallbackWindow: Window?

    private var decoder: KeyEventDecoder
    private let composeTable: ComposeTable?
    private var latinLayouts: [Int]
    /// The text of each key at the first level of each layout, by layout and
    /// keycode, looked up on a key's first press: the keymap never changes.
    private var baseTexts: [[String?]] = []
    private var repeatingKey: Keycode?
    private var nextRepeat: Double = 0
    private var now: Double = 0
    private var pressed: Set<Keycode> = []

    /// Creates a keyboard.
    ///
    /// - Parameters:
    ///   - keymap: The keymap to decode with.
    ///   - composeTable: The compose table, or `nil` for no compose.
    ///   - repeatSettings: Key repeat timing.
    public init(keymap: Keymap, composeTable: ComposeTable? = nil, repeatSettings: KeyRepeatSettings = .standard) {
        self.currentKeymap = keymap
        self.composeTable = composeTable
        self.repeatTiming = repeatSettings
        self.decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
        self.latinLayouts = Self.latinLayouts(of: keymap)
    }

    /// The XKB state: modifiers, layout, LEDs.
    public var state: KeyboardState { decoder.state }

    /// The key that is repeating, if any.
    public var repeatingKeycode: Keycode? { repeatingKey }

    /// Replaces the keymap (a layout change announced by the display server).
    /// Keys held are forgotten; compose starts over.
    public func setKeymap(_ keymap: Keymap) {
        self.currentKeymap = keymap
        decoder = KeyEventDecoder(keymap: keymap, composeTable: composeTable)
        latinLayouts = Self.latinLayouts(of: keymap)
        baseTexts = []
        repeatingKey = nil
        pressed.removeAll()
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

    /// Forgets a compose sequence in progress.
    public func resetCompose() { decoder.resetCompose() }

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
            // (One insert, not contains then insert: one lookup and one hash.)
            let kind: KeyEvent.Kind = pressed.insert(keycode).inserted ? .down : .repeat
            deliver(KeyEvent(keycode, kind))
            if kind == .down, repeatSettings.isEnabled, keymap.repeats(keycode) {
                repeatingKey = keycode
                nextRepeat = time + repeatSettings.delay
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
        guard let key = repeatingKey, repeatSettings.isEnabled else { return }
        let interval = 1 / repeatSettings.rate
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
        guard let window = application?.keyWindow ?? targetWindow else { return }
        window.sendKeyPress(makePress(decoded))
    }

    private func makePress(_ decoded: DecodedKeyEvent) -> KeyPress {
        let key = decoded.event.keycode
        let layout = decoded.layout
        var latin: String?
        if let first = decoded.keysyms.first, !Self.isLatinLetter(first) {
            for index in latinLayouts where index != layout {
                if let keysym = keymap.keysyms(of: key, layout: index, level: 0).first, Self.isLatinLetter(keysym) {
                    latin = keysym.text
                    break
                }
            }
        }
        let modifiers = modifierFlags(decoded.modifiers)
        var press = KeyPress(
            keycode: key, phase: decoded.event.kind == .up ? .ended : .began, keysyms: decoded.keysyms,
            characters: KeyEventDecoder.holdsControlCharacter(decoded.keyText) ? "" : decoded.keyText,
            charactersIgnoringModifiers: baseText(of: key, layout: layout), modifiers: modifiers,
            isRepeat: decoded.event.kind == .repeat, textAction: decoded.action, latinFallback: latin)
        press.isShortcut = !decoded.shortcutModifiers.isEmpty
        return press
    }

    /// What the key types at the first level of a layout: `charactersIgnoringModifiers`.
    private func baseText(of key: Keycode, layout: Int) -> String {
        let index = Int(key.rawValue)
        if layout < baseTexts.count, index < baseTexts[layout].count, let text = baseTexts[layout][index] {
            return text
        }
        let text = keymap.keysyms(of: key, layout: layout, level: 0).first?.text ?? ""
        guard layout >= 0, index < 4096 else { return text }
        while baseTexts.count <= layout { baseTexts.append([]) }
        if baseTexts[layout].count <= index {
            baseTexts[layout].append(contentsOf: repeatElement(nil, count: index + 1 - baseTexts[layout].count))
        }
        baseTexts[layout][index] = text
        return text
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

    private static func isLatinLetter(_ keysym: Keysym) -> Bool {
        (0x61...0x7a).contains(keysym.rawValue) || (0x41...0x5a).contains(keysym.rawValue)
    }

    /// Layouts whose `KEY_Q` … `KEY_M` letters are Latin.
    private static func latinLayouts(of keymap: Keymap) -> [Int] {
        let probe = Keycode(evdev: 16)  // KEY_Q
        let count = max(1, keymap.layoutCount(of: probe))
        return (0..<count).filter { layout in
            keymap.keysyms(of: probe, layout: layout, level: 0).first.map(isLatinLetter) ?? false
        }
    }
}
