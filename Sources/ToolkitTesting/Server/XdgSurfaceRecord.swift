/// What the compositor knows about one `xdg_surface`: the configure handshake and its role object.
final class XdgSurfaceRecord {
    /// The `xdg_surface` resource.
    let resource: OpaquePointer
    /// The `wl_surface` it was made from; nil once the client destroyed that surface.
    var surface: OpaquePointer?
    /// The `xdg_wm_base` that made it (destroying that while this lives is `defunct_surfaces`).
    var wmBase: OpaquePointer?
    /// The `xdg_toplevel` role object, if `get_toplevel` was called and it still lives.
    var toplevel: OpaquePointer?
    /// The `xdg_popup` role object, if `get_popup` was called and it still lives.
    var popup: OpaquePointer?
    /// True once `get_toplevel` or `get_popup` succeeded: a commit without a role is an error only before that
    /// (after the role object was destroyed the surface is an unmapped plain surface again).
    var roleAssigned = false
    /// Configure serials sent and not yet acknowledged, oldest first. Acking one acks the older ones too.
    var unackedSerials: [UInt32] = []
    /// True once the client acknowledged a configure since the surface was (re)initialized: before that a
    /// buffer commit is `unconfigured_buffer`.
    var configured = false
    /// True once the initial (buffer-less) commit happened since the surface was (re)initialized.
    var initialCommitDone = false

    init(resource: OpaquePointer, surface: OpaquePointer, wmBase: OpaquePointer) {
        self.resource = resource
        self.surface = surface
        self.wmBase = wmBase
    }
}
