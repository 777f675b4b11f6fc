import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

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
        throws
    {
        self.compositor = compositor
        let fd = try compositor.connectClientFD()
        socketIdentity = FileDescriptorCensus.socketIdentity(of: fd)
        let window = try WaylandWindow(
            title: "hostile", size: size, appID: "org.toolkit.tests",
            connection: .fileDescriptor(fd))
        container = ScrollContainer(frame: Rect(origin: .zero, size: size))
        container.contentSize = Size(width: size.width, height: size.height * 4)
        container.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.9)
        for row in 0..<8 {
            let tile = View(
                frame: Rect(
                    x: 10, y: Double(row) * size.height / 2 + 5, width: size.width - 20,
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

    /// Dispatches until `condition` holds; throws `WaitTimeout` after `limit`, and rethrows what the loop throws.
    func pump(
        _ what: @autoclosure () -> String = "the awaited condition", limit: Duration = .seconds(10),
        until condition: () -> Bool
    ) throws {
        try window?.pump(what(), limit: limit, until: condition)
    }

    /// Dispatches until `condition` holds or `limit` passed; returns whether it held.
    @discardableResult
    func dispatch(limit: Duration, until condition: () -> Bool) throws -> Bool {
        try window?.dispatch(limit: limit, until: condition) ?? condition()
    }

    /// Dispatches for `duration` whatever happens (lets the client digest what was sent, or shows that nothing
    /// happens meanwhile).
    func settle(for duration: Duration = .milliseconds(30)) throws {
        try window?.idle(for: duration)
    }

    /// Sends a ping and pumps until the pong arrived (true) or `limit` passed (false).
    func answersPing(within limit: Duration = .seconds(3)) throws -> Bool {
        let serial = compositor.sendPing()
        return try dispatch(limit: limit) { compositor.hasPong(serial: serial) }
    }

    /// Pumps until the loop throws (returned) or `limit` passed (nil).
    func pumpUntilError(limit: Duration = .seconds(5)) -> Error? {
        do {
            try settle(for: limit)
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
