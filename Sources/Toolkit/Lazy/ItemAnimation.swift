// The items of an animated batch on their way (<doc:ScrollBehaviour> §19, §20), as displacements from the final
// layout, for lists and grids alike.
//
// The batch is applied at once: the layout, the items and the offset are the final ones, and the first visible item
// that survives is where it was on screen (anchoring). What animates is only where each item is drawn: an item whose
// frame was at screen (x0, y0) and is now laid out at (x1, y1) is drawn at its layout place plus
// (dx, dy) · (1 − p), with (dx, dy) = (x0 − x1, y0 − y1) and p the eased progress (ease out over 0.3 s:
// 1 − (1 − t/0.3)³). The anchor item has a zero displacement: it does not move, at any frame, by construction. A
// displacement, not a place on screen, so that a drag or a fling during the animation moves the items with the
// content.
//
// Inserted items grow from zero height (a list's rows: h · p tall, pushing the rows after them; a grid's items: scaled
// by p about their cell's centre) and fade in. Deleted items keep their views aside (not alive any more), placed by
// the shape relative to the item that takes their place ("closing" the gap), and fade out. How items that had no
// place before get their displacement, and where leaving ones are drawn, is the shape's (`ListContainer+Animation`,
// `GridContainer+Animation`).
//
// Storage: per item of the window of items alive after the batch, its dx and dy, its starting height (NaN: not
// animated) and its starting opacity; items made later (scrolled into view) take the displacement of the nearest
// end. Reserved at the batch: the frames allocate nothing.

/// Where the items of an animated batch are drawn until it ends; see the derivation above.
struct ItemAnimation {
    /// How long a batch animates.
    static let duration = 0.3

    /// When the batch started (window clock), nil when nothing animates.
    var start: Duration?
    /// The eased progress at the last frame, 0 ... 1.
    var progress = 1.0
    /// The first item of the window described.
    var first = 0
    /// Per item of the window: the vertical displacement dy at p = 0, points.
    var displacement: [Double] = []
    /// Per item: the horizontal displacement dx at p = 0, points (a list's rows: 0).
    var horizontal: [Double] = []
    /// Per item: the height it grows or shrinks from (NaN: its own height, not animated).
    var startHeight: [Double] = []
    /// Per item: its opacity at p = 0 (0: inserted, fading in; 1: not fading).
    var startOpacity: [Double] = []

    /// A deleted item's view on its way out.
    struct Leaving {
        var view: View
        /// The item that takes its place (new index; the item count: past the end).
        var closingItem: Int
        /// Its place relative to the closing item's layout place at p = 0, points.
        var displacement: Double
        var horizontal: Double
        var startHeight: Double
        /// Its opacity at p = 0 (an item already fading when a second batch came).
        var startOpacity: Double
    }

    /// Deleted items' views, drawn fading (a list's rows also shrinking) until the end.
    var leaving: [Leaving] = []

    /// Whether a batch animates now.
    var isActive: Bool { start != nil }

    /// The vertical displacement of `item` now (dy · (1 − p)), points.
    func offset(ofItem item: Int) -> Double {
        guard isActive, !displacement.isEmpty else { return 0 }
        let index = min(max(0, item - first), displacement.count - 1)
        return displacement[index] * (1 - progress)
    }

    /// The horizontal displacement of `item` now (dx · (1 − p)), points.
    func horizontalOffset(ofItem item: Int) -> Double {
        guard isActive, !horizontal.isEmpty else { return 0 }
        let index = min(max(0, item - first), horizontal.count - 1)
        return horizontal[index] * (1 - progress)
    }

    /// The height `item` is drawn with now, given its laid-out height.
    func height(ofItem item: Int, laidOut height: Double) -> Double {
        guard isActive, item >= first, item - first < startHeight.count else { return height }
        let from = startHeight[item - first]
        return from.isNaN ? height : from + (height - from) * progress
    }

    /// The opacity `item` is drawn with now (1 unless it fades in).
    func opacity(ofItem item: Int) -> Double {
        guard isActive, item >= first, item - first < startOpacity.count else { return 1 }
        let from = startOpacity[item - first]
        return from + (1 - from) * progress
    }

    /// The eased progress at `elapsed` seconds.
    static func eased(_ elapsed: Double) -> Double {
        EaseOutAnimation(from: 0, to: 1, duration: ItemAnimation.duration).position(at: elapsed)
    }
}
