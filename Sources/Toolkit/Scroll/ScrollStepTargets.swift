// Where wheel and key steps are heading, per axis, so that consecutive steps add up exactly (<doc:ScrollBehaviour>
// §7). A run keeps its `anchor` and the whole units since then, and heads for
//     target = anchor + units * 48 / 120 + distance
// (`distance`: points handed on by a container inside, §14). The target comes from the sum, not from per-event
// distances: units * 48 is an exact integer, so dividing by 120 rounds once. At an end of the range the run
// re-anchors there, so wheeling back moves at once instead of unwinding units that went past the edge.

/// The targets of the wheel and key steps of a scroll container, one per axis.
struct ScrollStepTargets {
    struct Run {
        /// The offset the run started from, or was last clamped or re-anchored at, in points.
        var anchor = 0.0
        /// Wheel units (1/120 detent) since `anchor`.
        var units = 0.0
        /// Points handed on by a container inside since `anchor`.
        var distance = 0.0
        /// Wheel units toward the next page on a paging axis (|pageUnits| < 120 after each step).
        var pageUnits = 0.0
        /// Where the run is heading, in points.
        var target = 0.0

        mutating func restart(at offset: Double) {
            anchor = offset
            units = 0
            distance = 0
            pageUnits = 0
            target = offset
        }

        /// Adds `value` wheel units and returns the new target, clamped into `lower...upper` (re-anchoring at an edge);
        /// `excess`: how far past that edge the run would have gone (points, signed).
        mutating func addWheel(
            _ value: Double, distancePerDetent: Double, unitsPerDetent: Double,
            lower: Double, upper: Double, excess: inout Double
        ) -> Double {
            units += value
            return clampTarget(
                anchor + units * distancePerDetent / unitsPerDetent + distance,
                lower: lower, upper: upper, excess: &excess)
        }

        /// Adds `points` handed on by a container inside; as `addWheel` otherwise.
        mutating func addDistance(
            _ points: Double, distancePerDetent: Double, unitsPerDetent: Double,
            lower: Double, upper: Double, excess: inout Double
        ) -> Double {
            distance += points
            return clampTarget(
                anchor + units * distancePerDetent / unitsPerDetent + distance,
                lower: lower, upper: upper, excess: &excess)
        }

        private mutating func clampTarget(
            _ unclamped: Double, lower: Double, upper: Double,
            excess: inout Double
        ) -> Double {
            excess = 0
            if unclamped <= lower || unclamped >= upper || !unclamped.isFinite {
                let edge = unclamped.isFinite ? min(max(unclamped, lower), upper) : target
                if unclamped.isFinite { excess = unclamped - edge }
                restart(at: edge)
                return edge
            }
            target = unclamped
            return target
        }

        /// Moves the whole run by `distance` points (scroll anchoring moved the content under it).
        mutating func shift(by distance: Double) {
            anchor += distance
            target += distance
        }

        /// Moves the target to `offset` (a key step, a page step) and re-anchors there; keeps `pageUnits`.
        mutating func move(to offset: Double) {
            let pending = pageUnits
            restart(at: offset)
            pageUnits = pending
        }
    }

    private var horizontal = Run()
    private var vertical = Run()

    subscript(axis: Axis) -> Run {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}
