import XKB

/// When a press outside the first responder dismisses the keyboard.
public enum KeyboardDismissalPolicy: Hashable, Sendable {
    /// Never: only code, Return or Escape ends editing.
    case never
    /// A press that begins outside the first responder, in a view that
    /// cannot become first responder, resigns it. The pressed view still
    /// gets its press.
    case onPressOutside
}

/// When a responder that takes typing, with no input view of its own, gets
/// the on-screen keyboard.
public enum OnScreenKeyboardPolicy: Hashable, Sendable {
    /// Always.
    case always
    /// Only while no hardware keyboard is attached.
    case whenNoHardwareKeyboard
    /// Never.
    case never
}

/// The root of a view tree: it holds the first responder, routes key and
/// pointer events, and presents input views.
///
/// A host (X11, headless) creates a window, sends it events and draws it.
/// Everything a window does happens on the main actor.
@MainActor
open class Window: View {
    // MARK: Configuration

    /// Whether a press outside the first responder dismisses the keyboard.
    /// `.onPressOutside` by default: the rule seed apps write by hand.
    public var keyboardDismissalPolicy: KeyboardDismissalPolicy = .onPressOutside
    /// Whether Escape resigns the first responder. `true` by default.
    public var escapeResignsFirstResponder: Bool {
        get { escapeResigns }
        set { escapeResigns = newValue }
    }
    /// Whether Tab and Shift+Tab move focus. `true` by default.
    public var tabMovesFocus: Bool {
        get { tabMoves }
        set { tabMoves = newValue }
    }
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
    public var focusOrder: [View]?
    /// Whether moving past the last field wraps to the first. `true` by default.
    public var focusWraps = true
    /// The application the window belongs to.
    public internal(set) weak var application: Application?
    /// The responder after the window in the chain: its host (held weakly).
    public var hostResponder: Responder? {
        get { host }
        set { host = newValue }
    }
    /// Set when something needs drawing; hosts clear it after drawing.
    public var needsDisplay: Bool {
        get { displayPending }
        set { displayPending = newValue }
    }

    // The storage of the properties above that key events read. Public
    // stored properties of a class cost a run-time exclusivity check on
    // every access; private ones are proven exclusive when the module is
    // compiled.
    private var escapeResigns = true
    private var tabMoves = true
    /// Held weakly: the host owns the window.
    private weak var host: Responder?
    private var displayPending = true

    /// Creates a window of a size.
    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        inputViewContainer.keepsKeyboardOnPress = true
        inputViewContainer.identifier = "input-views"
        inputViewContainer.isHidden = true
    }

    open override var next: Responder? { hostResponder }
    open override var window: Window? { self }

    /// Adds a view below the input views, which stay on top.
    open override func addSubview(_ view: View) {
        if view !== inputViewContainer, inputViewContainer.superview === self,
            let index = subviews.firstIndex(where: { $0 === inputViewContainer })
        {
            insertSubview(view, at: index)
        } else {
            super.addSubview(view)
        }
    }

    // MARK: First responder

    /// The first responder, if any.
    public var firstResponder: Responder? { currentFirstResponder }
    /// The storage of ``firstResponder`` (private: no run-time exclusivity checks).
    private var currentFirstResponder: Responder? {
        didSet { firstResponderInput = currentFirstResponder as? KeyInput }
    }
    /// The first responder as a ``KeyInput``, or `nil` when it is not one:
    /// set with it, because a cast to a protocol asks the run time (about
    /// 280 instructions) and the answer for an object never changes.
    private var firstResponderInput: KeyInput?
    private var transitionDepth = 0
    private var transitionGeneration = 0
    private var pendingFocusCallbacks: [() -> Void] = []

    /// Moves first-responder status (to `nil` to clear it).
    ///
    /// Calls made from focus callbacks run at once, and the most recent
    /// request wins: an outer transition whose callback moved focus elsewhere
    /// stops there. Input views are updated once, after the outermost
    /// transition, so focus moving between two fields never hides and
    /// re-shows the keyboard.
    @discardableResult
    func transferFirstResponder(to target: Responder?, force: Bool) -> Bool {
        if let target, target.window !== self { return false }
        if firstResponder === target { return true }
        transitionDepth += 1
        defer {
            transitionDepth -= 1
            if transitionDepth == 0 { updateInputViews() }
        }
        transitionGeneration += 1
        let generation = transitionGeneration
        if let old = firstResponder {
            if !force && !old.canResignFirstResponder { return false }
            endMarkedText(in: old)
            currentFirstResponder = nil
            application?.firstResponderDidChange(in: self)
            old.didResignFirstResponder()
            // A callback took over: its request is the latest and stands.
            if transitionGeneration != generation { return firstResponder === target }
        }
        if let target {
            // The callback may have removed the target from the window.
            guard target.window === self else { return false }
            currentFirstResponder = target
            application?.firstResponderDidChange(in: self)
            target.didBecomeFirstResponder()
        }
        return firstResponder === target
    }

    /// Resigns the first responder.
    ///
    /// - Parameter force: Resign without asking ``Responder/canResignFirstResponder``.
    /// - Returns: Whether no responder is first afterwards.
    @discardableResult
    public func endEditing(force: Bool) -> Bool {
        guard let first = firstResponder else { return true }
        if force { return transferFirstResponder(to: nil, force: true) }
        return first.resignFirstResponder()
    }

    /// Called when views were added, removed or moved.
    func viewHierarchyDidChange() {
        needsDisplay = true
        if let first = firstResponder, first.window !== self {
            // Safety net: never keep a responder that left the window.
            transferFirstResponder(to: nil, force: true)
        }
    }

    // MARK: Pointer events

    private weak var pointerTarget: View?

    /// Delivers a pointer event: dismissal policy, then focus, then the view under the pointer.
    public func sendPointerEvent(_ event: PointerEvent) {
        switch event.kind {
        case .down:
            let target = hitTest(event.location) ?? self
            pointerTarget = target
            applyPressFocusRules(to: target)
            // The press is never swallowed: focus or dismissal, then delivery.
            if target.window === self { target.pointerDown(event) }
        case .up:
            let target = pointerTarget ?? hitTest(event.location)
            pointerTarget = nil
            if let target, target.window === self { target.pointerUp(event) }
        case .dragged:
            if let target = pointerTarget, target.window === self { target.pointerDragged(event) }
        case .scroll:
            if let target = hitTest(event.location), target.window === self { target.scrollWheel(event) }
        }
    }

    private func applyPressFocusRules(to target: View) {
        // The nearest view at or above the target that wants focus on press.
        var candidate: View? = target
        var keeps = false
        var focusable: View?
        while let view = candidate {
            if view.keepsKeyboardOnPress { keeps = true }
            if focusable == nil, view.becomesFirstResponderOnPress, view.canBecomeFirstResponder,
                (view as? Control)?.isEnabled ?? true
            {
                focusable = view
            }
            candidate = view.superview
        }
        if let first = firstResponder as? View, target.isDescendant(of: first) {
            return  // a second click inside the focused view never dismisses
        }
        if let focusable {
            focusable.becomeFirstResponder()
            return
        }
        if keeps { return }
        if keyboardDismissalPolicy == .onPressOutside, let first = firstResponder {
            first.resignFirstResponder()
        }
    }

    // MARK: Key events

    /// Routes a key press: key commands along the chain, the presented input
    /// view, presses along the chain, then the window's own handling (text,
    /// Tab, Return, Escape).
    public func sendKeyPress(_ press: KeyPress) {
        if press.phase == .began, let command = matchingKeyCommand(for: press) {
            command.action()
            return
        }
        if let handler = presentedInputView as? InputViewKeyHandling, handler.handleKeyPress(press) {
            return
        }
        let start: Responder = firstResponder ?? self
        switch press.phase {
        case .began: start.pressesBegan(press)
        case .ended: start.pressesEnded(press)
        }
    }

    private func matchingKeyCommand(for press: KeyPress) -> KeyCommand? {
        var responder: Responder? = firstResponder ?? self
        while let current = responder {
            // A loop over indices, not first(where:): on every key press, a closure
            // here costs a main-actor check and each command a copy.
            let commands = current.keyCommands
            for index in commands.indices where commands[index].matches(press) { return commands[index] }
            responder = current.next
        }
        return nil
    }

    /// The end of the view chain: text for the first responder, Tab, Return and Escape.
    open override func pressesBegan(_ press: KeyPress) {
        if handleKeyInput(press) { return }
        super.pressesBegan(press)
    }

    private var markedTextOwner: MarkedTextInput?

    private func handleKeyInput(_ press: KeyPress) -> Bool {
        let keysym = press.keysym
        if tabMovesFocus, keysym == .tab || keysym == .isoLeftTab,
            press.modifiers.significant.subtracting(.shift).isEmpty
        {
            if keysym == .isoLeftTab || press.modifiers.contains(.shift) { focusPrevious() } else { focusNext() }
            return true
        }
        if escapeResignsFirstResponder, keysym == .escape, firstResponder != nil {
            endEditing(force: false)
            return true
        }
        guard let input = firstResponderInput else { return false }
        switch press.textAction {
        case .none:
            return false
        case .composing(let sequence):
            if let marked = input as? MarkedTextInput {
                markedTextOwner = marked
                marked.setMarkedText(MarkedText.preedit(for: sequence))
            }
            return true
        case .composeCancelled:
            endMarkedText(in: firstResponder)
            return true
        case .deleteBackward:
            endMarkedText(in: firstResponder)
            input.deleteBackward()
            return true
        case .insertText(let text):
            endMarkedText(in: firstResponder)
            // Ctrl+ф on a Russian layout, Alt+A: shortcuts, not typing.
            if press.isShortcut && text != "\n" { return false }
            if text == "\n" {
                performReturn(on: input)
            } else {
                input.insertText(text)
            }
            return true
        }
    }

    /// Ends the marked text shown in this window, if any: its compose sequence was forgotten.
    func endMarkedText() { endMarkedText(in: firstResponder) }

    /// Ends the marked text of `responder`, if it has any: the step before a commit.
    private func endMarkedText(in responder: Responder?) {
        guard let owner = markedTextOwner, owner === responder as AnyObject? else { return }
        markedTextOwner = nil
        owner.setMarkedText(nil)
    }

    /// Presses Return on a typing responder: what it does comes from its
    /// return key type; with `enablesReturnKeyAutomatically`, nothing
    /// happens while the responder has no text.
    public func performReturn(on input: KeyInput) {
        let traits = input.textInputTraits
        if traits.enablesReturnKeyAutomatically && !input.hasText { return }
        switch traits.returnKeyType.behavior {
        case .insertNewline: input.insertText("\n")
        case .focusNext: focusNext()
        case .resign: endEditing(force: false)
        case .performAction: input.performReturnKeyAction()
        }
    }

    // MARK: Focus order

    /// The views Tab visits, in order: ``focusOrder`` or reading order,
    /// without hidden, disabled or non-focusable views.
    public var focusableViews: [View] {
        let candidates: [View]
        if let focusOrder {
            candidates = focusOrder.filter { view in
                view !== self && view.window === self && view.isVisibleInWindow && !view.isDescendant(of: inputViewContainer)
            }
        } else {
            candidates = visibleViewsInReadingOrder()
        }
        return candidates.filter { view in view.canBecomeFirstResponder && ((view as? Control)?.isEnabled ?? true) }
    }

    /// Every visible view outside the input views, top to bottom, then left to
    /// right: one walk down the tree, carrying each view's origin, so a tree
    /// 10,000 deep costs what 10,000 views side by side cost.
    private func visibleViewsInReadingOrder() -> [View] {
        var found: [(view: View, origin: Point)] = []
        var stack: [(view: View, origin: Point)] = subviews.reversed().map { ($0, $0.frame.origin) }
        while let (view, origin) = stack.popLast() {
            guard !view.isHidden, view !== inputViewContainer else { continue }
            found.append((view, origin))
            for subview in view.subviews.reversed() {
                stack.append((subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY)))
            }
        }
        return found.sorted { a, b in (a.origin.y, a.origin.x) < (b.origin.y, b.origin.x) }.map(\.view)
    }

    /// The view after `view` in focus order (wrapping when ``focusWraps``).
    public func focusableView(after view: View?) -> View? { neighbour(of: view, step: 1) }

    /// The view before `view` in focus order (wrapping when ``focusWraps``).
    public func focusableView(before view: View?) -> View? { neighbour(of: view, step: -1) }

    private func neighbour(of view: View?, step: Int) -> View? {
        let order = focusableViews
        guard !order.isEmpty else { return nil }
        guard let view, let index = order.firstIndex(where: { $0 === view }) else {
            return step > 0 ? order.first : order.last
        }
        let next = index + step
        if order.indices.contains(next) { return order[next] }
        return focusWraps ? order[(next + order.count) % order.count] : nil
    }

    /// Moves focus to the next view; at the end without wrapping, resigns.
    @discardableResult
    public func focusNext() -> Bool {
        guard let next = focusableView(after: firstResponder as? View) else { return endEditing(force: false) && false }
        return next.becomeFirstResponder()
    }

    /// Moves focus to the previous view; at the start without wrapping, resigns.
    @discardableResult
    public func focusPrevious() -> Bool {
        guard let previous = focusableView(before: firstResponder as? View) else {
            return endEditing(force: false) && false
        }
        return previous.becomeFirstResponder()
    }

    // MARK: Input views

    /// The view that holds the presented accessory and input views.
    public let inputViewContainer = View()
    /// The input view on screen (or moving in), if any.
    public var presentedInputView: View? { shownInputView }
    /// The accessory view on screen (or moving in), if any.
    public var presentedAccessoryView: View? { shownAccessoryView }
    // The storage of the two above (private: no run-time exclusivity checks).
    private var shownInputView: View?
    private var shownAccessoryView: View?
    /// The on-screen keyboard this window shows for typing responders.
    public private(set) lazy var onScreenKeyboard = OnScreenKeyboard()

    /// Shows the first responder's current input views again, after the
    /// responder's input views or traits changed.
    public func updatePresentedInputViews() {
        if transitionDepth == 0 { updateInputViews() }
    }

    /// The input views the first responder should have now.
    private func desiredInputViews() -> (input: View?, accessory: View?) {
        guard let first = firstResponder else { return (nil, nil) }
        var input = first.inputView
        if input == nil, let typing = first as? KeyInput {
            let wantsKeyboard: Bool =
                switch onScreenKeyboardPolicy {
                case .always: true
                case .whenNoHardwareKeyboard: !hasHardwareKeyboard
                case .never: false
                }
            if wantsKeyboard {
                onScreenKeyboard.configure(for: typing.textInputTraits, window: self)
                input = onScreenKeyboard
            }
        }
        return (input, first.inputAccessoryView)
    }

    private func updateInputViews() {
        let (input, accessory) = desiredInputViews()
        let height = (input?.frame.height ?? 0) + (accessory?.frame.height ?? 0)
        let shown = input != nil || accessory != nil
        let target = Rect(x: 0, y: frame.height - height, width: frame.width, height: height)
        let hiding = keyboardAnimation.kind == .willHide
        let wasShown = (presentedInputView != nil || presentedAccessoryView != nil) && !hiding
        if !shown && !wasShown { return }
        if wasShown && shown && input === presentedInputView && accessory === presentedAccessoryView
            && keyboardAnimation.end == target
        {
            (accessory as? InputAccessoryBar)?.refresh(in: self)
            return
        }
        // Start from wherever the input views are now, mid-animation too; the
        // running animation ends first so that will/did events pair up.
        let current = keyboardFrame
        if keyboardAnimation.kind != nil { finishKeyboardAnimation() }

        if shown {
            for view in inputViewContainer.subviews where view !== input && view !== accessory {
                view.removeFromSuperview()
            }
            if let accessory {
                accessory.frame = Rect(x: 0, y: 0, width: frame.width, height: accessory.frame.height)
                if accessory.superview !== inputViewContainer { inputViewContainer.addSubview(accessory) }
            }
            if let input {
                input.frame = Rect(
                    x: 0, y: accessory?.frame.height ?? 0, width: frame.width, height: input.frame.height)
                if input.superview !== inputViewContainer { inputViewContainer.addSubview(input) }
            }
            if inputViewContainer.superview !== self { addSubview(inputViewContainer) }
            shownInputView = input
            shownAccessoryView = accessory
        }

        (accessory as? InputAccessoryBar)?.refresh(in: self)
        let kind: KeyboardFrameEvent.Kind = !wasShown ? .willShow : (shown ? .willChangeFrame : .willHide)
        let begin = wasShown || hiding ? current : offscreen(height: height)
        animateKeyboard(kind: kind, from: begin, to: shown ? target : offscreen(height: current.height))
    }

    private func offscreen(height: Double) -> Rect {
        Rect(x: 0, y: frame.height, width: frame.width, height: height)
    }

    // MARK: Keyboard frame and time

    private struct KeyboardAnimation {
        var kind: KeyboardFrameEvent.Kind?
        var begin: Rect
        var end: Rect
        var start: Double
        var duration: Double
        var curve: AnimationCurve
    }

    private var keyboardAnimation = KeyboardAnimation(
        kind: nil, begin: .zero, end: .zero, start: 0, duration: 0, curve: .linear)
    private var keyboardObservers: [Int: (KeyboardFrameEvent) -> Void] = [:]
    private var nextObserverID = 0

    /// The window's clock, in seconds; hosts and tests move it forward with
    /// ``advanceTime(to:)``.
    public private(set) var currentTime: Double = 0

    /// Moves the window's clock forward, finishing animations that are due.
    public func advanceTime(to time: Double) {
        guard time >= currentTime else { return }
        currentTime = time
        if keyboardAnimation.kind != nil, time >= keyboardAnimation.start + keyboardAnimation.duration {
            finishKeyboardAnimation()
        }
        layoutKeyboardContainer()
    }

    /// Moves the clock forward by `seconds`.
    public func advanceTime(by seconds: Double) { advanceTime(to: currentTime + max(0, seconds)) }

    /// Ends a running input view animation at once, with its did-event.
    func finishInputViewAnimation() {
        guard keyboardAnimation.kind != nil else { return }
        finishKeyboardAnimation()
    }

    /// Whether an input view animation is running.
    public var isAnimatingInputViews: Bool { keyboardAnimation.kind != nil }

    /// Where the input views are now, in window coordinates — mid-animation
    /// too. Zero height at the bottom edge when nothing is shown.
    public var keyboardFrame: Rect {
        let a = keyboardAnimation
        guard a.kind != nil, a.duration > 0 else { return a.end }
        let progress = a.curve.progress(at: (currentTime - a.start) / a.duration)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * progress }
        return Rect(
            x: mix(a.begin.minX, a.end.minX), y: mix(a.begin.minY, a.end.minY),
            width: mix(a.begin.width, a.end.width), height: mix(a.begin.height, a.end.height))
    }

    /// Where the input views will be when the running animation ends.
    public var keyboardFinalFrame: Rect { keyboardAnimation.end }

    /// Calls `observer` with every keyboard frame event of this window, and
    /// with those of the application's other windows (marked not local).
    @discardableResult
    public func observeKeyboardFrame(_ observer: @escaping (KeyboardFrameEvent) -> Void) -> ObservationToken {
        let id = nextObserverID
        nextObserverID += 1
        keyboardObservers[id] = observer
        return ObservationToken { [weak self] in self?.keyboardObservers[id] = nil }
    }

    private func post(_ event: KeyboardFrameEvent) {
        for id in keyboardObservers.keys.sorted() { keyboardObservers[id]?(event) }
        application?.relayKeyboardFrameEvent(event, from: self)
        keyboardLayoutGuide.keyboardDidChange()
    }

    func receiveRelayed(_ event: KeyboardFrameEvent) {
        var relayed = event
        relayed.isLocal = false
        for id in keyboardObservers.keys.sorted() { keyboardObservers[id]?(relayed) }
    }

    private func animateKeyboard(kind: KeyboardFrameEvent.Kind, from begin: Rect, to end: Rect) {
        // An animation still running ends now, so will/did events always pair up.
        if keyboardAnimation.kind != nil { finishKeyboardAnimation() }
        let animation = inputViewAnimation
        keyboardAnimation = KeyboardAnimation(
            kind: kind, begin: begin, end: end, start: currentTime, duration: animation.duration, curve: animation.curve)
        inputViewContainer.isHidden = false
        post(
            KeyboardFrameEvent(
                kind: kind, beginFrame: begin, endFrame: end, duration: animation.duration, curve: animation.curve,
                isLocal: true))
        if animation.duration <= 0 { finishKeyboardAnimation() }
        layoutKeyboardContainer()
    }

    private func finishKeyboardAnimation() {
        guard let kind = keyboardAnimation.kind else { return }
        let finished = keyboardAnimation
        keyboardAnimation.kind = nil
        if kind == .willHide {
            for view in inputViewContainer.subviews { view.removeFromSuperview() }
            shownInputView = nil
            shownAccessoryView = nil
            inputViewContainer.isHidden = true
        }
        post(
            KeyboardFrameEvent(
                kind: kind.completion, beginFrame: finished.begin, endFrame: finished.end, duration: finished.duration,
                curve: finished.curve, isLocal: true))
        layoutKeyboardContainer()
    }

    private func layoutKeyboardContainer() {
        let frame = keyboardFrame
        if inputViewContainer.frame != frame { inputViewContainer.frame = frame }
        keyboardLayoutGuide.keyboardDidChange()
        needsDisplay = true
    }

    /// How much of each view the keyboard covers, on the keyboard's own clock and curve.
    public private(set) lazy var keyboardLayoutGuide = KeyboardLayoutGuide(window: self)
}

/// An input view that handles keys itself while it is shown — a date
/// picker's arrows, Return to confirm, Escape to cancel.
@MainActor
public protocol InputViewKeyHandling: AnyObject {
    /// Handles a key; returns `true` when it did.
    func handleKeyPress(_ press: KeyPress) -> Bool
}

/// The text shown for a compose sequence in progress.
public enum MarkedText {
    /// The spacing characters of a sequence: `´` for `dead_acute`, `·` for the Compose key.
    public static func preedit(for sequence: [Keysym]) -> String {
        sequence.map { keysym -> String in
            switch keysym.name {
            case "dead_acute": "´"
            case "dead_grave": "`"
            case "dead_circumflex": "^"
            case "dead_tilde": "~"
            case "dead_diaeresis": "¨"
            case "dead_cedilla": "¸"
            case "dead_caron": "ˇ"
            case "dead_breve": "˘"
            case "dead_abovering": "°"
            case "dead_doubleacute": "˝"
            case "dead_ogonek": "˛"
            case "dead_macron": "¯"
            case "dead_abovedot": "˙"
            case "dead_stroke": "/"
            case "dead_hook": "ˀ"
            case "dead_horn": "̛"
            case "dead_belowdot": "̣"
            case "dead_greek": "µ"
            case "Multi_key": "·"
            default: keysym.text.isEmpty ? "◌" : keysym.text
            }
        }.joined()
    }
}

extension Window {
    /// Draws the window: every visible view, back to front, then the input views on top.
    public func render(to canvas: Canvas) {
        canvas.fill(Rect(origin: .zero, size: frame.size), color: .background)
        var stack: [(View, Point)] = subviews.reversed().map { ($0, Point(x: $0.frame.minX, y: $0.frame.minY)) }
        while let (view, origin) = stack.popLast() {
            guard !view.isHidden else { continue }
            view.draw(in: canvas, rect: Rect(origin: origin, size: view.frame.size))
            for subview in view.subviews.reversed() {
                stack.append((subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY)))
            }
        }
        needsDisplay = false
    }
}
