import Toolkit

/// What the compositor knows about one `wl_surface`: its double-buffered state (pending until `commit`) and
/// its role. Resource pointers are libwayland's `wl_resource *`, valid until their destroy callback ran.
final class SurfaceRecord {
    /// The `wl_surface` resource.
    let resource: OpaquePointer
    /// True once `attach` was sent since the last commit (attaching NULL is an attach too).
    var hasPendingAttach = false
    /// The buffer of that attach; nil for a NULL attach (unmap) or when the buffer was destroyed meanwhile.
    var pendingBuffer: OpaquePointer?
    /// The buffer the last commit made current; nil when the surface has no content.
    var currentBuffer: OpaquePointer?
    /// `set_buffer_scale` waiting for the next commit.
    var pendingScale: Int32 = 1
    /// The committed buffer scale.
    var scale: Int32 = 1
    /// `frame` callbacks requested since the last commit, oldest first.
    var pendingFrameCallbacks: [OpaquePointer] = []
    /// The `xdg_surface` made from this surface, if any (its role).
    var xdgSurface: OpaquePointer?
    /// True once the surface was announced to the client's outputs with `wl_surface.enter`.
    var enteredOutputs = false
    /// The surface's `wp_viewport`, if it has one.
    var viewport: OpaquePointer?
    /// `wp_viewport.set_destination` waiting for the next commit (nil: none sent; (-1, -1) unsets).
    var pendingDestination: (width: Int32, height: Int32)?
    /// The committed viewport destination, in surface points; nil when unset.
    var destination: (width: Int32, height: Int32)?
    /// The surface's `wp_fractional_scale_v1`, if it has one.
    var fractionalScale: OpaquePointer?
    /// The size of the buffer the last commit made current, in pixels; nil without one.
    var bufferSize: (width: Int32, height: Int32)?
    /// The pixels of that buffer, for surfaces without an xdg role (cursor surfaces), copied at commit.
    var image: Image?

    init(resource: OpaquePointer) {
        self.resource = resource
    }
}
