/// A numeric value within a range, with the text a person sees for it.
///
/// A date picker's day column reads `current: 15, minimum: 1, maximum: 31,
/// step: 1, text: "15"`; its month column reads `text: "March"` at 3.
public struct AccessibilityValue: Sendable, Hashable {
    /// The value now.
    public var current: Double
    /// The lowest value.
    public var minimum: Double
    /// The highest value.
    public var maximum: Double
    /// How far one increment moves the value; 0 when any value is allowed.
    public var step: Double
    /// The value as shown, when that is not just the number ("March").
    public var text: String?

    /// Creates a value.
    ///
    /// - Parameters:
    ///   - current: The value now.
    ///   - minimum: The lowest value.
    ///   - maximum: The highest value.
    ///   - step: How far one increment moves it (1 by default).
    ///   - text: The value as shown, or `nil` when it is the number.
    public init(current: Double, minimum: Double, maximum: Double, step: Double = 1, text: String? = nil) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.text = text
    }
}
