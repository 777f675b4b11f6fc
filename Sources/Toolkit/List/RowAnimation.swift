// The rows of an animated batch on their way (<doc:ScrollBehaviour> §19), as displacements from the final layout.
//
// The batch is applied at once: heights, rows and offset are the final ones, and the first visible row that
// survives is where it was on screen (anchoring). What animates is only where each row is drawn: a row whose top was
// at screen y0 and is now laid out at screen y1 is drawn at its layout place plus dy · (1 − p), with dy = y0 − y1
// and p the eased progress (ease out over 0.3 s: 1 − (1 − t/0.3)³). The anchor row has dy = 0: it does not move, at
// any frame, by construction. A displacement, not a place on screen, so that a drag or a fling during the
// animation moves the rows with the content.
//
// Inserted rows grow from zero height: drawn h · p tall, from dy = the displacement of the row before them, so that
// the rows after them (whose dy is smaller by h) slide down exactly as they grow: with consecutive rows a and b,
// dy_b = dy_a + h0_a − h_a, and a's bottom, y_a + dy_a(1 − p) + h0_a + (h_a − h0_a)p, is b's top at every p. Deleted
// rows keep their views aside (not alive any more), drawn at the top of the row that closes their gap, plus their
// own dy, shrinking from their height to 0. Inserted rows fade in and deleted ones out.
//
// Storage: per row of the window of rows alive after the batch, its dy, its starting height (NaN: not animated)
// and its starting opacity; rows made later (scrolled into view) take the displacement of the nearest end. Reserved
// at the batch: the frames allocate nothing.

/// Where the rows of an animated batch are drawn until it ends; see the derivation above.
struct RowAnimation {
    /// How long a batch animates.
    static let duration = 0.3

    /// When the batch started (window clock), nil when nothing animates.
    var start: Duration?
    /// The eased progress at the last frame, 0 ... 1.
    var progress = 1.0
    /// The first row of the window described.
    var first = 0
    /// Per row of the window: the displacement dy at p = 0, points.
    var displacement: [Double] = []
    /// Per row: the height it grows or shrinks from (NaN: its own height, not animated).
    var startHeight: [Double] = []
    /// Per row: its opacity at p = 0 (0: inserted, fading in; 1: not fading).
    var startOpacity: [Double] = []

    /// A deleted row's view on its way out.
    struct Leaving {
        var view: View
        /// The row whose top closes the gap (new index; the row count: the end of the list).
        var closingRow: Int
        var displacement: Double
        var startHeight: Double
        /// Its opacity at p = 0 (a row already fading when a second batch came).
        var startOpacity: Double
    }

    /// Deleted rows' views, drawn shrinking and fading until the end.
    var leaving: [Leaving] = []

    /// Whether a batch animates now.
    var isActive: Bool { start != nil }

    /// The displacement of `row` now (dy · (1 − p)), points.
    func offset(ofRow row: Int) -> Double {
        guard isActive, !displacement.isEmpty else { return 0 }
        let index = min(max(0, row - first), displacement.count - 1)
        return displacement[index] * (1 - progress)
    }

    /// The height `row` is drawn with now, given its laid-out height.
    func height(ofRow row: Int, laidOut height: Double) -> Double {
        guard isActive, row >= first, row - first < startHeight.count else { return height }
        let from = startHeight[row - first]
        return from.isNaN ? height : from + (height - from) * progress
    }

    /// The opacity `row` is drawn with now (1 unless it fades in).
    func opacity(ofRow row: Int) -> Double {
        guard isActive, row >= first, row - first < startOpacity.count else { return 1 }
        let from = startOpacity[row - first]
        return from + (1 - from) * progress
    }

    /// The eased progress at `elapsed` seconds.
    static func eased(_ elapsed: Double) -> Double {
        EaseOutAnimation(from: 0, to: 1, duration: RowAnimation.duration).position(at: elapsed)
    }
}
