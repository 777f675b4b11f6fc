import TestSupport
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Touch and pointer events that break the protocol's pairing rules, extreme values, and malformed wire
/// messages from a hostile compositor. Rules: touch events for ids that are not down are dropped
/// (`TouchFrameBuffer`); wire touch ids never collide with the pointer's emulated touch
/// (`WindowCore.pointerTouchID` is outside Int32); a second enter or a leave without enter is harmless; events
/// for objects the client never had are ignored (libwayland); a message libwayland cannot parse ends the
/// connection with `WaylandError.connectionLost`.
@MainActor
@Suite struct HostileInputTests {
    /// Records what content touches a view got, as "began 3", "ended 3", "cancelled 3".
    private final class TouchLog: View {
        var lines: [String] = []
        override func touchesBegan(_ touches: [Touch]) { lines += touches.map { "began \($0.id)" } }
        override func touchesEnded(_ touches: [Touch]) { lines += touches.map { "ended \($0.id)" } }
        override func touchesCancelled(_ touches: [Touch]) { lines += touches.map { "cancelled \($0.id)" } }
    }

    /// The touch events the client routed, without times.
    private func touches(_ client: HostileClient) -> [String] {
        client.events.compactMap {
            switch $0 {
            case .touchDown(let id, let location, _): return "down \(id) \(location)"
            case .touchMotion(let id, let location, _): return "motion \(id) \(location)"
            case .touchUp(let id, _): return "up \(id)"
            case .touchCancel: return "cancel"
            default: return nil
            }
        }
    }

    @Test func touchEventsForIdsThatAreNotDownAreDropped() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        compositor.touchUp(id: 5)
        compositor.touchMotion(id: 6, to: Point(x: 3, y: 3))
        compositor.touchFrame()
        compositor.touchDown(id: 1, at: Point(x: 10, y: 10))
        compositor.touchFrame()
        compositor.touchUp(id: 1)
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        compositor.touchDown(id: 2, at: Point(x: 20, y: 20))
        compositor.touchFrame()
        compositor.touchCancel()
        compositor.touchMotion(id: 2, to: Point(x: 30, y: 30))
        compositor.touchFrame()
        compositor.touchUp(id: 2)
        compositor.touchCancel()
        compositor.touchFrame()
        #expect(try client.answersPing())
        #expect(touches(client) == ["down 1 (10.0, 10.0)", "up 1", "down 2 (20.0, 20.0)", "cancel", "cancel"])
        #expect(client.window?.core.touchRouter.activeTouchCount == 0)
        #expect(compositor.isClean)
    }

    @Test func extremeTouchIdsAndCoordinatesAreHarmless() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        // wl_fixed's extremes (the compositor clamps to +-8388607): outside the window, nothing under them.
        compositor.touchDown(id: Int(Int32.min), at: Point(x: 1e9, y: -1e9))
        compositor.touchFrame()
        compositor.touchMotion(id: Int(Int32.min), to: Point(x: -1e9, y: 1e9))
        compositor.touchFrame()
        compositor.touchUp(id: Int(Int32.min))
        compositor.touchDown(id: Int(Int32.max), at: Point(x: 5, y: 5))
        compositor.touchFrame()
        compositor.touchMotion(id: Int(Int32.max), to: Point(x: 8_388_607, y: 5))
        compositor.touchFrame()
        compositor.touchUp(id: Int(Int32.max))
        #expect(try client.answersPing())
        #expect(
            touches(client) == [
                "down -2147483648 (8388607.0, -8388607.0)", "motion -2147483648 (-8388607.0, 8388607.0)",
                "up -2147483648", "down 2147483647 (5.0, 5.0)", "motion 2147483647 (8388607.0, 5.0)", "up 2147483647"
            ])
        let offset = client.container.contentOffset
        #expect(offset.isFinite)
        #expect(client.window?.core.touchRouter.activeTouchCount == 0)
        #expect(compositor.isClean)
    }

    @Test func aFingerWithTheLargestWireIdStaysApartFromThePointer() throws {
        let compositor = try TestCompositor()
        let window = try WaylandWindow(
            title: "ids", size: Size(width: 100, height: 100),
            connection: .fileDescriptor(compositor.connectClientFD()))
        let log = TouchLog(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.rootView.addSubview(log)
        try window.pump { window.presentedFrameCount >= 1 }
        compositor.touchDown(id: Int(Int32.max), at: Point(x: 10, y: 10))
        compositor.touchFrame()
        compositor.pointerEnter(at: Point(x: 50, y: 50))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump { log.lines.count >= 2 }
        compositor.touchUp(id: Int(Int32.max))
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try window.pump { log.lines.count >= 4 }
        let finger = Int(Int32.max)
        let pointer = WindowCore.pointerTouchID
        #expect(finger != pointer)
        #expect(log.lines == ["began \(finger)", "began \(pointer)", "ended \(finger)", "ended \(pointer)"])
        #expect(compositor.isClean)
    }

    @Test func losingThePointerWhileItHoldsTheButtonLiftsItAndLeaves() throws {
        let compositor = try TestCompositor()
        let window = try WaylandWindow(
            title: "pointer loss", size: Size(width: 100, height: 100),
            connection: .fileDescriptor(compositor.connectClientFD()))
        let log = TouchLog(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.rootView.addSubview(log)
        var events: [InputEvent] = []
        window.onInputEvent = { events.append($0) }
        try window.pump { window.presentedFrameCount >= 1 }
        compositor.pointerEnter(at: Point(x: 30, y: 30))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump { log.lines == ["began \(WindowCore.pointerTouchID)"] }
        #expect(window.core.pointerLocation == Point(x: 30, y: 30))
        // The mouse is unplugged mid-press: no release or leave will ever come from the compositor.
        compositor.setCapabilities([.touch, .keyboard])
        try window.pump { !window.hasPointer && log.lines.count >= 2 }
        #expect(log.lines == ["began \(WindowCore.pointerTouchID)", "ended \(WindowCore.pointerTouchID)"])
        #expect(window.core.pointerLocation == nil)
        #expect(window.core.touchRouter.activeTouchCount == 0)
        #expect(events.contains { if case .pointerLeave = $0 { true } else { false } })
        // Plugged back in: a fresh enter and press work as before.
        compositor.setCapabilities([.pointer, .touch, .keyboard])
        try window.pump { window.hasPointer }
        // A ping answered after the client made its new pointer: the compositor has seen the get_pointer.
        let ping = compositor.sendPing()
        try window.pump { compositor.hasPong(serial: ping) }
        compositor.pointerEnter(at: Point(x: 60, y: 60))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try window.pump { log.lines.count >= 4 }
        #expect(log.lines.count == 4)
        #expect(log.lines.suffix(2) == ["began \(WindowCore.pointerTouchID)", "ended \(WindowCore.pointerTouchID)"])
        #expect(compositor.isClean)
    }

    @Test func capabilitiesFlappingMidGestureLeaveNothingHanging() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        let window = try #require(client.window)
        // A finger down, the pointer pressed on the window, a key repeating.
        compositor.touchDown(id: 3, at: Point(x: 30, y: 30))
        compositor.touchFrame()
        compositor.pointerEnter(at: Point(x: 60, y: 60))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.sendRepeatInfo(rate: 50, delay: 10)
        compositor.key(.down, pressed: true)
        func repeats() -> Int {
            client.events.filter { if case .key(_, _, _, true, _) = $0 { true } else { false } }.count
        }
        try client.pump { repeats() >= 2 && window.core.touchRouter.activeTouchCount == 2 }
        #expect(window.core.touchRouter.activeTouchCount == 2)
        // Twenty changes in a row, faster than the client reads them.
        var rng = SplitMix64(seed: 0xF1A9)
        let sets: [SeatCapabilities] = [
            [], [.pointer], [.touch], [.keyboard], [.pointer, .touch],
            [.touch, .keyboard], [.pointer, .touch, .keyboard]
        ]
        for _ in 0..<20 { compositor.setCapabilities(sets[Int(rng.next() % UInt64(sets.count))]) }
        compositor.setCapabilities([])
        try client.pump { !window.hasPointer && !window.hasTouch && !window.hasKeyboard }
        #expect(window.core.touchRouter.activeTouchCount == 0)
        #expect(window.core.pointerLocation == nil)
        let repeatsAfterLoss = repeats()
        try client.settle(for: .milliseconds(100))
        #expect(repeats() == repeatsAfterLoss, "the key kept repeating after the keyboard went away")
        // Everything back: devices work from a clean slate.
        compositor.setCapabilities([.pointer, .touch, .keyboard])
        try client.pump { window.hasPointer && window.hasTouch && window.hasKeyboard }
        #expect(try client.answersPing())
        client.clearEvents()
        compositor.touchDown(id: 3, at: Point(x: 30, y: 30))
        compositor.touchFrame()
        compositor.touchUp(id: 3)
        try client.pump { touches(client).count >= 2 }
        #expect(touches(client) == ["down 3 (30.0, 30.0)", "up 3"])
        #expect(window.core.touchRouter.activeTouchCount == 0)
        #expect(compositor.isClean)
    }

    @Test func unpairedPointerEnterAndLeaveAndHugeAxisValuesAreHarmless() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        let window = try #require(client.window)
        compositor.sendUnpairedPointerLeave()
        compositor.pointerFrame()
        compositor.sendUnpairedPointerLeave()
        compositor.pointerFrame()
        compositor.sendUnpairedPointerEnter(at: Point(x: 10, y: 10))
        compositor.pointerFrame()
        compositor.sendUnpairedPointerEnter(at: Point(x: 40, y: 30))
        compositor.pointerFrame()
        try client.pump { window.core.pointerLocation == Point(x: 40, y: 30) }
        #expect(window.core.pointerLocation == Point(x: 40, y: 30))
        // The largest values the wire carries, both ways, from every kind of device.
        for dy in [1e12, -1e12] {
            compositor.pointerAxis(dx: dy, dy: dy, source: .continuous)
            compositor.pointerFrame()
            compositor.pointerAxis(dx: 0, dy: dy, source: .finger)
            compositor.pointerFrame()
            compositor.pointerAxisStop()
            compositor.pointerFrame()
            compositor.pointerAxis(dx: 0, dy: dy, source: .wheel)
            compositor.pointerFrame()
            try client.settle()
            let offset = client.container.contentOffset
            #expect(offset.isFinite, "offset \(offset) after axis \(dy)")
            // Within the content, give or take an overscroll that stays bounded by the view.
            #expect(offset.y >= -client.container.bounds.height && offset.y <= 4 * 120 + 120, "offset \(offset)")
        }
        compositor.pointerMotion(to: Point(x: 1e9, y: -1e9))
        compositor.pointerFrame()
        compositor.sendUnpairedPointerLeave()
        compositor.pointerFrame()
        try client.pump { window.core.pointerLocation == nil }
        #expect(window.core.pointerLocation == nil)
        #expect(try client.answersPing())
        // The container comes to rest within its bounds.
        try client.pump { !client.container.arbitration.isAnimating }
        let rest = client.container.contentOffset
        #expect(rest.y >= 0 && rest.y <= 3 * 120, "rest offset \(rest)")
        #expect(compositor.isClean)
    }

    @Test func inputForASurfaceThatIsNotTheWindowIsDropped() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        let window = try #require(client.window)
        // On the window first: the client sets a cursor, so it has a second surface.
        compositor.pointerEnter(at: Point(x: 20, y: 20))
        compositor.pointerFrame()
        try client.pump { compositor.lastCursorRequest?.hasSurface == true }
        #expect(window.core.pointerLocation == Point(x: 20, y: 20))
        // The compositor then claims the pointer entered the cursor surface: it left the window.
        #expect(compositor.sendPointerEnterOnCursorSurface(at: Point(x: 1, y: 1)))
        compositor.pointerFrame()
        compositor.pointerMotion(to: Point(x: 2, y: 2))  // still focused on the window for the compositor
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        #expect(compositor.sendTouchDownOnCursorSurface(id: 4, at: Point(x: 3, y: 3)))
        compositor.touchFrame()
        compositor.touchMotion(id: 4, to: Point(x: 5, y: 5))
        compositor.touchFrame()
        compositor.touchUp(id: 4)
        #expect(try client.answersPing())
        #expect(window.core.pointerLocation == nil)
        #expect(window.core.touchRouter.activeTouchCount == 0)
        #expect(!client.events.contains { if case .pointerButton = $0 { true } else { false } })
        #expect(!client.events.contains { if case .touchDown = $0 { true } else { false } })
        // A real enter on the window works again.
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerEnter(at: Point(x: 50, y: 40))
        compositor.pointerFrame()
        try client.pump { window.core.pointerLocation == Point(x: 50, y: 40) }
        #expect(window.core.pointerLocation == Point(x: 50, y: 40))
        #expect(compositor.isClean)
    }

    @Test func eventsForObjectsTheClientNeverHadAreIgnored() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        // An id in the server's range that was never created, one in the client's range, and delete_id for
        // an id that does not exist.
        #expect(compositor.sendRawEvent(objectID: 0xFF00_1234, opcode: 0, arguments: [1, 2]) == 1)
        #expect(compositor.sendRawEvent(objectID: 9999, opcode: 3) == 1)
        #expect(compositor.sendRawEvent(objectID: 1, opcode: 1, arguments: [777]) == 1)
        #expect(try client.answersPing())
        #expect(client.window?.presentedFrameCount ?? 0 >= 1)
        #expect(compositor.isClean)
    }

    @Test func aMessageThatCannotBeParsedEndsTheConnectionWithAnError() throws {
        for (label, objectID, opcode, arguments) in [
            ("unknown opcode", UInt32(1), UInt16(9), [UInt32]()),
            ("missing arguments", UInt32(1), UInt16(0), [UInt32]())
        ] {
            let compositor = try TestCompositor()
            let client = try HostileClient(compositor: compositor)
            #expect(compositor.sendRawEvent(objectID: objectID, opcode: opcode, arguments: arguments) == 1)
            let error = client.pumpUntilError()
            let lost = try #require(error as? WaylandError, "\(label): \(String(describing: error))")
            guard case .connectionLost(let detail) = lost else {
                Issue.record("\(label): \(lost)")
                continue
            }
            #expect(detail.contains("malformed message"), "\(label): \(detail)")
            print("[HostileInputTests] \(label): \(lost)")
            // The error sticks: the next call throws it again rather than touching a dead connection.
            #expect(throws: WaylandError.self) { _ = try client.window?.dispatchOnce(timeout: .zero) }
        }
    }
}
