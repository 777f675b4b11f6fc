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
///
/// The same kind of surface, narrower and translucent, shows the scrolled list's vertical indicator
/// (`IndicatorOverlay`) over its column: `x` and `width` then place it.
@MainActor
final class CoverSurface {
    /// The cover's `wl_surface`.
    let surface: OpaquePointer
    private let subsurface: OpaquePointer
    /// The first column covered, in window points (0 for a cover).
    let x: Double
    /// The first row covered, in window points.
    let top: Double
    /// The columns covered, in points (the window's width for a cover).
    let width: Double
    /// The rows covered: the window's `top ..< top + height`, in points.
    let height: Double
    /// The cover's buffers.
    let pool: WaylandBufferPool
    /// The window buffer configuration the cover was made for (its width and scale).
    let windowConfiguration: BufferSlots.Configuration
    /// The buffer scale committed on the cover surface last (0: none yet).
    var committedBufferScale: Int32 = 0

    /// A cover of rows `top ..< top + height` (points) over `parent`, for window buffers of `configuration`, the
    /// window's width or, with `x` and `width` (points), that part of it; nil when the compositor could not make
    /// the objects.
    init?(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer,
          x: Double = 0, top: Double, width: Double? = nil, height: Double,
          configuration: BufferSlots.Configuration) {
        let rows = Int((height * configuration.scale).rounded())
        let columns = width.map { Int(($0 * configuration.scale).rounded()) } ?? configuration.width
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
        self.width = width ?? Double(configuration.width) / configuration.scale
        self.height = height
        windowConfiguration = configuration
        // Applies with the window surface's next commit, the one that first shows the cover.
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

    /// Destroys the buffers, the subsurface (the cover disappears) and the surface.
    func destroy() {
        pool.destroyAll()
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }
}
