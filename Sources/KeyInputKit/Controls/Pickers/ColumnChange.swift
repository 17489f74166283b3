/// A change a key, a click or the wheel asks of a ``ColumnPicker``'s selected column.
///
/// Directions follow what is drawn: a positive step moves towards the value
/// drawn above the box (Up), a negative one towards the value below (Down).
public enum ColumnChange: Hashable, Sendable {
    /// Up (positive) or Down (negative), a click on the value above or below, the wheel.
    case step(Int)
    /// Page Up (positive) or Page Down (negative): a bigger step.
    case page(Int)
    /// Home: the column's first value.
    case first
    /// End: the column's last value.
    case last
}
