/// Wheel motion gathered over one pointer frame, in wheel steps.
///
/// A compositor may send, per axis, the motion (`axis`, 10 units a step on
/// libinput and Weston), whole steps (`axis_discrete`, version 5–7) and
/// 120ths of a step (`axis_value120`, version 8); the most precise count
/// it sent wins.
struct WheelSteps {
    /// How much of `axis`'s value one step is when no steps are counted.
    static let axisUnitsPerStep = 10.0

    /// Which way an axis scrolls.
    enum Axis: Int {
        case vertical = 0
        case horizontal = 1
    }

    private var value = [0.0, 0.0]
    private var discrete: [Double?] = [nil, nil]
    private var value120: [Double?] = [nil, nil]

    /// Adds what one event said about `axis`.
    mutating func add(_ axis: Axis, value: Double? = nil, discrete: Double? = nil, value120: Double? = nil) {
        let index = axis.rawValue
        if let value { self.value[index] += value }
        if let discrete { self.discrete[index] = (self.discrete[index] ?? 0) + discrete }
        if let value120 { self.value120[index] = (self.value120[index] ?? 0) + value120 }
    }

    /// The steps gathered (positive `dy` scrolls down, positive `dx` right),
    /// or `nil` when the wheel did not turn; starts over either way.
    mutating func take() -> (dx: Double, dy: Double)? {
        func steps(_ index: Int) -> Double {
            value120[index].map { $0 / 120 } ?? discrete[index] ?? value[index] / Self.axisUnitsPerStep
        }
        let result = (dx: steps(Axis.horizontal.rawValue), dy: steps(Axis.vertical.rawValue))
        self = WheelSteps()
        return result.dx != 0 || result.dy != 0 ? result : nil
    }
}
