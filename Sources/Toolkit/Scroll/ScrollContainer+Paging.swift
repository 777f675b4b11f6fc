// Paging state: which page is at rest. Where a release goes is the policy's decision (ScrollPolicy).

extension ScrollContainer {
    /// Recomputes `currentPage` from the offset (the nearest page boundary per axis).
    func updateCurrentPage() {
        let page = makePolicy().page(at: contentOffset)
        if page != currentPage { currentPage = page }
    }

    /// The effective page size, in points: `pageSize` or the bounds size, 0 on an axis without pages.
    public var effectivePageSize: Size { makePolicy().pageSize }
}
