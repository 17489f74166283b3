/// The resistance content meets past its edges while a finger drags it:
/// UIKit's rubber band, which gives less the farther it is pulled.
enum RubberBand {
    /// How stiff the band is: UIKit's 0.55.
    static let coefficient = 0.55

    /// The offset shown for `raw`, the offset the finger alone asks for:
    /// itself inside `limits`, less and less beyond them, never a whole `dimension` past.
    static func offset(_ raw: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        if raw < limits.lowerBound { return limits.lowerBound - stretch(limits.lowerBound - raw, dimension) }
        if raw > limits.upperBound { return limits.upperBound + stretch(raw - limits.upperBound, dimension) }
        return raw
    }

    /// The offset the finger asks for to show `offset`: the inverse of ``offset(_:limits:dimension:)``.
    static func raw(_ offset: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        if offset < limits.lowerBound { return limits.lowerBound - unstretch(limits.lowerBound - offset, dimension) }
        if offset > limits.upperBound { return limits.upperBound + unstretch(offset - limits.upperBound, dimension) }
        return offset
    }

    /// How much the band gives at `raw`, per point the finger moves: 1 inside, less beyond.
    static func give(at raw: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        let past = max(limits.lowerBound - raw, raw - limits.upperBound, 0)
        guard past > 0, dimension > 0 else { return 1 }
        let denominator = past * coefficient / dimension + 1
        return coefficient / (denominator * denominator)
    }

    /// How far content pulled `distance` past an edge goes: (1 − 1/(d·c/D + 1))·D.
    private static func stretch(_ distance: Double, _ dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The pull that stretches content `shown` past an edge.
    private static func unstretch(_ shown: Double, _ dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let capped = min(shown, dimension * 0.999)
        return dimension / coefficient * capped / (dimension - capped)
    }
}
