/// A node for a part a view draws rather than a view of its own: a picker
/// column, an on-screen key, a button of the accessory bar.
///
/// Every property is stored and settable; the view that draws the part
/// creates the element, keeps it up to date and lists it among its
/// ``Accessible/accessibilityChildren``. The parent is held weakly.
@MainActor
open class AccessibilityElement: Accessible {
    /// What the part is.
    open var accessibilityRole: AccessibilityRole
    /// The part's name.
    open var accessibilityLabel: String?
    /// More about the part.
    open var accessibilityDescription: String?
    /// The part's value, or `nil`.
    open var accessibilityValue: AccessibilityValue?
    /// The part's states, which the view that draws it keeps up to date.
    open var accessibilityStates: AccessibilityStates
    /// What a reader can do to the part.
    open var accessibilityActions: [AccessibilityAction] = []
    /// The part's relations.
    open var accessibilityRelations: [AccessibilityRelation] = []
    /// The view or element that holds the part (held weakly).
    open weak var accessibilityParent: (any Accessible)?
    /// Parts inside this one.
    open var accessibilityChildren: [any Accessible] = []
    /// Where the part is, in window coordinates.
    open var accessibilityFrameInWindow: Rect
    /// The part's text, when it has some.
    open var accessibilityText: (any AccessibleText)?
    /// Called by ``setAccessibilityValue(_:)``; `nil` (the default) means the value cannot be set.
    open var valueSetter: (@MainActor (Double) -> Bool)?
    /// Called by ``accessibilityFocus()``; `nil` (the default) means the part takes no focus.
    open var focusHandler: (@MainActor () -> Bool)?

    /// Creates an element.
    ///
    /// - Parameters:
    ///   - role: What the part is.
    ///   - label: Its name.
    ///   - parent: The view or element that holds it (kept weakly).
    ///   - frame: Where it is, in window coordinates.
    ///   - states: Its states (`[.enabled, .sensitive, .visible, .showing]` by default).
    public init(
        role: AccessibilityRole, label: String? = nil, parent: (any Accessible)? = nil, frame: Rect = .zero,
        states: AccessibilityStates = [.enabled, .sensitive, .visible, .showing]
    ) {
        accessibilityRole = role
        accessibilityLabel = label
        accessibilityParent = parent
        accessibilityFrameInWindow = frame
        accessibilityStates = states
    }

    /// The parent's window.
    open var accessibilityWindow: Window? { accessibilityParent?.accessibilityWindow }

    /// Sets the value through ``valueSetter``.
    open func setAccessibilityValue(_ value: Double) -> Bool { valueSetter?(value) ?? false }

    /// Focuses the part through ``focusHandler``.
    open func accessibilityFocus() -> Bool { focusHandler?() ?? false }
}
