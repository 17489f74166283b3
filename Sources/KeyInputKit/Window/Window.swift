import Foundation

/// The root of a view tree: it holds the first responder, routes key and
/// pointer events, and presents input views.
///
/// A host (X11, Wayland, or headless in tests and the demo) creates a window,
/// sends it events and draws it.
/// Everything a window does happens on the main actor.
///
/// Each concern has a file of its own: first responder, key routing,
/// pointer events, focus order and press focus, input views, the keyboard
/// frame and clock, resizing, and rendering.
@MainActor
open class Window: View {
    // `@exclusivity(unchecked)` marks the public properties every key event reads (main actor only).

    // MARK: Configuration

    /// Whether a press outside the first responder dismisses the keyboard.
    ///
    /// `.onPressOutside` by default: a press that begins outside the first
    /// responder, in a view that cannot become first responder, resigns it.
    public var keyboardDismissalPolicy: KeyboardDismissalPolicy = .onPressOutside
    /// Whether Escape resigns the first responder. `true` by default.
    @exclusivity(unchecked) public var escapeResignsFirstResponder = true
    /// Whether Tab and Shift+Tab move focus. `true` by default.
    @exclusivity(unchecked) public var tabMovesFocus = true
    /// When a typing responder gets the on-screen keyboard.
    public var onScreenKeyboardPolicy: OnScreenKeyboardPolicy = .whenNoHardwareKeyboard
    /// Whether a hardware keyboard is attached (a ``HardwareKeyboard`` sets it).
    public var hasHardwareKeyboard = false {
        didSet { if hasHardwareKeyboard != oldValue { updatePresentedInputViews() } }
    }
    /// How input views move in and out.
    public var inputViewAnimation = InputViewAnimation.standard
    /// The order Tab and the accessory bar move focus in; `nil` (the
    /// default) means reading order: top to bottom, then left to right.
    public var focusOrder: [View]? {
        didSet { focusOrderMayHaveChanged() }
    }
    /// Whether moving past the last field wraps to the first. `true` by default.
    public var focusWraps = true {
        didSet { focusOrderMayHaveChanged() }
    }
    /// The locale of the toolkit's own words in the window: the accessory
    /// bar, the on-screen keyboard's key names, menus. `nil` (the default)
    /// follows the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`);
    /// see ``ToolkitStrings/language(for:)``.
    public var locale: Locale? {
        didSet { if locale != oldValue { localeDidChange() } }
    }
    /// The direction the window's views lay out in (``View/effectiveUserInterfaceLayoutDirection``),
    /// as an app sets it; `nil` (the default) takes the direction of ``locale``'s
    /// language, else of the environment's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
    /// A change lays out and draws every view again.
    public var layoutDirection: UserInterfaceLayoutDirection? {
        didSet { if layoutDirection != oldValue { layoutDirectionDidChange() } }
    }
    /// Lays out the text of the window's views; a monospace grid until a
    /// host that draws pixels gives the window its own (the cairo module's
    /// Pango engine). Views that keep layouts compare the engine they were
    /// made with (by identity) and make new ones after a change.
    @exclusivity(unchecked) public var textLayoutEngine: TextLayoutEngine = MonospaceTextLayoutEngine() {
        didSet { needsDisplay = true }
    }
    /// The application the window belongs to.
    public internal(set) weak var application: Application?
    /// The responder after the window in the chain: its host (held weakly, the host owns the window).
    @exclusivity(unchecked) public weak var hostResponder: Responder?
    /// The part of the window that needs drawing again, in window
    /// coordinates: the bounding box of every part marked since the window
    /// was last drawn, or `nil` when nothing needs drawing.
    ///
    /// Views mark their frames (``View/setNeedsDisplay()``); a host draws
    /// just this part (``renderDamage(to:)``) and copies just it to the screen.
    public var damagedRect: Rect? {
        resolveMarkedViews()
        return markedRect
    }
    /// The part marked so far, without the views marked since (``viewsMarked``).
    @exclusivity(unchecked) var markedRect: Rect?
    /// Views that marked their frame since the window was last drawn (``markedRect`` takes them when read).
    @exclusivity(unchecked) var viewsMarked = MarkedViews()
    /// Views that marked their frame alone, without the two points around it
    /// (a text field's text, not its focus ring), resolved with ``viewsMarked``.
    @exclusivity(unchecked) var viewsMarkedInside = MarkedViews()
    /// The steps of the last drawing, kept so that each frame reuses their storage.
    @exclusivity(unchecked) var renderSteps: [RenderStep] = []
    /// The views left to visit while the steps are collected, kept for the same reason.
    @exclusivity(unchecked) var renderVisits: [RenderVisit] = []
    /// Work left until the frame being drawn is on screen (``performWorkAfterPresenting()``).
    @exclusivity(unchecked) var workAfterPresenting: [@MainActor () -> Void] = []
    /// When a host's loop does that work (``performWorkAfterPresentingIfDue(now:)``); `nil` when none waits.
    public internal(set) var workAfterPresentingDue: Double?
    /// Whether what follows the first responder's text and state — the
    /// on-screen keyboard's Shift and Return, the accessory bar, scrolling
    /// the caret into view, the input method's surrounding text — is
    /// brought up to date after the frame that shows a keystroke, not
    /// before it (``performWorkAfterPresenting()``). Hosts that present
    /// frames turn it on; without a host, it happens at once.
    @exclusivity(unchecked) public var defersInputStateUpdates = false  // read on every keystroke
    /// Whether such an update waits for the frame.
    @exclusivity(unchecked) var inputStateUpdateIsPending = false
    /// Whether anything needs drawing; hosts clear it after drawing.
    /// Setting it to `true` marks the whole window.
    public var needsDisplay: Bool {
        get { markedRect != nil || !viewsMarked.isEmpty || !viewsMarkedInside.isEmpty }
        set {
            markedRect = newValue ? Rect(origin: .zero, size: frame.size) : nil
            viewsMarked.removeAll()
            viewsMarkedInside.removeAll()
        }
    }

    // MARK: State

    /// Whether a view of the window waits for ``View/layoutIfNeeded()``.
    var hasPendingLayout = true

    /// The first responder, if any.
    @exclusivity(unchecked) public internal(set) var firstResponder: Responder? {
        didSet {
            firstResponderInput = firstResponder as? KeyInput
            firstResponderCaret = firstResponder as? CaretBlinking
        }
    }
    /// The first responder as a blinking caret, cached like ``firstResponderInput``.
    var firstResponderCaret: CaretBlinking?
    /// Whether the text caret blinks. `true` by default; tests and latency
    /// measurements turn it off, and the caret then always shows.
    public var caretBlinks = true {
        didSet { needsDisplay = true }
    }
    /// The first responder as a ``KeyInput``, cached: a cast to a protocol is a run-time lookup.
    var firstResponderInput: KeyInput?
    /// How many first-responder transitions are running, one inside the other.
    var transitionDepth = 0
    /// Counts transitions, so an outer one sees that a callback started another.
    var transitionGeneration = 0
    /// The responder showing marked text (a compose sequence in progress).
    var markedTextOwner: MarkedTextInput?
    /// A Ctrl+Shift+U code point entry in progress, and the responder it types into (Window+UnicodeEntry.swift).
    var unicodeEntry: UnicodeEntry?
    weak var unicodeEntryOwner: Responder?
    /// Offers keys to ``inputMethod`` and applies what it sends back; `nil` without one.
    @exclusivity(unchecked) var inputMethodRouter: InputMethodRouter?
    /// How long a key waits for the input method's answer before it goes
    /// through unanswered (and the stall is logged), in seconds. 0.5 s by default.
    public var inputMethodTimeout = 0.5
    /// The view that got the pointer down, which gets the drags and the up.
    weak var pointerTarget: View?
    /// The touches down on the window, and the gesture recognizers following them (Window+Touches.swift).
    var touchRouting = TouchRouting()
    /// Views moving by themselves a step each frame: a flick's momentum (Window+FrameAnimations.swift).
    var frameAnimations: [FrameAnimation] = []

    /// The view that holds the presented accessory and input views.
    public let inputViewContainer = View()
    /// The input view on screen (or moving in), if any.
    @exclusivity(unchecked) public internal(set) var presentedInputView: View?
    /// The accessory view on screen (or moving in), if any.
    @exclusivity(unchecked) public internal(set) var presentedAccessoryView: View?
    /// The popups shown, oldest first: a menu, then its submenus (Window+Popups.swift).
    public internal(set) var presentedPopups: [Popup] = []
    /// The host that shows popups in surfaces of their own, or `nil`: the window then draws them inside itself.
    public weak var popupHost: (any PopupHosting)?
    /// The view, above everything, that holds popups the window draws inside itself.
    let popupLayer = View()
    /// The on-screen keyboard this window shows for typing responders.
    public private(set) lazy var onScreenKeyboard = OnScreenKeyboard()
    /// The emoji picker, made the first time it shows (Window+EmojiPicker.swift).
    var emojiPickerIfMade: EmojiPicker?

    /// Where the system's on-screen keyboard is, in window coordinates, as
    /// the host last told the window (``systemKeyboardFrameDidChange(_:)``);
    /// `nil` while none shows.
    public internal(set) var systemKeyboardFrame: Rect?
    /// Where the input views are on the window's clock.
    @exclusivity(unchecked) var keyboardAnimator = KeyboardFrameAnimator()
    let keyboardObservers = Observers<KeyboardFrameEvent>()
    let focusObservers = Observers<FocusChange>()
    /// Called after the first responder's text or state changed (scroll views follow its caret);
    /// made when the first one listens, so typing in a window without one costs nothing.
    @exclusivity(unchecked) var inputStateObservers: Observers<Void>?
    /// Counts changes that may move a view in focus order (views added,
    /// removed, moved, hidden, enabled): what Previous and Next were worked out for.
    var focusOrderVersion = 0
    /// The first responder the last focus change posted, or will post, as current.
    var announcedFirstResponder: Responder?
    /// Focus changes recorded during a transition, posted once it ends.
    var pendingFocusChanges: [FocusChange] = []
    var isPostingFocusChanges = false
    /// Pastes on their way, and the keys and pointer events that wait for them (Window+PasteWaiting.swift).
    var pastesPending = 0
    var inputHeldForPaste: [InputHeldForPaste] = []
    /// How much of each view the keyboard covers, on the keyboard's own clock and curve.
    public private(set) lazy var keyboardLayoutGuide = KeyboardLayoutGuide(window: self)

    /// Creates a window of a size.
    ///
    /// - Parameter size: The window's size; its origin is zero.
    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        markedRect = Rect(origin: .zero, size: size)
        inputViewContainer.keepsKeyboardOnPress = true
        inputViewContainer.identifier = "input-views"
        inputViewContainer.isHidden = true
        popupLayer.keepsKeyboardOnPress = true
        popupLayer.identifier = "popups"
        popupLayer.isHidden = true
    }

    /// The window's frame; its origin is zero.
    ///
    /// A new size is a resize (``resize(to:)``): the presented input views
    /// move to the new bottom edge at the new width, and the window is laid
    /// out at once.
    open override var frame: Rect {
        didSet { if frame.size != oldValue.size { windowDidResize() } }
    }

    /// The window's title; hosts show it in the title bar, and assistive technology reads it as the window's name.
    public var title: String? {
        didSet { if title != oldValue { postAccessibilityEvent(.nameChanged(self)) } }
    }

    /// Whether the window has the desktop's keyboard focus; the hosts set it
    /// as the display server gives and takes focus (`FocusIn`/`FocusOut`,
    /// a Wayland keyboard's enter and leave).
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if !isActive { dismissAllPopups() }
            postAccessibilityEvent(isActive ? .windowActivated(self) : .windowDeactivated(self))
            postAccessibilityEvent(.stateChanged(self, .active, isOn: isActive))
        }
    }

    private var explicitAccessibilityLabel: String?

    /// The node the last focus event announced (held weakly): the first
    /// responder, or the selected column of the picker it shows.
    weak var accessibilityFocus: (any Accessible)?

    /// The label set, or else the ``title``.
    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? title }
        set { explicitAccessibilityLabel = newValue }
    }
    /// ``AccessibilityRole/frame``.
    open override var accessibilityRole: AccessibilityRole { .frame }
    /// A view's states, and ``AccessibilityStates/active`` while ``isActive``.
    open override var accessibilityStates: AccessibilityStates {
        isActive ? super.accessibilityStates.union(.active) : super.accessibilityStates
    }

    /// The host, or `nil`: the window ends the view chain.
    open override var next: Responder? { hostResponder }
    /// The window itself.
    open override var window: Window? { self }

    /// Adds a view below the input views, which stay on top, with popups above them.
    open override func addSubview(_ view: View) {
        let above: [View] =
            view === popupLayer ? [] : view === inputViewContainer ? [popupLayer] : [inputViewContainer, popupLayer]
        if let index = subviews.firstIndex(where: { subview in above.contains { $0 === subview } }) {
            insertSubview(view, at: index)
        } else {
            super.addSubview(view)
        }
    }

    /// The end of the view chain: text for the first responder, Tab, Return and Escape.
    open override func pressesBegan(_ press: KeyPress) {
        if handleKeyInput(press) { return }
        super.pressesBegan(press)
    }
}
