import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Memory that cannot be had. Rule: a buffer that cannot be allocated (memfd, mmap) stops the loop with
/// `WaylandError.bufferAllocationFailed`, which says what was asked and what the system answered; the error
/// sticks and the window can still be released cleanly.
@MainActor
@Suite struct BufferAllocationFailureTests {
    @Test func aFailedAllocationStopsTheLoopWithAClearError() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor, size: Size(width: 100, height: 80))
        let socket = try #require(client.socketIdentity)
        // The tests run one at a time on the main actor: nothing else allocates until this one restores it.
        let original = ShmPool.makeFile
        ShmPool.makeFile = { _, _ in
            errno = ENOMEM
            return -1
        }
        defer { ShmPool.makeFile = original }
        // A new size needs new buffers.
        compositor.sendConfigure(size: Size(width: 120, height: 90))
        let error = client.pumpUntilError()
        ShmPool.makeFile = original
        let failure = try #require(error as? WaylandError, "\(String(describing: error))")
        // A window buffer's pool holds `ringFrames` frames (the ring that scrolls by moving the start).
        let poolBytes = 120 * 90 * 4 * PresentationOptions.environment.ringFrames
        #expect(failure == .bufferAllocationFailed("memfd of \(poolBytes) bytes: Cannot allocate memory"))
        print("[BufferAllocationFailureTests] \(failure)")
        #expect(throws: failure) { try client.window?.run() }
        client.window = nil
        #expect(FileDescriptorCensus.count(containing: socket) == 0)
        #expect(compositor.isClean)
    }
}
