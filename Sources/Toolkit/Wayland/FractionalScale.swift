import CWayland

/// A surface's `wp_fractional_scale_v1`: the compositor's preferred scale for it, in 120ths (180 = 1.5), sent
/// when the surface is first shown and whenever it moves to an output of another scale.
@MainActor
final class WaylandFractionalScale {
    private(set) var proxy: OpaquePointer?
    /// The latest preferred scale, in 120ths (never 0: a 0 is ignored); nil before the first event.
    private(set) var preferred120: UInt32?
    /// Called after each `preferred_scale` with the value in 120ths.
    var onPreferredScale: ((UInt32) -> Void)?

    private static let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
        let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                // 0 is no scale at all (a compositor bug): ignored, the previous preference stands. Other values are
                // clamped later (`RenderScale.fractionRange`).
                guard let data, scale > 0 else { return }
                let me = Unmanaged<WaylandFractionalScale>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated {
                    me.preferred120 = scale
                    me.onPreferredScale?(scale)
                }
            }))
        return listener
    }()

    /// The fractional scale object of `surface` (`get_fractional_scale`; one per surface, or the compositor
    /// posts `fractional_scale_exists`).
    init?(manager: OpaquePointer, surface: OpaquePointer) {
        guard let proxy = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface) else { return nil }
        self.proxy = proxy
        wp_fractional_scale_v1_add_listener(
            proxy, WaylandFractionalScale.listener,
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the object (before its surface).
    func destroy() {
        onPreferredScale = nil
        if let proxy { wp_fractional_scale_v1_destroy(proxy) }
        proxy = nil
    }
}
