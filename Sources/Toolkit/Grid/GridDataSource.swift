/// What a `GridContainer` shows: how many items, a view for each item near the visible rect, and optionally what to
/// load ahead of the motion. Asked only about items being laid out (<doc:ScrollBehaviour> §20).
@MainActor
public protocol GridDataSource: AnyObject {
    /// The number of items, 0 to 10,000,000 (negative counts as 0; more than 100,000,000 shows the first
    /// 100,000,000).
    func numberOfItems(in grid: GridContainer) -> Int

    /// A view for `item`, which is about to come into view: take one from `grid.dequeueReusableView(kind:)` when
    /// there is one, configure it for the item, and set its `reuseKind` so that it can be reused. The grid sets its
    /// frame (its cell, stretched to share the row's width) and adds it.
    func grid(_ grid: GridContainer, viewForItem item: Int) -> View

    /// Items about to come into view ahead of the motion, nearest first: start loading what they show, off the
    /// main thread, so that it is ready when `grid(_:viewForItem:)` asks; the grid never waits for it. Each item is
    /// asked once while it stays ahead; not called while the grid moves faster than four visible heights per
    /// second (a fling only passes those items). The array is the grid's: read it during the call (keeping it
    /// copies it).
    func grid(_ grid: GridContainer, prefetchItems items: [Int])

    /// Items of earlier `grid(_:prefetchItems:)` calls that are no longer coming (the motion turned back, or
    /// jumped past them): stop their loads if they cost anything.
    func grid(_ grid: GridContainer, cancelPrefetchingForItems items: [Int])
}

extension GridDataSource {
    /// Default: nothing (the data source loads nothing ahead).
    public func grid(_ grid: GridContainer, prefetchItems items: [Int]) {}

    /// Default: nothing.
    public func grid(_ grid: GridContainer, cancelPrefetchingForItems items: [Int]) {}
}
