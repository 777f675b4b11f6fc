import CWayland
import Glibc
@_spi(Presentation) import ToolkitCore

/// The window's buffers: executes `BufferSlots`' decisions with real `ShmBuffer`s (allocation, destruction
/// on release or reconfiguration). The copy forward is left to the drawing (`FramePresenter.draw(into:
/// previousFrame:)`), which folds a scroll's moved pixels into it.
@MainActor
final class WaylandBufferPool {
    private var slots: BufferSlots
    private var buffers: [ShmBuffer?]
    private let shm: OpaquePointer
    /// Called after a `wl_buffer.release` made a buffer available again.
    var onBufferReleased: (() -> Void)?
    /// Frames each new buffer's pool holds: 2 or more let a buffer scroll by moving its start
    /// (`RingFrameBuffer`), 1 makes buffers that scroll by copying pixels. Buffers already made keep theirs.
    var ringFrames: Int
    /// Frames drawn by moving a ring buffer's start (diagnostics and tests).
    var shiftedFrameCount = 0
    /// Frames drawn onward in the memory of a buffer the compositor held (diagnostics and tests).
    var onwardFrameCount = 0
    /// Frames drawn into a buffer that first caught up with the presented one (copying what it lacked of it;
    /// diagnostics and tests).
    var catchUpFrameCount = 0
    /// The frame rows each buffer's `wl_buffer` spans from the next acquire on (`ShmBuffer.shownRows`): a band's
    /// while a band surface shows them (`canShowBands`), nil for the whole frame.
    var shownRows: Range<Int>?

    /// Whether the buffers of the current configuration can show a band of their frame: they are ring buffers
    /// (whose pool stays open for `wl_buffer`s at other offsets).
    var canShowBands: Bool {
        let frameBytes = slots.configuration.width * 4 * slots.configuration.height
        return ringFrames > 1 && frameBytes > 0 && 2 * frameBytes <= ShmPool.maximumSize
    }

    /// A pool drawing `configuration`-sized buffers from `shm`, at most `maximumCount` alive, each in a pool of
    /// `ringFrames` frames. The window's buffers take three (`PresentationOptions.ringFrames`): a frame drawn
    /// onward while the compositor holds the presented one wraps onto its mirror two frames back, clear of the
    /// held rows (with two, every wrap would land on them and the frame would go to the other buffer, lagging a
    /// frame's height). Memory is touched only where frames pass.
    init(shm: OpaquePointer, configuration: BufferSlots.Configuration, maximumCount: Int = 4, ringFrames: Int) {
        self.shm = shm
        self.ringFrames = ringFrames
        slots = BufferSlots(maximumCount: maximumCount, configuration: configuration)
        buffers = Array(repeating: nil, count: slots.maximumCount)
    }

    /// The layout of new buffers.
    var configuration: BufferSlots.Configuration { slots.configuration }

    /// Number of live buffers (any state).
    var liveCount: Int { slots.liveCount }

    /// Switches to a new pixel size or scale: free buffers of the old one go now, busy ones on release.
    func reconfigure(_ configuration: BufferSlots.Configuration) {
        slots.reconfigure(configuration) { destroyBuffer(at: $0) }
    }

    /// A buffer to draw into, allocated if needed, and where to take the pixels it misses (see `AcquiredBuffer`).
    /// Returns nil when every buffer is busy and no more may be allocated (wait for a release).
    func acquire() throws -> AcquiredBuffer? {
        guard let plan = slots.acquire() else { return nil }
        if plan.needsAllocation {
            let c = slots.configuration
            do {
                let buffer = try ShmBuffer(
                    shm: shm, slot: plan.slot, width: c.width, height: c.height, scale: c.scale,
                    ringFrames: ringFrames)
                buffer.onRelease = { [unowned self] slot in self.released(slot) }
                buffers[plan.slot] = buffer
            } catch {
                slots.abandon(plan.slot, allocated: false)
                throw error
            }
        }
        guard let buffer = buffers[plan.slot] else {
            slots.abandon(plan.slot, allocated: false)
            return nil
        }
        // Released: nothing of it is held.
        buffer.ring.heldRows = 0..<0
        buffer.shownRows = shownRows ?? 0..<buffer.height
        // Buffers of one pool share a size; a mismatch (never planned) copies nothing and redraws all.
        if let sourceIndex = plan.copySource, let source = buffers[sourceIndex] {
            guard source.width == buffer.width, source.height == buffer.height else {
                return AcquiredBuffer(buffer: buffer, previousFrame: nil, needsFullRedraw: true)
            }
            let previous = PreviousFrame(
                pixels: UnsafeRawPointer(source.pixels), stride: source.stride,
                missing: plan.copyRegion, shift: plan.copyShift)
            return AcquiredBuffer(buffer: buffer, previousFrame: previous, needsFullRedraw: plan.needsFullRedraw)
        }
        return AcquiredBuffer(buffer: buffer, previousFrame: nil, needsFullRedraw: plan.needsFullRedraw)
    }

    /// The buffer showing the presented frame, while the compositor holds it, for a frame drawn onward in its
    /// memory (`FramePresenter.drawOnward`, through `drawOnward(_:into:...)`); its ring's `heldRows` are set to the
    /// rows the compositor holds. Nil when there is none (`acquire` then gives a buffer to draw into).
    func acquireOnward() -> ShmBuffer? {
        guard let index = slots.acquireOnward() else { return nil }
        guard let buffer = buffers[index], buffer.ring.canShift else {
            slots.putBack(index)
            return nil
        }
        buffer.shownRows = shownRows ?? 0..<buffer.height
        buffer.ring.heldRows = buffer.heldRows
        return buffer
    }

    /// The frame in `buffer` was attached and committed with `damage` (pixels) and, when it scrolled by moving
    /// the buffer's start, the band move `shift` (`damage` is then what changed apart from the band).
    func commit(_ buffer: ShmBuffer, damage: PixelRegion, shift: RowShift? = nil) {
        slots.commit(buffer.slot, damage: damage, shift: shift)
    }

    /// `buffer` was acquired but nothing was drawn into it: it is free again, as it was (nothing was copied
    /// into it: the copy forward happens while drawing).
    func putBack(_ buffer: ShmBuffer) {
        slots.putBack(buffer.slot)
    }

    private func released(_ slot: Int) {
        if slots.release(slot) { destroyBuffer(at: slot) }
        onBufferReleased?()
    }

    private func destroyBuffer(at slot: Int) {
        buffers[slot]?.destroy()
        buffers[slot] = nil
    }

    /// A copy of the pixels of the buffer presented last (tests and diagnostics: it is what the compositor
    /// shows), or nil before the first commit.
    func lastPresentedImage() -> Image? {
        guard let index = slots.lastPresented, let buffer = buffers[index] else { return nil }
        var pixels = [UInt32](repeating: 0, count: buffer.width * buffer.height)
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            for row in 0..<buffer.height {
                memcpy(base + row * buffer.width * 4, buffer.pixels + row * buffer.stride, buffer.width * 4)
            }
        }
        return Image(width: buffer.width, height: buffer.height, pixels: pixels)
    }

    /// Destroys every buffer (teardown).
    func destroyAll() {
        slots.removeAll { destroyBuffer(at: $0) }
        onBufferReleased = nil
    }
}
