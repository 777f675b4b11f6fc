// Touch resampling in a chain (<doc:ScrollBehaviour> §14, §22): the hand-off of a chained drag is incremental (what
// one container's range clamps goes on to the next), so the state it leaves depends on the path the finger took.
// A frame that shows the finger at an earlier instant than the newest sample hands the motion out from the state
// the raw samples left at the sample before that instant, exactly as the raw samples themselves did from there.

/// Where the raw samples left a chained drag after each of its last few samples, in fixed rings (no allocation).
struct ChainHistory {
    /// Entries kept: more samples than the 5 ms before a frame plus a late frame hold at 500 Hz.
    static let capacity = 8
    /// Links an entry holds: a longer chain keeps no history (its frames hand out from the newest state).
    static let linkCapacity = 4

    // The literals are `capacity` and `capacity * linkCapacity` (a generic size argument cannot name a constant).
    private var times = InlineArray<8, Duration>(repeating: .zero)
    private var offsets = InlineArray<8, Point>(repeating: .zero)
    private var translations = InlineArray<8, Point>(repeating: .zero)
    private var overscrolls = InlineArray<8, Point>(repeating: .zero)
    private var linkCounts = InlineArray<8, Int>(repeating: 0)
    private var linkOffsets = InlineArray<32, Point>(repeating: .zero)
    /// Slot of the oldest entry.
    private var oldest = 0
    /// Entries held (at most `capacity`).
    private(set) var count = 0

    init() {}

    /// Forgets every entry.
    mutating func reset() {
        count = 0
        oldest = 0
    }

    /// Records the chain after the raw samples of `time` (window clock): the latched container's `offset`, the
    /// `translation` handed out and the `overscroll` (`ChainState`), and its `links`' offsets in order (at most
    /// `linkCapacity`). An entry not after the newest replaces it (several touch frames with one timestamp).
    @MainActor mutating func add(
        time: Duration, offset: Point, translation: Point, overscroll: Point, links: [any TouchParticipant]
    ) {
        let index: Int
        if count > 0, time <= times[slot(count - 1)] {
            index = slot(count - 1)
        } else {
            if count == ChainHistory.capacity {
                oldest = (oldest + 1) % ChainHistory.capacity
                count -= 1
            }
            index = slot(count)
            count += 1
        }
        times[index] = time
        offsets[index] = offset
        translations[index] = translation
        overscrolls[index] = overscroll
        let linked = min(links.count, ChainHistory.linkCapacity)
        linkCounts[index] = linked
        for k in 0..<linked { linkOffsets[index * ChainHistory.linkCapacity + k] = links[k].chainedContentOffset }
    }

    /// The slot of the newest entry at or before `time`, else of the oldest one; nil when empty.
    func base(at time: Duration) -> Int? {
        guard count > 0 else { return nil }
        for k in stride(from: count - 1, through: 0, by: -1) where times[slot(k)] <= time { return slot(k) }
        return slot(0)
    }

    /// The latched container's offset at entry `index`.
    func offset(_ index: Int) -> Point { offsets[index] }
    /// The translation handed out at entry `index`.
    func translation(_ index: Int) -> Point { translations[index] }
    /// The overscroll at entry `index`.
    func overscroll(_ index: Int) -> Point { overscrolls[index] }
    /// Links held at entry `index`.
    func linkCount(_ index: Int) -> Int { linkCounts[index] }
    /// The offset of link `link` at entry `index`.
    func linkOffset(_ index: Int, link: Int) -> Point { linkOffsets[index * ChainHistory.linkCapacity + link] }

    private func slot(_ k: Int) -> Int { (oldest + k) % ChainHistory.capacity }
}
