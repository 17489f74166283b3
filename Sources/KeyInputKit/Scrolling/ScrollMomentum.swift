import Foundation

/// One axis of a content offset going on by itself after the finger lifts:
/// it decelerates exponentially, and springs back to an edge it passes or
/// was released beyond. A pure function of time, so any frame rate gives
/// the same path.
struct ScrollMomentum: Sendable {
    /// Where the motion is.
    enum Phase: Sendable {
        /// Gliding on from `position` at `velocity` (points per second) since `start`.
        case decelerating(position: Double, velocity: Double, start: Double)
        /// A critically damped spring toward `edge`, `displacement` past it at `velocity` at `start`.
        case spring(edge: Double, displacement: Double, velocity: Double, start: Double)
        /// At rest at `position`.
        case resting(Double)
    }

    /// Below this speed, in points per second, a release leaves the content where it is.
    static let minimumVelocity = 50.0
    /// The spring's stiffness, per second: back from 50 points past an edge in about 0.45 s.
    static let springFrequency = 15.0
    /// How near the end, in points, the motion counts as over.
    static let restDistance = 0.5

    /// The offsets the content may rest at.
    let limits: ClosedRange<Double>
    /// The speed kept per second, as an exponent: 1000·ln(rate per millisecond), negative.
    let decay: Double
    /// Where the motion is now.
    private(set) var phase: Phase

    /// Starts the motion of content at `position` released at `velocity` at `time`.
    init(position: Double, velocity: Double, limits: ClosedRange<Double>, rate: Double, time: Double) {
        self.limits = limits
        decay = 1000 * log(min(max(rate, 0.5), 0.9999))
        if position < limits.lowerBound || position > limits.upperBound {
            let edge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
            phase = .spring(edge: edge, displacement: position - edge, velocity: velocity, start: time)
        } else if abs(velocity) < Self.minimumVelocity {
            phase = .resting(position)
        } else {
            phase = .decelerating(position: position, velocity: velocity, start: time)
        }
    }

    /// Whether the content has come to rest.
    var isFinished: Bool {
        if case .resting = phase { return true }
        return false
    }

    /// Moves the motion to `time` and returns the offset then.
    mutating func position(at time: Double) -> Double {
        switch phase {
        case .resting(let position):
            return position
        case .decelerating(let position, let velocity, let start):
            let elapsed = max(0, time - start)
            let kept = exp(decay * elapsed)
            let now = position + velocity * (kept - 1) / decay
            let end = position - velocity / decay
            // Past an edge: the spring takes over where it crossed, at the speed it had there.
            let edge = velocity < 0 ? limits.lowerBound : limits.upperBound
            if (velocity < 0 && now < edge) || (velocity > 0 && now > edge) {
                let crossing = log(1 + (edge - position) * decay / velocity) / decay
                phase = .spring(edge: edge, displacement: 0, velocity: velocity * exp(decay * crossing), start: start + crossing)
                return self.position(at: time)
            }
            if abs(end - now) < Self.restDistance {
                phase = .resting(min(max(end.rounded(), limits.lowerBound), limits.upperBound))
                return self.position(at: time)
            }
            return now
        case .spring(let edge, let displacement, let velocity, let start):
            let elapsed = max(0, time - start)
            let omega = Self.springFrequency
            let c = velocity + omega * displacement
            let fade = exp(-omega * elapsed)
            let offset = (displacement + c * elapsed) * fade
            let speed = (velocity - omega * c * elapsed) * fade
            if abs(offset) < Self.restDistance, abs(speed) < Self.restDistance * omega * 2 {
                phase = .resting(edge)
                return edge
            }
            return edge + offset
        }
    }
}
