/// A change assistive technology announces: focus moved, text typed, a value stepped.
///
/// Observe them with ``Application/observeAccessibility(_:)``; they are built
/// only while someone observes.
public enum AccessibilityEvent {
    /// Keyboard focus moved between two nodes (either may be `nil`): the first
    /// responders, or the selected column of a picker a responder shows as its input view.
    case focusChanged(from: (any Accessible)?, to: (any Accessible)?)
    /// Text was inserted at a scalar offset.
    case textInserted(any Accessible, offset: Int, text: String)
    /// Text was deleted from a scalar offset.
    case textDeleted(any Accessible, offset: Int, text: String)
    /// The caret moved to a scalar offset.
    case caretMoved(any Accessible, offset: Int)
    /// The selection changed.
    case selectionChanged(any Accessible)
    /// Marked text (a compose sequence or an input method's preedit) was shown, changed or cleared.
    case markedTextChanged(any Accessible)
    /// The node's ``Accessible/accessibilityValue`` changed.
    case valueChanged(any Accessible)
    /// The node's ``Accessible/accessibilityLabel`` changed.
    case nameChanged(any Accessible)
    /// States of the node turned on or off.
    case stateChanged(any Accessible, AccessibilityStates, isOn: Bool)
    /// A child was added to or removed from a node, at an index of its children.
    case childrenChanged(parent: any Accessible, child: any Accessible, index: Int, added: Bool)
    /// A window became active: it has the desktop's keyboard focus.
    case windowActivated(Window)
    /// A window stopped being active.
    case windowDeactivated(Window)
}
