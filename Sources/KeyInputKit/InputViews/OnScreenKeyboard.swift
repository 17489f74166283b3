import XKB

/// The on-screen keyboard a window shows for a typing responder that has
/// no input view of its own, built from the active XKB keymap and shaped by
/// the responder's traits.
///
/// - It shows the layout of the hardware keyboard attached to the
///   application last (``Application/attach(_:)``) and follows that
///   keyboard's keymap changes, a layout change on the display server
///   included, with its compose table. An app with no hardware keyboard
///   gives it a keymap with ``setKeymap(_:composeTable:)``; until it has
///   one, it shows no keys.
/// - The full keyboard shows the keymap's own labels for the level in use:
///   Shift, Caps Lock and AltGr change them, dead keys show their accent.
/// - A number, decimal or phone pad appears for those keyboard types.
/// - Every key press goes through the same pipeline as a hardware key: a
///   ``HardwareKeyboard`` of its own sends the key code, and the window
///   routes the decoded press — key commands, compose, text — as usual.
/// - The Return key is labelled and enabled by the traits.
/// - Shift latches by itself where the traits' autocapitalization wants a
///   capital (``TextInputTraits/Autocapitalization/shiftsNextLetter(after:)``),
///   and, latched by hand or by itself, releases after one key.
/// - `keyboardAppearance` `.dark` draws grey keys with white labels on near-black.
@MainActor
open class OnScreenKeyboard: View {
    /// One key on screen.
    public struct Key: Hashable, Sendable {
        /// What the key does.
        public enum Role: Hashable, Sendable {
            /// Sends this key code.
            case keycode(Keycode)
            /// Shift: held for the next key.
            case shift
            /// AltGr (ISO level 3): held for the next key.
            case altGr
            /// Caps Lock.
            case capsLock
            /// Return, labelled by the traits.
            case returnKey
            /// Inserts text that has no key of its own (the phone pad's `#`).
            case text(String)
        }

        /// What the key does when pressed.
        public var role: Role
        /// Where the key is, in the keyboard's coordinates.
        public var frame: Rect
        /// The label shown now.
        public var label: String
        /// In a ``Style/layoutDiagram``, what the key types at each level —
        /// base, Shift, AltGr, AltGr+Shift — with `nil` where a level repeats
        /// a lower one or is empty; otherwise empty.
        public var levels: [LevelLabel?] = []
    }

    /// The keyboard type shown.
    public private(set) var keyboardType: TextInputTraits.KeyboardType = .default
    /// The traits it was configured for.
    public private(set) var traits = TextInputTraits()
    /// Whether the Return key is enabled (off with
    /// `enablesReturnKeyAutomatically` while the responder has no text).
    public private(set) var isReturnKeyEnabled = true
    /// How keys are laid out and labelled: ``Style/typing`` unless set.
    public var style: Style = .typing {
        didSet { if style != oldValue { layoutKeys() } }
    }
    /// The keys, laid out for the current width and type.
    public internal(set) var keys: [Key] = []
    /// What the key caps showed when last labelled.
    var appearance: Appearance?
    /// Whether Shift is held for the next key: tapped, or latched by
    /// autocapitalization.
    public private(set) var isShiftHeld = false
    /// Whether AltGr is held for the next key.
    public private(set) var isAltGrHeld = false
    /// Whether the keyboard shows the layout of the application's attached
    /// hardware keyboard; ``setKeymap(_:composeTable:)`` turns this off.
    public private(set) var followsAttachedKeyboard = true

    /// The height of a full keyboard.
    public static let fullHeight = 216.0
    /// The height of a number, decimal or phone pad.
    public static let padHeight = 180.0

    var virtualKeyboard: HardwareKeyboard?
    private weak var hostWindow: Window?
    private var pressedKey: Int?
    /// The keys' accessibility nodes, one per key, kept while the keys stay.
    var keyElements: [AccessibilityElement] = []

    /// Creates a keyboard; it shows keys once it has a keymap: the attached
    /// hardware keyboard's, or one given with ``setKeymap(_:composeTable:)``.
    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: Self.fullHeight))
        identifier = "on-screen-keyboard"
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
    }

    /// Uses `keymap` (and compose table) for the keys' labels and their
    /// decoding, from now on instead of the attached hardware keyboard's.
    ///
    /// An app with no hardware keyboard calls this; with one attached, the
    /// keyboard follows it without being told.
    public func setKeymap(_ keymap: Keymap, composeTable: ComposeTable? = nil) {
        followsAttachedKeyboard = false
        use(keymap, composeTable: composeTable)
    }

    /// Shows the layout of the application's attached hardware keyboard
    /// again, after ``setKeymap(_:composeTable:)``, and follows its changes.
    public func followAttachedKeyboard() {
        followsAttachedKeyboard = true
        takeAttachedKeyboardLayout()
    }

    /// Takes the layout of the hardware keyboard attached last, when the
    /// keyboard follows it and it changed.
    func takeAttachedKeyboardLayout() {
        guard followsAttachedKeyboard, let layout = (hostWindow ?? window)?.application?.keyboardLayout,
            layout.keymap !== virtualKeyboard?.keymap || layout.composeTable !== virtualKeyboard?.composeTable
        else { return }
        use(layout.keymap, composeTable: layout.composeTable)
    }

    private func use(_ keymap: Keymap, composeTable: ComposeTable?) {
        let keyboard = HardwareKeyboard(
            keymap: keymap, composeTable: composeTable, repeatSettings: KeyRepeatSettings(isEnabled: false))
        keyboard.targetWindow = hostWindow
        virtualKeyboard = keyboard
        isShiftHeld = false
        isAltGrHeld = false
        if keyboardType.isPad { lockNumLock() }
        if let window = hostWindow { refreshAutomaticShift(in: window) }
        layoutKeys()
    }

    /// Shapes the keyboard for a responder's traits.
    open func configure(for traits: TextInputTraits, window: Window) {
        self.traits = traits
        keyboardType = traits.keyboardType
        hostWindow = window
        takeAttachedKeyboardLayout()
        virtualKeyboard?.targetWindow = window
        if keyboardType.isPad { lockNumLock() }
        let height = keyboardType.isPad ? Self.padHeight : Self.fullHeight
        frame = Rect(x: frame.minX, y: frame.minY, width: window.frame.width, height: height)
        isAltGrHeld = false
        refresh(in: window)
    }

    /// Updates the keyboard from the first responder after its text changed:
    /// the Return key's enabled state, and Shift as autocapitalization wants it.
    public func refresh(in window: Window) {
        refreshAutomaticShift(in: window)
        refreshReturnKey(in: window)
    }

    /// Updates the Return key's enabled state from the first responder.
    public func refreshReturnKey(in window: Window) {
        let typing = window.firstResponder as? KeyInput
        isReturnKeyEnabled = !(traits.enablesReturnKeyAutomatically && !(typing?.hasText ?? false))
        relabel()
    }

    /// Latches or releases Shift for the next letter, from the traits'
    /// autocapitalization and the text before the caret. Never on a pad,
    /// nor with Caps Lock on (Shift would undo it).
    private func refreshAutomaticShift(in window: Window) {
        guard !keyboardType.isPad, let keyboard = virtualKeyboard, !keyboard.state.isModifierActive("Lock", .locked),
            let typing = window.firstResponder as? KeyInput
        else {
            isShiftHeld = false
            return
        }
        let context = typing.documentContextBeforeInput ?? (typing.hasText ? nil : "")
        isShiftHeld = traits.autocapitalizationType.shiftsNextLetter(after: context)
    }

    /// The label of the Return key.
    public var returnKeyTitle: String { traits.returnKeyType.title }

    open override var frame: Rect {
        didSet { if frame.size != oldValue.size { layoutKeys() } }
    }

    /// ``AccessibilityRole/keyboard``.
    open override var accessibilityRole: AccessibilityRole { .keyboard }

    /// A ``AccessibilityRole/keyboardKey`` element per key, named for what it types, with a press action.
    open override var accessibilityChildren: [any Accessible] { accessibilityKeys }

    // MARK: Pressing keys

    /// Presses the key at an index of ``keys``, as a tap would.
    public func pressKey(at index: Int) {
        guard keys.indices.contains(index), let window = hostWindow ?? self.window else { return }
        let time = window.currentTime
        switch keys[index].role {
        case .shift:
            isShiftHeld.toggle()
        case .altGr:
            isAltGrHeld.toggle()
        case .capsLock:
            tap(key("KEY_CAPSLOCK"), at: time)
            refreshAutomaticShift(in: window)
        case .returnKey:
            guard isReturnKeyEnabled else { return }
            tap(key("KEY_ENTER"), at: time)
        case .text(let text):
            (window.firstResponder as? KeyInput)?.insertText(text)
        case .keycode(let code):
            var held: [Keycode] = []
            if isShiftHeld { held.append(key("KEY_LEFTSHIFT")) }
            if isAltGrHeld { held.append(key("KEY_RIGHTALT")) }
            for modifier in held { virtualKeyboard?.handleKey(modifier, direction: .down, at: time) }
            tap(code, at: time)
            for modifier in held.reversed() { virtualKeyboard?.handleKey(modifier, direction: .up, at: time) }
            isShiftHeld = false
            isAltGrHeld = false
            refreshAutomaticShift(in: window)
        }
        relabel()
    }

    /// The index of the key with this label, if any (for tests and scripts).
    public func keyIndex(labelled label: String) -> Int? { keys.firstIndex { $0.label == label } }

    private func tap(_ code: Keycode, at time: Double) {
        virtualKeyboard?.handleKey(code, direction: .down, at: time)
        virtualKeyboard?.handleKey(code, direction: .up, at: time)
    }

    private func lockNumLock() {
        guard let keyboard = virtualKeyboard, !keyboard.state.isModifierActive("Mod2", .locked) else { return }
        tap(key("KEY_NUMLOCK"), at: hostWindow?.currentTime ?? 0)
    }

    func key(_ name: String) -> Keycode { Keycode(evdev: EvdevKeyNames.code(of: name) ?? 0) }

    open override func pointerDown(_ event: PointerEvent) {
        let point = event.location(in: self)
        pressedKey = keys.firstIndex { $0.frame.contains(point) }
        setNeedsDisplay()
    }

    open override func pointerUp(_ event: PointerEvent) {
        defer {
            pressedKey = nil
            setNeedsDisplay()
        }
        let point = event.location(in: self)
        guard !event.isCancelled, let index = pressedKey, keys[index].frame.contains(point) else { return }
        pressKey(at: index)
    }

    // MARK: Drawing (the keys are laid out in OnScreenKeyboard+Layout.swift, labelled in OnScreenKeyboard+Labels.swift)

    open override func draw(in canvas: Canvas, rect: Rect) {
        let palette = self.palette
        canvas.fill(rect, color: palette.background)
        for (index, key) in keys.enumerated() {
            let frame = key.frame.offsetBy(dx: rect.minX, dy: rect.minY)
            let special: Bool
            switch key.role {
            case .keycode(let code): special = code.evdevName == "KEY_BACKSPACE"
            case .text: special = false
            default: special = true
            }
            let active = (key.role == .shift && isShiftHeld) || (key.role == .altGr && isAltGrHeld) || index == pressedKey
            if style == .layoutDiagram {
                drawDiagramCap(key, frame: frame, in: canvas, palette: palette, active: active)
                continue
            }
            canvas.fill(frame, color: active ? palette.activeKey : (special ? palette.specialKey : palette.key))
            let disabled = key.role == .returnKey && !isReturnKeyEnabled
            canvas.stroke(frame, color: palette.border)
            canvas.text(key.label, in: frame, color: disabled ? palette.disabledLabel : palette.label, fontSize: 16, alignment: .center)
        }
    }
}
