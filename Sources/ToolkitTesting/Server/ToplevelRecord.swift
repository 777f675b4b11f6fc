/// What the compositor knows about one `xdg_toplevel`.
final class ToplevelRecord {
    /// The `xdg_toplevel` resource.
    let resource: OpaquePointer
    /// Its `xdg_surface`; nil once destroyed (which is a protocol error while the toplevel lives).
    var xdgSurface: OpaquePointer?
    /// From `set_title`.
    var title: String?
    /// From `set_app_id`.
    var appID: String?
    /// True while its surface has a buffer committed after the configure handshake.
    var mapped = false

    init(resource: OpaquePointer, xdgSurface: OpaquePointer) {
        self.resource = resource
        self.xdgSurface = xdgSurface
    }
}
