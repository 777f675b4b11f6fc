import CWayland

/// A monitor (`wl_output`): its mode, scale and name. Properties arrive as a batch closed by `done` (v2);
/// `scale` is the one the window uses: its buffer scale is the largest scale among the outputs its surface
/// is on (`wl_surface.enter` / `leave`), so text stays sharp on the densest one.
@MainActor
final class WaylandOutput {
    /// The registry name of the output global (for `global_remove`).
    let globalName: UInt32
    private(set) var proxy: OpaquePointer?
    /// The bound version.
    let version: UInt32
    /// Pixels per point of the output (`wl_output.scale`), clamped to 1...`RenderScale.maximumBufferScale`.
    private(set) var scale = 1
    /// The current mode, in pixels.
    private(set) var modeSize = (width: 0, height: 0)
    /// Refresh rate of the current mode, in mHz (0 when unknown).
    private(set) var refreshMillihertz = 0
    /// The output's name (`wl_output.name`, v4), for diagnostics.
    private(set) var name = ""
    /// Called after a `done` that changed `scale`.
    var onScaleChange: (() -> Void)?

    private var pendingScale = 1

    private static let listener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_output_listener(
                geometry: { _, _, _, _, _, _, _, _, _, _ in },
                mode: { data, _, flags, width, height, refresh in
                    guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                    WaylandOutput.with(data) {
                        $0.modeSize = (Int(width), Int(height))
                        $0.refreshMillihertz = Int(refresh)
                    }
                },
                done: { data, _ in
                    WaylandOutput.with(data) { $0.done() }
                },
                scale: { data, _, factor in
                    WaylandOutput.with(data) { $0.scaleEvent(factor) }
                },
                name: { data, _, name in
                    guard let name else { return }
                    let text = String(cString: name)
                    WaylandOutput.with(data) { $0.name = text }
                },
                description: { _, _, _ in }))
        return listener
    }()

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandOutput) -> Void) {
        guard let data else { return }
        let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(output) }
    }

    /// Wraps a bound output.
    init(proxy: OpaquePointer, version: UInt32, globalName: UInt32) {
        self.proxy = proxy
        self.version = version
        self.globalName = globalName
        wl_output_add_listener(proxy, WaylandOutput.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    private func scaleEvent(_ factor: Int32) {
        // A scale below 1 (0, negative) is a compositor bug: it counts as 1 rather than being divided by later.
        // Above `RenderScale.maximumBufferScale` (16) is absurd and counts as 16.
        pendingScale = min(RenderScale.maximumBufferScale, max(1, Int(factor)))
        // Before v2 there is no `done`: apply at once.
        if version < 2 { done() }
    }

    private func done() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        onScaleChange?()
    }

    /// Whether `address` (of the proxy in `wl_surface.enter`) is this output.
    func matches(address: UInt) -> Bool {
        guard let proxy else { return false }
        return UInt(bitPattern: proxy) == address
    }

    /// Releases the output (`release` from v3, else a plain destroy).
    func release() {
        onScaleChange = nil
        guard let proxy else { return }
        self.proxy = nil
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
