@_spi(Presentation) import ToolkitCore

/// The state of a window's shm buffers, without Wayland: which buffer to draw into, what to copy forward
/// into it, when to allocate, when to wait, what to destroy. `WaylandBufferPool` executes its answers.
///
/// Policy (after foot's shm/render code, facts only):
/// - Never hand out a buffer the compositor holds (attached and not yet released).
/// - Among the free buffers, reuse the youngest (most recently drawn): it is missing the least damage.
/// - Each buffer remembers the damage presented since it was last drawn (`damageSinceDrawn`, pixels);
///   before drawing, that region is copied forward from the last presented buffer so that only the new
///   damage has to be redrawn. A new buffer misses everything.
/// - When every buffer is busy, allocate another, up to `maximumCount`; beyond that, wait (the caller skips
///   the frame and tries again on the next release).
/// - A configuration change (pixel size or scale) drops the free buffers at once and retires the busy ones:
///   they are destroyed when the compositor releases them.
struct BufferSlots {
    /// One buffer's state, one per line.
    enum State: Equatable {
        /// Allocated, never drawn: its pixels are undefined, it misses the whole picture.
        case fresh
        /// Drawn and released by the compositor: may be drawn again after copying forward what it misses.
        case free
        /// Handed out for the frame being drawn, between `acquire` and `commit` (or `abandon`).
        case drawing
        /// The last presented buffer, handed out by `acquireOnward` while the compositor still holds it: the
        /// frame is drawn onward in its memory, never into what it holds. Busy again on `putBack`.
        case drawingHeld
        /// Committed: the compositor may read it until `wl_buffer.release`. Never drawn into.
        case busy
        /// Busy, and of an outdated configuration: destroyed as soon as it is released.
        case retiring
    }

    /// The pixel layout buffers are made for.
    struct Configuration: Equatable {
        /// Width, in pixels.
        var width: Int
        /// Height, in pixels.
        var height: Int
        /// Pixels per point the buffer is drawn at (fractional on the fractional-scale-v1 path).
        var scale: Double
    }

    /// One buffer's bookkeeping.
    struct Slot {
        var state: State
        var configuration: Configuration
        /// Frame number of the last frame drawn into it (0: never).
        var lastDrawnFrame: UInt64
        /// What it lacks of the picture presented (in other buffers) since it was last drawn: a band move
        /// (ring buffers) and pixels.
        var lag: BufferLag
        /// Pixels presented (in other buffers) since it was last drawn, after `lag.shift`.
        var damageSinceDrawn: PixelRegion { lag.missing }
    }

    /// What to do for the next frame.
    struct Acquisition: Equatable {
        /// The slot to draw into.
        var slot: Int
        /// True when the caller must allocate the buffer for `slot` first (`abandon` if that fails).
        var needsAllocation: Bool
        /// The buffer to copy `copyRegion` from, or nil when there is nothing to copy.
        var copySource: Int?
        /// The pixels to copy forward from `copySource` before drawing (empty when nothing).
        var copyRegion: PixelRegion
        /// The band move to make (by moving the ring buffer's start) before copying `copyRegion`, or nil.
        var copyShift: RowShift? = nil
        /// True when the buffer misses pixels that no buffer can provide: the whole window must be redrawn.
        var needsFullRedraw: Bool

        static func == (a: Acquisition, b: Acquisition) -> Bool {
            a.slot == b.slot && a.needsAllocation == b.needsAllocation && a.copySource == b.copySource
                && a.copyRegion.bounds == b.copyRegion.bounds && a.needsFullRedraw == b.needsFullRedraw
                && a.copyShift == b.copyShift
        }
    }

    /// The most buffers alive at once (including retiring ones).
    let maximumCount: Int
    /// The layout new buffers get.
    private(set) var configuration: Configuration
    private(set) var slots: [Slot?]
    /// The slot holding the picture on screen (the last commit), if any.
    private(set) var lastPresented: Int?
    private var frameCounter: UInt64 = 0

    /// - Parameter maximumCount: at least 2 (double buffering); values below are raised to 2.
    init(maximumCount: Int = 4, configuration: Configuration) {
        self.maximumCount = max(2, maximumCount)
        self.configuration = configuration
        slots = Array(repeating: nil, count: self.maximumCount)
    }

    /// Number of buffers alive (any state).
    var liveCount: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The state of `slot`, or nil when no buffer lives there.
    func state(of slot: Int) -> State? {
        guard slots.indices.contains(slot) else { return nil }
        return slots[slot]?.state
    }

    /// Picks the buffer for the next frame, or nil: every buffer is busy and no more may be allocated.
    mutating func acquire() -> Acquisition? {
        var best: Int?
        for index in slots.indices {
            guard let slot = slots[index], slot.configuration == configuration,
                slot.state == .free || slot.state == .fresh
            else { continue }
            if let current = best, let chosen = slots[current], chosen.lastDrawnFrame >= slot.lastDrawnFrame {
                continue
            }
            best = index
        }
        if let index = best {
            slots[index]!.state = .drawing
            return plan(for: index, needsAllocation: false)
        }
        guard let empty = slots.firstIndex(where: { $0 == nil }) else { return nil }
        slots[empty] = Slot(
            state: .drawing, configuration: configuration, lastDrawnFrame: 0,
            lag: .everything(width: configuration.width, height: configuration.height))
        return plan(for: empty, needsAllocation: true)
    }

    /// The buffer holding the picture on screen (the last commit), for a frame drawn onward in its memory while
    /// the compositor still holds it (see `State.drawingHeld`); nil when there is none of the current
    /// configuration, or it is not busy (released, being drawn or retired).
    mutating func acquireOnward() -> Int? {
        guard let index = lastPresented, let slot = slots[index], slot.configuration == configuration,
            slot.lastDrawnFrame > 0
        else { return nil }
        // (A released one is what `acquire` hands out first: it lacks nothing.)
        guard slot.state == .busy else { return nil }
        slots[index]!.state = .drawingHeld
        return index
    }

    private func plan(for index: Int, needsAllocation: Bool) -> Acquisition {
        let lag = slots[index]!.lag
        if lag.isEmpty {
            return Acquisition(
                slot: index, needsAllocation: needsAllocation, copySource: nil,
                copyRegion: PixelRegion(), needsFullRedraw: false)
        }
        if let source = lastPresented, source != index, let sourceSlot = slots[source],
            sourceSlot.configuration == configuration, sourceSlot.lastDrawnFrame > 0
        {
            return Acquisition(
                slot: index, needsAllocation: needsAllocation, copySource: source,
                copyRegion: lag.missing, copyShift: lag.shift, needsFullRedraw: false)
        }
        return Acquisition(
            slot: index, needsAllocation: needsAllocation, copySource: nil,
            copyRegion: PixelRegion(), needsFullRedraw: true)
    }

    /// The frame drawn into `slot` (which was handed out by `acquire`) was committed with `damage` (pixels)
    /// and, when it scrolled by moving its ring buffer's start, the band move `shift` (then `damage` is what
    /// changed apart from the moved band). Every other buffer of the current configuration now lacks them too.
    mutating func commit(_ slot: Int, damage: PixelRegion, shift: RowShift? = nil) {
        guard slots.indices.contains(slot), slots[slot]?.state == .drawing || slots[slot]?.state == .drawingHeld
        else { return }
        frameCounter += 1
        slots[slot]!.state = .busy
        slots[slot]!.lastDrawnFrame = frameCounter
        slots[slot]!.lag = BufferLag()
        for index in slots.indices where index != slot {
            guard slots[index] != nil, slots[index]!.configuration == configuration else { continue }
            slots[index]!.lag.framePresented(damage: damage, shift: shift, width: configuration.width)
        }
        lastPresented = slot
    }

    /// The frame for `slot` was not committed (allocation failed, nothing to draw). A slot that was never
    /// allocated (`allocated == false`) is emptied; otherwise the buffer stays, missing everything from now
    /// on (it may hold a partial drawing).
    mutating func abandon(_ slot: Int, allocated: Bool) {
        guard slots.indices.contains(slot), let state = slots[slot]?.state, state == .drawing || state == .drawingHeld
        else { return }
        if !allocated {
            slots[slot] = nil
            return
        }
        // A held buffer stays busy until its release, then is drawn in full.
        slots[slot]!.state = state == .drawingHeld ? .busy : .fresh
        slots[slot]!.lastDrawnFrame = 0
        let c = slots[slot]!.configuration
        slots[slot]!.lag = .everything(width: c.width, height: c.height)
        if lastPresented == slot { lastPresented = nil }
    }

    /// `slot` was handed out but nothing was drawn into it: it returns to `free` (or `fresh` when it was
    /// never drawn), missing what it missed before. Copy-forward done meanwhile is harmless: it only made the
    /// pixels closer to the picture on screen.
    mutating func putBack(_ slot: Int) {
        guard slots.indices.contains(slot), let state = slots[slot]?.state else { return }
        if state == .drawingHeld {
            slots[slot]!.state = .busy
            return
        }
        guard state == .drawing else { return }
        slots[slot]!.state = slots[slot]!.lastDrawnFrame == 0 ? .fresh : .free
    }

    /// `wl_buffer.release` for `slot`. Returns true when the caller must destroy the buffer (it was retiring).
    mutating func release(_ slot: Int) -> Bool {
        guard slots.indices.contains(slot), let state = slots[slot]?.state else { return false }
        switch state {
        case .busy:
            slots[slot]!.state = .free
            return false
        case .drawingHeld:
            // Released while drawn onward: no longer held.
            slots[slot]!.state = .drawing
            return false
        case .retiring:
            slots[slot] = nil
            if lastPresented == slot { lastPresented = nil }
            return true
        case .fresh, .free, .drawing:
            // A release for a buffer we did not commit: a compositor bug; ignore it rather than hand out a
            // buffer that may still be read.
            return false
        }
    }

    /// Switches to a new pixel layout. Calls `destroy` for each free buffer of another layout (now gone);
    /// busy ones are retired and reported by `release` later.
    mutating func reconfigure(_ newConfiguration: Configuration, destroy: (Int) -> Void) {
        guard newConfiguration != configuration else { return }
        configuration = newConfiguration
        for index in slots.indices {
            guard let slot = slots[index], slot.configuration != newConfiguration else { continue }
            switch slot.state {
            case .fresh, .free:
                slots[index] = nil
                if lastPresented == index { lastPresented = nil }
                destroy(index)
            case .busy, .drawing, .drawingHeld:
                slots[index]!.state = .retiring
            case .retiring:
                break
            }
        }
    }

    /// Forgets every buffer (teardown), calling `destroy` for each.
    mutating func removeAll(destroy: (Int) -> Void) {
        for index in slots.indices where slots[index] != nil {
            slots[index] = nil
            destroy(index)
        }
        lastPresented = nil
    }
}
