import CWayland

/// The scrolled band of the window (rows `top ..< top + height`, spanning its width) in a surface of its own,
/// stacked above the window's surface (a `wl_subsurface` at (0, `top`), synchronized: its commits apply with the
/// window's): the Wayland side of `FrameBase`. The band shows the window's ring buffers through `wl_buffer`s that
/// span the band's rows of their frame only (`WaylandBufferPool.shownRows`), so the compositor holds nothing
/// else of them and a scroll either way can go on in the presented buffer's memory; the window's surface shows
/// the rows around the band (a title bar, a toolbar) from base buffers of its own, drawn only when they change.
///
/// Input passes through to the window's surface (the band's input region is empty), so events keep their
/// coordinates.
@MainActor
final class BandSurface {
    /// The band's surface (input passes through it).
    let child: PassThroughSubsurface
    /// The band's `wl_surface`.
    var surface: OpaquePointer { child.surface }
    /// The band's first row, in window points (whole pixels).
    let top: Double
    /// The band's rows, in points (whole pixels).
    let height: Double
    /// The band's rows in the window buffers' frames, in pixels.
    let pixelRows: Range<Int>
    /// The window buffer configuration the band was made for (its size and scale).
    let windowConfiguration: BufferSlots.Configuration
    /// Whether a buffer was attached and committed on the band (until then the window's surface shows the rows
    /// around it from a base whose band rows were never drawn, and every frame attaches the band's buffer).
    var hasBuffer = false

    /// A band of rows `top ..< top + height` (points) over `parent`, for window buffers of `configuration`; nil
    /// when the rows are not whole pixels inside the window, or the compositor could not make the objects.
    init?(
        compositor: OpaquePointer, subcompositor: OpaquePointer, parent: OpaquePointer, top: Double,
        height: Double, configuration: BufferSlots.Configuration
    ) {
        let first = (top * configuration.scale).rounded()
        let count = (height * configuration.scale).rounded()
        guard top >= 0, first == top * configuration.scale, count == height * configuration.scale, count > 0,
            Int(first) + Int(count) <= configuration.height,
            let child = PassThroughSubsurface(
                compositor: compositor, subcompositor: subcompositor, parent: parent,
                x: 0, y: Int32(top))
        else {
            return nil
        }
        self.child = child
        self.top = top
        self.height = height
        pixelRows = Int(first)..<(Int(first) + Int(count))
        windowConfiguration = configuration
    }

    /// Destroys the subsurface (the band disappears at once) and the surface. The window's buffers it showed
    /// stay the window pool's.
    func destroy() {
        child.destroy()
    }
}
