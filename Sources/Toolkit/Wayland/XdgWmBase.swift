import CWayland

/// The `xdg_wm_base` global: makes xdg surfaces and answers the compositor's liveness pings (a client that
/// does not `pong` is shown as unresponsive).
@MainActor
final class XdgWmBase {
    private(set) var proxy: OpaquePointer?
    /// The bound version.
    let version: UInt32

    private static let listener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_wm_base_listener(ping: { data, base, serial in
                // Answering needs no Swift state: pong straight from the listener.
                _ = data
                xdg_wm_base_pong(base, serial)
            }))
        return listener
    }()

    /// Wraps a bound `xdg_wm_base`.
    init(proxy: OpaquePointer, version: UInt32) {
        self.proxy = proxy
        self.version = version
        xdg_wm_base_add_listener(proxy, XdgWmBase.listener, nil)
    }

    /// Destroys the proxy (after every xdg surface made from it).
    func destroy() {
        if let proxy { xdg_wm_base_destroy(proxy) }
        proxy = nil
    }
}
