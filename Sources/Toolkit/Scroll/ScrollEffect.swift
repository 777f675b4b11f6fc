/// A notification a scroll container owes its delegate or observers, queued while its state changes and
/// sent afterwards, in order (after swift-nio's "compute the action, act after" pattern).
enum ScrollEffect: Equatable, Sendable {
    /// `scrollContainerDidScroll`.
    case didScroll
    /// `scrollContainerWillBeginDragging`.
    case willBeginDragging
    /// `scrollContainerDidEndDragging(willDecelerate:)`.
    case didEndDragging(willDecelerate: Bool)
    /// `scrollContainerWillBeginDecelerating`.
    case willBeginDecelerating
    /// `scrollContainerDidEndDecelerating`.
    case didEndDecelerating
    /// `scrollContainerDidEndScrollingAnimation`.
    case didEndScrollingAnimation
    /// `scrollContainerWillBeginZooming`.
    case willBeginZooming
    /// `scrollContainerDidZoom`.
    case didZoom
    /// `scrollContainerDidEndZooming`, at the scale given.
    case didEndZooming(scale: Double)
    /// The refresh control's `onRefresh` (a pull started refreshing).
    case refresh
    /// Key-path observers compare their values (the registry calls only those whose value changed).
    case notifyObservers
}
