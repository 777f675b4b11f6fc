import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// Commits are observable in order: a test thread that is slower than its client still reads every frame through
/// `waitForCommit(after:timeout:)`, and the plain `waitForCommit(timeout:)` still means "the next one after this
/// call".
@Suite struct CommittedFrameTests {
    /// A mapped 40 x 30 toplevel whose first frame is all `color(0)`.
    static func client(_ compositor: TestCompositor) throws -> RawWaylandClient {
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        try client.createToplevel()
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in color(0) })
        try compositor.waitForToplevel(timeout: .seconds(5))
        try client.roundtrip()
        return client
    }

    static func color(_ index: Int) -> UInt32 { 0xFF00_0000 | UInt32(index * 9 + 10) << 16 }

    @Test func aSlowTestThreadReadsEveryFrameInOrder() throws {
        let compositor = try TestCompositor()
        let client = try Self.client(compositor)
        let before = compositor.committedFrameCount
        #expect(before == 1)
        // Twenty frames committed back to back while the test thread does not look.
        for index in 1...20 {
            client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(index) }, ack: false)
        }
        try client.roundtrip()
        #expect(compositor.committedFrameCount == 21)
        var seen = before
        var colors: [UInt32] = []
        while seen < 21 {
            let frame = try compositor.waitForCommit(after: seen, timeout: .seconds(2))
            #expect(frame.number == seen + 1)
            colors.append(frame.image.pixel(x: 5, y: 5))
            seen = frame.number
        }
        #expect(colors == (1...20).map(Self.color))
        // Nothing newer: the wait times out, naming the frame it waited after.
        #expect(throws: TestCompositorError.timeout) {
            try compositor.waitForCommit(after: seen, timeout: .milliseconds(50))
        }
        #expect(compositor.lastTimeoutReason?.contains("after frame 21") == true)
    }

    @Test func framesAreStampedWithTheCommitClockInOrder() throws {
        let compositor = try TestCompositor()
        let client = try Self.client(compositor)
        let start = TestCompositor.monotonicNow
        for index in 1...3 {
            client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(index) }, ack: false)
        }
        try client.roundtrip()
        let frames = compositor.committedFrames(after: 1)
        #expect(frames.map(\.number) == [2, 3, 4])
        #expect(frames.map(\.time) == Array(compositor.bufferCommitTimes.suffix(3)))
        #expect(frames.allSatisfy { $0.time >= start && $0.time <= TestCompositor.monotonicNow })
    }

    @Test func theBudgetDropsTheOldestFramesAndSaysSoThroughTheNumber() throws {
        let compositor = try TestCompositor()
        let client = try Self.client(compositor)
        compositor.retainedFrameBytes = 3 * 40 * 30 * 4  // three frames of this window
        for index in 1...10 {
            client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(index) }, ack: false)
        }
        try client.roundtrip()
        // Frames 2...8 are gone: the first kept after frame 1 is 9, the third newest.
        let frame = try compositor.waitForCommit(after: 1, timeout: .seconds(1))
        #expect(frame.number == 9)
        #expect(frame.image.pixel(x: 0, y: 0) == Self.color(8))
        #expect(compositor.committedFrames(after: 0).map(\.number) == [9, 10, 11])
        // With no budget at all the newest frame still stays.
        compositor.retainedFrameBytes = 0
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(11) }, ack: false)
        try client.roundtrip()
        #expect(compositor.committedFrames(after: 0).map(\.number) == [12])
        #expect(compositor.lastCommittedImage?.pixel(x: 39, y: 29) == Self.color(11))
    }

    @Test func thePlainWaitStillMeansTheNextCommitAfterTheCall() throws {
        let compositor = try TestCompositor()
        let client = try Self.client(compositor)
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(1) }, ack: false)
        try client.roundtrip()
        // Frame 2 is already there: the plain wait does not return it.
        #expect(throws: TestCompositorError.timeout) { try compositor.waitForCommit(timeout: .milliseconds(50)) }
        client.present(client.makeBuffer(width: 40, height: 30) { _, _ in Self.color(2) }, ack: false)
        try client.roundtrip()
        #expect(compositor.committedFrameCount == 3)
        #expect(try compositor.waitForCommit(after: 2, timeout: .seconds(1)).image.pixel(x: 1, y: 1) == Self.color(2))
    }
}
