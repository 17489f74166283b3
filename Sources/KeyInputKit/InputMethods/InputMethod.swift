/// An input method a window offers keys to before it routes them: the
/// connection to a daemon such as IBus or Fcitx5, or anything that turns
/// keys into preedit and committed text.
///
/// Give a window one with ``Window/inputMethod``. While a typing responder
/// (a ``KeyInput`` without secure entry) is first responder, the window
/// offers it every key, presses and releases, in order, with
/// ``processKey(_:answer:)``. The input method answers each key — at once
/// or later — with whether it handled it; an unhandled key takes the
/// window's normal route. Keys pressed while an answer is pending wait, in
/// order; an answer that takes longer than ``Window/inputMethodTimeout``
/// lets the key through.
///
/// What the input method does to the text it tells its ``delegate`` with
/// ``InputMethodEvent``s: preedit, commit, forwarded keys, deleting around
/// the caret. The window applies them to the first responder.
///
/// An implementation that loses its daemon sends
/// ``InputMethodEvent/availabilityChanged(_:)`` with `false`: keys then take
/// the normal route (dead keys and compose still work) until it sends `true`.
@MainActor
public protocol InputMethod: AnyObject {
    /// Receives what the input method does to the text; the window sets
    /// itself here. Implementations hold it weakly.
    var delegate: InputMethodDelegate? { get set }
    /// Whether the input method can take keys now (its daemon is reachable).
    var isAvailable: Bool { get }
    /// Offers a key. Events it causes go to the ``delegate`` before `answer` is called.
    ///
    /// - Parameters:
    ///   - key: The key, pressed or released.
    ///   - answer: Called once, with `true` when the input method handled
    ///     the key (it is swallowed) or `false` (it takes the normal route).
    func processKey(_ key: InputMethodKey, answer: @escaping @MainActor (Bool) -> Void)
    /// A typing responder became first responder.
    ///
    /// - Parameter context: What kind of text it takes.
    func focusIn(_ context: InputMethodContext)
    /// The typing responder stopped being first responder, or one that takes
    /// no input method (secure entry) took its place.
    func focusOut()
    /// Forgets the text being composed, after a click moved the caret or
    /// the window committed the preedit itself.
    func reset()
    /// Where the caret is, so that a candidate window shows beside it.
    ///
    /// - Parameter rect: The caret's rectangle in window coordinates.
    func setCaretRect(_ rect: Rect)
    /// The text around the caret, which some engines read (Thai, Vietnamese).
    ///
    /// The window sends it after the input method asks once
    /// (``InputMethodEvent/surroundingTextRequested``), then again on focus
    /// and whenever it changes, until the input method is replaced or its daemon returns.
    ///
    /// - Parameter surroundingText: The caret's paragraph (or the text before
    ///   the caret, from a responder that is not a ``SurroundingTextInput``),
    ///   with the caret and the selection's other end, in Unicode scalars.
    func setSurroundingText(_ surroundingText: SurroundingText)
    /// Asks for the system's on-screen keyboard for the focused responder:
    /// the user activated it, and the window shows no input view of its own.
    ///
    /// The window calls it after ``focusIn(_:)`` when the user focused the
    /// responder — a press or tap in it, or focus moving on from a responder
    /// the user activated (Tab, Next, Return) — and again on each press or tap
    /// in the focused responder, so that a keyboard the user hid comes back
    /// (GTK does the same on a click). It does not call it for a
    /// responder focused by the program alone (`becomeFirstResponder()` at
    /// launch), nor while the window shows its own ``OnScreenKeyboard`` or
    /// another ``Responder/inputView``. The request lasts until
    /// ``focusOut()``.
    ///
    /// An input method that shows no keyboard of its own ignores it: the
    /// default implementation does nothing. The compositor's text input
    /// (text-input-v3) enables itself on it when the seat has no hardware keyboard.
    func activateOnScreenKeyboard()
}

extension InputMethod {
    /// Does nothing: an input method without an on-screen keyboard has nothing to show.
    public func activateOnScreenKeyboard() {}
}

/// Receives what an ``InputMethod`` does to the text.
@MainActor
public protocol InputMethodDelegate: AnyObject {
    /// Applies an event of an input method.
    ///
    /// - Parameters:
    ///   - inputMethod: The input method that sent it.
    ///   - event: What it did.
    func inputMethod(_ inputMethod: InputMethod, send event: InputMethodEvent)
}
