import Glibc
import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Redraws a small square every frame, so that the window keeps asking for frames.
@MainActor
private final class Ticker: FrameAnimator {
    let view: View
    init(view: View) { self.view = view }
    func animationFrame(at time: Duration) -> Bool {
        view.setNeedsDisplay()
        return true
    }
}

/// A square alternating red and green every frame.
@MainActor
private final class Blinker: View, FrameAnimator {
    private var red = true
    var expectedPixel: UInt32 { red ? 0xFFFF_0000 : 0xFF00_FF00 }
    func animationFrame(at time: Duration) -> Bool {
        red.toggle()
        setNeedsDisplay()
        return true
    }
    override func draw(in canvas: Canvas) {
        canvas.fill(bounds, color: red ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 1, blue: 0))
    }
}

/// A real compositor: the client end to end (connect, bind, configure, shm buffers, frame callbacks)
/// against a private headless Weston. Skipped when weston is not installed.
@MainActor
@Suite(.serialized, .enabled(if: WestonHarness.isInstalled, "weston is not installed: real-compositor tests skipped"))
struct WestonWindowTests {
    @Test func presentsFramesUnderWeston() throws {
        let weston = try WestonHarness()
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "weston test", size: Size(width: 320, height: 240),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        let square = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        window.rootView.backgroundColor = .white
        window.rootView.addSubview(square)
        var firstCommits = 0
        window.onFirstFrameCommitted = { firstCommits += 1 }
        window.core.addAnimator(Ticker(view: square))
        try window.pump("10 frames presented") { window.presentedFrameCount >= 10 }
        #expect(window.presentedFrameCount >= 10)
        #expect(firstCommits == 1)
        #expect(window.timeToFirstCommit != nil)
        // Weston answered the 0x0 configure: the window keeps the size it asked for.
        #expect(window.size == Size(width: 320, height: 240))
        #expect(window.bufferScale == 1)
        // Weston headless offers no seat: the window runs without one.
        #expect(!window.hasSeat)
        print(
            "weston: \(window.presentedFrameCount) frames presented, first commit after "
                + "\(window.timeToFirstCommit.map { "\($0)" } ?? "never")")
    }

    /// Only a small square changes per frame; every presented buffer must still hold the whole picture, so
    /// buffers that were not drawn last get the other frames' damage copied forward.
    @Test func everyPresentedBufferHoldsTheWholePicture() throws {
        let weston = try WestonHarness()
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "copy forward", size: Size(width: 64, height: 48),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        window.rootView.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let blinker = Blinker(frame: Rect(x: 4, y: 4, width: 8, height: 8))
        window.rootView.addSubview(blinker)
        window.core.addAnimator(blinker)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        var checked = 0
        var lastCount = -1
        while checked < 12 && clock.now < deadline {
            guard try window.dispatchOnce(timeout: .milliseconds(100)) else { break }
            guard window.presentedFrameCount != lastCount, let image = window.lastPresentedImage() else { continue }
            lastCount = window.presentedFrameCount
            checked += 1
            // Far from the square: the background, whatever buffer this is.
            #expect(image.pixel(x: 40, y: 30) == 0xFF00_00FF)
            #expect(image.pixel(x: 63, y: 47) == 0xFF00_00FF)
            #expect(image.pixel(x: 0, y: 0) == 0xFF00_00FF)
            // The square shows this frame's color.
            #expect(image.pixel(x: 8, y: 8) == blinker.expectedPixel)
        }
        #expect(checked == 12)
        #expect(window.liveBufferCount >= 2)
        #expect(window.liveBufferCount <= 4)
    }

    /// A 2x output (`--scale=2`): the window renders 2x buffers with `set_buffer_scale(2)`, and weston, which
    /// checks that buffer sizes are whole multiples of the scale, accepts every frame.
    @Test func rendersTwoXBuffersOnATwoXOutput() throws {
        let weston = try WestonHarness(width: 640, height: 480, scale: 2)
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "weston 2x", size: Size(width: 101, height: 51),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        window.rootView.backgroundColor = .white
        let line = View(frame: Rect(x: 10, y: 0, width: 1, height: 51))
        line.backgroundColor = Color(red: 0, green: 0, blue: 0)
        window.rootView.addSubview(line)
        window.core.addAnimator(Ticker(view: window.rootView))
        try window.run(maxFrames: 3)
        #expect(window.bufferScale == 2 && !window.usesFractionalScale)
        let image = try #require(window.lastPresentedImage())
        #expect(image.width == 202 && image.height == 102)
        #expect(image.pixel(x: 19, y: 50) == 0xFFFF_FFFF && image.pixel(x: 20, y: 50) == 0xFF00_0000)
        #expect(image.pixel(x: 21, y: 50) == 0xFF00_0000 && image.pixel(x: 22, y: 50) == 0xFFFF_FFFF)
    }

    @Test func runReturnsAfterMaxFrames() throws {
        let weston = try WestonHarness()
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "weston run", size: Size(width: 200, height: 100),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        window.core.addAnimator(Ticker(view: window.rootView))
        try window.run(maxFrames: 5)
        #expect(window.presentedFrameCount == 5)
    }

    @Test func compositorGoingAwayThrowsConnectionLost() throws {
        let weston = try WestonHarness()
        defer { weston.stop() }
        let window = try WaylandWindow(
            title: "weston gone", size: Size(width: 100, height: 100),
            connection: .socket(
                name: weston.socketName,
                runtimeDirectory: weston.runtimeDirectory))
        try window.pump("the first frame presented") { window.presentedFrameCount >= 1 }
        weston.stop()
        var caught: WaylandError?
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while caught == nil && clock.now < deadline {
            do {
                _ = try window.dispatchOnce(timeout: .milliseconds(100))
            } catch let error as WaylandError {
                caught = error
            }
        }
        guard case .connectionLost = caught else {
            Issue.record("expected connectionLost, got \(String(describing: caught))")
            return
        }
        // Later calls keep failing the same way instead of crashing.
        #expect(throws: WaylandError.self) { _ = try window.dispatchOnce(timeout: .zero) }
    }

    @Test func missingSocketSaysWhatWasTried() {
        do {
            _ = try WaylandWindow(
                title: "none", size: Size(width: 10, height: 10),
                connection: .socket(name: "no-such-socket", runtimeDirectory: "/nonexistent"))
            Issue.record("connected to nothing")
        } catch let error as WaylandError {
            guard case .noDisplay(let detail) = error else {
                Issue.record("expected noDisplay, got \(error)")
                return
            }
            #expect(detail.contains("/nonexistent/no-such-socket"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
