import CWayland
import Testing
import Toolkit
import ToolkitTesting

/// The test compositor's opt-in wp_viewporter and wp_fractional_scale_manager_v1, and its set_cursor record,
/// driven by a bare libwayland client.
@Suite struct TestCompositorScalingTests {
    /// Collects `preferred_scale` events; the listener lives as long as this object.
    private final class ScaleRecorder {
        var values: [UInt32] = []
        let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener>

        init() {
            listener = .allocate(capacity: 1)
            listener.initialize(
                to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                    Unmanaged<ScaleRecorder>.fromOpaque(data!).takeUnretainedValue().values.append(scale)
                }))
        }

        deinit { listener.deallocate() }
    }

    private func bind(
        _ client: RawWaylandClient, _ name: String,
        _ interface: UnsafePointer<wl_interface>?
    ) -> OpaquePointer? {
        guard let global = client.globals[name] else { return nil }
        return client.adopt(wl_registry_bind(client.registry, global.name, interface, 1))
    }

    private func mapped(_ compositor: TestCompositor) throws -> RawWaylandClient {
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel()
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in 0xFFFF_FFFF })
        try compositor.waitForToplevel(timeout: .seconds(5))
        try client.roundtrip()
        return client
    }

    @Test func scalingGlobalsAreOptIn() throws {
        let plain = try TestCompositor()
        let client = try RawWaylandClient(fd: plain.connectClientFD())
        try client.bindGlobals()
        #expect(client.globals["wp_viewporter"] == nil && client.globals["wp_fractional_scale_manager_v1"] == nil)

        let compositor = try TestCompositor()
        compositor.fractionalScale = 1.5
        let scaled = try RawWaylandClient(fd: compositor.connectClientFD())
        try scaled.bindGlobals()
        #expect(scaled.globals["wp_viewporter"]?.version == 1)
        #expect(scaled.globals["wp_fractional_scale_manager_v1"]?.version == 1)
    }

    @Test func preferredScaleArrivesInOneHundredTwentiethsAndFollowsChanges() throws {
        let compositor = try TestCompositor()
        compositor.fractionalScale = 1.5
        let client = try mapped(compositor)
        let recorder = ScaleRecorder()
        let manager = try #require(
            bind(
                client, "wp_fractional_scale_manager_v1",
                cw_fractional_scale_manager_interface()))
        let object = client.adopt(wp_fractional_scale_manager_v1_get_fractional_scale(manager, client.surface))
        wp_fractional_scale_v1_add_listener(object, recorder.listener, Unmanaged.passUnretained(recorder).toOpaque())
        try client.roundtrip()
        #expect(recorder.values == [180])
        #expect(compositor.toplevelHasFractionalScale)
        compositor.fractionalScale = 1.25
        try client.roundtrip()
        #expect(recorder.values == [180, 150])
        // A second object for the same surface is an error.
        client.adopt(wp_fractional_scale_manager_v1_get_fractional_scale(manager, client.surface))
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(
            compositor.protocolErrors.map(\.code)
                == [WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue])
        withExtendedLifetime(recorder) {}
    }

    @Test func viewportDestinationIsDoubleBufferedAndUnsetByMinusOne() throws {
        let compositor = try TestCompositor()
        compositor.fractionalScale = 1.5
        let client = try mapped(compositor)
        let viewporter = try #require(bind(client, "wp_viewporter", cw_viewporter_interface()))
        let viewport = client.adopt(wp_viewporter_get_viewport(viewporter, client.surface))
        wp_viewport_set_destination(viewport, 27, 20)
        try client.roundtrip()
        #expect(compositor.toplevelViewportDestination == nil)  // not committed yet
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in 0xFF00_0000 }, ack: false)
        try client.roundtrip()
        #expect(compositor.toplevelViewportDestination == Size(width: 27, height: 20))
        wp_viewport_set_destination(viewport, -1, -1)
        wl_surface_commit(client.surface)
        try client.roundtrip()
        #expect(compositor.toplevelViewportDestination == nil)
        #expect(compositor.isClean)
        // Zero is neither a size nor the unset value.
        wp_viewport_set_destination(viewport, 0, 20)
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(compositor.protocolErrors.map(\.code) == [WP_VIEWPORT_ERROR_BAD_VALUE.rawValue])
    }

    @Test func aSecondViewportForASurfaceIsAnError() throws {
        let compositor = try TestCompositor()
        compositor.fractionalScale = 2
        let client = try mapped(compositor)
        let viewporter = try #require(bind(client, "wp_viewporter", cw_viewporter_interface()))
        client.adopt(wp_viewporter_get_viewport(viewporter, client.surface))
        client.adopt(wp_viewporter_get_viewport(viewporter, client.surface))
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(compositor.protocolErrors.map(\.code) == [WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue])
    }

    @Test func setCursorIsRecordedWithItsSurfacesBuffer() throws {
        let compositor = try TestCompositor()
        let client = try mapped(compositor)
        #expect(compositor.lastCursorRequest == nil && compositor.lastPointerEnterSerial == nil)
        compositor.pointerEnter(at: Point(x: 3, y: 4))
        compositor.pointerFrame()
        try client.roundtrip()
        let serial = try #require(compositor.lastPointerEnterSerial)
        let cursor = client.adopt(wl_compositor_create_surface(client.compositor))
        wl_surface_set_buffer_scale(cursor, 2)
        wl_surface_attach(cursor, client.makeBuffer(width: 8, height: 6) { x, _ in x < 4 ? 0xFF00_0000 : 0 }, 0, 0)
        wl_surface_commit(cursor)
        wl_pointer_set_cursor(client.pointer, serial, cursor, 1, 2)
        try client.roundtrip()
        let request = try #require(compositor.lastCursorRequest)
        #expect(request.serial == serial && request.hasSurface && request.hotspotX == 1 && request.hotspotY == 2)
        #expect(request.bufferScale == 2 && request.image?.width == 8 && request.image?.height == 6)
        #expect(request.image?.pixel(x: 3, y: 5) == 0xFF00_0000 && request.image?.pixel(x: 4, y: 0) == 0)
        // Hiding the cursor: a NULL surface.
        wl_pointer_set_cursor(client.pointer, serial, nil, 0, 0)
        try client.roundtrip()
        #expect(compositor.cursorRequestCount == 2 && compositor.lastCursorRequest?.hasSurface == false)
        #expect(compositor.isClean)
    }
}
