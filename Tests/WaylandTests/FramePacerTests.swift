import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Frame pacing and configure acks, as a state machine.
@Suite struct FramePacerTests {
    @Test func nothingBeforeTheFirstConfigureWhichDrawsTheFirstFrame() {
        var pacer = FramePacer()
        #expect(pacer.frameWanted() == .none)
        #expect(pacer.configure(serial: 7, needsFrame: false) == .draw)
        #expect(pacer.takeSerialToAck() == 7)
        #expect(pacer.takeSerialToAck() == nil)
        pacer.didCommit(withBuffer: true)
        #expect(pacer.hasCommittedFrame)
    }

    @Test func noCommitWhileACallbackIsPending() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        #expect(pacer.frameWanted() == .none)
        #expect(pacer.configure(serial: 2, needsFrame: true) == .none)
        let done = pacer.callbackDone(needsFrame: true)
        #expect(done.presented)
        #expect(done.action == .draw)
    }

    @Test func onlyTheLatestSerialIsAcked() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        _ = pacer.configure(serial: 2, needsFrame: true)
        _ = pacer.configure(serial: 3, needsFrame: true)
        _ = pacer.callbackDone(needsFrame: true)
        #expect(pacer.takeSerialToAck() == 3)
        #expect(pacer.takeSerialToAck() == nil)
    }

    /// <doc:ScrollBehaviour> §12: input that arrives while the window is idle shows in the very next commit, not one
    /// refresh later behind a bare commit that asks for a callback first.
    @Test func anIdleWindowDrawsAtOnceAndWaitsForTheCallbackAfterThat() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        #expect(pacer.callbackDone(needsFrame: false) == (true, .none))
        #expect(pacer.frameWanted() == .draw)
        pacer.didCommit(withBuffer: true)
        // The next frame waits for that frame's callback.
        #expect(pacer.frameWanted() == .none)
        #expect(pacer.callbackDone(needsFrame: true) == (true, .draw))
    }

    @Test func aCallbackAskedWithABareCommitIsNotAPresentedFrame() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        _ = pacer.callbackDone(needsFrame: false)
        // Idle, a state-only configure: a bare commit carries the ack and a callback.
        #expect(pacer.configure(serial: 2, needsFrame: false) == .requestCallback)
        pacer.didCommit(withBuffer: false)
        let done = pacer.callbackDone(needsFrame: true)
        #expect(!done.presented)
        #expect(done.action == .draw)
    }

    @Test func aConfigureWithNothingToDrawStillGetsItsAckCommitted() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        _ = pacer.callbackDone(needsFrame: false)
        // Idle, a state-only configure (e.g. activated): a bare commit carries the ack.
        #expect(pacer.configure(serial: 2, needsFrame: false) == .requestCallback)
        // While a callback is pending it waits for the done.
        pacer.didCommit(withBuffer: false)
        _ = pacer.configure(serial: 3, needsFrame: false)
        #expect(pacer.callbackDone(needsFrame: false).action == .requestCallback)
        // A draw that found nothing falls back to the same.
        #expect(pacer.nothingToDraw() == .requestCallback)
        _ = pacer.takeSerialToAck()
        #expect(pacer.nothingToDraw() == .none)
    }

    @Test func aResizeConfigureWhileIdleDrawsAtOnce() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        _ = pacer.callbackDone(needsFrame: false)
        #expect(pacer.configure(serial: 2, needsFrame: true) == .draw)
    }

    @Test func withoutAFreeBufferTheFrameWaitsForARelease() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        _ = pacer.callbackDone(needsFrame: true)
        pacer.bufferUnavailable()
        #expect(pacer.frameWanted() == .none)
        #expect(pacer.bufferReleased() == .draw)
        #expect(pacer.bufferReleased() == .none)
    }

    @Test func aStrayDoneIsIgnored() {
        var pacer = FramePacer()
        #expect(pacer.callbackDone(needsFrame: true) == (false, .none))
    }

    /// A configure that changes the size while a callback is pending is acked and drawn at once, without a new
    /// callback: a compositor that throttles callbacks (a hidden surface) would otherwise leave it unacked.
    @Test func aResizeConfigureWhileACallbackIsPendingDrawsAtOnceWithoutANewCallback() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true, resized: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        // A state-only configure still waits for the done.
        #expect(pacer.configure(serial: 2, needsFrame: false, resized: false) == .none)
        #expect(pacer.configure(serial: 3, needsFrame: true, resized: true) == .drawWithoutCallback)
        #expect(pacer.takeSerialToAck() == 3)
        pacer.didCommit(withBuffer: true, requestedCallback: false)
        #expect(pacer.callbackPending)
        // Ordinary frames still wait for the done, which now follows a presented frame.
        #expect(pacer.frameWanted() == .none)
        #expect(pacer.configure(serial: 4, needsFrame: true, resized: false) == .none)
        let done = pacer.callbackDone(needsFrame: true)
        #expect(done.presented)
        #expect(done.action == .draw)
    }

    /// Without a free buffer the resize waits for a release, then draws without waiting for the callback.
    @Test func aResizeConfigureWithoutAFreeBufferDrawsOnTheRelease() {
        var pacer = FramePacer()
        _ = pacer.configure(serial: 1, needsFrame: true, resized: true)
        _ = pacer.takeSerialToAck()
        pacer.didCommit(withBuffer: true)
        #expect(pacer.configure(serial: 2, needsFrame: true, resized: true) == .drawWithoutCallback)
        pacer.bufferUnavailable()
        #expect(pacer.configure(serial: 3, needsFrame: true, resized: true) == .none)
        #expect(pacer.bufferReleased() == .drawWithoutCallback)
        #expect(pacer.takeSerialToAck() == 3)
        pacer.didCommit(withBuffer: true, requestedCallback: false)
        // Acked: a later release or state-only configure waits for the done again.
        pacer.bufferUnavailable()
        #expect(pacer.bufferReleased() == .none)
    }
}
