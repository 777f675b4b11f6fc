import Testing

@testable import Toolkit
@testable import ToolkitCore

/// The buffer state machine: what may be drawn, what is copied forward, when to allocate, wait, destroy.
@Suite struct BufferSlotsTests {
    private let size = BufferSlots.Configuration(width: 100, height: 80, scale: 1)

    private func region(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRegion {
        var r = PixelRegion()
        r.add(x: x, y: y, width: w, height: h)
        return r
    }

    /// Acquires, expecting success.
    private func take(_ slots: inout BufferSlots) throws -> BufferSlots.Acquisition {
        let acquired = slots.acquire()
        return try #require(acquired)
    }

    @Test func neverHandsOutABusyBufferAndWaitsAtTheBound() throws {
        var slots = BufferSlots(maximumCount: 3, configuration: size)
        var handed: [Int] = []
        for _ in 0..<3 {
            let a = try take(&slots)
            #expect(a.needsAllocation)
            #expect(!handed.contains(a.slot))
            handed.append(a.slot)
            slots.commit(a.slot, damage: region(0, 0, 10, 10))
            #expect(slots.state(of: a.slot) == .busy)
        }
        // All three busy, bound reached: wait.
        let none = slots.acquire()
        #expect(none == nil)
        #expect(slots.liveCount == 3)
        // A release makes exactly that buffer available.
        let destroyOnRelease = slots.release(handed[1])
        #expect(!destroyOnRelease)
        let again = try take(&slots)
        #expect(again.slot == handed[1])
        #expect(!again.needsAllocation)
    }

    /// Whether `region` holds exactly the pixels of `rects` (x, y, width, height), pixel by pixel over the whole
    /// 100 x 80 buffer: a check of the set, not of its bounds.
    func covers(_ region: PixelRegion, exactly rects: [(Int, Int, Int, Int)]) -> Bool {
        for y in 0..<80 {
            for x in 0..<100 {
                let expected = rects.contains { x >= $0.0 && x < $0.0 + $0.2 && y >= $0.1 && y < $0.1 + $0.3 }
                if region.contains(x: x, y: y) != expected { return false }
            }
        }
        return true
    }

    @Test func theFirstBufferNeedsAFullRedraw() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        #expect(a.needsFullRedraw)
        #expect(a.copySource == nil)
    }

    @Test func aNewBufferCopiesEverythingFromThePresentedOne() throws {
        var slots = BufferSlots(configuration: size)
        let first = try take(&slots)
        slots.commit(first.slot, damage: region(0, 0, 100, 80))
        let second = try take(&slots)
        #expect(second.needsAllocation)
        #expect(second.copySource == first.slot)
        #expect(covers(second.copyRegion, exactly: [(0, 0, 100, 80)]))
        #expect(!second.needsFullRedraw)
    }

    @Test func copyForwardIsTheDamageSinceTheBufferWasLastDrawn() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        slots.commit(a.slot, damage: region(0, 0, 100, 80))
        let b = try take(&slots)
        slots.commit(b.slot, damage: region(10, 10, 5, 5))
        let c = try take(&slots)
        slots.commit(c.slot, damage: region(20, 30, 10, 10))
        _ = slots.release(a.slot)
        let next = try take(&slots)
        #expect(next.slot == a.slot)
        #expect(next.copySource == c.slot)
        // Damage of b's and c's frames: union of (10,10,5,5) and (20,30,10,10).
        #expect(covers(next.copyRegion, exactly: [(10, 10, 5, 5), (20, 30, 10, 10)]))
        // The buffer drawn last misses nothing.
        slots.commit(next.slot, damage: region(0, 0, 1, 1))
        _ = slots.release(c.slot)
        let latest = try take(&slots)
        #expect(latest.slot == c.slot)
        #expect(covers(latest.copyRegion, exactly: [(0, 0, 1, 1)]))
    }

    @Test func reusesTheYoungestReleasedBuffer() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        slots.commit(a.slot, damage: region(0, 0, 100, 80))
        let b = try take(&slots)
        slots.commit(b.slot, damage: region(0, 0, 5, 5))
        _ = slots.release(b.slot)
        _ = slots.release(a.slot)
        let next = try take(&slots)
        #expect(next.slot == b.slot)
        #expect(next.copyRegion.isEmpty)
        #expect(next.copySource == nil)
    }

    @Test func resizeDropsFreeBuffersAndRetiresBusyOnes() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        slots.commit(a.slot, damage: region(0, 0, 100, 80))
        let b = try take(&slots)
        slots.commit(b.slot, damage: region(0, 0, 100, 80))
        _ = slots.release(a.slot)
        var destroyed: [Int] = []
        slots.reconfigure(BufferSlots.Configuration(width: 200, height: 160, scale: 1)) { destroyed.append($0) }
        #expect(destroyed == [a.slot])
        #expect(slots.state(of: b.slot) == .retiring)
        // The old-size buffer is never handed out again, nor used as a copy source.
        let fresh = try take(&slots)
        #expect(fresh.slot != b.slot)
        #expect(fresh.needsAllocation)
        #expect(fresh.needsFullRedraw)
        #expect(fresh.copySource == nil)
        // Its release destroys it.
        let destroy = slots.release(b.slot)
        #expect(destroy)
        #expect(slots.state(of: b.slot) == nil)
    }

    @Test func aScaleChangeIsAReconfiguration() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        slots.commit(a.slot, damage: region(0, 0, 100, 80))
        _ = slots.release(a.slot)
        var destroyed: [Int] = []
        slots.reconfigure(BufferSlots.Configuration(width: 200, height: 160, scale: 2)) { destroyed.append($0) }
        #expect(destroyed == [a.slot])
        slots.reconfigure(BufferSlots.Configuration(width: 200, height: 160, scale: 2)) { destroyed.append($0) }
        #expect(destroyed.count == 1)
    }

    @Test func putBackAndAbandonKeepTheBookkeepingSafe() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        // Allocation failed: the slot is empty again.
        slots.abandon(a.slot, allocated: false)
        #expect(slots.liveCount == 0)
        let b = try take(&slots)
        slots.putBack(b.slot)
        #expect(slots.state(of: b.slot) == .fresh)
        let c = try take(&slots)
        #expect(c.slot == b.slot)
        #expect(!c.needsAllocation)
        #expect(c.needsFullRedraw)
    }

    @Test func strayReleasesAreIgnored() throws {
        var slots = BufferSlots(configuration: size)
        let a = try take(&slots)
        // Released while still being drawn (never committed): a compositor bug; stays ours.
        let early = slots.release(a.slot)
        #expect(!early)
        #expect(slots.state(of: a.slot) == .drawing)
        let outOfRange = slots.release(7)
        let negative = slots.release(-1)
        #expect(!outOfRange && !negative)
    }

    @Test func atLeastTwoBuffers() {
        #expect(BufferSlots(maximumCount: 0, configuration: size).maximumCount == 2)
    }
}
