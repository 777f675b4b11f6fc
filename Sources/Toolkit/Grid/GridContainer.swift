import Foundation

/// A `ScrollContainer` of items in rows of adaptive columns, whose views come from a data source and exist only
/// near the visible rect: photo browsers, file managers, icon views, from 0 to 10,000,000 items at the cost of the
/// items in view. Behaviour: <doc:ScrollBehaviour> §20.
///
/// - Layout: items are at least `itemSize`; as many columns as fit, max(1, ⌊(width − insets + spacing) /
///   (itemSize.width + spacing)⌋), the leftover width shared so the items stretch to fill the row; rows follow
///   each other `spacing` apart; items keep `itemSize.height`, or `aspectRatio` when set. Right to left
///   (`layoutDirection`), rows fill from the right.
/// - Views are made (`grid(_:viewForItem:)`) for the items meeting the visible rect, kept while their row is within
///   one visible height of it, then removed and kept for `dequeueReusableView(kind:)` by their `reuseKind`
///   (`prepareForReuse()` is called then). At most the visible items plus two visible heights of rows are alive.
/// - A change of the column count (a resize, a new `itemSize`) keeps the first visible item where it was on screen.
/// - Updates (`reloadData()`, `insertItems(at:)`, `deleteItems(at:)`, `moveItem(_:to:)`, `performBatchUpdates`)
///   keep the items' identity and the first visible item still. Selection, focus and keys as a list's, the arrows
///   moving in two dimensions.
/// - Prefetching: the data source hears of the items about to come into view (`grid(_:prefetchItems:)`).
///
/// Cost: the layout is arithmetic (`GridLayout`), O(1) from an offset to an item and back, with no memory per item;
/// scrolling over items whose views are reused allocates nothing per frame (the app's own configuration of a view
/// aside).
///
/// Everything of `ScrollContainer` works on it (delays, flings, keys, observers, nesting); zoom is not meant for
/// grids. Other subviews an app adds are drawn but not laid out by the grid.
@MainActor
open class GridContainer: LazyContainer {
    /// Gives the items. Setting it reloads the grid. Not retained.
    public weak var dataSource: (any GridDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }

    /// The smallest size of an item, points: the columns are as many as fit at this width, and share what is left.
    /// Sizes that are not positive and finite are ignored. Default 120 × 120.
    public var itemSize = Size(width: 120, height: 120) {
        didSet {
            guard itemSize.width > 0, itemSize.height > 0, itemSize.width.isFinite, itemSize.height.isFinite else {
                itemSize = oldValue
                return
            }
            if itemSize != oldValue { layoutItems() }
        }
    }

    /// The gap between columns and between rows, points. Negative or non-finite values are ignored. Default 8.
    public var spacing = 8.0 {
        didSet {
            guard spacing >= 0, spacing.isFinite else {
                spacing = oldValue
                return
            }
            if spacing != oldValue { layoutItems() }
        }
    }

    /// The width : height an item keeps when it stretches (nil: `itemSize.height` stays). Values that are not
    /// positive and finite count as nil. Default nil.
    public var aspectRatio: Double? {
        didSet { if aspectRatio != oldValue { layoutItems() } }
    }

    /// The content insets; the left and right ones narrow the width the columns share.
    open override var contentInset: EdgeInsets {
        didSet { if contentInset != oldValue { layoutItems() } }
    }

    /// The number of columns now (1 before the grid has a width).
    public var numberOfColumns: Int { layout.columns }

    /// The number of items the grid shows (the data source's count when last asked).
    public var numberOfItems: Int { layout.count }

    // MARK: - Storage (used by the extensions)

    /// Where the items are, as last laid out.
    @exclusivity(unchecked) var layout = GridLayout()
    /// Set while items are laid out: offset changes made by the layout (anchoring) do not start another.
    @exclusivity(unchecked) var isLayingOut = false

    /// An empty grid in `frame` (superview coordinates, points); set `dataSource` to fill it.
    public init(frame: Rect) {
        super.init(shapeFrame: frame)
        engine = self
    }

    // MARK: - Items

    /// Reloads everything from the data source: the item count, and every item in view (their views are put back
    /// for reuse and asked again). The first visible item stays where it is on screen when it still exists.
    public func reloadData() {
        let anchor = visibleAnchor()
        stopItemAnimation(layout: false)
        items.recycleAlive(owner: self)
        items.prefetcher.forget()
        layout = makeLayout(count: dataSource.map { $0.numberOfItems(in: self) } ?? 0)
        clampSelection()
        updateContentSize()
        if let anchor, anchor.item < layout.count {
            restoreAnchor(item: anchor.item, screenY: anchor.screenY)
        }
        layoutItems()
    }

    /// The place of `item` in content coordinates, points: its cell, stretched to share the row. `.zero` for an
    /// item out of range.
    public func frameForItem(_ item: Int) -> Rect {
        guard item >= 0, item < layout.count else { return .zero }
        return layout.frame(ofItem: item)
    }

    /// Scrolls so that `item`'s row is at `position` in the visible rect (clamped into the scroll range), at once or
    /// animated as `setContentOffset(_:animated:)`. An item out of range is ignored.
    public func scrollToItem(_ item: Int, at position: ListScrollPosition, animated: Bool) {
        guard item >= 0, item < layout.count else { return }
        guard animated, attachedWindow != nil else {
            settle(onItem: item, at: position)
            return
        }
        setContentOffset(Point(x: contentOffset.x, y: targetOffset(forItem: item, at: position)), animated: true)
    }
}
