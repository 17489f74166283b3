extension ScrollView {
    /// How quickly content flicked by a finger slows down: UIKit's
    /// `UIScrollView.DecelerationRate`, the fraction of its speed the content
    /// keeps each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of its speed the content keeps per millisecond, between 0 and 1.
        public var rawValue: Double

        /// Creates a rate from the fraction of speed kept per millisecond.
        public init(rawValue: Double) { self.rawValue = rawValue }

        /// The usual rate, 0.998: a flick glides on for about half a second per 1,000 points a second.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A quick stop, 0.99: for content that pages or snaps, such as a picker's column.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
