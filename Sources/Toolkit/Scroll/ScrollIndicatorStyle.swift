/// The colours of a scroll container's bars (<doc:ScrollBehaviour> §13).
public enum ScrollIndicatorStyle: Sendable, Hashable, CaseIterable {
    /// A dark thumb with a 1 pt light outline over a light trough, readable on light and on dark content; in a
    /// window whose `colorScheme` is `.dark`, the inverse: a light thumb (white at 0.55) with a 1 pt dark outline
    /// (black at 0.7) over a dark trough (black at 0.35). The default.
    case `default`
    /// A dark thumb and a dark trough, no outline: for light content.
    case dark
    /// A light thumb and a light trough, no outline: for dark content.
    case light
}
