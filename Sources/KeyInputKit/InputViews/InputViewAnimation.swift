/// The timing curve of an animation.
public enum AnimationCurve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut

    /// Progress (0…1) at time fraction `t` (0…1).
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        }
    }
}

private func pow3(_ x: Double) -> Double { x * x * x }

/// How input views move in and out: one duration and curve for the input
/// view, its accessory, and every layout that follows the keyboard.
public struct InputViewAnimation: Hashable, Sendable {
    /// Seconds; 0 shows and hides at once.
    public var duration: Double
    /// The timing curve.
    public var curve: AnimationCurve

    /// Creates an animation of `duration` seconds along `curve`.
    public init(duration: Double = 0.25, curve: AnimationCurve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// UIKit's keyboard timing: 0.25 s, ease in and out.
    public static let standard = InputViewAnimation()
    /// No animation.
    public static let none = InputViewAnimation(duration: 0, curve: .linear)
}
