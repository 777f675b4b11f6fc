import Glibc
import Testing
@testable import Toolkit
@testable import ToolkitCore
import ToolkitTesting

/// A `WaylandWindow` with a scroll container, connected to a `TestCompositor` that a robustness test turns
/// hostile. It pumps the window's loop (real I/O with the compositor thread, bounded by deadlines) and checks
/// that the client still answers pings.
@MainActor
final class HostileClient {
    let compositor: TestCompositor
    /// The window; set to nil to release it (its deinit tears the connection down).
    var window: WaylandWindow?
    /// The container filling the window (content 4 x the window's height).
    let container: ScrollContainer
    /// Every input event the window routed, in order.
    private(set) var events: [InputEvent] = []
    /// `socket:[inode]` of the client's end of the connection, for leak checks.
    let socketIdentity: String?

    /// Connects a window of `size` points; with `waitForFirstFrame`, pumps until the first frame is presented.
    init(compositor: TestCompositor, size: Size = Size(width: 160, height: 120), waitForFirstFrame: Bool = true)
        throws {
        self.compositor = compositor
        let fd = try compositor.connectClientFD()
        socketIdentity = FileDescriptorCensus.socketIdentity(of: fd)
        let window = try WaylandWindow(title: "hostile", size: size, appID: "org.toolkit.tests",
                                       connection: .fileDescriptor(fd))
        container = ScrollContainer(frame: Rect(origin: .zero, size: size))
        container.contentSize = Size(width: size.width, height: size.height * 4)
        container.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.9)
        for row in 0..<8 {
            let tile = View(frame: Rect(x: 10, y: Double(row) * size.height / 2 + 5, width: size.width - 20,
                                        height: size.height / 2 - 10))
            tile.backgroundColor = Color(red: Double(row) / 8, green: 0.3, blue: 0.6)
            container.addSubview(tile)
        }
        window.rootView.addSubview(container)
        self.window = window
        window.onInputEvent = { [weak self] in self?.events.append($0) }
        if waitForFirstFrame {
            try pump { window.presentedFrameCount >= 1 }
            #expect(window.presentedFrameCount >= 1, "the first frame was not presented")
        }
    }

    /// Dispatches until `condition` holds or `limit` passed; rethrows what the loop throws.
    func pump(limit: Duration = .seconds(5), until condition: () -> Bool) throws {
        guard let window else { return }
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition() && clock.now < deadline {
            _ = try window.dispatchOnce(timeout: .milliseconds(10))
        }
    }

    /// Dispatches for `duration` whatever happens (lets the client digest what was sent).
    func settle(for duration: Duration = .milliseconds(30)) throws {
        try pump(limit: duration) { false }
    }

    /// Sends a ping and pumps until the pong arrived (true) or `limit` passed (false).
    func answersPing(within limit: Duration = .seconds(3)) throws -> Bool {
        let serial = compositor.sendPing()
        try pump(limit: limit) { compositor.hasPong(serial: serial) }
        return compositor.hasPong(serial: serial)
    }

    /// Pumps until the loop throws (returned) or `limit` passed (nil).
    func pumpUntilError(limit: Duration = .seconds(5)) -> Error? {
        do {
            try pump(limit: limit) { false }
            return nil
        } catch {
            return error
        }
    }

    /// Forgets the recorded events.
    func clearEvents() {
        events.removeAll()
    }
}
