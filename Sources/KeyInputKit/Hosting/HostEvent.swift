/// What a ``WindowHost`` handled: its ``WindowHost/afterEvent`` receives one
/// per event, once the window has processed it.
public enum HostEvent: Hashable, Sendable {
    /// A key went down or up (a release may be synthesized when the window
    /// loses keyboard focus with keys held).
    case key(Keycode, KeyDirection)
    /// A pointer event was sent to the window.
    case pointer(PointerEvent)
    /// A finger's touch was sent to the window (`Window.sendTouch`): its
    /// phase, its identity and where it was, in window coordinates.
    case touch(Touch.Phase, id: Int, location: Point)
    /// Part of the window was exposed and was drawn again (X11).
    case expose
    /// The window system gave the window a new size.
    case resized(Size)
    /// The window gained (`true`) or lost (`false`) keyboard focus.
    case focus(Bool)
    /// The display's keymap changed and the keyboard was given the new one.
    case keymapChanged
    /// The display's modifier or layout state changed and was applied.
    case stateChanged
    /// The window was asked to close, or was destroyed.
    case closed
}
