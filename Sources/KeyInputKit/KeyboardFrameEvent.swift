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

/// The keyboard (or another input view) appeared, moved or went away — a
/// typed value instead of UIKit's `userInfo` dictionary.
public struct KeyboardFrameEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        case willShow, didShow, willHide, didHide, willChangeFrame, didChangeFrame

        /// Whether this is the first of a will/did pair.
        public var isWill: Bool { self == .willShow || self == .willHide || self == .willChangeFrame }

        /// The `did` kind that completes a `will` kind.
        public var completion: Kind {
            switch self {
            case .willShow: .didShow
            case .willHide: .didHide
            case .willChangeFrame: .didChangeFrame
            default: self
            }
        }
    }

    /// Which of the will/did show, hide and change-frame events this is.
    public var kind: Kind
    /// Where the input views were when the change began, in window coordinates.
    public var beginFrame: Rect
    /// Where they are when it ends, in window coordinates.
    public var endFrame: Rect
    /// How long the change animates, in seconds.
    public var duration: Double
    /// Its timing curve.
    public var curve: AnimationCurve
    /// Whether the input views belong to the window that received the event
    /// (`false` for events relayed from another window of the application).
    public var isLocal: Bool

    public var description: String {
        "\(kind.rawValue) \(beginFrame) → \(endFrame) \(duration)s \(curve)\(isLocal ? "" : " (other window)")"
    }
}

/// A registration that lasts until ``cancel()`` is called.
@MainActor
public final class ObservationToken {
    private var cancelAction: (() -> Void)?
    init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
    /// Stops the observation.
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }
}
