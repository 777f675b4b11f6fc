import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// The two ways to share a thread with an app's own loop (WaylandWindow+Loop.swift), through the test compositor.
@MainActor
@Suite struct WaylandWindowLoopTests {
    /// A view that records when touches began, on the window clock.
    final class Row: View {
        var began: [Duration] = []
        override func touchesBegan(_ touches: [Touch]) { began.append(touches[0].timestamp) }
    }

    /// Bytes the app loop read from its pipe.
    final class ByteCount { var value = 0 }

    /// A non-blocking pipe (pipe2 is not visible through Glibc).
    static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return true
    }

    /// An app loop of its own: one poll over its pipe and the window's descriptor, with the window's deadline as
    /// timeout, then `dispatchPending()`. Runs until `condition` holds or `limit` passes.
    private func appLoop(
        _ window: WaylandWindow, pipe: Int32, pipeBytes: ByteCount, limit: Duration,
        until condition: () -> Bool
    ) throws {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while !condition() && clock.now < end {
            var fds = [
                pollfd(fd: window.displayFileDescriptor, events: window.pollEvents, revents: 0),
                pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            ]
            var timeout: Int32 = 50
            if let wait = window.timeUntilNextDeadline {
                let ms =
                    wait.components.seconds * 1000 + (wait.components.attoseconds + 999_999_999_999_999)
                    / 1_000_000_000_000_000
                timeout = Int32(min(50, ms))
            }
            _ = poll(&fds, 2, timeout)
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                while read(pipe, &byte, 1) == 1 { pipeBytes.value += 1 }
            }
            #expect(try window.dispatchPending())
        }
    }

    @Test func theWindowRunsInsideTheAppsLoopWithItsFdAndDeadline() throws {
        let compositor = try TestCompositor()
        let window = try WaylandWindow(
            title: "app loop", size: Size(width: 200, height: 300), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        let list = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        list.contentSize = Size(width: 200, height: 3000)
        let row = Row(frame: Rect(x: 0, y: 0, width: 200, height: 3000))
        list.addSubview(row)
        window.rootView.addSubview(list)
        var ends: [Int32] = [0, 0]
        #expect(Self.makePipe(&ends))
        defer {
            close(ends[0])
            close(ends[1])
        }
        let bytes = ByteCount()

        // Mapped and drawn with nothing but the app's poll and dispatchPending().
        try appLoop(window, pipe: ends[0], pipeBytes: bytes, limit: .seconds(5)) { window.presentedFrameCount >= 1 }
        #expect(window.presentedFrameCount >= 1)
        try compositor.waitForToplevel(timeout: .seconds(5))

        // The app's own descriptor keeps working beside the window's.
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        try appLoop(window, pipe: ends[0], pipeBytes: bytes, limit: .seconds(2)) { bytes.value == 1 }
        #expect(bytes.value == 1)

        // A finger that rests: no more compositor traffic, yet the container's 0.15 s delay runs out on time and
        // the row gets the touch (<doc:ScrollBehaviour> §2.3), because the app loop woke up at the window's deadline.
        compositor.touchDown(id: 3, at: Point(x: 100, y: 100))
        compositor.touchFrame()
        try appLoop(window, pipe: ends[0], pipeBytes: bytes, limit: .seconds(2)) { !row.began.isEmpty }
        #expect(row.began.count == 1)
        #expect(window.nextDeadline == nil || window.nextDeadline! > window.now)

        // A drag moves the list, drawn and committed from the app's loop.
        let before = window.presentedFrameCount
        for step in 1...5 {
            compositor.touchMotion(id: 3, to: Point(x: 100, y: 100 - Double(step) * 20))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 3)
        compositor.touchFrame()
        try appLoop(window, pipe: ends[0], pipeBytes: bytes, limit: .seconds(3)) {
            list.contentOffset.y >= 90 && window.presentedFrameCount > before
        }
        // 100 pt of finger, the first 10 inside the slop, then the row's touch was cancelled for the drag.
        #expect(list.contentOffset.y >= 90)
        #expect(window.presentedFrameCount > before)
        #expect(compositor.heldBufferWrites == 0)
    }

    @Test func theAppsDescriptorsAndTimersRunInsideTheWindowsLoop() throws {
        let compositor = try TestCompositor()
        let window = try WaylandWindow(
            title: "app sources", size: Size(width: 100, height: 100), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        var ends: [Int32] = [0, 0]
        #expect(Self.makePipe(&ends))
        defer {
            close(ends[0])
            close(ends[1])
        }
        var received: [UInt8] = []
        var events: Int16 = 0
        let watch = window.addFileDescriptor(ends[0]) { revents in
            events |= revents
            var byte: UInt8 = 0
            while read(ends[0], &byte, 1) == 1 { received.append(byte) }
        }
        var fired: [String] = []
        let start = window.now
        var firedAt: Duration?
        // A timer of the app's writes into its own pipe; a later one closes the window, which ends run().
        window.addTimer(after: .milliseconds(40)) {
            fired.append("write")
            var byte: UInt8 = 42
            _ = write(ends[1], &byte, 1)
        }
        let cancelled = window.addTimer(after: .milliseconds(60)) { fired.append("cancelled") }
        window.cancelTimer(cancelled)
        window.addTimer(at: start + .milliseconds(120)) {
            fired.append("close")
            firedAt = window.now
            window.close()
        }
        try window.run()
        #expect(fired == ["write", "close"])
        #expect(received == [42])
        #expect(events & Int16(POLLIN) != 0)
        #expect(firedAt.map { $0 - start >= .milliseconds(120) } == true)

        // A removed descriptor is no longer polled: its bytes stay unread.
        window.removeFileDescriptor(watch)
        var byte: UInt8 = 9
        _ = write(ends[1], &byte, 1)
        _ = try window.dispatchOnce(timeout: .milliseconds(20))
        #expect(received == [42])
    }
}
