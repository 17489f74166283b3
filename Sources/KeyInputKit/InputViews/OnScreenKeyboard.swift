import Foundation
import XKB

/// The on-screen keyboard a window shows for a typing responder that has
/// no input view of its own, built from the active XKB keymap and shaped by
/// the responder's traits.
///
/// - It shows the layout of the hardware keyboard attached to the
///   application last (``Application/attach(_:)``) and follows that
///   keyboard's keymap changes, a layout change on the display server
///   included, with its compose table. With no hardware keyboard ever
///   attached it shows the system's configured layout
///   (``SystemKeyboardLayout/current()``, or the app's
///   ``Application/onScreenKeyboardLayout``); ``setKeymap(_:composeTable:)``
///   sets any keymap. Number and phone pads need no keymap at all.
/// - Under a finger: a key shows a preview while pressed and types when the
///   finger lifts, on the key it is over; a long press offers the key's
///   alternates (accented letters from the compose table, its other
///   levels); BackSpace repeats while held, faster after a while; Shift
///   tapped twice locks capitals; a layout key switches between the
///   keymap's layouts. A narrow window gets a phone's rows
///   (``Arrangement/compact``), a wide one the whole main block.
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
            /// Inserts text that has no key of its own (the phone pad's `#`, a pad's digits).
            case text(String)
            /// Switches to the keymap's next layout (group): the phone's globe
            /// key, labelled with that layout's short name.
            case nextLayout
            /// Shows another page of a ``Arrangement/compact`` keyboard.
            case switchPage(Page)
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
    /// How the keys are arranged now: chosen by the keyboard type and the width.
    public internal(set) var arrangement: Arrangement = .compact
    /// The page a compact keyboard shows; letters whenever it is configured anew.
    public internal(set) var page: Page = .letters
    /// What the key caps showed when last labelled.
    var appearance: Appearance?
    /// Whether Shift is held for the next key: tapped, or latched by
    /// autocapitalization.
    public internal(set) var isShiftHeld = false
    /// Whether AltGr is held for the next key.
    public internal(set) var isAltGrHeld = false
    /// Whether the keyboard shows the layout of the application's attached
    /// hardware keyboard; ``setKeymap(_:composeTable:)`` turns this off.
    public private(set) var followsAttachedKeyboard = true

    /// Whether Shift is locked for capitals: Shift tapped twice, or Caps Lock.
    public var isShiftLocked: Bool { virtualKeyboard?.state.isModifierActive("Lock", .locked) ?? false }
    /// The alternates offered above a key held down, while they show.
    public var shownAlternates: [String]? {
        guard case .alternates(let texts, _) = popup.content, !popup.isHidden else { return nil }
        return texts
    }
    /// The character previewed above the key under a finger, while it shows.
    public var shownPreview: String? {
        guard case .preview(let text) = popup.content, !popup.isHidden else { return nil }
        return text
    }

    /// The height of a compact (phone) keyboard: four rows of 54 points.
    public static let fullHeight = 216.0
    /// The height of a number, decimal or phone pad.
    public static let padHeight = 180.0
    /// How long a key is held before its alternates show, in seconds.
    public static let alternatesDelay = 0.45
    /// Two taps on Shift closer than this, in seconds, lock capitals.
    public static let shiftLockInterval = 0.35

    var virtualKeyboard: HardwareKeyboard?
    weak var hostWindow: Window?
    /// The keys fingers (or the mouse) hold down, by touch identity.
    var heldKeys: [Int: HeldKey] = [:]
    /// When Shift was last tapped, for a double tap that locks it.
    var lastShiftTap: Double?
    /// The system layout shown while no hardware keyboard is attached, if one is.
    var shownSystemLayout: SystemKeyboardLayout?
    /// The preview or alternates above a held key.
    let popup = KeyPopupView()
    /// The keys' accessibility nodes, one per key, kept while the keys stay.
    var keyElements: [AccessibilityElement] = []

    /// Creates a keyboard; it shows keys once it has a keymap: the attached
    /// hardware keyboard's, or one given with ``setKeymap(_:composeTable:)``.
    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: Self.fullHeight))
        identifier = "on-screen-keyboard"
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
        addSubview(popup)
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
    /// With none attached, it takes the system's layout (``Application/onScreenKeyboardLayout``).
    func takeAttachedKeyboardLayout() {
        guard followsAttachedKeyboard else { return }
        guard let layout = (hostWindow ?? window)?.application?.keyboardLayout else {
            takeSystemLayout()
            return
        }
        shownSystemLayout = nil
        guard layout.keymap !== virtualKeyboard?.keymap || layout.composeTable !== virtualKeyboard?.composeTable
        else { return }
        use(layout.keymap, composeTable: layout.composeTable)
    }

    func use(_ keymap: Keymap, composeTable: ComposeTable?) {
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
        endAllPresses()
        page = .letters
        let height = preferredHeight(in: window.frame.size)
        let sized = Rect(x: frame.minX, y: frame.minY, width: window.frame.width, height: height)
        if sized != frame { frame = sized } else { layoutKeys() }
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

    /// The label of the Return key, in the language of the keyboard's window
    /// (``TextInputTraits/ReturnKeyType/localizedTitle(for:)``).
    public var returnKeyTitle: String { traits.returnKeyType.localizedTitle(for: wordsLocale) }

    /// The locale of the keyboard's words: its window's (the window it types into, when it has its own).
    var wordsLocale: Locale? { (hostWindow ?? window)?.locale }

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
        if virtualKeyboard == nil {
            pressWithoutKeymap(keys[index].role, in: window)
            return
        }
        // Two taps on Shift lock capitals only with no other key between them.
        if keys[index].role != .shift { lastShiftTap = nil }
        switch keys[index].role {
        case .shift:
            tapShift(at: time)
        case .nextLayout:
            switchToNextLayout()
            return
        case .switchPage(let next):
            page = next
            layoutKeys()
            return
        case .altGr:
            isAltGrHeld.toggle()
        case .capsLock:
            tap(key("KEY_CAPSLOCK"), at: time)
            refreshAutomaticShift(in: window)
        case .returnKey:
            guard isReturnKeyEnabled else { return }
            tap(key("KEY_ENTER"), at: time)
        case .text(let text):
            virtualKeyboard?.resetCompose()
            window.typeOnScreen(text)
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
            // A space after digits or punctuation goes back to the letters, as phones do.
            if page == .symbols, code.evdevName == "KEY_SPACE" {
                page = .letters
                layoutKeys()
            }
        }
        relabel()
    }

    /// The index of the key with this label, if any (for tests and scripts).
    public func keyIndex(labelled label: String) -> Int? { keys.firstIndex { $0.label == label } }

    /// A pad's key with no keymap at all: digits and signs as text, BackSpace and Return to the responder.
    private func pressWithoutKeymap(_ role: Key.Role, in window: Window) {
        switch role {
        case .text(let text): window.typeOnScreen(text)
        case .returnKey where isReturnKeyEnabled: window.typeOnScreen("\n")
        case .keycode(let code) where code.evdevName == "KEY_BACKSPACE": window.deleteBackwardOnScreen()
        default: break
        }
    }

    /// Shift: a tap holds it for one key, a second tap soon after locks
    /// capitals, a tap on locked capitals unlocks them.
    private func tapShift(at time: Double) {
        if isShiftLocked {
            tap(key("KEY_CAPSLOCK"), at: time)
            isShiftHeld = false
            lastShiftTap = nil
        } else if let last = lastShiftTap, time - last <= Self.shiftLockInterval {
            tap(key("KEY_CAPSLOCK"), at: time)
            isShiftHeld = false
            lastShiftTap = nil
        } else {
            isShiftHeld.toggle()
            lastShiftTap = time
        }
    }

    /// Locks the keymap's next layout (group), wrapping around, and lays out the keys it has.
    private func switchToNextLayout() {
        guard let keyboard = virtualKeyboard, layoutCount > 1 else { return }
        let state = keyboard.state
        let masks = state.serializedMasks
        var next = masks
        next.lockedLayout = (state.layout + 1) % layoutCount
        keyboard.updateMask(next)
        layoutKeys()
    }

    private func tap(_ code: Keycode, at time: Double) {
        virtualKeyboard?.handleKey(code, direction: .down, at: time)
        virtualKeyboard?.handleKey(code, direction: .up, at: time)
    }

    private func lockNumLock() {
        guard let keyboard = virtualKeyboard, !keyboard.state.isModifierActive("Mod2", .locked) else { return }
        tap(key("KEY_NUMLOCK"), at: hostWindow?.currentTime ?? 0)
    }

    func key(_ name: String) -> Keycode { Keycode(evdev: EvdevKeyNames.code(of: name) ?? 0) }

    // MARK: Touches and the mouse (the presses are in OnScreenKeyboard+Pressing.swift)

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches { beginPress(id: touch.id, at: touch.location(in: self)) }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches { movePress(id: touch.id, to: touch.location(in: self)) }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches { endPress(id: touch.id, at: touch.location(in: self)) }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches { cancelPress(id: touch.id) }
    }

    open override func pointerDown(_ event: PointerEvent) {
        beginPress(id: TouchRouting.pointerID, at: event.location(in: self))
    }

    open override func pointerDragged(_ event: PointerEvent) {
        movePress(id: TouchRouting.pointerID, to: event.location(in: self))
    }

    open override func pointerUp(_ event: PointerEvent) {
        if event.isCancelled {
            cancelPress(id: TouchRouting.pointerID)
        } else {
            endPress(id: TouchRouting.pointerID, at: event.location(in: self))
        }
    }

    override var heldPressDeadline: Double? { nextHeldKeyDeadline }

    override func heldPressTimeDidPass(_ time: Double) { heldKeysTimeDidPass(time) }

    // MARK: Drawing (laid out in OnScreenKeyboard+Layout.swift, labelled in +Labels.swift, drawn in +Drawing.swift)

    open override func draw(in canvas: Canvas, rect: Rect) { drawKeys(in: canvas, rect: rect) }

    /// Labels the keys again when their words may have changed (the window's locale).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if appearance?.language != ToolkitStrings.language(for: wordsLocale) { relabel() }
    }
}
