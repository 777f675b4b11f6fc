/// When a scroll container shows its scroll bars (<doc:ScrollBehaviour> §13).
public enum ScrollbarVisibility: Sendable, Hashable, CaseIterable {
    /// Overlay bars: thin while the content or the pointer moves and for `indicatorHoldTime` after, then fading;
    /// widened near the pointer (<doc:ScrollBehaviour> §13). The default.
    case automatic
    /// Full (8 pt) bars with their trough, always shown along every axis that has something to scroll.
    case always
    /// No bars at all (nothing drawn, nothing to grab).
    case never
}
