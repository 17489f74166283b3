/// An input view that handles keys itself while it is shown — a date
/// picker's arrows, Return to confirm, Escape to cancel.
///
/// The window offers each key press to the presented input view after key
/// commands and before the responder chain.
@MainActor
public protocol InputViewKeyHandling: AnyObject {
    /// Handles a key while the view is presented.
    ///
    /// - Parameter press: The key press or release.
    /// - Returns: `true` when the view handled it; the press then goes no further.
    func handleKeyPress(_ press: KeyPress) -> Bool
}
