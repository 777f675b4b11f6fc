import CWaylandServer

// wl_data_device_manager v3, as little of it as clients need to run: GTK 4 adds no wl_seat until the registry
// offers a data device manager, so without one a GTK client gets no input at all. Data sources and data devices
// are real objects that accept every request and send nothing: no selection is ever offered, drags never
// start (a start_drag is ignored; the source hears nothing, as when a compositor refuses the drag).

/// `wl_data_device_manager` bind (v1...3): requests go to `dataDeviceManagerDispatcher`.
let bindDataDeviceManager: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_data_device_manager_interface(), version: Int32(version),
        id: id, dispatcher: dataDeviceManagerDispatcher, destroy: nil)
}

/// wl_data_device_manager: 0 create_data_source(new_id), 1 get_data_device(new_id, seat).
let dataDeviceManagerDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let manager = OpaquePointer(target),
        let state = CompositorState.of(manager), let client = wl_resource_get_client(manager)
    else { return 0 }
    let version = wl_resource_get_version(manager)
    switch opcode {
    case 0:
        state.makeResource(
            client: client, interface: cws_data_source_interface(), version: version,
            id: args[0].n, dispatcher: dataSourceDispatcher, destroy: nil)
    case 1:
        state.makeResource(
            client: client, interface: cws_data_device_interface(), version: version,
            id: args[0].n, dispatcher: dataDeviceDispatcher, destroy: nil)
    default:
        break
    }
    return 0
}

/// wl_data_source: 0 offer(mime type), 1 destroy, 2 set_actions (v3). Only destroy does anything.
let dataSourceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 1, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// wl_data_device: 0 start_drag, 1 set_selection, 2 release (v2). Only release does anything.
let dataDeviceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 2, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}
