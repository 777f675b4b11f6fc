import ToolkitGTK

/// Zooms one view.
@MainActor
final class ZoomDelegate: ScrollContainerDelegate {
    let view: View
    init(view: View) { self.view = view }
    func viewForZooming(in container: ScrollContainer) -> View? { view }
}
