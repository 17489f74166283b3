/// A node of the accessibility tree: what assistive technology, such as a
/// screen reader, reads of a view or of a part a view draws.
///
/// ``View`` adopts it with defaults every control the toolkit ships
/// overrides; ``AccessibilityElement`` is a node for a part that is not a
/// view (a picker column, an on-screen key). See <doc:MakingAControlAccessible>.
@MainActor
public protocol Accessible: AnyObject {
    /// What the node is.
    var accessibilityRole: AccessibilityRole { get }
    /// The node's name, read first ("Name", "OK"); AT-SPI2's `Name`.
    var accessibilityLabel: String? { get }
    /// More about the node, read after its name and role.
    var accessibilityDescription: String? { get }
    /// The node's numeric value and its range, or `nil` when it has none.
    var accessibilityValue: AccessibilityValue? { get }
    /// The states the node is in now.
    var accessibilityStates: AccessibilityStates { get }
    /// What assistive technology can do to the node.
    var accessibilityActions: [AccessibilityAction] { get }
    /// How the node relates to others (a label and its field).
    var accessibilityRelations: [AccessibilityRelation] { get }
    /// The node that holds this one, or `nil` for a window.
    var accessibilityParent: (any Accessible)? { get }
    /// The nodes this one holds, in order.
    var accessibilityChildren: [any Accessible] { get }
    /// Where the node is, in its window's coordinates (points).
    var accessibilityFrameInWindow: Rect { get }
    /// The window the node is in, or `nil` outside one.
    var accessibilityWindow: Window? { get }
    /// The node's text, for a node that shows or edits text; `nil` otherwise.
    var accessibilityText: (any AccessibleText)? { get }
    /// Sets the node's value, as a reader's Value interface does.
    ///
    /// - Parameter value: The new value.
    /// - Returns: `false` when the node has no value that can be set.
    func setAccessibilityValue(_ value: Double) -> Bool
    /// Gives the node keyboard focus, as a reader's Component.GrabFocus does.
    ///
    /// - Returns: Whether the node has focus afterwards.
    func accessibilityFocus() -> Bool
}

extension Accessible {
    /// Posts an event about this node to its application's accessibility
    /// observers; `event` is not even built when nobody observes.
    ///
    /// Call it from your own control when something a reader shows changes:
    /// its value (``AccessibilityEvent/valueChanged(_:)``), its name, a state.
    ///
    /// - Parameter event: The event, built only when someone observes.
    public func postAccessibilityEvent(_ event: @autoclosure () -> AccessibilityEvent) {
        guard accessibilityIsObserved, let application = accessibilityWindow?.application,
            application.hasAccessibilityObservers
        else { return }
        application.postAccessibilityEvent(event())
    }
}
