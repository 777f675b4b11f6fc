import CWaylandServer
import Glibc
import Toolkit

// xdg_wm_base v3, xdg_surface, xdg_toplevel, and the minimal xdg_positioner / xdg_popup: the configure handshake
// with the checks of the protocol (unknown ack serials, buffers before the first ack, defunct objects).

/// `xdg_wm_base` bind. Version 3, as weston 10 offers: the client under test must work with what the real
/// compositors on this machine advertise, so the test compositor offers no more.
let bindWmBase: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    if let base = state.makeResource(
        client: client, interface: cws_xdg_wm_base_interface(), version: Int32(version),
        id: id, dispatcher: wmBaseDispatcher, destroy: wmBaseDestroyed)
    {
        state.wmBases.append(base)
    }
}

/// xdg_wm_base requests (see `CompositorState.wmBaseRequest`).
let wmBaseDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.wmBaseRequest(resource, opcode: opcode, args: args)
    return 0
}

/// The wm_base went away (destroy request or client gone): xdg_surfaces made from it stop pointing at it.
let wmBaseDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.wmBases)
    for xdg in state.xdgSurfaces.values where xdg.wmBase == resource { xdg.wmBase = nil }
}

/// xdg_positioner: 0 destroy; 1-9 set the popup placement, which this compositor does not compute.
let positionerDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// xdg_popup: 0 destroy; 1 grab, 2 reposition are ignored (every popup is dismissed at once).
let popupDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// A popup went away: its xdg_surface has no role object any more.
let popupDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    for xdg in state.xdgSurfaces.values where xdg.popup == resource { xdg.popup = nil }
}

/// xdg_surface requests (see `CompositorState.xdgSurfaceRequest`).
let xdgSurfaceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.xdgSurfaceRequest(resource, opcode: opcode, args: args)
    return 0
}

/// An xdg_surface went away: unlink it from its wl_surface (which may get a new role) and its toplevel.
let xdgSurfaceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource),
        let xdg = state.xdgSurfaces.removeValue(forKey: resource)
    else { return }
    if let surface = xdg.surface, let record = state.surfaces[surface] { record.xdgSurface = nil }
    if let toplevel = xdg.toplevel.flatMap({ state.toplevels[$0] }) { toplevel.xdgSurface = nil }
}

/// xdg_toplevel requests (see `CompositorState.toplevelRequest`).
let toplevelDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.toplevelRequest(resource, opcode: opcode, args: args)
    return 0
}

/// A toplevel went away: it leaves the active-toplevel order, and focus on its surface ends (no leave event:
/// an unmapped surface's client expects none after destroying the role).
let toplevelDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource),
        let toplevel = state.toplevels.removeValue(forKey: resource)
    else { return }
    removeFirst(resource, from: &state.toplevelOrder)
    if let xdg = toplevel.xdgSurface.flatMap({ state.xdgSurfaces[$0] }) {
        xdg.toplevel = nil
        if let surface = xdg.surface {
            if state.pointerFocus == surface { state.pointerFocus = nil }
            if state.keyboardFocus == surface { state.keyboardFocus = nil }
        }
    }
}

extension CompositorState {
    /// xdg_wm_base: 0 destroy, 1 create_positioner(new_id), 2 get_xdg_surface(new_id, surface), 3 pong(serial).
    func wmBaseRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        let client = wl_resource_get_client(resource)!
        let version = wl_resource_get_version(resource)
        switch opcode {
        case 0:
            // xdg-shell: destroying the wm_base while surfaces made from it live is defunct_surfaces.
            if xdgSurfaces.values.contains(where: { $0.wmBase == resource }) {
                postError(
                    resource, code: XDG_WM_BASE_ERROR_DEFUNCT_SURFACES.rawValue,
                    "xdg_wm_base destroyed while xdg_surfaces made from it still exist")
                return
            }
            wl_resource_destroy(resource)
        case 1:
            makeResource(
                client: client, interface: cws_xdg_positioner_interface(), version: version,
                id: args[0].n, dispatcher: positionerDispatcher, destroy: nil)
        case 2:
            guard let surfaceObject = args[1].o, let record = surfaces[surfaceObject] else { return }
            // A wl_surface gets one xdg_surface for its whole life, and none once it has content.
            if record.xdgSurface != nil {
                postError(
                    resource, code: XDG_WM_BASE_ERROR_ROLE.rawValue,
                    "get_xdg_surface on a wl_surface that already has an xdg_surface")
                return
            }
            if record.currentBuffer != nil || (record.hasPendingAttach && record.pendingBuffer != nil) {
                postError(
                    resource, code: XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE.rawValue,
                    "get_xdg_surface on a wl_surface that already has a buffer attached")
                return
            }
            guard
                let xdgResource = makeResource(
                    client: client, interface: cws_xdg_surface_interface(),
                    version: version, id: args[0].n, dispatcher: xdgSurfaceDispatcher,
                    destroy: xdgSurfaceDestroyed)
            else { return }
            xdgSurfaces[xdgResource] = XdgSurfaceRecord(
                resource: xdgResource, surface: record.resource,
                wmBase: resource)
            record.xdgSurface = xdgResource
        case 3:
            pongs.insert(args[0].u)
        default:
            break
        }
    }

    /// xdg_surface: 0 destroy, 1 get_toplevel(new_id), 2 get_popup(new_id, parent?, positioner),
    /// 3 set_window_geometry, 4 ack_configure(serial).
    func xdgSurfaceRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        guard let xdg = xdgSurfaces[resource] else { return }
        let client = wl_resource_get_client(resource)!
        let version = wl_resource_get_version(resource)
        switch opcode {
        case 0:
            // The role object must go first (xdg_surface.destroy: defunct_role_object).
            if xdg.toplevel != nil || xdg.popup != nil {
                postError(
                    resource, code: XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue,
                    "xdg_surface destroyed before its xdg_toplevel / xdg_popup")
                return
            }
            wl_resource_destroy(resource)
        case 1, 2:
            if xdg.toplevel != nil || xdg.popup != nil {
                postError(
                    resource, code: XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue,
                    "xdg_surface already has a role object")
                return
            }
            if opcode == 1 {
                guard
                    let toplevel = makeResource(
                        client: client, interface: cws_xdg_toplevel_interface(),
                        version: version, id: args[0].n, dispatcher: toplevelDispatcher,
                        destroy: toplevelDestroyed)
                else { return }
                toplevels[toplevel] = ToplevelRecord(resource: toplevel, xdgSurface: resource)
                toplevelOrder.append(toplevel)
                xdg.toplevel = toplevel
                xdg.roleAssigned = true
            } else {
                // Popups are not placed: each is dismissed at once, which clients must handle anyway.
                guard
                    let popup = makeResource(
                        client: client, interface: cws_xdg_popup_interface(),
                        version: version, id: args[0].n, dispatcher: popupDispatcher,
                        destroy: popupDestroyed)
                else { return }
                xdg.popup = popup
                xdg.roleAssigned = true
                xdg_popup_send_popup_done(popup)
            }
        case 4:
            // Only a serial of a configure that was sent and not yet acknowledged is valid; a client that acks
            // twice or invents a serial gets invalid_serial, as from mutter and wlroots.
            let serial = args[0].u
            guard let index = xdg.unackedSerials.firstIndex(of: serial) else {
                postError(
                    resource, code: XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue,
                    "ack_configure with serial \(serial), which is not an unacknowledged configure serial")
                return
            }
            // Acking a configure acks every older one too.
            xdg.unackedSerials.removeFirst(index + 1)
            xdg.configured = true
            lastAckedSerial = serial
        default:
            break
        }
    }

    /// xdg_toplevel: 0 destroy, 2 set_title, 3 set_app_id; the rest (parent, menus, move, resize, size limits,
    /// maximize, fullscreen, minimize) are accepted and ignored: the test compositor has no window management.
    func toplevelRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        guard let toplevel = toplevels[resource] else { return }
        switch opcode {
        case 0:
            // Destroying the toplevel unmaps its surface at once.
            if let xdg = toplevel.xdgSurface.flatMap({ xdgSurfaces[$0] }) { unmap(toplevel, xdg: xdg) }
            wl_resource_destroy(resource)
        case 2:
            toplevel.title = args[0].s.map { String(cString: $0) }
        case 3:
            toplevel.appID = args[0].s.map { String(cString: $0) }
        case 7, 8:
            if args[0].i < 0 || args[1].i < 0 {
                postError(
                    resource, code: XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue,
                    "negative size \(args[0].i)x\(args[1].i) in set_\(opcode == 7 ? "max" : "min")_size")
            }
        default:
            break
        }
    }

    /// Sends `xdg_toplevel.configure` and `xdg_surface.configure` with a fresh serial; returns the serial.
    @discardableResult
    func sendConfigure(
        _ toplevel: ToplevelRecord, width: Int32, height: Int32,
        states: [ToplevelState]
    ) -> UInt32? {
        guard let xdg = toplevel.xdgSurface.flatMap({ xdgSurfaces[$0] }) else { return nil }
        // The states travel as a wl_array of uint32 values.
        var array = wl_array()
        wl_array_init(&array)
        for state in states {
            if let slot = wl_array_add(&array, MemoryLayout<UInt32>.size) {
                slot.storeBytes(of: state.wireValue, as: UInt32.self)
            }
        }
        xdg_toplevel_send_configure(toplevel.resource, width, height, &array)
        wl_array_release(&array)
        let serial = nextSerial()
        xdg.unackedSerials.append(serial)
        xdg_surface_send_configure(xdg.resource, serial)
        return serial
    }

    /// A toplevel lost its content: input focus leaves and the handshake starts over.
    func unmap(_ toplevel: ToplevelRecord, xdg: XdgSurfaceRecord) {
        toplevel.mapped = false
        xdg.configured = false
        xdg.initialCommitDone = false
        xdg.unackedSerials = []
        guard let surface = xdg.surface else { return }
        if pointerFocus == surface {
            for pointer in resources(pointers, of: wl_resource_get_client(surface)) {
                wl_pointer_send_leave(pointer, nextSerial(), surface)
            }
            pointerFocus = nil
        }
        if keyboardFocus == surface {
            for keyboard in resources(keyboards, of: wl_resource_get_client(surface)) {
                wl_keyboard_send_leave(keyboard, nextSerial(), surface)
            }
            keyboardFocus = nil
        }
    }

    /// The toplevel that shell requests and input go to: the most recently created one still alive.
    var activeToplevel: ToplevelRecord? {
        toplevelOrder.last.flatMap { toplevels[$0] }
    }

    /// The surface input goes to: the active toplevel's, when it is mapped.
    var inputSurface: OpaquePointer? {
        guard let toplevel = activeToplevel, toplevel.mapped,
            let xdg = toplevel.xdgSurface.flatMap({ xdgSurfaces[$0] })
        else { return nil }
        return xdg.surface
    }

    /// True when some toplevel is mapped.
    var hasMappedToplevel: Bool { toplevels.values.contains { $0.mapped } }
}
