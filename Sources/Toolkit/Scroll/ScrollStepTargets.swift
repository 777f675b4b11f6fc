// Where wheel and key steps are heading, per axis, so that consecutive steps add up exactly.
//
// Wheel arithmetic (<doc:ScrollBehaviour> §7: 120 units = one detent = 48 pt, partial detents accumulate): a run of
// wheel events along an axis keeps the offset it started from (`anchor`) and the sum of the units since then
// (`units`, whole numbers from `axis_value120`), and heads for
//     target = anchor + units * 48 / 120.
// Each event scrolls its share at once (proportionally: 40 units scroll 16 pt), and because the target is
// computed from the sum rather than by adding per-event distances, 40 + 80 units land exactly one detent
// (48 pt) from the anchor: units * 48 is an exact integer and dividing it by 120 rounds once.
// At an end of the range the target is clamped and the run re-anchors there (anchor = edge, units = 0), so
// that wheeling back moves at once instead of first "unwinding" units that went past the edge.
// A key step or a page step re-anchors at its (clamped) target.
//
// Chaining (<doc:ScrollBehaviour> §14): what a clamped run could not use (`excess`, in points) goes on to the
// container around; that one adds it to its own run as points (`distance`), beside its own units, so that the sum
// stays exact: target = anchor + units * 48 / 120 + distance.
//
// On a paging axis whole detents move whole pages: units gather in `pageUnits` until they reach ±120, and
// each full detent moves the target one page.

/// The targets of the wheel and key steps of a scroll container, one per axis.
struct ScrollStepTargets {
    /// One axis's run of steps.
    struct Run {
        /// The offset the run started from, or was last clamped or re-anchored at, in points.
        var anchor = 0.0
        /// Wheel units (1/120 detent) added since `anchor`.
        var units = 0.0
        /// Points handed on by a container inside since `anchor` (<doc:ScrollBehaviour> §14).
        var distance = 0.0
        /// Wheel units toward the next page, on a paging axis (|pageUnits| < 120 after each step).
        var pageUnits = 0.0
        /// Where the run is heading, in points.
        var target = 0.0

        /// Starts a new run at `offset` (nothing pending).
        mutating func restart(at offset: Double) {
            anchor = offset
            units = 0
            distance = 0
            pageUnits = 0
            target = offset
        }

        /// Adds `value` wheel units at `distancePerDetent / unitsPerDetent` points each and returns the new
        /// target, clamped into `lower...upper` (re-anchoring at an edge it reached). `excess` is set to how far
        /// past that edge the run would have gone (points, signed; zero inside the range).
        mutating func addWheel(_ value: Double, distancePerDetent: Double, unitsPerDetent: Double,
                               lower: Double, upper: Double, excess: inout Double) -> Double {
            units += value
            return clampTarget(anchor + units * distancePerDetent / unitsPerDetent + distance,
                               lower: lower, upper: upper, excess: &excess)
        }

        /// Adds `points` handed on by a container inside (see the file header); as `addWheel` otherwise.
        mutating func addDistance(_ points: Double, distancePerDetent: Double, unitsPerDetent: Double,
                                  lower: Double, upper: Double, excess: inout Double) -> Double {
            distance += points
            return clampTarget(anchor + units * distancePerDetent / unitsPerDetent + distance,
                               lower: lower, upper: upper, excess: &excess)
        }

        private mutating func clampTarget(_ unclamped: Double, lower: Double, upper: Double,
                                          excess: inout Double) -> Double {
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

    /// The run along `axis`.
    subscript(axis: Axis) -> Run {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}
