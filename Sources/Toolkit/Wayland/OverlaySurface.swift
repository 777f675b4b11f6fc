import CWayland

/// The scrolled list's vertical indicator (`IndicatorOverlay`) in a surface of its own over its column, stacked
/// above the window's surface and its band surface (a `wl_subsurface` at (`x`, `top`), synchronized: its commits
/// apply with the window's). It is translucent: the compositor blends the knob over the window's pixels.
///
/// Input passes through to the window's surface (the overlay's input region is empty), so events keep their
/// coordinates. Its buffers come from a pool of their own that copies forward what they lack.
@MainActor
final class OverlaySurface {
    /// The overlay's surface (input passes through it).
    let child: PassThroughSubsurface
    /// The overlay's `wl_surface`.
    var surface: OpaquePointer { child.surface }
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

    /// An overlay over `parent` at the column `x ..< x + width`, rows `top ..< top + height` (points), for window
    /// buffers of `configuration`; nil when the column has no pixels, is wider or taller than the window, or the
    /// compositor could not make the objects.
    init?(
        compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer,
        x: Double, top: Double, width: Double, height: Double, configuration: BufferSlots.Configuration
    ) {
        let rows = Int((height * configuration.scale).rounded())
        let columns = Int((width * configuration.scale).rounded())
        guard rows > 0, rows <= configuration.height, columns > 0, columns <= configuration.width,
            let child = PassThroughSubsurface(
                compositor: compositor, subcompositor: subcompositor, parent: parent,
                x: Int32(x), y: Int32(top))
        else {
            return nil
        }
        self.child = child
        self.x = x
        self.top = top
        self.width = width
        self.height = height
        windowConfiguration = configuration
        pool = WaylandBufferPool(
            shm: shm,
            configuration: BufferSlots.Configuration(
                width: columns, height: rows, scale: configuration.scale), ringFrames: 1)
    }

    /// Stacks the overlay above `sibling` (another subsurface of the same parent, made after it), from the parent's
    /// next commit on.
    func place(above sibling: OpaquePointer) {
        wl_subsurface_place_above(child.subsurface, sibling)
    }

    /// Destroys the buffers, the subsurface (the overlay disappears) and the surface.
    func destroy() {
        pool.destroyAll()
        child.destroy()
    }
}
