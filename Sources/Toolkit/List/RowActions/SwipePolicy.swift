// Where a swiped row comes to rest (<doc:ScrollBehaviour> §21), as pure functions of the release: no view, no
// recognizer, so that each number of the rule is tested on its own.
//
// Distances are measured toward the revealed side (positive: more of the actions shows), velocities likewise
// (positive: the finger moves to reveal more), so the same rule serves both edges and both layout directions.

/// How a swiped row comes to rest.
enum SwipeRest: Equatable {
    /// Back in place, the actions hidden.
    case closed
    /// Slid by the actions' total width, the actions showing.
    case open
    /// The first action is performed (a full swipe), then the row closes or is deleted.
    case performFirst
}

/// The swipe rule's numbers and decisions.
enum SwipePolicy {
    /// A release faster than this toward a side rests there, points per second (*fixed*).
    static let flickVelocity = 500.0
    /// A release beyond this fraction of the row's width performs the first action (*fixed*).
    static let fullSwipeFraction = 0.6
    /// How long the row takes to slide to rest, seconds (*fixed*; the ease-out curve of animated scrolling).
    static let settleDuration = 0.25

    /// The width of each action: its title's width plus the padding on both sides, at least
    /// `SwipeAction.minimumWidth`, points.
    static func widths(of actions: [SwipeAction]) -> [Double] {
        actions.map { action in
            let title = Font.measure(action.title, size: SwipeAction.titleFontSize).width
            return max(SwipeAction.minimumWidth, title + 2 * SwipeAction.titlePadding)
        }
    }

    /// How the row rests after a release `distance` points toward the revealed side at `velocity` points per second
    /// that way, with actions `openWidth` wide in total, on a row `rowWidth` wide: past 60 % of the row performs the
    /// first action; otherwise a flick faster than 500 pt/s decides by its direction; otherwise past half of the
    /// actions' width rests open.
    static func rest(distance: Double, velocity: Double, openWidth: Double, rowWidth: Double) -> SwipeRest {
        guard openWidth > 0, distance.isFinite, velocity.isFinite else { return .closed }
        if rowWidth > 0 && distance > fullSwipeFraction * rowWidth { return .performFirst }
        if velocity > flickVelocity { return .open }
        if velocity < -flickVelocity { return .closed }
        return distance > openWidth / 2 ? .open : .closed
    }

    /// Whether a row shown `distance` points toward its revealed side, on a row `rowWidth` wide, would perform its
    /// first action if released now (the strip then shows that action alone).
    static func isFullSwipe(distance: Double, rowWidth: Double) -> Bool {
        rowWidth > 0 && distance > fullSwipeFraction * rowWidth
    }

    /// The width of an action `width` wide among actions `total` wide in a strip `stripWidth` wide: its share in
    /// proportion (the strip is narrower than the actions while the row slides, wider when dragged beyond); in a
    /// full swipe the first action takes the whole strip and the others none.
    static func share(of width: Double, isFirst: Bool, total: Double, stripWidth: Double, fullSwipe: Bool) -> Double {
        guard total > 0, stripWidth > 0 else { return 0 }
        if fullSwipe { return isFirst ? stripWidth : 0 }
        return width / total * stripWidth
    }
}
