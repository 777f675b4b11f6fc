import CWaylandServer
import Glibc
import Toolkit

// wl_seat v8 and its wl_pointer / wl_keyboard / wl_touch objects. Objects are created even for a capability
// the seat does not have (the protocol allows it for capabilities the seat had, and tolerating it is what a
// client racing a capability change needs); they simply receive no events.

/// `wl_seat` bind, up to v8 (axis_value120). The capabilities (and the name from v2) go out at once, as every
/// compositor does, so that the client's first roundtrip sees them.
let bindSeat: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    guard
        let seat = state.makeResource(
            client: client, interface: cws_seat_interface(), version: Int32(version),
            id: id, dispatcher: seatDispatcher, destroy: seatDestroyed)
    else { return }
    state.seats.append(seat)
    wl_seat_send_capabilities(seat, state.capabilities.rawValue)
    if version >= 2 { wl_seat_send_name(seat, "seat0") }
}

/// wl_seat requests (see `CompositorState.seatRequest`).
let seatDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.seatRequest(resource, opcode: opcode, args: args)
    return 0
}

/// The seat object went away (release, or the client is gone).
let seatDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.seats)
}

/// wl_pointer: 0 set_cursor(serial, surface?, hotspot x, y), recorded for tests (the cursor is not drawn),
/// 1 release. wl_keyboard and wl_touch: 0 release. So opcode 1 for pointers and 0 for the others destroy.
let pointerDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target else { return 0 }
    let resource = OpaquePointer(target)
    if opcode == 1 {
        wl_resource_destroy(resource)
    } else if opcode == 0, let args, let state = CompositorState.of(resource) {
        state.cursorRequestCount += 1
        state.lastCursorRequest = (args[0].u, args[1].o, args[2].i, args[3].i)
    }
    return 0
}

let keyboardOrTouchDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

// The device objects went away: they leave the lists events are sent to.
let pointerDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.pointers)
}

let keyboardDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.keyboards)
}

let touchDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.touches)
}

extension CompositorState {
    /// wl_seat: 0 get_pointer, 1 get_keyboard, 2 get_touch (each new_id), 3 release (v5).
    func seatRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        let client = wl_resource_get_client(resource)!
        let version = wl_resource_get_version(resource)
        switch opcode {
        case 0:
            // Device objects take the seat's version, as the protocol says for objects made by a request.
            if let pointer = makeResource(
                client: client, interface: cws_pointer_interface(), version: version,
                id: args[0].n, dispatcher: pointerDispatcher, destroy: pointerDestroyed)
            {
                pointers.append(pointer)
            }
        case 1:
            if let keyboard = makeResource(
                client: client, interface: cws_keyboard_interface(), version: version,
                id: args[0].n, dispatcher: keyboardOrTouchDispatcher,
                destroy: keyboardDestroyed)
            {
                keyboards.append(keyboard)
                sendKeymap(keyboard)
            }
        case 2:
            if let touch = makeResource(
                client: client, interface: cws_touch_interface(), version: version,
                id: args[0].n, dispatcher: keyboardOrTouchDispatcher,
                destroy: touchDestroyed)
            {
                touches.append(touch)
            }
        case 3:
            wl_resource_destroy(resource)
        default:
            break
        }
    }

    /// Sends the capabilities to every bound seat.
    func announceCapabilities() {
        for seat in seats { wl_seat_send_capabilities(seat, capabilities.rawValue) }
    }

    /// keymap (XKB_V1 by fd) and, from v4, repeat_info: 25 keys/s after 400 ms, like common desktop defaults.
    func sendKeymap(_ keyboard: OpaquePointer) {
        if keymapFD < 0 {
            if let text = DefaultKeymap.text {
                keymapSize = text.utf8.count + 1
                keymapFD = text.withCString { cws_create_keymap_fd($0, keymapSize) }
            }
            if keymapFD < 0 {
                // No XKB data on this machine: tell the client there is no keymap (an empty fd is still required).
                keymapSize = 0
                keymapFD = cws_create_keymap_fd("", 0)
            }
        }
        if keymapFD >= 0 {
            let format = keymapSize > 0 ? WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 : WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP
            // libwayland duplicates the fd into the message, so the compositor keeps its own for later binds.
            wl_keyboard_send_keymap(keyboard, format.rawValue, keymapFD, UInt32(keymapSize))
        }
        if wl_resource_get_version(keyboard) >= 4 {
            wl_keyboard_send_repeat_info(keyboard, 25, 400)
        }
    }

    /// The xkb state for modifier tracking and keysym lookups, compiled from the same text the clients get.
    func ensureXkbState() -> Bool {
        if xkbState != nil { return true }
        guard let text = DefaultKeymap.text else { return false }
        if xkbContext == nil { xkbContext = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) }
        guard let context = xkbContext else { return false }
        xkbKeymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        // From the text rather than from names: exactly the keymap the clients compile, at half the cost.
        guard let keymap = xkbKeymap else { return false }
        xkbState = xkb_state_new(keymap)
        return xkbState != nil
    }

    /// The evdev keycode (xkb keycode - 8) whose first shift level, or failing that its second, produces
    /// `keysym` in the first layout; nil when no key does.
    func evdevKeycode(forKeysym keysym: UInt32) -> UInt32? {
        guard ensureXkbState(), let keymap = xkbKeymap else { return nil }
        let low = xkb_keymap_min_keycode(keymap)
        let high = xkb_keymap_max_keycode(keymap)
        // xkb keycodes are evdev codes + 8 (the X11 offset); below 8 there is no evdev code to send.
        guard low >= 8, low <= high else { return nil }
        for level: UInt32 in 0...1 {
            for keycode in low...high {
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
                guard count > 0, let symbols else { continue }
                for index in 0..<Int(count) where symbols[index] == keysym { return keycode - 8 }
            }
        }
        return nil
    }
}
