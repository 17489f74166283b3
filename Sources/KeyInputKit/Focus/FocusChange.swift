/// A window's first responder changed: one completed focus transition.
///
/// Windows and the application post one after each transition, once the
/// responders' ``Responder/didResignFirstResponder()`` and
/// ``Responder/didBecomeFirstResponder()`` callbacks have run and the input
/// views for ``current`` have started moving in (so
/// ``Window/keyboardFinalFrame`` already says where they will end).
///
/// Changes chain: each change's ``previous`` is the ``current`` of the one
/// before it in the same window. A transition that a focus callback
/// overrode — the old responder's did-resign callback moved focus
/// elsewhere — posts nothing of its own: one change goes from the old
/// responder to where focus went. When a did-become callback moves focus
/// on, both changes are posted, in the order they happened, after every
/// callback has run.
public struct FocusChange: Sendable, CustomStringConvertible {
    /// The window whose first responder changed.
    public let window: Window
    /// The first responder before, or `nil` when there was none.
    public let previous: Responder?
    /// The first responder now, or `nil` when focus was dismissed or the
    /// focused view left the window.
    public let current: Responder?

    /// The two responders' types, such as `TextField → nil`.
    public var description: String {
        func name(_ responder: Responder?) -> String { responder.map { String(describing: type(of: $0)) } ?? "nil" }
        return "\(name(previous)) → \(name(current))"
    }
}
