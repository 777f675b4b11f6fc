/// Which way a view's horizontal content reads.
public enum LayoutDirection: Sendable, Hashable, CaseIterable {
    /// Left to right (English, most scripts). The default.
    case leftToRight
    /// Right to left (Arabic, Hebrew): a scroll container puts its vertical bar on the left, starts its
    /// horizontal content at the right end, counts pages from the right and swaps the Left and Right keys.
    case rightToLeft
}
