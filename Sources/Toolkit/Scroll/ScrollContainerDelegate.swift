/// Told about a scroll container's scrolling; every method has an empty default. The order of calls is in
/// <doc:ScrollBehaviour> §9 (zooming: §11). Calls come after the state changed, and a delegate may change the
/// container from them (those changes are notified after the current call returns).
@MainActor
public protocol ScrollContainerDelegate: AnyObject {
    /// The content offset changed (per frame while dragging or animating, and on every direct change).
    func scrollContainerDidScroll(_ container: ScrollContainer)
    /// A drag is starting (the fingers moved past the slop and this container claimed them).
    func scrollContainerWillBeginDragging(_ container: ScrollContainer)
    /// The fingers lifted from a drag. `velocity`: pt/s, each axis clamped to ±8000, zero below 50;
    /// `targetContentOffset` may be changed, and the motion then ends exactly there (clamped into the range).
    func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point)
    /// The drag ended; `willDecelerate` when the content keeps moving.
    func scrollContainerDidEndDragging(_ container: ScrollContainer, willDecelerate: Bool)
    /// The motion after a drag starts.
    func scrollContainerWillBeginDecelerating(_ container: ScrollContainer)
    /// The motion after a drag came to rest (not called when a touch or a direct offset stops it).
    func scrollContainerDidEndDecelerating(_ container: ScrollContainer)
    /// An animated `setContentOffset` or `scrollRectToVisible` finished.
    func scrollContainerDidEndScrollingAnimation(_ container: ScrollContainer)
    /// The subview that zooms, or nil (the default). Only a direct subview counts; asked again whenever a zoom starts.
    func viewForZooming(in container: ScrollContainer) -> View?
    /// A pinch claimed the fingers, a touchpad pinch began, or a zoom animation starts. `view` is the zoomed view.
    func scrollContainerWillBeginZooming(_ container: ScrollContainer, with view: View?)
    /// `zoomScale` changed (every frame of a pinch or an animation, and on every direct change).
    func scrollContainerDidZoom(_ container: ScrollContainer)
    /// The zoom that `willBeginZooming` announced is at rest, at `scale` (after any return to a limit).
    func scrollContainerDidEndZooming(_ container: ScrollContainer, with view: View?, atScale scale: Double)
}

extension ScrollContainerDelegate {
    /// Default: nothing.
    public func scrollContainerDidScroll(_ container: ScrollContainer) {}
    /// Default: nothing.
    public func scrollContainerWillBeginDragging(_ container: ScrollContainer) {}
    /// Default: the target stays.
    public func scrollContainerWillEndDragging(
        _ container: ScrollContainer, velocity: Point,
        targetContentOffset: inout Point
    ) {}
    /// Default: nothing.
    public func scrollContainerDidEndDragging(_ container: ScrollContainer, willDecelerate: Bool) {}
    /// Default: nothing.
    public func scrollContainerWillBeginDecelerating(_ container: ScrollContainer) {}
    /// Default: nothing.
    public func scrollContainerDidEndDecelerating(_ container: ScrollContainer) {}
    /// Default: nothing.
    public func scrollContainerDidEndScrollingAnimation(_ container: ScrollContainer) {}
    /// Default: nil, the container does not zoom.
    public func viewForZooming(in container: ScrollContainer) -> View? { nil }
    /// Default: nothing.
    public func scrollContainerWillBeginZooming(_ container: ScrollContainer, with view: View?) {}
    /// Default: nothing.
    public func scrollContainerDidZoom(_ container: ScrollContainer) {}
    /// Default: nothing.
    public func scrollContainerDidEndZooming(
        _ container: ScrollContainer, with view: View?,
        atScale scale: Double
    ) {}
}
