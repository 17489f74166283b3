/// A view that people operate: it can be enabled or disabled, and reports
/// what happened to it through actions.
@MainActor
open class Control: View {
    /// Something that happened to a control.
    public enum Event: Hashable, Sendable {
        /// A press was released inside the control.
        case primaryActionTriggered
        /// The control's value changed.
        case valueChanged
        /// Editing began (the control became first responder).
        case editingDidBegin
        /// The text changed.
        case editingChanged
        /// Editing ended (the control resigned).
        case editingDidEnd
    }

    /// Disabled controls take no presses and no focus.
    open var isEnabled = true {
        didSet {
            if !isEnabled && isFirstResponder { resignFirstResponder() }
            setNeedsDisplay()
        }
    }

    /// Whether a pointer button is down on the control.
    public private(set) var isHighlighted = false

    private var actions: [(Event, (Control) -> Void)] = []

    /// Calls `action` whenever `event` happens.
    public func addAction(for event: Event, _ action: @escaping (Control) -> Void) {
        actions.append((event, action))
    }

    /// Calls the actions registered for `event`.
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
        isHighlighted = true
        setNeedsDisplay()
    }

    open override func pointerUp(_ event: PointerEvent) {
        guard isEnabled, isHighlighted else { return }
        isHighlighted = false
        setNeedsDisplay()
        if bounds.contains(event.location(in: self)) { sendActions(for: .primaryActionTriggered) }
    }

    open override func didBecomeFirstResponder() {
        sendActions(for: .editingDidBegin)
        setNeedsDisplay()
    }

    open override func didResignFirstResponder() {
        sendActions(for: .editingDidEnd)
        setNeedsDisplay()
    }
}
