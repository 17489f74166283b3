/// A view that people operate: it can be enabled or disabled, and reports
/// what happened to it through actions.
///
/// The events each control sends, and when:
///
/// | Control | A click (press and release inside) | Keys and code |
/// |---|---|---|
/// | `Control` | ``Event/pointerUpInside``, then ``Event/primaryActionTriggered`` while ``sendsPrimaryActionOnClick`` | |
/// | ``Button`` | ``Event/pointerUpInside``, then ``Event/primaryActionTriggered`` | ``Button/press()``: ``Event/primaryActionTriggered`` alone |
/// | ``TextField`` | ``Event/pointerUpInside`` only: a click places the caret, it is not an action | Return: ``Event/primaryActionTriggered`` for the default, Go, Search, Send and other action keys; ``Event/editingDidEndOnExit`` then ``Event/editingDidEnd`` for Done; Next moves focus. Typing: ``Event/editingChanged`` |
/// | ``TextView`` | ``Event/pointerUpInside`` only: a click places the caret | Return inserts a line break. Typing: ``Event/editingChanged`` |
/// | ``Picker``, ``DatePicker`` | no click event: a click selects a column, or steps it (``Event/valueChanged``) | a change by the person: ``Event/valueChanged``; Return or keypad Enter confirms: ``Event/primaryActionTriggered``, then the first responder resigns |
///
/// Every control that takes focus sends ``Event/editingDidBegin`` when it
/// becomes first responder and ``Event/editingDidEnd`` when it resigns.
@MainActor
open class Control: View {
    /// Something that happened to a control.
    public enum Event: Hashable, Sendable {
        /// The control's main action: a button clicked or pressed from code,
        /// a text field's Return action, a picker confirmed with Return.
        case primaryActionTriggered
        /// A pointer press on the control was released inside it (UIKit's
        /// `touchUpInside`): every click on an enabled control, a text field's too.
        case pointerUpInside
        /// The control's value changed.
        case valueChanged
        /// Editing began (the control became first responder).
        case editingDidBegin
        /// The text changed.
        case editingChanged
        /// Editing ended (the control resigned).
        case editingDidEnd
        /// Return ended editing in a text field whose Return key resigns
        /// (``TextInputTraits/ReturnKeyType/done``); sent just before ``editingDidEnd``.
        case editingDidEndOnExit
    }

    /// Disabled controls take no presses and no focus.
    open var isEnabled = true {
        didSet {
            if !isEnabled && isFirstResponder { resignFirstResponder() }
            if isEnabled != oldValue {
                setNeedsDisplay()
                window?.focusOrderMayHaveChanged()
                postAccessibilityEvent(.stateChanged(self, [.enabled, .sensitive], isOn: isEnabled))
            }
        }
    }

    /// Whether a pointer button or a finger is down on the control, over it.
    public private(set) var isHighlighted = false
    /// Whether a press on the control is going on (the finger may have slid off).
    public private(set) var isTracking = false

    // `@exclusivity(unchecked)`: read on every keystroke (main actor only); a loop reads it once.
    @exclusivity(unchecked) private var actions: [(Event, (Control) -> Void)] = []

    /// Calls `action` whenever `event` happens.
    ///
    /// Actions are called on the main actor, in the order they were added.
    /// Like a ``KeyCommand``'s action, an action is a plain closure, neither
    /// `@Sendable` nor `@MainActor`: it may capture the app's own objects and
    /// closures, `Sendable` or not.
    ///
    /// - Parameters:
    ///   - event: The event to act on.
    ///   - action: Called with the control.
    public func addAction(for event: Event, _ action: @escaping (Control) -> Void) {
        actions.append((event, action))
    }

    /// Calls the actions registered for `event`, in the order they were added.
    ///
    /// - Parameter event: The event that happened.
    public func sendActions(for event: Event) {
        for (registered, action) in actions where registered == event { action(self) }
    }

    open override func hitTestDecision(at point: Point) -> HitTestDecision {
        // A disabled control still covers what is behind it, but takes nothing.
        guard isEnabled else { return self.point(inside: point) && !isHidden ? .view : .miss }
        return super.hitTestDecision(at: point)
    }

    open override func pointerDown(_ event: PointerEvent) {
        guard isEnabled else { return }
        isTracking = true
        isHighlighted = true
        setNeedsDisplay()
    }

    /// Highlights the control while the pointer or finger that pressed it is over it.
    open override func pointerDragged(_ event: PointerEvent) {
        guard isEnabled, isTracking else { return }
        let inside = bounds.contains(event.location(in: self))
        if inside != isHighlighted {
            isHighlighted = inside
            setNeedsDisplay()
        }
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard isEnabled, isTracking else { return }
        isTracking = false
        isHighlighted = false
        setNeedsDisplay()
        guard !event.isCancelled, bounds.contains(event.location(in: self)) else { return }
        sendActions(for: .pointerUpInside)
        if sendsPrimaryActionOnClick { sendActions(for: .primaryActionTriggered) }
    }

    /// Whether a click — a press released inside the control — also sends
    /// ``Event/primaryActionTriggered`` after ``Event/pointerUpInside``.
    ///
    /// `true` for a plain control and a ``Button``; `false` for a
    /// ``TextField``, whose primary action is its Return key.
    open var sendsPrimaryActionOnClick: Bool { true }

    open override func didBecomeFirstResponder() {
        sendActions(for: .editingDidBegin)
        setNeedsDisplay()
    }

    open override func didResignFirstResponder() {
        sendActions(for: .editingDidEnd)
        setNeedsDisplay()
    }

    // MARK: Accessibility

    /// A view's states, without enabled and sensitive while the control is disabled.
    open override var accessibilityStates: AccessibilityStates {
        let states = super.accessibilityStates
        return isEnabled ? states : states.subtracting([.enabled, .sensitive])
    }
}
