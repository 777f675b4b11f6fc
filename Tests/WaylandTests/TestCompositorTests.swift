import CWayland
import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// The in-process test compositor, driven by a bare libwayland-client (`RawWaylandClient`). Every test has its
/// own compositor, so the suite runs in parallel.
@Suite struct TestCompositorTests {
    /// An opaque gradient the tests draw: red from x, green from y.
    static func pattern(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 }

    /// A client connected by fd that bound everything and mapped a `width` x `height` toplevel.
    static func mappedClient(
        _ compositor: TestCompositor, seatVersion: UInt32 = 8,
        width: Int = 40, height: Int = 30
    ) throws -> RawWaylandClient {
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals(seatVersion: seatVersion)
        try client.createToplevel()
        client.present(client.makeBuffer(width: width, height: height, pixel: pattern))
        try compositor.waitForToplevel(timeout: .seconds(5))
        try client.roundtrip()
        client.events.removeAll()
        return client
    }

    /// The events whose line starts with `prefix`.
    static func lines(_ client: RawWaylandClient, _ prefix: String) -> [String] {
        client.events.filter { $0.hasPrefix(prefix) }
    }

    /// The compositor clock now, in protocol milliseconds. The clock runs with the monotonic clock (plus what a
    /// test advanced), so an event's time is known only to lie between two readings taken around its sending.
    static func milliseconds(_ compositor: TestCompositor) -> UInt32 {
        let (seconds, attoseconds) = compositor.clock.components
        return UInt32(truncatingIfNeeded: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// `lines` with each " time=N" taken out, and the N's in order.
    static func untimed(_ lines: [String]) -> (lines: [String], times: [UInt32]) {
        var times: [UInt32] = []
        let stripped = lines.map { line -> String in
            guard let range = line.range(of: " time=") else { return line }
            let digits = line[range.upperBound...].prefix { $0.isNumber }
            times.append(UInt32(digits) ?? .max)
            return String(line[..<range.lowerBound]) + String(line[range.upperBound...].dropFirst(digits.count))
        }
        return (stripped, times)
    }

    // MARK: Globals and connection

    @Test func advertisesGlobalsWithVersionsOnItsSocket() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 640, height: 480))
        #expect(
            compositor.environment == [
                "XDG_RUNTIME_DIR": compositor.runtimeDirectory,
                "WAYLAND_DISPLAY": compositor.socketName
            ])
        var info = stat()
        #expect(stat(compositor.runtimeDirectory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        // Through the socket in the runtime directory, as a launched client would connect.
        let client = try RawWaylandClient(path: compositor.runtimeDirectory + "/" + compositor.socketName)
        try client.bindGlobals()
        #expect(client.globals["wl_compositor"]?.version == 5)
        #expect(client.globals["wl_shm"]?.version == 1)
        #expect(client.globals["wl_output"]?.version == 3)
        #expect(client.globals["xdg_wm_base"]?.version == 3)
        #expect(client.globals["wl_seat"]?.version == 8)
        #expect(client.globals["wl_data_device_manager"]?.version == 3)
        #expect(client.events.contains("output.mode flags=3 640x480 60000"))
        #expect(client.events.contains("output.scale 1"))
        #expect(client.events.contains("output.done"))
        #expect(client.events.contains("seat.capabilities 7"))
        #expect(client.events.contains("seat.name seat0"))
        #expect(compositor.clientCount == 1)
        #expect(compositor.isClean)
    }

    @Test func outputScaleIsAnnouncedKeepingTheLogicalSize() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        client.events.removeAll()
        compositor.outputScale = 2
        try client.roundtrip()
        #expect(
            Self.lines(client, "output.") == [
                "output.mode flags=3 1600x1200 60000", "output.scale 2",
                "output.done"
            ])
        #expect(compositor.outputScale == 2)
    }

    // MARK: Surfaces and buffers

    @Test func mappedToplevelShowsItsPixelsAndTitle() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel(title: "Gallery")
        // The initial commit was answered by the automatic configure: 0x0 (client picks), activated.
        #expect(client.events.contains("toplevel.configure 0x0 states=[4]"))
        #expect(client.events.last == "xdg_surface.configure")
        #expect(compositor.lastCommittedImage == nil)
        client.present(client.makeBuffer(width: 40, height: 30, pixel: Self.pattern))
        try compositor.waitForToplevel(timeout: .seconds(5))
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width == 40 && image.height == 30)
        #expect(image.pixel(x: 0, y: 0) == 0xFF00_0000)
        #expect(image.pixel(x: 39, y: 29) == Self.pattern(39, 29))
        #expect(compositor.toplevelTitle == "Gallery")
        #expect(compositor.toplevelAppID == "org.example.rawclient")
        #expect(compositor.lastAckedSerial == client.lastConfigureSerial)
        #expect(compositor.commitCount == 2)
        #expect(compositor.isClean)
    }

    @Test func waitForCommitReturnsTheNextBufferCommitAfterTheCall() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        // The mapping commit (the gradient) happened before the wait: it must not be what the wait returns.
        let waiter = TestThread { Result { try compositor.waitForCommit(timeout: .seconds(5)) } }
        var presented = 0
        while !waiter.isFinished && presented < 200 {
            client.present(client.makeBuffer(width: 8, height: 4) { _, _ in 0xFF11_2233 }, ack: false)
            try client.roundtrip()
            presented += 1
        }
        let image = try waiter.join().get()
        #expect(image.width == 8 && image.height == 4)
        #expect(image.pixels.allSatisfy { $0 == 0xFF11_2233 })
        #expect(compositor.isClean)
    }

    @Test func xrgbBuffersComeBackOpaque() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        client.present(
            client.makeBuffer(width: 2, height: 2, format: WL_SHM_FORMAT_XRGB8888) { _, _ in 0x0012_3456 },
            ack: false)
        try client.roundtrip()
        #expect(compositor.lastCommittedImage?.pixels == [UInt32](repeating: 0xFF12_3456, count: 4))
    }

    @Test func releasesThePreviousBufferAndCompletesFrameCallbacks() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        // The mapping commit's callback is done at the refresh tick after it.
        try compositor.waitForFrameCallbacks(timeout: .seconds(1))
        try client.roundtrip()
        client.events.removeAll()
        compositor.advanceClock(by: .milliseconds(16))
        // Automatic mode: the first buffer comes back when the second is committed; the frame is done at the
        // next refresh tick, with the compositor clock then (16 ms ahead of the monotonic clock).
        let before = Self.milliseconds(compositor)
        let second = client.makeBuffer(width: 4, height: 4) { _, _ in 0xFFFF_FFFF }
        client.present(second, ack: false)
        try client.roundtrip()
        #expect(client.releasedBuffers.count == 1 && client.releasedBuffers.first != second)
        #expect(compositor.buffersHeld == 1)
        try compositor.waitForFrameCallbacks(timeout: .seconds(1))
        try client.roundtrip()
        let after = Self.milliseconds(compositor)
        let done = Self.untimed(Self.lines(client, "frame.done"))
        #expect(done.lines == ["frame.done"])
        #expect(done.times.allSatisfy { (before...after).contains($0) }, "\(done.times) outside \(before)...\(after)")
        #expect(compositor.frameCallbacksPending == 0)
        client.events.removeAll()
        // Manual mode: nothing comes back until the test says so.
        compositor.autoReleaseBuffers = false
        compositor.autoFrameCallbacks = false
        let third = client.makeBuffer(width: 4, height: 4) { _, _ in 0xFF00_0000 }
        client.present(third, ack: false)
        try client.roundtrip()
        #expect(client.releasedBuffers.count == 1)
        #expect(compositor.buffersHeld == 2)
        #expect(compositor.frameCallbacksPending == 1)
        // Manual callbacks carry the compositor clock too, whenever the test sends them.
        compositor.advanceClock(by: .milliseconds(16))
        let beforeManual = Self.milliseconds(compositor)
        compositor.sendFrameCallbacks()
        let afterManual = Self.milliseconds(compositor)
        compositor.releaseBuffers()
        try client.roundtrip()
        let manual = Self.untimed(Self.lines(client, "frame.done"))
        #expect(manual.lines == ["frame.done"])
        #expect(manual.times.allSatisfy { (beforeManual...afterManual).contains($0) })
        #expect(client.releasedBuffers.last == second)
        #expect(compositor.buffersHeld == 1)
        #expect(compositor.frameCallbacksPending == 0)
        #expect(compositor.isClean)
    }

    /// The ownership check the end-to-end buffer tests rely on: writes into a held buffer are seen (at a read of
    /// the counter and at the next commit), writes after the release are the client's right.
    @Test func writesIntoAHeldBufferAreCounted() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        let first = try #require(client.makeMappedBuffer(width: 4, height: 4) { _, _ in 0xFF00_00FF })
        let second = try #require(client.makeMappedBuffer(width: 4, height: 4) { _, _ in 0xFF00_FF00 })
        let firstPixels = try #require(first.pixels)
        let secondPixels = try #require(second.pixels)
        client.present(first.buffer, ack: false)
        try client.roundtrip()
        client.present(second.buffer, ack: false)  // the first comes back
        try client.roundtrip()
        #expect(client.releasedBuffers.contains(first.buffer))
        firstPixels[5] = 0xFFFF_FFFF  // released: the client's to draw into
        #expect(compositor.heldBufferWrites == 0)
        secondPixels[5] = 0xFFFF_FFFF  // shown and held: a violation
        #expect(compositor.heldBufferWrites == 1)
        #expect(compositor.heldBufferWrites == 1)  // counted once
        secondPixels[6] = 0xFF12_3456  // a second write, found by the commit that re-shows it
        client.present(second.buffer, ack: false)
        try client.roundtrip()
        #expect(compositor.heldBufferWrites == 2)
        #expect(compositor.lastCommittedImage?.pixel(x: 2, y: 1) == 0xFF12_3456)
        #expect(compositor.isClean)
    }

    // MARK: Shell

    @Test func manualConfigureCarriesSizeAndStatesAndRecordsTheAck() throws {
        let compositor = try TestCompositor()
        compositor.autoConfigure = false
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel()
        #expect(!client.events.contains("xdg_surface.configure"))
        let serial = try #require(
            compositor.sendConfigure(
                size: Size(width: 320, height: 200),
                states: [.activated, .maximized]))
        try client.roundtrip()
        #expect(client.events.contains("toplevel.configure 320x200 states=[4, 1]"))
        #expect(client.lastConfigureSerial == serial)
        client.present(client.makeBuffer(width: 320, height: 200, pixel: Self.pattern))
        try compositor.waitForToplevel(timeout: .seconds(5))
        #expect(compositor.lastAckedSerial == serial)
        compositor.sendClose()
        try client.roundtrip()
        #expect(client.events.last == "toplevel.close")
        #expect(compositor.isClean)
    }

    @Test func bufferBeforeTheFirstAckIsAProtocolError() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel()
        client.present(client.makeBuffer(width: 4, height: 4) { _, _ in 0 }, ack: false)
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(client.protocolError?.interface == "xdg_surface")
        #expect(client.protocolError?.code == XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue)
        #expect(compositor.protocolErrors.map(\.code) == [XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue])
        #expect(compositor.protocolErrors.first?.interface == "xdg_surface")
        #expect(!compositor.isClean)
    }

    @Test func ackWithAnUnknownSerialIsAProtocolError() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel()
        xdg_surface_ack_configure(client.xdgSurface, (client.lastConfigureSerial ?? 0) &+ 1000)
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(client.protocolError?.code == XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue)
        #expect(compositor.protocolErrors.map(\.code) == [XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue])
        #expect(compositor.lastAckedSerial == nil)
    }

    @Test func teardownInProtocolOrderIsClean() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        client.forget(client.toplevel)
        client.forget(client.xdgSurface)
        client.forget(client.surface)
        xdg_toplevel_destroy(client.toplevel)
        wl_surface_commit(client.surface)  // a plain, unmapped surface again: not an error
        xdg_surface_destroy(client.xdgSurface)
        wl_surface_destroy(client.surface)
        try client.roundtrip()
        #expect(compositor.isClean)
        #expect(compositor.clientCount == 1)
    }

    @Test func destroyingTheXdgSurfaceBeforeItsToplevelIsAProtocolError() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        client.forget(client.xdgSurface)
        xdg_surface_destroy(client.xdgSurface)
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(compositor.protocolErrors.map(\.code) == [XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue])
    }

    @Test func bufferScaleIsKeptAndMustDivideTheBufferSize() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        wl_surface_set_buffer_scale(client.surface, 2)
        client.present(client.makeBuffer(width: 80, height: 60, pixel: Self.pattern), ack: false)
        try client.roundtrip()
        #expect(compositor.toplevelBufferScale == 2)
        #expect(compositor.isClean)
        client.present(client.makeBuffer(width: 81, height: 60, pixel: Self.pattern), ack: false)
        #expect(throws: RawWaylandClient.Failure.self) { try client.roundtrip() }
        #expect(compositor.protocolErrors.map(\.interface) == ["wl_surface"])
    }

    @Test func pingIsAnsweredWithPong() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        let serial = compositor.sendPing()
        try client.roundtrip()
        #expect(client.answeredPing == serial)
        try compositor.waitForPong(serial: serial, timeout: .seconds(5))
        client.answerPings = false
        let unanswered = compositor.sendPing()
        try client.roundtrip()
        #expect(throws: TestCompositorError.timeout) {
            try compositor.waitForPong(serial: unanswered, timeout: .milliseconds(20))
        }
        #expect(compositor.isClean)
    }

    // MARK: Touch

    @Test func touchEventsArriveInSurfaceCoordinatesWithTheCompositorClock() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        let t0 = Self.milliseconds(compositor)
        compositor.advanceClock(by: .milliseconds(10))
        compositor.touchDown(id: 0, at: Point(x: 12.5, y: 30))
        compositor.touchFrame()
        let t1 = Self.milliseconds(compositor)
        compositor.advanceClock(by: .milliseconds(16))
        compositor.touchMotion(id: 0, to: Point(x: 13.25, y: 40))
        compositor.touchFrame()
        compositor.touchUp(id: 0)  // no frame after the last up, as weston 10 does
        let t2 = Self.milliseconds(compositor)
        try client.roundtrip()
        let touches = Self.untimed(Self.lines(client, "touch."))
        #expect(
            touches.lines == [
                "touch.down id=0 x=12.5 y=30.0", "touch.frame",
                "touch.motion id=0 x=13.25 y=40.0", "touch.frame",
                "touch.up id=0"
            ])
        // Each time is the compositor clock when sent: the monotonic clock plus what the test advanced.
        #expect(touches.times.count == 3)
        #expect((t0 + 10...t1).contains(touches.times[0]), "down at \(touches.times[0]), clock \(t0)+10...\(t1)")
        #expect((t1 + 16...t2).contains(touches.times[1]), "motion at \(touches.times[1]), clock \(t1)+16...\(t2)")
        #expect((touches.times[1]...t2).contains(touches.times[2]))
        compositor.touchDown(id: 1, at: Point(x: .nan, y: 1e12))  // odd input is sanitized, not fatal
        compositor.touchCancel()
        try client.roundtrip()
        #expect(
            Self.untimed(Self.lines(client, "touch.").suffix(2)).lines
                == ["touch.down id=1 x=0.0 y=8388607.0", "touch.cancel"])
        #expect(compositor.isClean)
    }

    // MARK: Pointer

    @Test func wheelSendsValue120AndFifteenUnitsPerDetentAtSeatVersion8() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        compositor.pointerEnter(at: Point(x: 5, y: 6))
        compositor.pointerFrame()
        let before = Self.milliseconds(compositor)
        compositor.advanceClock(by: .milliseconds(5))
        compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
        compositor.pointerFrame()
        compositor.pointerAxis(dx: -60, dy: 0, source: .wheel)
        compositor.pointerFrame()
        let after = Self.milliseconds(compositor)
        try client.roundtrip()
        let pointer = Self.untimed(Self.lines(client, "pointer."))
        #expect(
            pointer.lines == [
                "pointer.enter x=5.0 y=6.0", "pointer.frame",
                "pointer.axis_source 0", "pointer.axis_value120 axis=0 120", "pointer.axis axis=0 value=15.0",
                "pointer.frame",
                "pointer.axis_source 0", "pointer.axis_value120 axis=1 -60", "pointer.axis axis=1 value=-7.5",
                "pointer.frame"
            ])
        #expect(pointer.times.count == 2 && pointer.times.allSatisfy { (before + 5...after).contains($0) })
        #expect(compositor.isClean)
    }

    @Test func wheelSendsWholeDetentsAsDiscreteBeforeVersion8() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor, seatVersion: 7)
        compositor.pointerAxis(dx: 0, dy: 240, source: .wheel)
        compositor.pointerFrame()
        compositor.pointerAxis(dx: 0, dy: 60, source: .wheel)  // half a detent: no discrete step
        compositor.pointerFrame()
        try client.roundtrip()
        #expect(
            Self.untimed(Self.lines(client, "pointer.")).lines == [
                "pointer.enter x=0.0 y=0.0",
                "pointer.axis_source 0", "pointer.axis_discrete axis=0 2", "pointer.axis axis=0 value=30.0",
                "pointer.frame",
                "pointer.axis_source 0", "pointer.axis axis=0 value=7.5", "pointer.frame"
            ])
    }

    /// Huge finite wheel values (a fuzzer's, a test's) are clamped to what the wire carries, never trap.
    @Test func hugeFiniteWheelValuesAreClampedAtEveryVersion() throws {
        for version: UInt32 in [8, 7] {
            let compositor = try TestCompositor()
            let client = try Self.mappedClient(compositor, seatVersion: version)
            compositor.pointerAxis(dx: -1e300, dy: 1e300, source: .wheel)
            compositor.pointerFrame()
            compositor.pointerAxis(dx: 0, dy: -Double.greatestFiniteMagnitude, source: .wheel)
            compositor.pointerFrame()
            try client.roundtrip()
            let steps =
                version >= 8
                ? [
                    "pointer.axis_value120 axis=1 -2147483648", "pointer.axis_value120 axis=0 2147483647",
                    "pointer.axis_value120 axis=0 -2147483648"
                ]
                : [
                    "pointer.axis_discrete axis=1 -2147483648", "pointer.axis_discrete axis=0 2147483647",
                    "pointer.axis_discrete axis=0 -2147483648"
                ]
            #expect(
                Self.lines(client, "pointer.axis_value120") + Self.lines(client, "pointer.axis_discrete")
                    == steps)
            #expect(Self.lines(client, "pointer.axis axis").count == 3)
            #expect(compositor.isClean)
        }
    }

    @Test func fingerScrollMotionAndButtons() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        compositor.pointerMotion(to: Point(x: 1, y: 2))  // not entered yet: enters here
        compositor.pointerMotion(to: Point(x: 3.5, y: 4))
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerAxis(dx: 2.5, dy: -4, source: .finger)
        compositor.pointerAxisStop()
        compositor.pointerFrame()
        try client.roundtrip()
        let pointer = Self.untimed(Self.lines(client, "pointer."))
        #expect(
            pointer.lines == [
                "pointer.enter x=1.0 y=2.0", "pointer.motion x=3.5 y=4.0",
                "pointer.button 272 state=1", "pointer.button 272 state=0",
                "pointer.axis_source 1", "pointer.axis axis=1 value=2.5", "pointer.axis axis=0 value=-4.0",
                "pointer.axis_stop axis=0", "pointer.axis_stop axis=1", "pointer.frame"
            ])
        // Sent in order on a clock that never goes back.
        #expect(pointer.times.count == 7 && zip(pointer.times, pointer.times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(compositor.isClean)
    }

    // MARK: Seat capabilities

    @Test func capabilityChangesReachTheClientAndGateEvents() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        #expect(client.touch != nil && client.keyboard != nil)
        compositor.setCapabilities([.pointer])
        try client.roundtrip()
        #expect(client.capabilities == 1)
        #expect(client.touch == nil && client.keyboard == nil)  // released by the client
        compositor.touchDown(id: 0, at: Point(x: 1, y: 1))
        #expect(compositor.droppedInputEventCount == 1)
        compositor.setCapabilities([.pointer, .touch])
        try client.roundtrip()
        // The client asked for its wl_touch while dispatching that roundtrip, i.e. after its sync: only a
        // second roundtrip guarantees the compositor has the touch object before the test sends a down.
        try client.roundtrip()
        #expect(client.touch != nil)
        compositor.touchDown(id: 0, at: Point(x: 1, y: 1))
        compositor.touchFrame()
        try client.roundtrip()
        #expect(Self.untimed(Self.lines(client, "touch.")).lines == ["touch.down id=0 x=1.0 y=1.0", "touch.frame"])
        #expect(compositor.capabilities == [.pointer, .touch])
        #expect(compositor.isClean)
    }

    @Test func requestsOnObjectsOfARemovedCapabilityAreTolerated() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        client.followCapabilities = false
        compositor.setCapabilities([])
        try client.roundtrip()
        wl_pointer_set_cursor(client.pointer, 0, nil, 0, 0)
        client.forget(client.keyboard)
        client.forget(client.touch)
        client.forget(client.pointer)
        wl_keyboard_release(client.keyboard)
        wl_touch_release(client.touch)
        wl_pointer_release(client.pointer)
        client.pointer = nil
        client.keyboard = nil
        client.touch = nil
        let seat = wl_seat_get_touch(client.seat)  // allowed: the seat had touch before
        try client.roundtrip()
        wl_touch_destroy(seat)
        #expect(compositor.isClean)
    }

    // MARK: Keyboard

    @Test func keymapArrivesByFdAndCompilesWithXkbcommon() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.roundtrip()
        let keymap = try #require(client.keymap)
        #expect(keymap.format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
        #expect(client.events.contains("keyboard.repeat_info rate=25 delay=400"))
        let memory = try #require(mmap(nil, Int(keymap.size), PROT_READ, MAP_PRIVATE, keymap.fd, 0))
        #expect(memory != MAP_FAILED)
        defer { munmap(memory, Int(keymap.size)) }
        let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        defer { xkb_context_unref(context) }
        let compiled = xkb_keymap_new_from_string(
            context, memory.assumingMemoryBound(to: CChar.self),
            XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        #expect(compiled != nil)
        defer { xkb_keymap_unref(compiled) }
        // evdev code 108 (+8 for xkb) is Down, 30 is "a" in the us layout.
        var symbols: UnsafePointer<xkb_keysym_t>?
        #expect(xkb_keymap_key_get_syms_by_level(compiled, 108 + 8, 0, 0, &symbols) == 1)
        #expect(symbols?.pointee == 0xFF54)
    }

    @Test func keysArriveWithEvdevCodesAfterEnterAndModifiers() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        let before = Self.milliseconds(compositor)
        compositor.advanceClock(by: .milliseconds(3))
        compositor.key(.down, pressed: true)
        compositor.key(.down, pressed: false)
        compositor.key(.other(0x61), pressed: true)  // "a"
        compositor.key(.other(0xFFE1), pressed: true)  // Shift_L: the modifier state changes
        compositor.key(.other(0xFFE1), pressed: false)
        compositor.key(.other(0x1234_5678), pressed: true)  // no key makes this keysym: dropped
        let after = Self.milliseconds(compositor)
        try client.roundtrip()
        let keys = Self.untimed(Self.lines(client, "keyboard."))
        #expect(
            keys.lines == [
                "keyboard.enter keys=0", "keyboard.modifiers 0 0 0 0",
                "keyboard.key 108 state=1", "keyboard.key 108 state=0",
                "keyboard.key 30 state=1",
                "keyboard.key 42 state=1", "keyboard.modifiers 1 0 0 0",
                "keyboard.key 42 state=0", "keyboard.modifiers 0 0 0 0"
            ])
        #expect(keys.times.count == 5 && keys.times.allSatisfy { (before + 3...after).contains($0) })
        #expect(compositor.droppedInputEventCount == 1)
        let named: [(Key, UInt32)] = [
            (.up, 103), (.left, 105), (.right, 106), (.pageUp, 104), (.pageDown, 109),
            (.home, 102), (.end, 107), (.space, 57), (.tab, 15), (.enter, 28),
            (.escape, 1), (.backspace, 14)
        ]
        client.events.removeAll()
        for (key, _) in named { compositor.key(key, pressed: true) }
        try client.roundtrip()
        #expect(Self.untimed(Self.lines(client, "keyboard.key ")).lines == named.map { "keyboard.key \($0.1) state=1" })
        #expect(compositor.isClean)
    }

    // MARK: Timeouts, disconnection, teardown

    @Test func waitsWithoutAClientTimeOutPromptly() throws {
        let compositor = try TestCompositor()
        let start = RawWaylandClient.now()
        #expect(throws: TestCompositorError.timeout) { try compositor.waitForCommit(timeout: .milliseconds(50)) }
        #expect(compositor.lastTimeoutReason?.hasPrefix("waitForCommit") == true)
        #expect(throws: TestCompositorError.timeout) { try compositor.waitForToplevel(timeout: .milliseconds(50)) }
        let elapsed = RawWaylandClient.now() - start
        #expect(elapsed >= .milliseconds(100))
        #expect(elapsed < .seconds(5))
        #expect(compositor.lastTimeoutReason?.hasPrefix("waitForToplevel") == true)
        #expect("\(TestCompositorError.timeout)".contains("timed out"))
    }

    @Test func disconnectAllClientsBreaksTheClientConnection() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        compositor.disconnectAllClients()
        #expect(compositor.clientCount == 0)
        var descriptor = pollfd(fd: wl_display_get_fd(client.display), events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5000) == 1)  // the hang-up is readable at once
        #expect(wl_display_dispatch(client.display) == -1)
    }

    /// The compositor's fds, threads and files disappear with it. Other tests open and close fds in parallel,
    /// so a count can be disturbed: a leak shows in every attempt, a disturbance only in some.
    @Test func teardownLeaksNoFdsThreadsOrFiles() throws {
        func count(_ directory: String) -> Int {
            guard let handle = opendir(directory) else { return -1 }
            defer { closedir(handle) }
            var entries = 0
            while readdir(handle) != nil { entries += 1 }
            return entries
        }
        var clean = false
        var runtimeDirectory = ""
        for _ in 0..<5 where !clean {
            let fdsBefore = count("/proc/self/fd")
            let threadsBefore = count("/proc/self/task")
            do {
                let compositor = try TestCompositor()
                runtimeDirectory = compositor.runtimeDirectory
                let client = try Self.mappedClient(compositor)
                compositor.key(.space, pressed: true)  // keymap fd and xkb state exist
                try client.roundtrip()
                withExtendedLifetime(client) {}
            }
            clean = count("/proc/self/fd") <= fdsBefore && count("/proc/self/task") <= threadsBefore
        }
        #expect(clean)
        #expect(access(runtimeDirectory, F_OK) != 0)
    }

    /// Subsurfaces stack in the order they were made, each above the last; `place_above` and `place_below` restack
    /// them with the parent's next commit (the band and indicator surfaces rely on it); a sibling that is not one
    /// is a `bad_surface` error.
    @Test func subsurfacesRestackWithTheParentsCommit() throws {
        let compositor = try TestCompositor()
        let client = try Self.mappedClient(compositor)
        let global = try #require(client.globals["wl_subcompositor"])
        let subcompositor = try #require(
            client.adopt(
                wl_registry_bind(
                    client.registry, global.name,
                    cw_subcompositor_interface(), 1)))
        let red: UInt32 = 0xFFFF_0000
        let green: UInt32 = 0xFF00_FF00
        /// A 20 x 20 subsurface of one colour at (0, 0), committed (cached until the parent's commit).
        func child(_ colour: UInt32) throws -> (surface: OpaquePointer, subsurface: OpaquePointer) {
            let surface = try #require(client.adopt(wl_compositor_create_surface(client.compositor)))
            let subsurface = try #require(
                client.adopt(
                    wl_subcompositor_get_subsurface(
                        subcompositor, surface,
                        client.surface)))
            wl_surface_attach(surface, client.makeBuffer(width: 20, height: 20) { _, _ in colour }, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, 20, 20)
            wl_surface_commit(surface)
            return (surface, subsurface)
        }
        func commitParent() throws -> UInt32? {
            wl_surface_commit(client.surface)
            try client.roundtrip()
            return compositor.lastCommittedImage?.pixel(x: 5, y: 5)
        }
        let first = try child(red)
        let second = try child(green)
        #expect(try commitParent() == green)
        wl_subsurface_place_above(first.subsurface, second.surface)
        #expect(try commitParent() == red)
        wl_subsurface_place_below(first.subsurface, client.surface)
        #expect(try commitParent() == green)
        wl_subsurface_place_above(second.subsurface, client.surface)
        #expect(try commitParent() == red)
        #expect(compositor.isClean)
        let stranger = try #require(client.adopt(wl_compositor_create_surface(client.compositor)))
        wl_subsurface_place_above(first.subsurface, stranger)
        _ = try? client.roundtrip()
        #expect(client.protocolError?.interface == "wl_subsurface")
        #expect(client.protocolError?.code == WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue)
    }
}
