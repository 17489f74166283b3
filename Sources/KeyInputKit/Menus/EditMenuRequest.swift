/// What the edit menu is being built for: where it opens and what opened it
/// — UIKit's `UIEditMenuConfiguration`. ``Responder/editMenu(for:suggestedActions:)``
/// receives it.
public struct EditMenuRequest: Hashable, Sendable {
    /// What opened the menu.
    public enum Trigger: Hashable, Sendable {
        /// A right click (button 3).
        case secondaryClick
        /// The Menu key or Shift+F10, for the first responder.
        case keyboard
        /// A long press by touch; rows are 44 points tall.
        case longPress
    }

    /// Where the menu opens, in window coordinates: the click or touch, or the caret or selection for a key.
    public var location: Point
    /// What opened the menu.
    public var trigger: Trigger

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - location: Where the menu opens, in window coordinates.
    ///   - trigger: What opened it.
    public init(location: Point, trigger: Trigger) {
        self.location = location
        self.trigger = trigger
    }
}
