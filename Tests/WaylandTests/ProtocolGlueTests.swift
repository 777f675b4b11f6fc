import CWayland
import Testing

@Suite struct ProtocolGlueTests {
    /// The generated tables must declare the versions the client binds (wl_seat v8 for axis_value120).
    @Test func interfaceVersions() {
        #expect(cw_seat_interface().pointee.version >= 8)
        #expect(String(cString: cw_xdg_wm_base_interface().pointee.name) == "xdg_wm_base")
    }
}

@Suite struct PointerGesturesGlueTests {
    /// pointer-gestures-unstable-v1 from wayland-protocols 1.31: the manager at v3 (hold gestures), the pinch at v2.
    @Test func interfaceNamesAndVersions() {
        let manager = cw_pointer_gestures_interface().pointee
        #expect(String(cString: manager.name) == "zwp_pointer_gestures_v1")
        #expect(manager.version == 3)
        #expect(manager.method_count == 4 && manager.event_count == 0)
        // get_pinch_gesture (opcode 1) makes the pinch object: its new_id argument's interface.
        let pinch = manager.methods[1].types[0]!.pointee
        #expect(String(cString: pinch.name) == "zwp_pointer_gesture_pinch_v1")
        #expect(pinch.version == 2)
        #expect(pinch.event_count == 3)
    }
}
