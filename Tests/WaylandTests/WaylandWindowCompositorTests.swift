import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// `WaylandWindow` end to end through the in-process test compositor: real protocol, injected input.
/// Timestamps are not asserted (the window maps compositor times onto its own monotonic clock).
@MainActor
@Suite struct WaylandWindowCompositorTests {
    private final class Log {
        var events: [InputEvent] = []
        func without(timestamps: Bool = true) -> [String] {
            events.map { event in
                switch event {
                case .touchDown(let id, let location, _): return "down \(id) \(location)"
                case .touchMotion(let id, let location, _): return "motion \(id) \(location)"
                case .touchUp(let id, _): return "up \(id)"
                case .touchFrame: return "frame"
                case .touchCancel: return "cancel"
                case .pointerEnter(let location, _): return "enter \(location)"
                case .pointerLeave: return "leave"
                case .pointerMotion(let location, _): return "pointer \(location)"
                case .pointerButton(let button, let pressed, _): return "button \(button) \(pressed)"
                case .axis(let e): return "axis \(e.source) \(e.dx) \(e.dy) \(e.stopHorizontal) \(e.stopVertical)"
                case .key(let key, let pressed, let modifiers, let isRepeat, _):
                    return "key \(key) \(pressed) \(modifiers.rawValue) \(isRepeat ? "repeat" : "")"
                case .keyboardFocus(let focus): return "focus \(focus)"
                case .keyboardModifiers(let modifiers): return "modifiers \(modifiers.rawValue)"
                case .pointerPinchBegin(let fingers, _): return "pinch begin \(fingers)"
                case .pointerPinchUpdate(let dx, let dy, let scale, let rotation, _):
                    return "pinch \(dx) \(dy) \(scale) \(rotation)"
                case .pointerPinchEnd(let cancelled, _): return "pinch end \(cancelled)"
                }
            }
        }
    }

    private final class Ticker: FrameAnimator {
        let view: View
        init(view: View) { self.view = view }
        func animationFrame(at time: Duration) -> Bool {
            view.setNeedsDisplay()
            return true
        }
    }

    private func mapped(
        _ compositor: TestCompositor, size: Size = Size(width: 200, height: 100),
        log: Log
    ) throws -> WaylandWindow {
        let window = try WaylandWindow(
            title: "compositor test", size: size, appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        window.rootView.backgroundColor = Color(red: 0, green: 0, blue: 1)
        window.onInputEvent = { log.events.append($0) }
        try window.pump { window.presentedFrameCount >= 1 }
        return window
    }

    @Test func mapsWithTitleAppIDAndPixels() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        #expect(window.presentedFrameCount >= 1)
        #expect(compositor.toplevelTitle == "compositor test")
        #expect(compositor.toplevelAppID == "org.toolkit.tests")
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width == 200 && image.height == 100)
        #expect(image.pixel(x: 199, y: 99) == 0xFF00_00FF)
        #expect(window.hasSeat && window.hasPointer && window.hasKeyboard && window.hasTouch)
        #expect(compositor.isClean)
    }

    /// A title or app id longer than `XdgWindow.maximumTextBytes` (1024 bytes of UTF-8) reaches the compositor
    /// cut there, at a character boundary: whole, it would overflow libwayland's 4096-byte message buffer and
    /// end the connection.
    @Test func aVeryLongTitleOrAppIDIsTruncatedAndTheConnectionLives() throws {
        let compositor = try TestCompositor()
        // "é" is two bytes, "€" three: 1024 is not a multiple of 3, so the cut must step back.
        let long = String(repeating: "€", count: 5000)
        let window = try WaylandWindow(
            title: long, size: Size(width: 100, height: 80),
            appID: String(repeating: "a", count: 10_000),
            connection: .fileDescriptor(compositor.connectClientFD()))
        try window.pump { window.presentedFrameCount >= 1 }
        #expect(window.presentedFrameCount >= 1)
        #expect(compositor.toplevelTitle == String(repeating: "€", count: 341))  // 1023 bytes
        #expect(compositor.toplevelAppID == String(repeating: "a", count: 1024))
        #expect(window.title == long)  // the property keeps what the app set
        window.title = String(repeating: "é", count: 3000)
        try window.pump { compositor.toplevelTitle?.hasPrefix("é") == true }
        #expect(compositor.toplevelTitle == String(repeating: "é", count: 512))
        window.title = "short"
        try window.pump { compositor.toplevelTitle == "short" }
        #expect(compositor.toplevelTitle == "short")
        #expect(compositor.isClean)
    }

    @Test func wireTextCutsAtAScalarBoundary() {
        #expect(XdgWindow.wireText("short") == "short")
        let exact = String(repeating: "a", count: 1024)
        #expect(XdgWindow.wireText(exact) == exact)
        // 1023 ASCII bytes, then a 4-byte emoji that does not fit: cut before it.
        let emoji = String(repeating: "a", count: 1023) + "😀" + "tail"
        #expect(XdgWindow.wireText(emoji) == String(repeating: "a", count: 1023))
        #expect(XdgWindow.wireText(String(repeating: "😀", count: 400)).utf8.count == 1024)
    }

    @Test func touchFramesAndCapabilityLossMidTouch() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        compositor.touchDown(id: 3, at: Point(x: 10, y: 20))
        compositor.touchFrame()
        compositor.touchMotion(id: 3, to: Point(x: 15, y: 25))
        compositor.touchFrame()
        try window.pump { log.events.count >= 4 }
        #expect(log.without() == ["down 3 (10.0, 20.0)", "frame", "motion 3 (15.0, 25.0)", "frame"])
        log.events.removeAll()
        compositor.setCapabilities([.pointer, .keyboard])
        try window.pump { !log.events.isEmpty }
        #expect(log.without() == ["cancel"])
        #expect(!window.hasTouch)
        #expect(compositor.isClean)
    }

    @Test func lastUpWithoutFrameIsDelivered() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        compositor.touchDown(id: 0, at: Point(x: 5, y: 5))
        compositor.touchFrame()
        compositor.touchUp(id: 0)  // no frame, as Weston 10
        try window.pump { log.events.count >= 4 }
        #expect(log.without() == ["down 0 (5.0, 5.0)", "frame", "up 0", "frame"])
    }

    @Test func pointerFramesWheelAndFinger() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        compositor.pointerEnter(at: Point(x: 50, y: 50))
        compositor.pointerFrame()
        compositor.pointerMotion(to: Point(x: 60, y: 55.5))
        compositor.pointerFrame()
        compositor.pointerAxis(dx: 0, dy: 40, source: .wheel)
        compositor.pointerFrame()
        compositor.pointerAxis(dx: 0, dy: 80, source: .wheel)
        compositor.pointerFrame()
        compositor.pointerAxis(dx: 0, dy: 3.5, source: .finger)
        compositor.pointerFrame()
        compositor.pointerAxisStop()
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump { log.events.count >= 7 }
        #expect(
            log.without() == [
                "enter (50.0, 50.0)", "pointer (60.0, 55.5)",
                "axis wheel 0.0 40.0 false false", "axis wheel 0.0 80.0 false false",
                "axis finger 0.0 3.5 false false", "axis finger 0.0 0.0 true true",
                "button left true"
            ])
        #expect(window.core.pointerLocation == Point(x: 60, y: 55.5))
    }

    @Test func keysThroughTheSharedKeymapAndRepeat() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        compositor.key(.down, pressed: true)
        try window.pump { log.events.contains { if case .key = $0 { return true } else { return false } } }
        // Repeat runs on the window's monotonic clock: wait for one (real time, bounded).
        try window.pump(limit: .seconds(3)) { log.without().contains("key down true 0 repeat") }
        compositor.key(.down, pressed: false)
        try window.pump { log.without().contains("key down false 0 ") }
        let lines = log.without()
        #expect(lines.first == "focus true")
        #expect(lines.contains("key down true 0 "))
        #expect(lines.contains("key down true 0 repeat"))
        let repeatsAtRelease = lines.filter { $0.hasSuffix("repeat") }.count
        // Released: no more repeats.
        try window.idle(for: .milliseconds(200))
        #expect(log.without().filter { $0.hasSuffix("repeat") }.count == repeatsAtRelease)
    }

    @Test func scaleResizeBufferBoundPingAndClose() throws {
        let compositor = try TestCompositor(outputSize: Size(width: 400, height: 300))
        compositor.outputScale = 2
        let log = Log()
        let window = try mapped(compositor, size: Size(width: 100, height: 50), log: log)
        try window.pump { compositor.toplevelBufferScale == 2 }
        #expect(window.bufferScale == 2)
        let first = try #require(compositor.lastCommittedImage)
        #expect(first.width == 200 && first.height == 100)

        let serial = compositor.sendConfigure(size: Size(width: 150, height: 80))
        try window.pump { compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.width == 300 }
        #expect(window.size == Size(width: 150, height: 80))
        #expect(compositor.lastCommittedImage?.height == 160)

        // A compositor that keeps every buffer: at most 4 exist, then the window waits.
        compositor.autoReleaseBuffers = false
        window.core.addAnimator(Ticker(view: window.rootView))
        // Held: all four buffers committed, the last one's frame callback done and read by the window.
        try window.pump("four buffers held") {
            window.liveBufferCount == 4 && compositor.buffersHeld == 4 && compositor.frameCallbacksPending == 0
        }
        let held = compositor.sendPing()
        try window.pump("the pong after the last frame's done") { compositor.hasPong(serial: held) }
        let stalled = window.presentedFrameCount
        try window.idle(for: .milliseconds(100))
        #expect(window.presentedFrameCount == stalled)
        compositor.releaseBuffers()
        compositor.autoReleaseBuffers = true
        try window.pump { window.presentedFrameCount > stalled + 2 }
        #expect(window.presentedFrameCount > stalled + 2)

        let ping = compositor.sendPing()
        _ = try window.dispatchOnce(timeout: .milliseconds(500))
        try compositor.waitForPong(serial: ping, timeout: .seconds(2))

        #expect(compositor.sendClose())
        try window.pump { window.isClosed }
        #expect(window.isClosed)
        try window.run()  // returns at once: closed
        #expect(compositor.isClean)
    }

    @Test func disconnectThrowsConnectionLost() throws {
        let compositor = try TestCompositor()
        let log = Log()
        let window = try mapped(compositor, log: log)
        compositor.disconnectAllClients()
        #expect(throws: WaylandError.self) {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(5)
            while clock.now < deadline { _ = try window.dispatchOnce(timeout: .milliseconds(10)) }
        }
    }
}
