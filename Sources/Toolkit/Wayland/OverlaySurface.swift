import CWayland

/// The scrolled list's vertical indicator (`IndicatorOverlay`) in a surface of its own over its column, stacked
/// above the window's surface and its band surface (a `wl_subsurface` at (`x`, `top`), synchronized: its commits
/// apply with the window's). It is translucent: the compositor blends the knob over the window's pixels.
///
/// Input passes through to the window's surface (the overlay's input region is empty), so events keep their
/// coordinates. Its buffers come from a pool of their own that copies forward what they lack.
@MainActor
final class OverlaySurface {
    /// The overlay's `wl_surface`.
    let surface: OpaquePointer
    private let subsurface: OpaquePointer
    /// The first column covered, in window points.
    let x: Double
    /// The first row covered, in window points.
    let top: Double
    /// The columns covered, in points.
    let width: Double
    /// The rows covered: the window's `top ..< top + height`, in points.
    let height: Double
    /// The overlay's buffers.
    let pool: WaylandBufferPool
    /// The window buffer configuration the overlay was made for (its width and scale).
    let windowConfiguration: BufferSlots.Configuration
    /// The buffer scale committed on the overlay surface last (a surface starts at 1: only another one is sent,
    /// which needs `wl_surface` version 3).
    var committedBufferScale: Int32 = 1

    /// An overlay over `parent` at the column `x ..< x + width`, rows `top ..< top + height` (points), for window
    /// buffers of `configuration`; nil when the column has no pixels, is wider or taller than the window, or the
    /// compositor could not make the objects.
    init?(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer,
          x: Double, top: Double, width: Double, height: Double, configuration: BufferSlots.Configuration) {
        let rows = Int((height * configuration.scale).rounded())
        let columns = Int((width * configuration.scale).rounded())
        guard rows > 0, rows <= configuration.height, columns > 0, columns <= configuration.width,
              let surface = wl_compositor_create_surface(compositor) else {
            return nil
        }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        self.x = x
        self.top = top
        self.width = width
        self.height = height
        windowConfiguration = configuration
        // Applies with the window surface's next commit, the one that first shows the overlay.
        wl_subsurface_set_position(subsurface, Int32(x), Int32(top))
        // Touches and the pointer go to the window's surface below, in its coordinates.
        if let empty = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(surface, empty)
            wl_region_destroy(empty)
        }
        pool = WaylandBufferPool(shm: shm, configuration: BufferSlots.Configuration(
            width: columns, height: rows, scale: configuration.scale))
        pool.ringFrames = 1
    }

    /// Stacks the overlay above `sibling` (another subsurface of the same parent, made after it), from the parent's
    /// next commit on.
    func place(above sibling: OpaquePointer) {
        wl_subsurface_place_above(subsurface, sibling)
    }

    /// Destroys the buffers, the subsurface (the overlay disappears) and the surface.
    func destroy() {
        pool.destroyAll()
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }
}
