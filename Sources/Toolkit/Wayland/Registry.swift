import CWayland

/// The compositor's globals (`wl_registry`): what is offered, at which version, and binding at the version
/// both sides implement. Globals come and go at runtime (seats and outputs are hot-plugged); the window
/// reacts through `onGlobal` and `onGlobalRemove`.
@MainActor
final class WaylandRegistry {
    /// One advertised global.
    struct Global: Equatable {
        /// The registry's numeric name, used to bind and in `global_remove`.
        var name: UInt32
        /// The interface name (`wl_seat`).
        var interface: String
        /// The highest version the compositor offers.
        var version: UInt32
    }

    /// The highest version of each interface this client implements (every event of that version has a
    /// listener). Limited by the generated headers: wl_* from libwayland 1.21 (wl_output 4, wl_seat 8),
    /// xdg-shell 5, viewporter 1, fractional-scale-v1 1 and pointer-gestures-unstable-v1 3 from the committed
    /// glue. wl_compositor stays at 4: v6 (`preferred_buffer_scale`) is newer than libwayland 1.21. Pointer
    /// gestures: only pinches are used, and every version up to 3 delivers them the same way. wp_presentation 1
    /// (presentation-time, the only version): frame latency figures. wl_subcompositor 1: the band and indicator
    /// surfaces.
    static let implementedVersions: [String: UInt32] = [
        "wl_compositor": 4, "wl_shm": 1, "wl_seat": 8, "wl_output": 4, "xdg_wm_base": 5, "wp_viewporter": 1,
        "wp_fractional_scale_manager_v1": 1, "zwp_pointer_gestures_v1": 3, "wp_presentation": 1,
        "wl_subcompositor": 1
    ]

    /// The version to bind: the lower of what is offered and what is implemented (0 when either is 0).
    nonisolated static func bindVersion(advertised: UInt32, implemented: UInt32) -> UInt32 {
        min(advertised, implemented)
    }

    /// The `wl_registry` proxy.
    private(set) var registry: OpaquePointer?
    /// Globals currently offered, by name.
    private(set) var globals: [UInt32: Global] = [:]
    /// A global appeared (also for each global present at startup).
    var onGlobal: ((Global) -> Void)?
    /// A global went away (as it was announced).
    var onGlobalRemove: ((Global) -> Void)?

    private static let listener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, _, name, interface, version in
                    guard let data, let interface else { return }
                    let me = Unmanaged<WaylandRegistry>.fromOpaque(data).takeUnretainedValue()
                    let text = String(cString: interface)
                    MainActor.assumeIsolated { me.added(Global(name: name, interface: text, version: version)) }
                },
                global_remove: { data, _, name in
                    guard let data else { return }
                    let me = Unmanaged<WaylandRegistry>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated { me.removed(name: name) }
                }))
        return listener
    }()

    init(display: OpaquePointer) {
        registry = wl_display_get_registry(display)
        if let registry {
            wl_registry_add_listener(registry, WaylandRegistry.listener, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func added(_ global: Global) {
        globals[global.name] = global
        onGlobal?(global)
    }

    private func removed(name: UInt32) {
        guard let global = globals.removeValue(forKey: name) else { return }
        onGlobalRemove?(global)
    }

    /// Binds `global` at `bindVersion(advertised:implemented:)`. Returns the proxy and the bound version, or
    /// nil for an interface this client does not implement.
    func bind(_ global: Global, interface: UnsafePointer<wl_interface>) -> (proxy: OpaquePointer, version: UInt32)? {
        guard let registry, let implemented = WaylandRegistry.implementedVersions[global.interface] else { return nil }
        let version = WaylandRegistry.bindVersion(advertised: global.version, implemented: implemented)
        guard version > 0, let raw = wl_registry_bind(registry, global.name, interface, version) else { return nil }
        return (OpaquePointer(raw), version)
    }

    /// Destroys the registry proxy (teardown).
    func destroy() {
        if let registry { wl_registry_destroy(registry) }
        registry = nil
        onGlobal = nil
        onGlobalRemove = nil
    }
}
