/// The fingers on one scroll container and the translation of their centroid, in storage reserved once.
///
/// The translation is accumulated frame by frame from the centroid's motion *with the same fingers*: when a
/// finger joins or leaves, the centroid jumps, but the reference is re-taken at the new centroid first, so
/// the translation (and hence the content) does not jump. Two fingers moving together by `d` move the
/// centroid by `d`: they scroll 1x.
///
/// Only the first `countedFingers` fingers (in touch-down order) define the centroid; the others are
/// tracked but do not steer (`maximumNumberOfTouches`).
struct FingerSet {
    /// Room reserved up front; more fingers still work, at the price of one allocation.
    static let reservedCapacity = 16

    private var ids: [Int] = []
    private var locations: [Point] = []
    private var lastCentroid: Point = .zero

    /// The centroid translation since the sequence began (window coordinates, points).
    private(set) var translation: Point = .zero

    /// How many fingers define the centroid (at least 1).
    var countedFingers = Int.max {
        didSet { lastCentroid = centroid }
    }

    /// A finger set with its storage reserved.
    init() {
        ids.reserveCapacity(FingerSet.reservedCapacity)
        locations.reserveCapacity(FingerSet.reservedCapacity)
    }

    /// Number of fingers down.
    var count: Int { ids.count }

    /// Whether no finger is down.
    var isEmpty: Bool { ids.isEmpty }

    /// Whether the finger `id` is in the set.
    func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// The id of the `index`-th finger (touch-down order).
    func id(at index: Int) -> Int { ids[index] }

    /// The centroid of the counted fingers (window coordinates), or `.zero` with no finger.
    var centroid: Point {
        let n = min(ids.count, max(1, countedFingers))
        guard n > 0 else { return .zero }
        var sum = Point.zero
        for i in 0..<n { sum += locations[i] }
        return sum * (1 / Double(n))
    }

    /// The spread of the counted fingers: their mean distance from the centroid (window coordinates, points);
    /// 0 with fewer than two.
    var spread: Double {
        let n = min(ids.count, max(1, countedFingers))
        guard n >= 2 else { return 0 }
        let c = centroid
        var sum = 0.0
        for i in 0..<n { sum += (locations[i] - c).length }
        return sum / Double(n)
    }

    /// Starts a new sequence: the translation goes back to zero.
    mutating func beginSequence() {
        translation = .zero
        lastCentroid = centroid
    }

    /// Adds a finger (a second down for an id already here moves it instead). No jump.
    mutating func add(_ id: Int, at location: Point) {
        if let i = ids.firstIndex(of: id) {
            locations[i] = location
        } else {
            ids.append(id)
            locations.append(location)
        }
        lastCentroid = centroid
    }

    /// Removes a finger. No jump.
    mutating func remove(_ id: Int) {
        guard let i = ids.firstIndex(of: id) else { return }
        ids.remove(at: i)
        locations.remove(at: i)
        lastCentroid = centroid
    }

    /// Removes every finger.
    mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
        lastCentroid = .zero
    }

    /// Records a finger's new location; the translation changes at `commitMoves()`.
    mutating func move(_ id: Int, to location: Point) {
        guard let i = ids.firstIndex(of: id) else { return }
        locations[i] = location
    }

    /// Adds the centroid's motion since the last commit to the translation (once per touch frame).
    mutating func commitMoves() {
        let c = centroid
        translation += c - lastCentroid
        lastCentroid = c
    }
}
