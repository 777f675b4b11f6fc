/// Which way a view's horizontal content reads.
public enum LayoutDirection: Sendable, Hashable, CaseIterable {
    /// Left to right. The default.
    case leftToRight
    /// Right to left: a scroll container mirrors its bar, start, pages and arrow keys.
    case rightToLeft
}
