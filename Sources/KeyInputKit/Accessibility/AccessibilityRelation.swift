/// How one node relates to another, such as a label naming a field.
///
/// A node keeps the other end weakly and builds these when asked, so a
/// relation never keeps a view alive.
public enum AccessibilityRelation {
    /// This node is the label of the other one.
    case labelFor(any Accessible)
    /// The other node is the label of this one.
    case labelledBy(any Accessible)

    /// The node at the other end.
    public var target: any Accessible {
        switch self {
        case .labelFor(let target), .labelledBy(let target): target
        }
    }
}
