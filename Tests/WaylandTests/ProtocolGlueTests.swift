import Testing
import CWayland

@Suite struct ProtocolGlueTests {
    /// The generated tables must declare the versions the client binds (wl_seat v8 for axis_value120).
    @Test func interfaceVersions() {
        #expect(cw_seat_interface().pointee.version >= 8)
        #expect(String(cString: cw_xdg_wm_base_interface().pointee.name) == "xdg_wm_base")
    }
}
