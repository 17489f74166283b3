/// The states a node is in, as a set: focused, editable, showing, and so on.
///
/// The names follow AT-SPI2's states, which screen readers announce and filter on.
public struct AccessibilityStates: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The node can take keyboard focus.
    public static let focusable = AccessibilityStates(rawValue: 1 << 0)
    /// The node has keyboard focus (it is first responder).
    public static let focused = AccessibilityStates(rawValue: 1 << 1)
    /// The node's text can be edited.
    public static let editable = AccessibilityStates(rawValue: 1 << 2)
    /// The node works: it is not disabled.
    public static let enabled = AccessibilityStates(rawValue: 1 << 3)
    /// The node is selected (a picker's row, a tab).
    public static let selected = AccessibilityStates(rawValue: 1 << 4)
    /// The node and all its ancestors are visible in a window.
    public static let showing = AccessibilityStates(rawValue: 1 << 5)
    /// The node itself is not hidden (its ancestors may be).
    public static let visible = AccessibilityStates(rawValue: 1 << 6)
    /// The node's text may hold several lines.
    public static let multiLine = AccessibilityStates(rawValue: 1 << 7)
    /// The node's text is one line.
    public static let singleLine = AccessibilityStates(rawValue: 1 << 8)
    /// The window is active: it has keyboard focus on the desktop.
    public static let active = AccessibilityStates(rawValue: 1 << 9)
    /// The node responds to the user; AT-SPI2 reports it beside ``enabled``.
    public static let sensitive = AccessibilityStates(rawValue: 1 << 10)
    /// The node is checked (a check box, a switch that is on).
    public static let checked = AccessibilityStates(rawValue: 1 << 11)
    /// The node is pressed down.
    public static let pressed = AccessibilityStates(rawValue: 1 << 12)
    /// The node's content can be read and selected but not changed.
    public static let readOnly = AccessibilityStates(rawValue: 1 << 13)
}
