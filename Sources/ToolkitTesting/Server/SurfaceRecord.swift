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
    /// The pixels of that buffer, copied at commit (a toplevel's own, before its subsurfaces are composed on top).
    var image: Image?
    /// The `wl_subsurface` that gives this surface its role, if any.
    var subsurface: SubsurfaceRecord?
    /// Subsurfaces of this surface, bottom to top (all above the surface itself).
    var children: [SubsurfaceRecord] = []
    /// `place_above` / `place_below` requests of its children, in order, waiting for this surface's commit:
    /// the child, the sibling (a child's surface, or this surface: the bottom of the children) and whether above.
    var pendingRestacks: [(child: SubsurfaceRecord, sibling: OpaquePointer, above: Bool)] = []

    init(resource: OpaquePointer) {
        self.resource = resource
    }
}

/// What the compositor knows about one `wl_subsurface`: its position (pending until the parent's commit), its
/// synchronization mode, and, in sync mode, the state of the surface's last commit, cached until the parent's
/// commit applies it.
final class SubsurfaceRecord {
    /// The `wl_subsurface` resource.
    let resource: OpaquePointer
    /// The child `wl_surface` resource.
    let surface: OpaquePointer
    /// The parent `wl_surface` resource.
    let parent: OpaquePointer
    /// `set_position` waiting for the parent's commit, in the parent's surface points.
    var pendingPosition: (x: Int32, y: Int32)?
    /// The position applied by the parent's last commit.
    var position: (x: Int32, y: Int32) = (0, 0)
    /// Sync mode (the default): the child's commits wait for the parent's.
    var isSync = true
    /// A commit of the child is cached (sync mode) and applies with the parent's next commit.
    var hasCachedCommit = false
    var cachedAttach = false
    var cachedBuffer: OpaquePointer?
    var cachedScale: Int32 = 1
    var cachedFrameCallbacks: [OpaquePointer] = []

    init(resource: OpaquePointer, surface: OpaquePointer, parent: OpaquePointer) {
        self.resource = resource
        self.surface = surface
        self.parent = parent
    }
}
