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
