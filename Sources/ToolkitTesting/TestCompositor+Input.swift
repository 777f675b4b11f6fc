import Toolkit

// Input injection. Events go to the active toplevel (the most recently created xdg_toplevel still alive) when it
// is mapped, in its surface-local coordinates (points), stamped with the compositor clock in milliseconds.
// Nothing sends a frame by itself: call `touchFrame()` / `pointerFrame()` where a real compositor would.
//
// Odd input never crashes: NaN coordinates are sent as 0, coordinates beyond wl_fixed's +-8388607 clamp, ids
// beyond Int32 clamp. An event with no mapped toplevel, or for a capability the seat lacks, is dropped and
// counted in `droppedInputEventCount`.

extension TestCompositor {
    /// The seat's capabilities.
    public var capabilities: SeatCapabilities { perform { $0.capabilities } }

    /// Changes the seat's capabilities (`wl_seat.capabilities` to every bound seat). Clients release the objects
    /// of a removed capability; requests on them stay harmless, and they get no further events. Removing a
    /// capability forgets its focus, so adding it back starts with a fresh enter.
    public func setCapabilities(_ capabilities: SeatCapabilities) {
        perform { state in
            state.capabilities = capabilities
            if !capabilities.contains(.pointer) { state.pointerFocus = nil }
            if !capabilities.contains(.keyboard) {
                state.keyboardFocus = nil
                state.pressedKeys = []
            }
            state.announceCapabilities()
        }
    }

    /// Events dropped because no toplevel was mapped, the seat lacked the capability, or a key had no keycode.
    public var droppedInputEventCount: Int { perform { $0.droppedInputEventCount } }

    // MARK: Touch

    /// The `wl_touch` objects clients hold (from `wl_seat.get_touch`): whether a client listens for touch at all.
    public var touchObjectCount: Int { perform { $0.touches.count } }

    /// `wl_touch.down` on the active toplevel's surface at `point` (surface-local points), with a new serial.
    public func touchDown(id: Int, at point: Point) { perform { $0.touchDown(id: id, at: point) } }

    /// `wl_touch.motion` of touch `id` to `point` (surface-local points).
    public func touchMotion(id: Int, to point: Point) { perform { $0.touchMotion(id: id, to: point) } }

    /// `wl_touch.up` of touch `id`.
    public func touchUp(id: Int) { perform { $0.touchUp(id: id) } }

    /// `wl_touch.down`, `motion` and `up` stamped with `time` on the compositor clock (`clock`; whole
    /// milliseconds, as the protocol carries them) instead of the moment of the call: for a touchscreen that reports
    /// on its own schedule, whose timestamps the caller scripts (the finger's position at exactly that time).
    public func touchDown(id: Int, at point: Point, time: Duration) {
        perform { $0.touchDown(id: id, at: point, time: time) }
    }

    /// `wl_touch.motion` stamped with `time` on the compositor clock (see `touchDown(id:at:time:)`).
    public func touchMotion(id: Int, to point: Point, time: Duration) {
        perform { $0.touchMotion(id: id, to: point, time: time) }
    }

    /// `wl_touch.up` stamped with `time` on the compositor clock (see `touchDown(id:at:time:)`).
    public func touchUp(id: Int, time: Duration) { perform { $0.touchUp(id: id, time: time) } }

    /// `wl_touch.frame`: the end of a group of touch events.
    public func touchFrame() { perform { $0.touchFrame() } }

    /// `wl_touch.cancel`: the compositor took every active touch away.
    public func touchCancel() { perform { $0.touchCancel() } }

    // MARK: Pointer

    /// `wl_pointer.enter` on the active toplevel's surface at `point` (surface-local points); a leave first when
    /// the pointer is on a surface already.
    public func pointerEnter(at point: Point) { perform { $0.pointerEnter(at: point) } }

    /// `wl_pointer.motion` to `point` (surface-local points); an enter at `point` instead when the pointer is not
    /// on the active toplevel yet.
    public func pointerMotion(to point: Point) { perform { $0.pointerMotion(to: point) } }

    /// `wl_pointer.button` with the button's Linux code (`PointerButton.linuxCode`) and a new serial; enters
    /// first (at the last position, initially (0, 0)) when the pointer is not on the active toplevel.
    public func pointerButton(_ button: PointerButton, pressed: Bool) {
        perform { $0.pointerButton(button, pressed: pressed) }
    }

    /// One scroll step, for each non-zero axis. `.wheel`: `dx`/`dy` in 1/120 detents (120 = one notch), sent
    /// as `axis_value120` to pointers bound at v8+, as whole detents in `axis_discrete` at v5-7 (a partial
    /// detent carries none), and always as `axis` with 15 surface units per detent (libinput's convention).
    /// `.finger` / `.continuous`: `axis` with `dx`/`dy` in surface units. `axis_source` comes first (v5+).
    /// Positive values scroll down / right. Enters first like `pointerButton`. Non-finite values are not sent;
    /// huge ones clamp to what the wire carries (Int32 for `axis_value120` / `axis_discrete`, +-8388607 for `axis`).
    public func pointerAxis(dx: Double, dy: Double, source: AxisSource) {
        perform { $0.pointerAxis(dx: dx, dy: dy, source: source) }
    }

    /// `wl_pointer.axis_stop` on both axes (v5+): the fingers left the touchpad.
    public func pointerAxisStop() { perform { $0.pointerAxisStop() } }

    /// `wl_pointer.frame` (v5+): the end of a group of pointer events.
    public func pointerFrame() { perform { $0.pointerFrame() } }

    // MARK: Keyboard

    /// `wl_keyboard.key` with the key's evdev code: up 103, down 108, left 105, right 106, pageUp 104,
    /// pageDown 109, home 102, end 107, space 57, tab 15, enter 28, escape 1, backspace 14; `.other(keysym)`
    /// uses the key that produces that keysym in the us layout, on its first shift level or else its second
    /// (without pressing shift), and is dropped when no key does. The first key event on a surface sends
    /// `wl_keyboard.enter` (with the keys held) and `modifiers` first; a key that changes the modifier state
    /// (shift, control, caps lock, ...) is followed by `modifiers`. The keymap (xkbcommon's "evdev" / "pc105" /
    /// "us", XKB_V1 by fd) and `repeat_info` (25 keys/s after 400 ms, v4+) go out when the client gets its
    /// keyboard.
    public func key(_ key: Key, pressed: Bool) { perform { $0.key(key, pressed: pressed) } }
}
