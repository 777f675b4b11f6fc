internal import CGtk4

/// Keys while the widget has the keyboard focus: the arrows, Page Up / Down, Home / End and Space scroll (the
/// core routes them to the focused view or the container under the pointer). Any other key, Tab above all, is
/// left to GTK, so that Tab moves the focus into and out of the widget as in any GTK widget tree.
extension GtkViewHost {
    func handleKey(_ event: OpaquePointer, pressed: Bool) -> Bool {
        let key: Key
        switch Int32(bitPattern: gdk_key_event_get_keyval(event)) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: key = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: key = .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = .right
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: key = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: key = .pageDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: key = .home
        case GDK_KEY_End, GDK_KEY_KP_End: key = .end
        case GDK_KEY_space: key = .space
        default: return false
        }
        let time = clock.eventTime(gdk_event_get_time(event))
        // GTK 4 gives no repeat flag: its key repeat arrives as further presses, which the core handles alike.
        core.handle(.key(key, pressed: pressed, modifiers: modifiers, isRepeat: false, timestamp: time))
        return true
    }

    /// Tells the core the modifier keys an input event carries, when they changed (Ctrl + wheel zooms).
    func updateModifiers(_ event: OpaquePointer) {
        let state = gdk_event_get_modifier_state(event).rawValue
        var now: KeyModifiers = []
        if state & GDK_SHIFT_MASK.rawValue != 0 { now.insert(.shift) }
        if state & GDK_CONTROL_MASK.rawValue != 0 { now.insert(.control) }
        if state & GDK_ALT_MASK.rawValue != 0 { now.insert(.alt) }
        if state & GDK_SUPER_MASK.rawValue != 0 { now.insert(.super) }
        guard now != modifiers else { return }
        modifiers = now
        core.handle(.keyboardModifiers(now))
    }

    /// The widget gained or lost the keyboard focus (GtkEventControllerFocus).
    func keyboardFocusChanged(_ focused: Bool) {
        guard focused != hasKeyboardFocus else { return }
        hasKeyboardFocus = focused
        core.handle(.keyboardFocus(focused))
    }

    /// Ends whatever input the core holds from this host, at once: fingers (cancelled), a pinch (cancelled), the
    /// pointer (it leaves), modifiers and the keyboard focus. For `detach()`.
    func endInput() {
        endPointingInput()
        if !modifiers.isEmpty {
            modifiers = []
            core.handle(.keyboardModifiers([]))
        }
        keyboardFocusChanged(false)
    }

    /// Ends the fingers (cancelled), a pinch (cancelled) and the pointer (it leaves) the core holds from this host,
    /// at once: when GTK will send no more of their events (detached or unmapped).
    func endPointingInput() {
        let now = clock.now
        if !touches.isEmpty { cancelTouches(at: now) }
        if pinching {
            pinching = false
            core.handle(.pointerPinchEnd(cancelled: true, timestamp: now))
        }
        pointerLeft()
    }
}
