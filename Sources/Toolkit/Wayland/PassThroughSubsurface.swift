import CWayland

/// A `wl_surface` stacked over a parent as a synchronized `wl_subsurface` (its commits apply with the parent's)
/// whose input region is empty, so that touches and the pointer reach the parent in its coordinates: what the band
/// and indicator surfaces are made of (`BandSurface`, `OverlaySurface`).
@MainActor
final class PassThroughSubsurface {
    /// The `wl_surface`.
    let surface: OpaquePointer
    /// Its `wl_subsurface` role.
    let subsurface: OpaquePointer
    /// The buffer scale committed last (a surface starts at 1: only another one is sent, which needs
    /// `wl_surface` version 3).
    private var committedBufferScale: Int32 = 1

    /// A new surface over `parent` at (`x`, `y`) in the parent's points (applied with the parent's next commit,
    /// the one that first shows it); nil when the compositor could not make the objects.
    init?(compositor: OpaquePointer, subcompositor: OpaquePointer, parent: OpaquePointer, x: Int32, y: Int32) {
        guard let surface = wl_compositor_create_surface(compositor) else { return nil }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        wl_subsurface_set_position(subsurface, x, y)
        if let empty = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(surface, empty)
            wl_region_destroy(empty)
        }
    }

    /// Sets the surface's buffer scale for the next commit when it differs from the one committed last.
    func setBufferScale(_ scale: Int32) {
        guard scale != committedBufferScale else { return }
        wl_surface_set_buffer_scale(surface, scale)
        committedBufferScale = scale
    }

    /// Destroys the role (the surface disappears at once) and the surface.
    func destroy() {
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }
}
