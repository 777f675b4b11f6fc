// Paging state: which page is at rest. Where a release goes is the policy's decision (ScrollPolicy).

extension ScrollContainer {
    /// Recomputes `currentPage` from the offset (the nearest page boundary per axis).
    func updateCurrentPage() {
        let policy = makePolicy()
        var page = policy.page(at: contentOffset)
        // Right to left: columns are counted from the right end, where the content starts.
        if layoutDirection == .rightToLeft { page.column = policy.lastPageIndex(.horizontal) - page.column }
        if page != currentPage { currentPage = page }
    }

    /// The effective page size, in points: `pageSize` or the bounds size, 0 on an axis without pages.
    public var effectivePageSize: Size { makePolicy().pageSize }
}
