import CWaylandServer
import Toolkit

// zwp_pointer_gestures_v1 v3 (pointer-gestures-unstable-v1): touchpad gestures, as libinput-based compositors
// relay them. Only pinches carry events; swipe and hold gesture objects can be made (a client asking for them is
// not wrong) and only accept their destroy request. A pinch object sends its events for the wl_pointer it was made
// for, to the client that has the pointer focus: begin (with a new serial and the focused surface), update, end.

/// `zwp_pointer_gestures_v1` bind: requests go to `pointerGesturesDispatcher`.
let bindPointerGestures: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_pointer_gestures_interface(), version: Int32(version), id: id,
        dispatcher: pointerGesturesDispatcher, destroy: nil)
}

/// zwp_pointer_gestures_v1: 0 get_swipe_gesture(new_id, pointer), 1 get_pinch_gesture(new_id, pointer),
/// 2 release (v2), 3 get_hold_gesture(new_id, pointer) (v3).
let pointerGesturesDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    switch opcode {
    case 0: state.makeGesture(manager: resource, id: args[0].n, interface: cws_pointer_gesture_swipe_interface())
    case 1: state.makePinchGesture(manager: resource, id: args[0].n, pointer: args[1].o)
    case 2: wl_resource_destroy(resource)
    case 3: state.makeGesture(manager: resource, id: args[0].n, interface: cws_pointer_gesture_hold_interface())
    default: break
    }
    return 0
}

/// Swipe, pinch and hold gesture objects: 0 destroy.
let pointerGestureDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// A pinch object went away (destroy request or client gone): it leaves the list events go to.
let pinchGestureDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    state.pinchGestures.removeValue(forKey: resource)
}

/// The wl_pointer of some pinch objects went away: they hear nothing more (a later pointer may reuse the address).
let pinchPointerDestroyed: cws_destroy_notify_t = { context, resource in
    guard let context, let resource else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(context).takeUnretainedValue()
    for (pinch, pointer) in state.pinchGestures where pointer == resource { state.pinchGestures[pinch] = .some(nil) }
}

extension CompositorState {
    /// A swipe or hold object: it gets no events and only accepts destroy. Objects made by a request take the
    /// version of the object that made them.
    func makeGesture(manager: OpaquePointer, id: UInt32, interface: UnsafePointer<wl_interface>?) {
        let client = wl_resource_get_client(manager)!
        makeResource(
            client: client, interface: interface, version: wl_resource_get_version(manager), id: id,
            dispatcher: pointerGestureDispatcher, destroy: nil)
    }

    /// `get_pinch_gesture` for `pointer` (libwayland rejects a NULL pointer before this is called).
    func makePinchGesture(manager: OpaquePointer, id: UInt32, pointer: OpaquePointer?) {
        guard let pointer else { return }
        let client = wl_resource_get_client(manager)!
        guard
            let pinch = makeResource(
                client: client, interface: cws_pointer_gesture_pinch_interface(),
                version: wl_resource_get_version(manager), id: id,
                dispatcher: pointerGestureDispatcher, destroy: pinchGestureDestroyed)
        else {
            return
        }
        pinchGestures[pinch] = .some(pointer)
        _ = cws_watch_destroy(pointer, pinchPointerDestroyed, opaque)
    }

    /// The pinch objects of the pointers that have the focus on the input surface (after an enter and its
    /// `wl_pointer.frame`, v5+, when the pointer was not there: gesture events never sit inside a pointer frame),
    /// with that surface; nil, and the event counted as dropped, when there is no such pinch object.
    private func focusedPinches() -> (surface: OpaquePointer, pinches: [OpaquePointer])? {
        let focusBefore = pointerFocus
        guard let pointers = focusedPointers() else { return nil }  // counted as dropped there
        guard let surface = pointerFocus else {
            droppedInputEventCount += 1  // the client has no wl_pointer: nothing got the enter
            return nil
        }
        if focusBefore != surface {
            for pointer in pointers where wl_resource_get_version(pointer) >= 5 { wl_pointer_send_frame(pointer) }
        }
        var pinches: [OpaquePointer] = []
        for (pinch, pointer) in pinchGestures {
            if let pointer, pointers.contains(pointer) { pinches.append(pinch) }
        }
        guard !pinches.isEmpty else {
            droppedInputEventCount += 1
            return nil
        }
        return (surface, pinches)
    }

    func pointerPinchBegin(fingers: Int) {
        guard let (surface, pinches) = focusedPinches() else { return }
        let serial = nextSerial()
        let time = timeMilliseconds
        let count = UInt32(clamping: max(fingers, 0))
        for pinch in pinches { zwp_pointer_gesture_pinch_v1_send_begin(pinch, serial, time, surface, count) }
    }

    func pointerPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
        guard let (_, pinches) = focusedPinches() else { return }
        let time = timeMilliseconds
        for pinch in pinches {
            zwp_pointer_gesture_pinch_v1_send_update(pinch, time, fixed(dx), fixed(dy), fixed(scale), fixed(rotation))
        }
    }

    func pointerPinchEnd(cancelled: Bool) {
        guard let (_, pinches) = focusedPinches() else { return }
        let serial = nextSerial()
        let time = timeMilliseconds
        for pinch in pinches { zwp_pointer_gesture_pinch_v1_send_end(pinch, serial, time, cancelled ? 1 : 0) }
    }
}
