/// When a scroll container shows its scroll bars (<doc:ScrollBehaviour> §13).
public enum ScrollbarVisibility: Sendable, Hashable, CaseIterable {
    /// Overlay bars: thin (3 pt) while the content moves, while the pointer moves over the container and for
    /// `indicatorHoldTime` after, then they fade out over 0.25 s; a pointer within 16 pt of a bar widens it to
    /// 8 pt with a trough. The default.
    case automatic
    /// Full (8 pt) bars with their trough, always shown along every axis that has something to scroll.
    case always
    /// No bars at all (nothing drawn, nothing to grab).
    case never
}
