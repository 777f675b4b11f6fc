// A row the user lifted to move it (<doc:ScrollBehaviour> §21), as the list draws it until the drop.
//
// Nothing is renumbered while the row is lifted: the lifted row r (height h) keeps its index and its view, drawn
// at its own `top` (following the finger) above the others, and the others are drawn at their places plus a shift
// that opens a gap where the row would drop. With t the drop target (the row's index after the move):
//     t > r: the rows r + 1 ... t are shifted up by h (they close the gap the row left, the gap opens below them);
//     t < r: the rows t ... r − 1 are shifted down by h;
//     t = r: nothing is shifted.
// When t changes, each alive row whose shift changes slides from where it is drawn to its new shift over 0.2 s
// (ease out); rows out of view take theirs at once. The slides are kept in storage reserved at the lift, so a frame
// allocates nothing.

/// The lifted row and the slides of the others; see the derivation above.
struct RowMovement {
    /// How long a row takes to slide out of the way, seconds.
    static let slideDuration = 0.2
    /// Slides kept at once; more rows changing together take their shift at once.
    static let slideCapacity = 64

    /// One row sliding to a new shift.
    struct Slide {
        var row: Int
        var from: Double
        var to: Double
        var start: Duration
    }

    /// The lifted row's index (unchanged until the drop).
    var row: Int
    /// Its view, held while lifted (also when its row leaves the alive run).
    var view: View
    /// Its height, points.
    var height: Double
    /// From the row's top to the finger when it was lifted, points.
    var grab: Double
    /// Where the lifted row's top is drawn, content y.
    var top: Double
    /// Where it would drop: its index after the move.
    var target: Int
    /// The time the slides are drawn at (window clock): the last frame or retarget.
    var now: Duration
    /// Rows on their way to a new shift.
    var slides: [Slide] = []
    /// Set while the drop's own batch is applied: the list renumbers, and the shifts give way to the batch
    /// animation.
    var isDropping = false

    init(row: Int, view: View, height: Double, grab: Double, top: Double, now: Duration) {
        self.row = row
        self.view = view
        self.height = height
        self.grab = grab
        self.top = top
        target = row
        self.now = now
        slides.reserveCapacity(RowMovement.slideCapacity)
    }

    /// The shift of `other` once the slides are over, for drop target `target`, points.
    func finalShift(ofRow other: Int, target: Int) -> Double {
        if target > row, other > row, other <= target { return -height }
        if target < row, other >= target, other < row { return height }
        return 0
    }

    /// The shift `other` is drawn with now, points.
    func shift(ofRow other: Int) -> Double {
        guard other != row else { return 0 }
        for slide in slides where slide.row == other {
            return slide.from + (slide.to - slide.from) * RowMovement.eased(now - slide.start)
        }
        return finalShift(ofRow: other, target: target)
    }

    /// The drop target becomes `newTarget` at `time`: the rows of `alive` whose shift changes slide from where they
    /// are drawn.
    mutating func retarget(to newTarget: Int, at time: Duration, alive: Range<Int>) {
        now = time
        guard newTarget != target else { return }
        let low = max(alive.lowerBound, min(target, newTarget))
        let high = min(alive.upperBound, max(target, newTarget) + 1)
        if low < high {
            for other in low..<high where other != row {
                let to = finalShift(ofRow: other, target: newTarget)
                guard to != finalShift(ofRow: other, target: target) else { continue }
                let from = shift(ofRow: other)
                slides.removeAll { $0.row == other }
                if slides.count < RowMovement.slideCapacity {
                    slides.append(Slide(row: other, from: from, to: to, start: time))
                }
            }
        }
        target = newTarget
    }

    /// Advances the slides to `time`, dropping those that are over; false when none is left.
    mutating func advance(to time: Duration) -> Bool {
        now = time
        slides.removeAll { (time - $0.start).inSeconds >= RowMovement.slideDuration }
        return !slides.isEmpty
    }

    /// The eased progress of a slide `elapsed` after its start, 0 ... 1.
    static func eased(_ elapsed: Duration) -> Double {
        let seconds = max(0, elapsed.inSeconds)
        guard seconds < slideDuration else { return 1 }
        return EaseOutAnimation(from: 0, to: 1, duration: slideDuration).position(at: seconds)
    }
}
