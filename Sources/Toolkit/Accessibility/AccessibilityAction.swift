/// What assistive technologies can ask an exposed view to do (AT-SPI's Action interface, by name).
public enum AccessibilityAction: String, Sendable, Hashable, CaseIterable {
    /// A tap at the view's centre through the window's touch arbitration.
    case click = "click"
    /// A scroll pane moves up a page (its visible height minus 40 pt, or one page when paging).
    case scrollUp = "scroll-up"
    /// A scroll pane moves down a page.
    case scrollDown = "scroll-down"
    /// A scroll pane moves left a page (its visible width minus 40 pt, or one page when paging).
    case scrollLeft = "scroll-left"
    /// A scroll pane moves right a page.
    case scrollRight = "scroll-right"

    /// A sentence for the action (AT-SPI's description).
    public var summary: String {
        switch self {
        case .click: return "Activates it"
        case .scrollUp: return "Scrolls up by a page"
        case .scrollDown: return "Scrolls down by a page"
        case .scrollLeft: return "Scrolls left by a page"
        case .scrollRight: return "Scrolls right by a page"
        }
    }
}
