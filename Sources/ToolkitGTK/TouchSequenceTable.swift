import ToolkitCore

/// GDK's touch sequences (one opaque `GdkEventSequence*` per finger, alive from TOUCH_BEGIN to TOUCH_END or
/// TOUCH_CANCEL) to the small touch ids the core gets, with the position the core was told last for each.
///
/// Ids count up from 0 and wrap inside the Int32 range, so that no finger is mistaken for the pointer's touch id
/// (2^31). A flat array, searched linearly: a hand has at most ten fingers, and the storage reserved up front is
/// reused, so no event allocates.
struct TouchSequenceTable {
    private struct Entry {
        var sequence: OpaquePointer
        var id: Int
        var location: Point
    }

    private var entries: [Entry] = []
    private var nextID = 0

    init() {
        entries.reserveCapacity(10)
    }

    /// Whether any finger is down.
    var isEmpty: Bool { entries.isEmpty }

    /// A new id for `sequence`, which starts at `location`.
    mutating func begin(_ sequence: OpaquePointer, at location: Point) -> Int {
        if let index = entries.firstIndex(where: { $0.sequence == sequence }) {
            // GDK reuses a sequence pointer only after its end; a repeated begin restarts that finger.
            entries[index].location = location
            return entries[index].id
        }
        let id = nextID
        nextID = nextID == Int(Int32.max) ? 0 : nextID + 1
        entries.append(Entry(sequence: sequence, id: id, location: location))
        return id
    }

    /// The id of a finger that is down, if `sequence` is one.
    func id(of sequence: OpaquePointer) -> Int? {
        entries.first(where: { $0.sequence == sequence })?.id
    }

    /// The position the core was told last for `sequence`.
    func location(of sequence: OpaquePointer) -> Point? {
        entries.first(where: { $0.sequence == sequence })?.location
    }

    /// Records that the core was told `sequence` is at `location`.
    mutating func move(_ sequence: OpaquePointer, to location: Point) {
        if let index = entries.firstIndex(where: { $0.sequence == sequence }) { entries[index].location = location }
    }

    /// Forgets `sequence` (its finger lifted).
    mutating func end(_ sequence: OpaquePointer) {
        entries.removeAll { $0.sequence == sequence }
    }

    /// Forgets every finger (a cancel).
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
