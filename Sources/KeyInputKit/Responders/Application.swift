import XKB

/// The windows of an app, which one is key, and the keyboards that type into it.
///
/// Key events go to the key window; each window keeps its own first responder.
@MainActor
public final class Application {
    /// The windows, in the order they were added.
    public private(set) var windows: [Window] = []
    /// The window that receives key events.
    // `@exclusivity(unchecked)`: read on every key event (main actor only).
    @exclusivity(unchecked) public private(set) weak var keyWindow: Window?
    private var keyboardRefs: [WeakKeyboard] = []
    /// The hardware keyboards attached, the last attached last.
    var keyboards: [HardwareKeyboard] { keyboardRefs.compactMap(\.keyboard) }

    /// Checks the spelling in the text controls of the application's windows
    /// (``TextEditingControl``); `nil`, the default, checks none. The display
    /// host gives every application the `KeyInputSpelling` module's enchant checker.
    public var spellChecker: (any SpellChecker)? {
        didSet { if spellChecker !== oldValue { for window in windows { window.needsDisplay = true } } }
    }

    let focusObservers = Observers<FocusChange>()
    let accessibilityObservers = Observers<AccessibilityEvent>()

    /// The application's name for assistive technology; the process name by default.
    public var accessibilityName: String = CommandLine.arguments.first.map {
        String($0.split(separator: "/").last ?? Substring($0))
    } ?? "KeyInputKit"

    private struct WeakKeyboard {
        weak var keyboard: HardwareKeyboard?
    }

    /// Creates an application with no windows and no keyboards.
    public init() {}

    /// An application that goes while observed no longer counts as observed.
    isolated deinit {
        if hasAccessibilityObservers { Self.accessibilityObservationEnded() }
    }

    /// Adds a window; the first one added becomes key.
    public func addWindow(_ window: Window) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.application = self
        window.hasHardwareKeyboard = !keyboards.isEmpty
        if keyWindow == nil { keyWindow = window }
    }

    /// Closes a window: its first responder resigns (forced), its input views
    /// finish any animation, and it leaves the application.
    public func closeWindow(_ window: Window) {
        window.endEditing(force: true)
        // Nobody moves a closed window's clock: its input views finish
        // moving now, so every will-event still gets its did-event.
        window.finishInputViewAnimation()
        windows.removeAll { $0 === window }
        window.application = nil
        if keyWindow === window { keyWindow = windows.last }
    }

    /// Makes a window the key window.
    public func makeKey(_ window: Window) {
        guard windows.contains(where: { $0 === window }) else { return }
        if keyWindow !== window {
            // A compose sequence belongs to the window it started in.
            keyboards.forEach { $0.resetCompose() }
            keyWindow?.endMarkedText()
        }
        keyWindow = window
    }

    /// Attaches a hardware keyboard: its events go to the key window, and
    /// the windows' on-screen keyboards show its layout.
    ///
    /// The keyboard keeps the application alive; the application does not
    /// keep the keyboard (a host that unplugs it just lets it go).
    public func attach(_ keyboard: HardwareKeyboard) {
        guard !keyboards.contains(where: { $0 === keyboard }) else { return }
        keyboardRefs.append(WeakKeyboard(keyboard: keyboard))
        keyboard.application = self
        keyboardKeymapDidChange(keyboard)
        for window in windows { window.hasHardwareKeyboard = true }
    }

    /// Detaches a hardware keyboard. On-screen keyboards go on showing its
    /// layout unless another keyboard is still attached.
    public func detach(_ keyboard: HardwareKeyboard) {
        keyboardRefs.removeAll { $0.keyboard === keyboard || $0.keyboard == nil }
        keyboard.application = nil
        if let latest = keyboards.last { keyboardKeymapDidChange(latest) }
        for window in windows { window.hasHardwareKeyboard = !keyboards.isEmpty }
    }

    /// The layout on-screen keyboards show while no hardware keyboard has
    /// been attached; `nil`, the default, for the system's configured layout
    /// (``SystemKeyboardLayout/current()``). A kiosk sets the one it ships with.
    public var onScreenKeyboardLayout: SystemKeyboardLayout? {
        didSet {
            guard onScreenKeyboardLayout != oldValue else { return }
            for window in windows {
                (window.presentedInputView as? OnScreenKeyboard)?.takeAttachedKeyboardLayout()
            }
        }
    }

    /// The keymap and compose table on-screen keyboards show: those of the
    /// keyboard attached last, kept after it is detached.
    private(set) var keyboardLayout: (keymap: Keymap, composeTable: ComposeTable?)?

    /// Gives the on-screen keyboards the keymap of `keyboard` when it is the
    /// one attached last: those on screen now, hidden ones when they next appear.
    func keyboardKeymapDidChange(_ keyboard: HardwareKeyboard) {
        guard keyboard === keyboards.last else { return }
        keyboardLayout = (keyboard.keymap, keyboard.composeTable)
        for window in windows {
            (window.presentedInputView as? OnScreenKeyboard)?.takeAttachedKeyboardLayout()
        }
    }

    func firstResponderDidChange(in window: Window) {
        // A compose sequence belongs to the field it started in.
        if window === keyWindow { keyboards.forEach { $0.resetCompose() } }
    }

    func relayKeyboardFrameEvent(_ event: KeyboardFrameEvent, from window: Window) {
        for other in windows where other !== window { other.receiveRelayed(event) }
    }
}
