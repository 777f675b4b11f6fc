/// What a `ListContainer` shows: how many rows, a view for each row near the visible rect, and optionally their
/// heights and which rows are sticky headers. Asked only about rows being laid out (<doc:ScrollBehaviour> §16).
@MainActor
public protocol ListDataSource: AnyObject {
    /// The number of rows, 0 to 10,000,000 (negative counts as 0; more than 100,000,000 shows the first
    /// 100,000,000).
    func numberOfRows(in list: ListContainer) -> Int

    /// A view for `row`, which is about to come into view: take one from `list.dequeueReusableView(kind:)`
    /// when there is one, configure it for the row, and set its `reuseKind` so that it can be reused. The list
    /// sets its frame (full width, the row's height) and adds it.
    func list(_ list: ListContainer, viewForRow row: Int) -> View

    /// The height of `row` in points, or nil for `list.estimatedRowHeight`. Asked when the row is laid out,
    /// never for every row. Negative or non-finite answers count as nil.
    func list(_ list: ListContainer, heightForRow row: Int) -> Double?

    /// Whether `row` is a sticky header: it stays pinned at the top of the visible rect while the rows after it
    /// (up to the next header) scroll under it, and the next header pushes it up.
    func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool

    /// The actions revealed at the row's trailing edge (the right one, left to right) by a swipe toward the leading
    /// edge, nearest the edge first (<doc:ScrollBehaviour> §21, `SwipeAction`). Asked when such a swipe begins on
    /// the row and by assistive technologies; empty: the row does not take that swipe.
    func list(_ list: ListContainer, trailingSwipeActionsForRow row: Int) -> [SwipeAction]

    /// The actions revealed at the row's leading edge (the left one, left to right) by a swipe toward the trailing
    /// edge, nearest the edge first. Empty: the row does not take that swipe.
    func list(_ list: ListContainer, leadingSwipeActionsForRow row: Int) -> [SwipeAction]

    /// The user moved `row` to `newRow` (drag to reorder, <doc:ScrollBehaviour> §21): the data source moves its
    /// item (the list already shows it there).
    func list(_ list: ListContainer, moveRow row: Int, to newRow: Int)

    /// Rows about to come into view ahead of the motion, nearest first (<doc:ScrollBehaviour> §20): start loading
    /// what they show, off the main thread, so that it is ready when `list(_:viewForRow:)` asks; the list never
    /// waits for it. Each row is asked once while it stays ahead; not called while the list moves faster than four
    /// visible heights per second (a fling only passes those rows). The array is the list's: read it during the call
    /// (keeping it copies it).
    func list(_ list: ListContainer, prefetchRows rows: [Int])

    /// Rows of earlier `list(_:prefetchRows:)` calls that are no longer coming (the motion turned back, or jumped
    /// past them): stop their loads if they cost anything.
    func list(_ list: ListContainer, cancelPrefetchingForRows rows: [Int])
}

extension ListDataSource {
    /// Default: nil, every row is `estimatedRowHeight` tall.
    public func list(_ list: ListContainer, heightForRow row: Int) -> Double? { nil }

    /// Default: false, no sticky headers. (The list notes that this default answered, and then looks for no
    /// header above a row it jumps to: a data source without headers is never asked about rows out of view.)
    public func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool {
        list.dataSourceHasNoHeaders = true
        return false
    }

    /// Default: none.
    public func list(_ list: ListContainer, trailingSwipeActionsForRow row: Int) -> [SwipeAction] { [] }

    /// Default: none.
    public func list(_ list: ListContainer, leadingSwipeActionsForRow row: Int) -> [SwipeAction] { [] }

    /// Default: nothing (the list offers no reordering the data source would have to follow).
    public func list(_ list: ListContainer, moveRow row: Int, to newRow: Int) {}

    /// Default: nothing (the data source loads nothing ahead).
    public func list(_ list: ListContainer, prefetchRows rows: [Int]) {}

    /// Default: nothing.
    public func list(_ list: ListContainer, cancelPrefetchingForRows rows: [Int]) {}
}
