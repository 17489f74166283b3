/// Key repeat timing.
public struct KeyRepeatSettings: Hashable, Sendable {
    /// Seconds a key is held before it repeats.
    public var delay: Double
    /// Repeats per second after that.
    public var rate: Double
    /// Whether keys repeat at all.
    public var isEnabled: Bool

    /// Creates repeat settings: `delay` seconds before the first repeat, then `rate` repeats a second.
    public init(delay: Double = 0.6, rate: Double = 25, isEnabled: Bool = true) {
        self.delay = delay
        self.rate = rate
        self.isEnabled = isEnabled && rate > 0
    }

    /// X11's defaults: 600 ms, 25 per second.
    public static let standard = KeyRepeatSettings()
}
