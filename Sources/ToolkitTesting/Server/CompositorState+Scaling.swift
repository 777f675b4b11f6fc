import CWaylandServer
import Toolkit

// Opt-in HiDPI extensions: wp_viewporter v1 (destination only; a source rectangle is accepted and ignored) and
// wp_fractional_scale_manager_v1 v1, created when a test first sets `TestCompositor.fractionalScale`. Every
// fractional scale object hears the preferred scale at once, and again when the test changes it. The rules a
// real compositor enforces are checked: one viewport and one fractional scale object per surface, destination
// sizes positive or both -1, requests on a viewport whose surface is gone.

/// `wp_viewporter` bind (v1): requests go to `viewporterDispatcher`.
let bindViewporter: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_viewporter_interface(), version: Int32(version), id: id,
        dispatcher: viewporterDispatcher, destroy: nil)
}

/// `wp_fractional_scale_manager_v1` bind (v1): requests go to `fractionalScaleManagerDispatcher`.
let bindFractionalScaleManager: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_fractional_scale_manager_interface(), version: Int32(version),
        id: id, dispatcher: fractionalScaleManagerDispatcher, destroy: nil)
}

/// wp_viewporter: 0 destroy, 1 get_viewport(new_id, surface).
let viewporterDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    switch opcode {
    case 0: wl_resource_destroy(resource)
    case 1: state.makeViewport(manager: resource, id: args[0].n, surface: args[1].o)
    default: break
    }
    return 0
}

/// wp_viewport: 0 destroy, 1 set_source(x, y, w, h as wl_fixed), 2 set_destination(w, h).
let viewportDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.viewportRequest(resource, opcode: opcode, args: args)
    return 0
}

/// A viewport went away (destroy request or client gone).
let viewportDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    // The destination goes away with the viewport, at the surface's next commit.
    if case .some(.some(let surface)) = state.viewports.removeValue(forKey: resource),
        let record = state.surfaces[surface]
    {
        record.viewport = nil
        record.pendingDestination = (-1, -1)
    }
}

/// wp_fractional_scale_manager_v1: 0 destroy, 1 get_fractional_scale(new_id, surface).
let fractionalScaleManagerDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    switch opcode {
    case 0: wl_resource_destroy(resource)
    case 1: state.makeFractionalScale(manager: resource, id: args[0].n, surface: args[1].o)
    default: break
    }
    return 0
}

/// wp_fractional_scale_v1: 0 destroy.
let fractionalScaleDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// A fractional scale object went away: its surface may get a new one.
let fractionalScaleDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    if let surface = state.fractionalScaleObjects.removeValue(forKey: resource) {
        state.surfaces[surface]?.fractionalScale = nil
    }
}

extension CompositorState {
    /// Creates the two globals, once.
    func createScalingGlobals() {
        guard !scalingGlobalsCreated else { return }
        scalingGlobalsCreated = true
        wl_global_create(display, cws_viewporter_interface(), 1, opaque, bindViewporter)
        wl_global_create(display, cws_fractional_scale_manager_interface(), 1, opaque, bindFractionalScaleManager)
    }

    /// The preferred scale in 120ths: `fractionalScale * 120` rounded, at least 1.
    var fractionalScale120: UInt32? {
        guard let fractionalScale, fractionalScale.isFinite else { return nil }
        return UInt32(min(max((fractionalScale * 120).rounded(), 1), 120 * 64))
    }

    /// Sends `preferred_scale` to every fractional scale object (after a change).
    func announceFractionalScale() {
        guard let scale = fractionalScale120 else { return }
        for object in fractionalScaleObjects.keys { wp_fractional_scale_v1_send_preferred_scale(object, scale) }
    }

    /// `get_viewport`: one viewport per surface (`viewport_exists` otherwise). A NULL or unknown surface is
    /// ignored: libwayland already rejects a NULL for a non-nullable object argument.
    func makeViewport(manager: OpaquePointer, id: UInt32, surface: OpaquePointer?) {
        guard let surface, let record = surfaces[surface] else { return }
        if record.viewport != nil {
            postError(manager, code: WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue, "the surface already has a viewport")
            return
        }
        let client = wl_resource_get_client(manager)!
        guard
            let viewport = makeResource(
                client: client, interface: cws_viewport_interface(), version: 1, id: id,
                dispatcher: viewportDispatcher, destroy: viewportDestroyed)
        else { return }
        record.viewport = viewport
        viewports[viewport] = .some(surface)
    }

    /// destroy, set_source (accepted, not applied: the compositor copies whole buffers), set_destination
    /// (kept pending until the surface commits, like every double-buffered surface state).
    func viewportRequest(_ viewport: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        if opcode == 0 {
            wl_resource_destroy(viewport)
            return
        }
        guard case .some(.some(let surface)) = viewports[viewport], let record = surfaces[surface] else {
            postError(viewport, code: WP_VIEWPORT_ERROR_NO_SURFACE.rawValue, "the viewport's wl_surface is gone")
            return
        }
        guard opcode == 2 else { return }
        let width = args[0].i
        let height = args[1].i
        let unset = width == -1 && height == -1
        guard unset || (width > 0 && height > 0) else {
            postError(
                viewport, code: WP_VIEWPORT_ERROR_BAD_VALUE.rawValue,
                "destination \(width)x\(height): both must be positive, or both -1")
            return
        }
        record.pendingDestination = (width, height)
    }

    /// `get_fractional_scale`: one object per surface (`fractional_scale_exists` otherwise). The preferred
    /// scale goes out at once, as a compositor that already knows the surface's output would send it.
    func makeFractionalScale(manager: OpaquePointer, id: UInt32, surface: OpaquePointer?) {
        guard let surface, let record = surfaces[surface] else { return }
        if record.fractionalScale != nil {
            postError(
                manager, code: WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue,
                "the surface already has a fractional scale object")
            return
        }
        let client = wl_resource_get_client(manager)!
        guard
            let object = makeResource(
                client: client, interface: cws_fractional_scale_interface(), version: 1,
                id: id, dispatcher: fractionalScaleDispatcher,
                destroy: fractionalScaleDestroyed)
        else { return }
        record.fractionalScale = object
        fractionalScaleObjects[object] = surface
        if let scale = fractionalScale120 { wp_fractional_scale_v1_send_preferred_scale(object, scale) }
    }

    /// A surface is going away: its viewport stays as a defunct object (requests post `no_surface`), its
    /// fractional scale object simply hears nothing more.
    func forgetScalingObjects(of record: SurfaceRecord) {
        if let viewport = record.viewport { viewports[viewport] = .some(nil) }
        if let object = record.fractionalScale { fractionalScaleObjects.removeValue(forKey: object) }
    }
}
