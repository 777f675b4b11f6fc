import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// A compositor that goes away at awkward moments. Rule: the loop throws `WaylandError.connectionLost` with a
/// message saying what happened, keeps throwing it, never crashes, and releasing the window afterwards closes
/// the connection's descriptor (nothing leaks).
@MainActor
@Suite struct HostileDisconnectTests {
    /// Disconnects after `setUp` prepared the awkward moment, then checks the error, its stickiness, and that
    /// the socket is closed once the window is released.
    private func expectCleanLoss(_ client: HostileClient, _ label: String) throws {
        client.compositor.disconnectAllClients()
        let error = client.pumpUntilError()
        let lost = try #require(error as? WaylandError, "\(label): \(String(describing: error))")
        if case .connectionLost(let detail) = lost {
            #expect(detail.contains("closed the connection"), "\(label): \(lost)")
        } else {
            Issue.record("\(label): expected connectionLost, got \(lost)")
        }
        #expect(throws: lost) { _ = try client.window?.dispatchOnce(timeout: .zero) }
        #expect(throws: lost) { try client.window?.run() }
        let socket = try #require(client.socketIdentity)
        #expect(FileDescriptorCensus.count(containing: socket) == 1, "\(label): the socket is open until release")
        client.window = nil
        #expect(FileDescriptorCensus.count(containing: socket) == 0, "\(label): the socket leaked")
    }

    @Test func aProtocolErrorFromTheCompositorEndsTheLoopWithItsObjectAndCode() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        try client.settle()
        #expect(compositor.postProtocolErrorOnToplevel(code: 7, message: "provoked by the test"))
        let error = client.pumpUntilError()
        let lost = try #require(error as? WaylandError, "\(String(describing: error))")
        guard case .connectionLost(let detail) = lost else {
            Issue.record("expected connectionLost, got \(lost)")
            return
        }
        // The object is named by interface and id, with the compositor's code.
        #expect(detail.hasPrefix("protocol error 7 on xdg_toplevel@"), "\(detail)")
        #expect(throws: lost) { _ = try client.window?.dispatchOnce(timeout: .zero) }
        #expect(throws: lost) { try client.window?.run() }
        let socket = try #require(client.socketIdentity)
        client.window = nil
        #expect(FileDescriptorCensus.count(containing: socket) == 0, "the socket leaked")
    }

    @Test func beforeTheFirstConfigure() throws {
        let compositor = try TestCompositor()
        compositor.autoConfigure = false
        let client = try HostileClient(compositor: compositor, waitForFirstFrame: false)
        try client.settle()
        #expect(client.window?.presentedFrameCount == 0)
        try expectCleanLoss(client, "before the first configure")
    }

    @Test func betweenConfigureAndAck() throws {
        let compositor = try TestCompositor()
        compositor.autoConfigure = false
        let client = try HostileClient(compositor: compositor, waitForFirstFrame: false)
        try client.settle()
        // The configure sits unread in the client's socket when the compositor goes: its ack never gets out.
        let serial = compositor.sendConfigure(size: Size(width: 90, height: 70))
        #expect(serial != nil)
        try expectCleanLoss(client, "between configure and ack")
        #expect(compositor.lastAckedSerial == nil)
    }

    @Test func whileAFrameCallbackIsPending() throws {
        let compositor = try TestCompositor()
        compositor.autoFrameCallbacks = false
        let client = try HostileClient(compositor: compositor, waitForFirstFrame: false)
        try client.pump { compositor.frameCallbacksPending == 1 }
        #expect(compositor.frameCallbacksPending == 1)
        client.window?.rootView.setNeedsDisplay()
        try client.settle()
        try expectCleanLoss(client, "frame callback pending")
    }

    @Test func whileTheCompositorHoldsBuffers() throws {
        let compositor = try TestCompositor()
        compositor.autoReleaseBuffers = false
        let client = try HostileClient(compositor: compositor)
        for step in 1...3 {
            client.container.contentOffset = Point(x: 0, y: Double(step * 10))
            try client.pump { compositor.buffersHeld >= step + 1 }
        }
        #expect(compositor.buffersHeld >= 3)
        try expectCleanLoss(client, "buffers held")
    }

    @Test func inTheMiddleOfAScrollWithAFingerDown() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        compositor.touchDown(id: 0, at: Point(x: 80, y: 100))
        compositor.touchFrame()
        compositor.touchMotion(id: 0, to: Point(x: 80, y: 40))
        compositor.touchFrame()
        try client.pump { client.container.contentOffset.y > 0 }
        try expectCleanLoss(client, "mid-scroll")
    }

    @Test func duringStartup() throws {
        // The compositor is gone before the window's first roundtrip completes: init throws, nothing leaks.
        let compositor = try TestCompositor()
        let fd = try compositor.connectClientFD()
        let socket = try #require(FileDescriptorCensus.socketIdentity(of: fd))
        compositor.disconnectAllClients()
        #expect(throws: WaylandError.self) {
            _ = try WaylandWindow(title: "gone", size: Size(width: 10, height: 10), connection: .fileDescriptor(fd))
        }
        #expect(FileDescriptorCensus.count(containing: socket) == 0)
    }
}
