import CWaylandServer
import Toolkit

// Input events to the active toplevel's client: wl_touch, wl_pointer, wl_keyboard. Nothing here adds a frame
// event on its own: tests send frames explicitly, so they can reproduce compositors that group differently or
// forget the frame (weston 10 after the last touch up).
//
// Rules for odd input (documented on the public methods): coordinates go through `fixed(_:)` (NaN becomes 0,
// values beyond wl_fixed's range of +-8388607 clamp); touch ids beyond Int32 clamp; an event with no mapped
// toplevel, or for a capability the seat does not have, is dropped and counted in `droppedInputEventCount`.

extension CompositorState {
    /// A surface coordinate as wl_fixed (24.8 fixed point): NaN becomes 0, out-of-range values clamp.
    func fixed(_ value: Double) -> wl_fixed_t {
        guard !value.isNaN else { return 0 }
        return wl_fixed_from_double(min(max(value, -8_388_607), 8_388_607))
    }

    /// A finite whole number as a wire `int`, clamped to Int32's range in Double first: converting a value
    /// beyond Int64 (1e300 from a fuzzer) to an integer type traps.
    static func wireInt(_ value: Double) -> Int32 {
        Int32(min(max(value, Double(Int32.min)), Double(Int32.max)))
    }

    /// The input surface and the objects of its client in `list`, when the seat has `capability`; nil (and the
    /// event counted as dropped) otherwise.
    private func target(
        _ capability: SeatCapabilities,
        _ list: [OpaquePointer]
    ) -> (surface: OpaquePointer, objects: [OpaquePointer])? {
        guard capabilities.contains(capability), let surface = inputSurface else {
            droppedInputEventCount += 1
            return nil
        }
        return (surface, resources(list, of: wl_resource_get_client(surface)))
    }

    // MARK: Touch

    func touchDown(id: Int, at point: Point, time stamp: Duration? = nil) {
        guard let (surface, touches) = target(.touch, self.touches) else { return }
        let serial = nextSerial()
        let time = stamp.map(FrameTicks.milliseconds) ?? timeMilliseconds
        for touch in touches {
            wl_touch_send_down(touch, serial, time, surface, Int32(clamping: id), fixed(point.x), fixed(point.y))
        }
    }

    func touchMotion(id: Int, to point: Point, time stamp: Duration? = nil) {
        guard let (_, touches) = target(.touch, self.touches) else { return }
        let time = stamp.map(FrameTicks.milliseconds) ?? timeMilliseconds
        for touch in touches { wl_touch_send_motion(touch, time, Int32(clamping: id), fixed(point.x), fixed(point.y)) }
    }

    func touchUp(id: Int, time stamp: Duration? = nil) {
        guard let (_, touches) = target(.touch, self.touches) else { return }
        let serial = nextSerial()
        let time = stamp.map(FrameTicks.milliseconds) ?? timeMilliseconds
        for touch in touches { wl_touch_send_up(touch, serial, time, Int32(clamping: id)) }
    }

    func touchFrame() {
        guard let (_, touches) = target(.touch, self.touches) else { return }
        for touch in touches { wl_touch_send_frame(touch) }
    }

    func touchCancel() {
        guard let (_, touches) = target(.touch, self.touches) else { return }
        for touch in touches { wl_touch_send_cancel(touch) }
    }

    // MARK: Pointer

    /// Sends enter at `point` (after a leave when the pointer is on some surface already).
    func pointerEnter(at point: Point) {
        guard let (surface, pointers) = target(.pointer, self.pointers) else { return }
        leavePointerFocus()
        enterPointer(surface, pointers, at: point)
    }

    /// Motion; when the pointer is not on the input surface yet, an enter at `point` instead.
    func pointerMotion(to point: Point) {
        guard let (surface, pointers) = target(.pointer, self.pointers) else { return }
        if pointerFocus != surface {
            leavePointerFocus()
            enterPointer(surface, pointers, at: point)
            return
        }
        pointerPosition = point
        let time = timeMilliseconds
        for pointer in pointers { wl_pointer_send_motion(pointer, time, fixed(point.x), fixed(point.y)) }
    }

    func pointerButton(_ button: PointerButton, pressed: Bool) {
        guard let pointers = focusedPointers() else { return }
        let serial = nextSerial()
        let time = timeMilliseconds
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        for pointer in pointers { wl_pointer_send_button(pointer, serial, time, button.linuxCode, state.rawValue) }
    }

    /// One scroll step. `.wheel`: `dx`/`dy` in 1/120 detents, sent as axis_value120 (v8+) or the whole detents
    /// as axis_discrete (v5-7), plus `axis` with 15 surface units per detent (libinput's convention).
    /// `.finger` / `.continuous`: `axis` with the values in surface units. axis_source first, from v5.
    func pointerAxis(dx: Double, dy: Double, source: AxisSource) {
        guard let pointers = focusedPointers() else { return }
        let time = timeMilliseconds
        let sourceValue: wl_pointer_axis_source
        switch source {
        case .wheel: sourceValue = WL_POINTER_AXIS_SOURCE_WHEEL
        case .finger: sourceValue = WL_POINTER_AXIS_SOURCE_FINGER
        case .continuous: sourceValue = WL_POINTER_AXIS_SOURCE_CONTINUOUS
        }
        let axes = [(WL_POINTER_AXIS_HORIZONTAL_SCROLL, dx), (WL_POINTER_AXIS_VERTICAL_SCROLL, dy)]
        for pointer in pointers {
            let version = wl_resource_get_version(pointer)
            if version >= 5 { wl_pointer_send_axis_source(pointer, sourceValue.rawValue) }
            for (axis, value) in axes where value.isFinite && value != 0 {
                if source == .wheel {
                    if version >= 8 {
                        wl_pointer_send_axis_value120(pointer, axis.rawValue, CompositorState.wireInt(value.rounded()))
                    } else if version >= 5 {
                        // Only whole detents exist before value120; a partial step carries none.
                        let detents = (value / 120).rounded(.towardZero)
                        if detents != 0 {
                            wl_pointer_send_axis_discrete(pointer, axis.rawValue, CompositorState.wireInt(detents))
                        }
                    }
                    wl_pointer_send_axis(pointer, time, axis.rawValue, fixed(value / 120 * 15))
                } else {
                    wl_pointer_send_axis(pointer, time, axis.rawValue, fixed(value))
                }
            }
        }
    }

    /// axis_stop on both axes (v5+).
    func pointerAxisStop() {
        guard let pointers = focusedPointers() else { return }
        let time = timeMilliseconds
        for pointer in pointers where wl_resource_get_version(pointer) >= 5 {
            wl_pointer_send_axis_stop(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
            wl_pointer_send_axis_stop(pointer, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue)
        }
    }

    /// wl_pointer.frame (v5+).
    func pointerFrame() {
        guard let (_, pointers) = target(.pointer, self.pointers) else { return }
        for pointer in pointers where wl_resource_get_version(pointer) >= 5 { wl_pointer_send_frame(pointer) }
    }

    /// The pointers of the input surface's client, after an enter at the last position if the pointer is not on
    /// that surface yet (a button or axis event must follow an enter).
    func focusedPointers() -> [OpaquePointer]? {
        guard let (surface, pointers) = target(.pointer, self.pointers) else { return nil }
        if pointerFocus != surface {
            leavePointerFocus()
            enterPointer(surface, pointers, at: pointerPosition)
        }
        return pointers
    }

    private func enterPointer(_ surface: OpaquePointer, _ pointers: [OpaquePointer], at point: Point) {
        pointerPosition = point
        // Focus only counts once a pointer object received the enter: a client that binds its pointer later
        // gets its enter with the next event.
        guard !pointers.isEmpty else { return }
        let serial = nextSerial()
        for pointer in pointers { wl_pointer_send_enter(pointer, serial, surface, fixed(point.x), fixed(point.y)) }
        pointerFocus = surface
        lastPointerEnterSerial = serial
    }

    private func leavePointerFocus() {
        guard let old = pointerFocus else { return }
        pointerFocus = nil
        guard surfaces[old] != nil else { return }
        let serial = nextSerial()
        for pointer in resources(pointers, of: wl_resource_get_client(old)) {
            wl_pointer_send_leave(pointer, serial, old)
        }
    }

    // MARK: Keyboard

    /// The evdev keycode of a key: the named keys map to their Linux KEY_* codes, `.other(keysym)` to the key
    /// that produces that keysym in the us layout (first level, else second; the shift itself is not sent).
    func evdevKeycode(for key: Key) -> UInt32? {
        switch key {
        case .up: return 103
        case .down: return 108
        case .left: return 105
        case .right: return 106
        case .pageUp: return 104
        case .pageDown: return 109
        case .home: return 102
        case .end: return 107
        case .space: return 57
        case .tab: return 15
        case .enter: return 28
        case .escape: return 1
        case .backspace: return 14
        case .other(let keysym): return evdevKeycode(forKeysym: keysym)
        }
    }

    /// A key press or release on the input surface, after keyboard enter (+ modifiers) if it lacks focus; a
    /// modifiers event follows when the key changed the modifier state.
    func key(_ key: Key, pressed: Bool) {
        guard let (surface, keyboards) = target(.keyboard, self.keyboards) else { return }
        guard let keycode = evdevKeycode(for: key) else {
            droppedInputEventCount += 1
            return
        }
        _ = ensureXkbState()
        // As for the pointer, focus needs a keyboard object that received the enter.
        if keyboardFocus != surface && !keyboards.isEmpty {
            if let old = keyboardFocus, surfaces[old] != nil {
                let serial = nextSerial()
                for keyboard in resources(self.keyboards, of: wl_resource_get_client(old)) {
                    wl_keyboard_send_leave(keyboard, serial, old)
                }
            }
            keyboardFocus = surface
            var array = wl_array()
            wl_array_init(&array)
            for pressedKey in pressedKeys {
                wl_array_add(&array, MemoryLayout<UInt32>.size)?.storeBytes(of: pressedKey, as: UInt32.self)
            }
            let serial = nextSerial()
            for keyboard in keyboards { wl_keyboard_send_enter(keyboard, serial, surface, &array) }
            wl_array_release(&array)
            sendModifiers(keyboards)
        }
        if pressed {
            if !pressedKeys.contains(keycode) { pressedKeys.append(keycode) }
        } else if let index = pressedKeys.firstIndex(of: keycode) {
            pressedKeys.remove(at: index)
        }
        let serial = nextSerial()
        let time = timeMilliseconds
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        for keyboard in keyboards { wl_keyboard_send_key(keyboard, serial, time, keycode, state.rawValue) }
        if let xkbState {
            let before = serializedModifiers()
            xkb_state_update_key(xkbState, keycode + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
            if serializedModifiers() != before { sendModifiers(keyboards) }
        }
    }

    /// depressed, latched, locked modifiers and the effective group of the xkb state (zeros without one).
    private func serializedModifiers() -> [UInt32] {
        guard let xkbState else { return [0, 0, 0, 0] }
        return [
            xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_DEPRESSED),
            xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_LATCHED),
            xkb_state_serialize_mods(xkbState, XKB_STATE_MODS_LOCKED),
            xkb_state_serialize_layout(xkbState, XKB_STATE_LAYOUT_EFFECTIVE)
        ]
    }

    private func sendModifiers(_ keyboards: [OpaquePointer]) {
        let mods = serializedModifiers()
        let serial = nextSerial()
        for keyboard in keyboards { wl_keyboard_send_modifiers(keyboard, serial, mods[0], mods[1], mods[2], mods[3]) }
    }
}
