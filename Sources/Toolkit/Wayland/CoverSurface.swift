import CWayland

/// Rows of the window spanning its width in a surface of their own, stacked above the window's surface (a
/// `wl_subsurface` at (0, `top`), synchronized: its commits apply with the window's): the Wayland side of
/// `FrameCover`. While the window scrolls a list between a title bar and a toolbar by moving its ring buffers'
/// start, the bars stay in their covers' buffers and are neither copied nor drawn again; the window's own buffers
/// never need those rows.
///
/// Input passes through to the window's surface (the cover's input region is empty), so events keep their
/// coordinates. Its buffers come from a pool of their own that copies forward what they lack (no ring: the cover
/// never scrolls).
@MainActor
final class CoverSurface {
    /// The cover's `wl_surface`.
    let surface: OpaquePointer
    private let subsurface: OpaquePointer
    /// The first row covered, in window points.
    let top: Double
    /// The rows covered: the window's `top ..< top + height`, in points.
    let height: Double
    /// The cover's buffers.
    let pool: WaylandBufferPool
    /// The window buffer configuration the cover was made for (its width and scale).
    let windowConfiguration: BufferSlots.Configuration
    /// The buffer scale committed on the cover surface last (0: none yet).
    var committedBufferScale: Int32 = 0

    /// A cover of rows `top ..< top + height` (points) over `parent`, for window buffers of `configuration`; nil
    /// when the compositor could not make the objects.
    init?(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer,
          top: Double, height: Double, configuration: BufferSlots.Configuration) {
        let rows = Int((height * configuration.scale).rounded())
        guard rows > 0, rows < configuration.height, let surface = wl_compositor_create_surface(compositor) else {
            return nil
        }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        self.top = top
        self.height = height
        windowConfiguration = configuration
        // Applies with the window surface's next commit, the one that first shows the cover.
        wl_subsurface_set_position(subsurface, 0, Int32(top))
        // Touches and the pointer go to the window's surface below, in its coordinates.
        if let empty = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(surface, empty)
            wl_region_destroy(empty)
        }
        pool = WaylandBufferPool(shm: shm, configuration: BufferSlots.Configuration(
            width: configuration.width, height: rows, scale: configuration.scale))
        pool.ringFrames = 1
    }

    /// Destroys the buffers, the subsurface (the cover disappears) and the surface.
    func destroy() {
        pool.destroyAll()
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }
}
