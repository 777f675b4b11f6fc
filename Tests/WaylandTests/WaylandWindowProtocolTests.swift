import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// The client's protocol rules (pings, configures and their acks, frame callbacks, buffer release), each shown end
/// to end: a `WaylandWindow` in this process talks real protocol to a `TestCompositor`, and the test observes what
/// reaches a view (touches) or what reaches the compositor (commits, acks, buffers). Waits are real I/O with the compositor thread, each with a deadline.
@MainActor
@Suite struct WaylandWindowProtocolTests {
    /// A view that records the touch calls it gets, as "began 0@(10,20)".
    private final class RecordingView: View {
        var calls: [String] = []

        private func record(_ phase: String, _ touches: [Touch]) {
            let list = touches.map { "\($0.id)@(\(Int($0.location.x)),\(Int($0.location.y)))" }
            calls.append("\(phase) " + list.joined(separator: " "))
        }

        override func touchesBegan(_ touches: [Touch]) { record("began", touches) }
        override func touchesMoved(_ touches: [Touch]) { record("moved", touches) }
        override func touchesEnded(_ touches: [Touch]) { record("ended", touches) }
        override func touchesCancelled(_ touches: [Touch]) { record("cancelled", touches) }
    }

    /// A view whose color changes every frame, so that every frame draws different pixels.
    private final class Blinker: View, FrameAnimator {
        private var count = 0

        func animationFrame(at time: Duration) -> Bool {
            count += 1
            setNeedsDisplay()
            return true
        }

        override func draw(in canvas: Canvas) {
            canvas.fill(bounds, color: Color(red: Double(count % 8) / 7, green: 0.5, blue: Double(count % 3) / 2))
        }
    }

    /// Returns once the window has dispatched everything the compositor sent before this call: a ping goes out
    /// behind it, and its pong can only come back after the events ahead of it were handled.
    private func sync(_ window: WaylandWindow, _ compositor: TestCompositor) throws {
        let serial = compositor.sendPing()
        try window.pump("pong for ping \(serial)") {
            (try? compositor.waitForPong(serial: serial, timeout: .zero)) != nil
        }
    }

    /// A window of `size` points mapped on `compositor` (its first buffer committed), with a `RecordingView`
    /// covering it.
    private func mapped(_ compositor: TestCompositor, size: Size = Size(width: 200, height: 100))
        throws -> (WaylandWindow, RecordingView)
    {
        let window = try WaylandWindow(
            title: "protocol test", size: size,
            connection: .fileDescriptor(compositor.connectClientFD()))
        let view = RecordingView(frame: Rect(origin: .zero, size: size))
        window.rootView.addSubview(view)
        try window.pump("first buffer commit") { compositor.lastCommittedImage != nil }
        return (window, view)
    }

    // MARK: Touch

    @Test func touchEventsReachContentGroupedByFrame() throws {
        let compositor = try TestCompositor()
        let (window, view) = try mapped(compositor)
        compositor.touchDown(id: 0, at: Point(x: 10, y: 20))
        compositor.touchFrame()
        try sync(window, compositor)
        #expect(view.calls == ["began 0@(10,20)"])
        // Motions wait for their frame: nothing reaches the view before it.
        compositor.touchMotion(id: 0, to: Point(x: 15, y: 25))
        compositor.touchMotion(id: 0, to: Point(x: 30, y: 40))
        try sync(window, compositor)
        #expect(view.calls == ["began 0@(10,20)"])
        // The frame delivers them as one move, at the newest position.
        compositor.touchFrame()
        try sync(window, compositor)
        #expect(view.calls == ["began 0@(10,20)", "moved 0@(30,40)"])
        // A second finger and a move of the first in one frame.
        compositor.touchDown(id: 1, at: Point(x: 100, y: 50))
        compositor.touchMotion(id: 0, to: Point(x: 32, y: 44))
        compositor.touchFrame()
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        try sync(window, compositor)
        #expect(view.calls.dropFirst(2) == ["began 1@(100,50)", "moved 0@(32,44)", "ended 1@(100,50)"])
        #expect(compositor.isClean)
    }

    @Test func lastUpWithoutAFrameEndsTheContentTouch() throws {
        let compositor = try TestCompositor()
        let (window, view) = try mapped(compositor)
        compositor.touchDown(id: 4, at: Point(x: 50, y: 60))
        compositor.touchFrame()
        compositor.touchMotion(id: 4, to: Point(x: 52, y: 61))
        compositor.touchFrame()
        compositor.touchUp(id: 4)  // weston 10: no wl_touch.frame after the last up
        try sync(window, compositor)
        #expect(view.calls == ["began 4@(50,60)", "moved 4@(52,61)", "ended 4@(52,61)"])
        // A frame that arrives late anyway changes nothing.
        compositor.touchFrame()
        try sync(window, compositor)
        #expect(view.calls.count == 3)
    }

    @Test func touchCancelReachesContentAsTouchesCancelled() throws {
        let compositor = try TestCompositor()
        let (window, view) = try mapped(compositor)
        compositor.touchDown(id: 0, at: Point(x: 10, y: 10))
        compositor.touchDown(id: 1, at: Point(x: 90, y: 10))
        compositor.touchFrame()
        compositor.touchMotion(id: 0, to: Point(x: 20, y: 20))  // buffered, then dropped by the cancel
        compositor.touchCancel()
        try sync(window, compositor)
        #expect(view.calls == ["began 0@(10,10)", "began 1@(90,10)", "cancelled 0@(10,10) 1@(90,10)"])
        // Nothing of the cancelled touches follows; new touches work.
        compositor.touchUp(id: 0)
        compositor.touchFrame()
        compositor.touchDown(id: 2, at: Point(x: 5, y: 5))
        compositor.touchFrame()
        try sync(window, compositor)
        #expect(view.calls.dropFirst(3) == ["began 2@(5,5)"])
        #expect(compositor.isClean)
    }

    @Test func losingTheTouchCapabilityMidTouchCancelsContent() throws {
        let compositor = try TestCompositor()
        let (window, view) = try mapped(compositor)
        compositor.touchDown(id: 7, at: Point(x: 40, y: 30))
        compositor.touchFrame()
        try sync(window, compositor)
        compositor.setCapabilities([.pointer, .keyboard])
        try sync(window, compositor)
        #expect(view.calls == ["began 7@(40,30)", "cancelled 7@(40,30)"])
        #expect(!window.hasTouch)
        // Back again: a fresh touch starts from scratch.
        compositor.setCapabilities([.pointer, .keyboard, .touch])
        try sync(window, compositor)
        #expect(window.hasTouch)
        compositor.touchDown(id: 7, at: Point(x: 1, y: 2))
        compositor.touchFrame()
        // A down whose frame never came, when the device goes: the content never saw it, so it hears nothing.
        compositor.touchDown(id: 8, at: Point(x: 3, y: 4))
        compositor.setCapabilities([.pointer])
        try sync(window, compositor)
        #expect(view.calls.dropFirst(2) == ["began 7@(1,2)", "cancelled 7@(1,2)"])
        #expect(compositor.isClean)
    }

    // MARK: Configure and frames

    /// A configure that changes the size while a frame callback is pending is acked and committed at the new
    /// size at once (xdg-shell allows an ack and a commit at any time), without a new frame callback: a
    /// compositor that throttles callbacks (a hidden surface: here, none ever comes) must not leave it unacked.
    /// A configure that does not change the size, and ordinary frames, still wait for the callback.
    @Test func aResizeConfigureWhileAFrameIsPendingIsAckedAndDrawnAtOnce() throws {
        let compositor = try TestCompositor()
        compositor.autoFrameCallbacks = false
        let (window, _) = try mapped(compositor)
        let mappedSerial = compositor.lastAckedSerial
        #expect(mappedSerial != nil)
        #expect(compositor.frameCallbacksPending == 1)
        let commits = compositor.commitCount
        _ = compositor.sendConfigure(size: Size(width: 300, height: 200))
        let latest = try #require(compositor.sendConfigure(size: Size(width: 320, height: 240)))
        try window.pump("the ack of the resize") { compositor.lastAckedSerial == latest }
        #expect(compositor.lastAckedSerial == latest)
        #expect(window.size == Size(width: 320, height: 240))
        let image = try #require(compositor.lastCommittedImage)
        #expect(image.width == 320 && image.height == 240)
        // One commit per configure at most, and no callback beyond the pending one.
        #expect(compositor.commitCount > commits && compositor.commitCount <= commits + 2)
        #expect(compositor.frameCallbacksPending == 1)
        // A configure with the same size waits for the callback's done.
        let afterResize = compositor.commitCount
        let same = try #require(compositor.sendConfigure(size: Size(width: 320, height: 240)))
        try window.idle(for: .milliseconds(100))
        #expect(compositor.commitCount == afterResize)
        #expect(compositor.lastAckedSerial == latest)
        compositor.sendFrameCallbacks()
        try window.pump("the ack after the frame callback") { compositor.lastAckedSerial == same }
        #expect(compositor.lastAckedSerial == same)
        try window.idle(for: .milliseconds(50))
        #expect(compositor.commitCount == afterResize + 1)
        #expect(compositor.isClean)
    }

    @Test func noCommitWhileAFrameCallbackIsPending() throws {
        let compositor = try TestCompositor()
        compositor.autoFrameCallbacks = false
        let (window, _) = try mapped(compositor)
        let blinker = Blinker(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        window.rootView.addSubview(blinker)
        window.core.addAnimator(blinker)  // wants a frame at every opportunity
        // The initial bare commit, then the first frame: its callback never completes, so nothing follows.
        try window.pump("the first frame") { compositor.commitCount >= 2 }
        try window.idle(for: .milliseconds(100))
        #expect(compositor.commitCount == 2)
        #expect(compositor.frameCallbacksPending == 1)
        // Each completed callback allows exactly one more commit, with a new frame callback.
        for round in 1...3 {
            compositor.advanceClock(by: .milliseconds(16))
            compositor.sendFrameCallbacks()
            try window.pump("commit \(round) after sendFrameCallbacks") { compositor.commitCount == 2 + round }
            try window.idle(for: .milliseconds(60))
            #expect(compositor.commitCount == 2 + round)
            #expect(compositor.frameCallbacksPending == 1)
        }
        #expect(compositor.isClean)
    }

    // MARK: Buffers

    @Test func neverDrawsIntoAHeldBufferTakesMoreUpToTheBoundThenWaits() throws {
        let compositor = try TestCompositor()
        let (window, _) = try mapped(compositor)
        let blinker = Blinker(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        window.rootView.addSubview(blinker)
        compositor.autoReleaseBuffers = false
        window.core.addAnimator(blinker)
        // Frame callbacks keep coming but no buffer comes back: the window takes new buffers up to its bound of
        // four, then waits.
        try window.pump("four buffers held") { compositor.buffersHeld == 4 }
        try window.idle(for: .milliseconds(100))
        #expect(window.liveBufferCount == 4)
        #expect(compositor.buffersHeld == 4)
        let stalled = compositor.commitCount
        try window.idle(for: .milliseconds(100))
        #expect(compositor.commitCount == stalled)
        // Three come back (the shown one stays held): drawing resumes in them, and stops again at the bound.
        compositor.releaseBuffers(keepingCurrent: true)
        try window.pump("commits after the release") { compositor.commitCount >= stalled + 3 }
        try window.pump("held again") { compositor.buffersHeld == 4 }
        #expect(window.liveBufferCount == 4)
        // A compositor releasing as usual: many frames, always in a buffer the compositor gave back.
        compositor.autoReleaseBuffers = true
        compositor.releaseBuffers(keepingCurrent: true)
        let resumed = compositor.commitCount
        try window.pump("20 more commits") { compositor.commitCount >= resumed + 20 }
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
    }

    // MARK: Disconnection

    @Test func compositorDisconnectingMakesRunThrow() throws {
        let compositor = try TestCompositor()
        let (window, _) = try mapped(compositor)
        // A guard against hanging: should `run` miss the hang-up, it returns normally after 5 s and the
        // expectation below fails instead. Weak: the window owns its timers, and this one never fires here.
        window.core.timers.schedule(at: window.core.now + .seconds(5)) { [weak window] in window?.close() }
        compositor.disconnectAllClients()
        var thrown: (any Error)?
        do {
            try window.run()
        } catch {
            thrown = error
        }
        let error = try #require(thrown as? WaylandError, "run returned without an error")
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(error)")
            return
        }
        // The error sticks: later calls throw too rather than touching a dead connection.
        #expect(throws: WaylandError.self) { _ = try window.dispatchOnce(timeout: .zero) }
    }
}
