import Toolkit

/// A one-line row of controls that scrolls sideways when the window is too narrow for it: the gallery's demo tabs
/// and each demo's settings. Built from the toolkit's own container, so the showcase uses what it shows:
/// - it rests on whole items: each item is a snap target at its leading edge (`snapping = .mandatory`, items
///   aligned `.start` after the leading inset);
/// - it chains nothing: `.contained`, so an overscroll rubber-bands here instead of moving anything around it;
/// - its bar is hidden on touch (a finger sees the items move) and shown to the pointer (`.automatic` while the
///   pointer is over the strip): a mouse drags the bar's thumb, as a vertical wheel does not scroll sideways;
/// - a drag that starts on an item scrolls even after the item took the touch (the items are controls, which a
///   container otherwise never takes a touch from);
/// - it takes no keyboard focus and hands keys it gets to `keyTarget`: with nothing focused the window gives keys
///   to its outermost container, which the tab strip is, and the arrows belong to the demo.
final class ButtonStrip: ScrollContainer {
    /// Receives the keys the window gives the strip (the demo's own key handling); nil: they go to the superview.
    var keyTarget: (@MainActor (Key, KeyModifiers, Duration) -> Bool)?

    /// A strip in `frame` whose items start `inset` points in from either end.
    init(frame: Rect, inset: Double) {
        super.init(frame: frame)
        contentInset = EdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
        contentOffset = Point(x: -inset, y: 0)  // at the start: an inset does not move the offset by itself
        snapping = .mandatory
        scrollChaining = .contained
        scrollbarVisibility = .never
        showsVerticalScrollIndicator = false
        // The strip is layout, not content: a screen reader sees its items where they were before (in the
        // panel or the window), and their `click` scrolls them into view first.
        isAccessibilityElement = false
    }

    /// Adds `items` left to right, `spacing` apart, vertically at `y`, and sizes the content to them.
    func setItems(_ items: [View], spacing: Double, y: Double) {
        var x = 0.0
        for item in items {
            item.frame = Rect(x: x, y: y, width: item.frame.width, height: item.frame.height)
            item.snapAlignment = .start
            addSubview(item)
            x += item.frame.width + spacing
        }
        contentSize = Size(width: max(0, x - spacing), height: bounds.height)
    }

    /// The width the items need with the insets: the strip shows them all at this width or wider.
    var fittingWidth: Double { contentSize.width + contentInset.left + contentInset.right }

    /// The offsets along x the strip rests on, ascending: each item's leading edge at the inset, clamped into the
    /// range (the range's end among them), points.
    var restingOffsets: [Double] {
        let lower = -contentInset.left
        let upper = max(lower, fittingWidth - contentInset.left - bounds.width)
        let starts = subviews.compactMap { $0.snapAlignment == nil ? nil : $0.frame.minX - contentInset.left }
        return Set(starts.map { min(max($0, lower), upper) } + [upper]).sorted()
    }

    /// Scrolls the least that shows `item` whole with the inset beside it, to a resting offset: its own when it
    /// lies before the visible part, else the first one far enough along.
    func reveal(_ item: View, animated: Bool) {
        let offsets = restingOffsets
        let offset = contentOffset.x
        let start = item.frame.minX - contentInset.left
        let needed = item.frame.maxX + contentInset.right - bounds.width
        var target = offset
        if start < offset {
            target = offsets.last { $0 <= start } ?? offsets[0]
        } else if needed > offset {
            target = offsets.first { $0 >= needed } ?? offsets[offsets.count - 1]
        }
        guard target != offset else { return }
        setContentOffset(Point(x: target, y: contentOffset.y), animated: animated)
    }

    /// A drag that starts on an item, after it took the touch, still scrolls the strip (UIKit's advice for a
    /// scroll view of buttons): the item's touch is cancelled, so it does not fire.
    override func touchesShouldCancel(in view: View) -> Bool { true }

    /// Resized, the strip goes to the nearest resting offset of its new range (wider, it would show space past
    /// its last item; narrower, its old end may lie between two items).
    override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        guard !isTracking else { return }
        let x = contentOffset.x
        if let nearest = restingOffsets.min(by: { abs($0 - x) < abs($1 - x) }), nearest != x {
            contentOffset = Point(x: nearest, y: contentOffset.y)
        }
    }

    override var acceptsKeyboardFocus: Bool { false }

    override func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        keyTarget?(key, modifiers, timestamp) ?? false
    }

    override func pointerEntered(_ location: Point) {
        scrollbarVisibility = .automatic
        super.pointerEntered(location)
    }

    override func pointerExited(_ location: Point) {
        super.pointerExited(location)
        scrollbarVisibility = .never
    }
}
