import Foundation

/// A column being turned by a finger or the pointer, and the spin a flick leaves it:
/// how far its rows moved, how many steps that made, and where a spin comes to rest.
///
/// Positions are in points, positive when the rows moved down (towards the value above
/// the box: ``ColumnChange/step(_:)`` by 1 per row). The column selects the row nearest
/// the box, so a step is taken half-way across a row.
struct ColumnTurn {
    /// The column turned.
    let column: Int
    /// Steps taken since the turn began.
    var steps = 0
    /// How far the rows moved since the turn began.
    var position = 0.0
    /// Finger travel not counted because a limit held the column.
    var heldTravel = 0.0
    /// Whether a step changed the value.
    var changedValue = false
    /// The column's accessibility values when the turn began, while a reader listens.
    var valuesBefore: [AccessibilityValue?]?
    /// The spin after the finger lifted, if it goes on by itself.
    var spin: Spin?

    /// A spin coming to rest on a row: exponential decay towards ``target``.
    struct Spin {
        /// When it began, on the window's clock.
        let start: Double
        /// The position it began at.
        let from: Double
        /// The position it stops at: a whole number of rows.
        let target: Double

        /// The position at `time`, and whether it has arrived.
        func position(at time: Double) -> (position: Double, arrived: Bool) {
            let left = (from - target) * exp(-max(0, time - start) / ColumnTurn.timeConstant)
            return abs(left) < 0.5 ? (target, true) : (target + left, false)
        }
    }

    /// Points between one row and the next: the box's centre to the value above's.
    static let rowPitch = (ColumnMetrics.box.y + ColumnMetrics.box.height / 2)
        - (ColumnMetrics.above.y + ColumnMetrics.above.height / 2)
    /// How fast a spin slows down, in seconds: it travels about velocity × this before it stops.
    static let timeConstant = 0.35

    /// How far the rows are drawn off their places: less than half a row either way.
    var offset: Double { position - Double(steps) * Self.rowPitch }

    /// The row nearest the box, in steps from where the turn began.
    var wantedSteps: Int { Int((position / Self.rowPitch).rounded()) }

    /// A spin from the current position at `velocity` points per second, at `time`, ending on a row.
    func spin(velocity: Double, at time: Double) -> Spin {
        let coast = position + velocity * Self.timeConstant
        let target = (coast / Self.rowPitch).rounded() * Self.rowPitch
        return Spin(start: time, from: position, target: target)
    }
}
