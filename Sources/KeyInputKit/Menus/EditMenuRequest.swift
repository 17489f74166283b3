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
    /// What the menu must not cover, in window coordinates, or `nil`: after a
    /// long press, the selected word and its handles. The menu then opens
    /// above it, or below it when there is no room above, as iOS's does.
    public var avoiding: Rect?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - location: Where the menu opens, in window coordinates.
    ///   - trigger: What opened it.
    ///   - avoiding: What the menu must not cover, or `nil`.
    public init(location: Point, trigger: Trigger, avoiding: Rect? = nil) {
        self.location = location
        self.trigger = trigger
        self.avoiding = avoiding
    }
}
