import CWaylandServer
import Toolkit

// A hostile or buggy compositor, for robustness tests: events the protocol forbids or that no sane compositor
// sends (negative and huge configure sizes, output scales of 0 or 1000, broken keymaps, negative repeat info,
// unpaired pointer enter / leave, events for objects the client never had). Each knob sends exactly what it says,
// without the clamping the regular methods apply, and keeps the compositor's own state consistent.

extension TestCompositor {
    // MARK: Shell and scale

    /// Sends `xdg_toplevel.configure` with `width` x `height` as they are (negative, zero, `Int32.max`), then
    /// `xdg_surface.configure`, to the active toplevel. Returns the configure serial, or nil without a toplevel.
    @discardableResult
    public func sendRawConfigure(width: Int32, height: Int32, states: [ToplevelState] = [.activated]) -> UInt32? {
        perform { state in
            guard let toplevel = state.activeToplevel else { return nil }
            return state.sendConfigure(toplevel, width: width, height: height, states: states)
        }
    }

    /// Sends `wl_output.scale` with `factor` as it is (0, negative, huge) and `done` to every bound output. The
    /// mode and `outputScale` stay as they were.
    public func sendRawOutputScale(_ factor: Int32) {
        perform { $0.sendRawOutputScale(factor) }
    }

    /// Sends `wp_fractional_scale_v1.preferred_scale` with `scale120` (120ths, 0 included) to every fractional
    /// scale object. Only reaches clients when the scaling globals exist (set `fractionalScale` first).
    public func sendRawPreferredScale(_ scale120: UInt32) {
        perform { state in
            for object in state.fractionalScaleObjects.keys {
                wp_fractional_scale_v1_send_preferred_scale(object, scale120)
            }
        }
    }

    // MARK: Keyboard

    /// Sends `wl_keyboard.keymap` with the raw `format` (0 no_keymap, 1 xkb_v1, anything else), a descriptor
    /// made from `payload`, and `declaredSize` bytes (nil: the payload's real size) to every keyboard. The
    /// compositor closes its own copy once sent. Returns the name the descriptor has in `/proc/self/fd` (a
    /// `readlink` target contains it), so that a test can check the client closed it; nil when it could not be
    /// made or there is no keyboard.
    @discardableResult
    public func sendKeymap(format: UInt32, payload: KeymapPayload, declaredSize: UInt32? = nil) -> String? {
        perform { $0.sendHostileKeymap(format: format, payload: payload, declaredSize: declaredSize) }
    }

    /// Sends `wl_keyboard.repeat_info` with `rate` (keys per second) and `delay` (milliseconds) as they are
    /// (negative included) to every keyboard bound at v4 or later.
    public func sendRepeatInfo(rate: Int32, delay: Int32) {
        perform { state in
            for keyboard in state.keyboards where wl_resource_get_version(keyboard) >= 4 {
                wl_keyboard_send_repeat_info(keyboard, rate, delay)
            }
        }
    }

    /// Sends `wl_keyboard.key` with the raw evdev `code` to every keyboard of the input surface's client, as it
    /// is: no enter first whatever the keyboard focus, no `modifiers` after, the compositor's held keys
    /// untouched. For keys outside any enter, and codes the keymap has no symbol for. Dropped (and counted)
    /// like other input without a target.
    public func sendRawKey(code: UInt32, pressed: Bool) {
        perform { $0.sendRawKey(code: code, pressed: pressed) }
    }

    /// Sends `wl_keyboard.enter` (no keys held) on the client's cursor surface, as if it were a window, without
    /// a leave from the toplevel. Returns false (nothing sent) when the client set no cursor surface.
    @discardableResult
    public func sendKeyboardEnterOnCursorSurface() -> Bool {
        perform { $0.sendKeyboardEnterOnCursorSurface() }
    }

    // MARK: Pointer

    /// Sends `wl_pointer.enter` on the active toplevel's surface at `point` without a leave first, even when the
    /// pointer is on it already (a second enter). Dropped (and counted) like other input without a target.
    public func sendUnpairedPointerEnter(at point: Point) {
        perform { $0.sendUnpairedPointerEnter(at: point) }
    }

    /// Sends `wl_pointer.leave` for the active toplevel's surface even when the pointer is not on it.
    public func sendUnpairedPointerLeave() {
        perform { $0.sendUnpairedPointerLeave() }
    }

    /// Sends `wl_pointer.enter` at `point` on the client's cursor surface (the surface of its latest
    /// `set_cursor`), as if it were a window, without a leave from the toplevel. Returns false (nothing sent)
    /// when the client set no cursor surface.
    @discardableResult
    public func sendPointerEnterOnCursorSurface(at point: Point) -> Bool {
        perform { $0.sendPointerEnterOnCursorSurface(at: point) }
    }

    /// Sends `wl_touch.down` of `id` at `point` on the client's cursor surface. Returns false (nothing sent)
    /// when the client set no cursor surface.
    @discardableResult
    public func sendTouchDownOnCursorSurface(id: Int, at point: Point) -> Bool {
        perform { $0.sendTouchDownOnCursorSurface(id: id, at: point) }
    }

    // MARK: Wire

    /// Writes one event straight onto every client's socket: object `objectID`, `opcode`, and `arguments` as
    /// 32-bit words (after flushing what libwayland had queued, so the order holds). For events on objects the
    /// client never had, opcodes an interface lacks, or truncated arguments. Returns the number of clients
    /// written to.
    @discardableResult
    public func sendRawEvent(objectID: UInt32, opcode: UInt16, arguments: [UInt32] = []) -> Int {
        perform { $0.sendRawEvent(objectID: objectID, opcode: opcode, arguments: arguments) }
    }

    /// Posts a protocol error with `code` and `message` on the active toplevel's xdg_toplevel, as a compositor
    /// does when a client broke a rule: libwayland sends `wl_display.error` and closes the connection. Recorded
    /// in `protocolErrors`. Returns false when no toplevel is mapped.
    @discardableResult
    public func postProtocolErrorOnToplevel(code: UInt32, message: String) -> Bool {
        perform { state in
            guard let toplevel = state.activeToplevel else { return false }
            state.postError(toplevel.resource, code: code, message)
            return true
        }
    }

    /// Whether a client answered the ping with `serial` (`sendPing`); never waits.
    public func hasPong(serial: UInt32) -> Bool {
        perform { $0.pongs.contains(serial) }
    }
}
