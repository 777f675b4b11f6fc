/// The fingers on one scroll container and the translation of their centroid, in storage reserved once.
///
/// When a finger joins or leaves, the reference is re-taken at the new centroid first, so the translation does not
/// jump. Only the first `countedFingers` fingers (touch-down order) steer. Release velocity is measured per finger
/// and averaged over the fingers that lift together (<doc:ScrollBehaviour> §5): a compositor that sends one
/// `wl_touch.frame` per finger would otherwise make the centroid move in half steps and read slow.
struct FingerSet {
    /// Room reserved up front; more fingers still work, at the price of one allocation.
    static let reservedCapacity = 16

    private var ids: [Int] = []
    private var locations: [Point] = []
    private var lastCentroid: Point = .zero
    /// Per finger (parallel to `ids`): its own velocity tracker.
    private var trackers: [VelocityTracker] = []
    private var moved: [Bool] = []
    /// The velocities (window coordinates, pt/s) of the last counted fingers to lift, with their lift times.
    private var lifts = InlineArray<4, (velocity: Point, time: Duration)>(repeating: (.zero, .zero))
    private var liftCount = 0

    /// The centroid translation since the sequence began (window points).
    private(set) var translation: Point = .zero

    var countedFingers = Int.max {
        didSet { lastCentroid = centroid }
    }

    init() {
        ids.reserveCapacity(FingerSet.reservedCapacity)
        locations.reserveCapacity(FingerSet.reservedCapacity)
        trackers.reserveCapacity(FingerSet.reservedCapacity)
        moved.reserveCapacity(FingerSet.reservedCapacity)
    }

    var count: Int { ids.count }

    var isEmpty: Bool { ids.isEmpty }

    func contains(_ id: Int) -> Bool { ids.contains(id) }

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

    mutating func beginSequence() {
        translation = .zero
        lastCentroid = centroid
        liftCount = 0
    }

    /// Adds a finger at `time` (a second down for an id already here moves it instead). No jump.
    mutating func add(_ id: Int, at location: Point, time: Duration) {
        if let i = ids.firstIndex(of: id) {
            locations[i] = location
            trackers[i].addSample(location, at: time)
        } else {
            ids.append(id)
            locations.append(location)
            var tracker = VelocityTracker()
            tracker.addSample(location, at: time)
            trackers.append(tracker)
            moved.append(false)
        }
        lastCentroid = centroid
    }

    /// Removes a finger lifted at `time`; a counted one leaves its velocity for `releaseVelocity`. No jump.
    mutating func remove(_ id: Int, at time: Duration) {
        guard let i = ids.firstIndex(of: id) else { return }
        if i < max(1, countedFingers) {
            lifts[liftCount % 4] = (trackers[i].velocity(at: time), time)
            liftCount += 1
        }
        ids.remove(at: i)
        locations.remove(at: i)
        trackers.remove(at: i)
        moved.remove(at: i)
        lastCentroid = centroid
    }

    mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
        trackers.removeAll(keepingCapacity: true)
        moved.removeAll(keepingCapacity: true)
        lastCentroid = .zero
        liftCount = 0
    }

    /// Records a finger's new location; the translation and its velocity sample come at `commitMoves(at:)`.
    mutating func move(_ id: Int, to location: Point) {
        guard let i = ids.firstIndex(of: id) else { return }
        locations[i] = location
        moved[i] = true
    }

    /// Adds the centroid's motion since the last commit to the translation, and a velocity sample to each finger
    /// that moved (once per touch frame).
    mutating func commitMoves(at time: Duration) {
        let c = centroid
        translation += c - lastCentroid
        lastCentroid = c
        for i in 0..<ids.count where moved[i] {
            trackers[i].addSample(locations[i], at: time)
            moved[i] = false
        }
    }

    /// The counted fingers' mean velocity at `time` (window, pt/s), each measured from its own samples.
    func velocity(at time: Duration) -> Point {
        let n = min(ids.count, max(1, countedFingers))
        guard n > 0 else { return .zero }
        var sum = Point.zero
        for i in 0..<n { sum += trackers[i].velocity(at: time) }
        return sum * (1 / Double(n))
    }

    /// The release velocity (window, pt/s): the mean of the counted fingers that lifted within
    /// `VelocityTracker.maximumGap` of the last lift. Call it after the last finger was removed; zero when none lifted.
    func releaseVelocity(at time: Duration) -> Point {
        var sum = Point.zero
        var n = 0
        for k in 0..<min(liftCount, 4) where time - lifts[k].time <= VelocityTracker.maximumGap {
            sum += lifts[k].velocity
            n += 1
        }
        return n == 0 ? .zero : sum * (1 / Double(n))
    }
}
