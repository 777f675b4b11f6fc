/// The fingers on one scroll container and the translation of their centroid, in storage reserved once.
///
/// The translation is accumulated frame by frame from the centroid's motion *with the same fingers*: when a
/// finger joins or leaves, the centroid jumps, but the reference is re-taken at the new centroid first, so
/// the translation (and hence the content) does not jump. Two fingers moving together by `d` move the
/// centroid by `d`: they scroll 1x.
///
/// Only the first `countedFingers` fingers (in touch-down order) define the centroid; the others are
/// tracked but do not steer (`maximumNumberOfTouches`).
///
/// Release velocity is measured per finger, each from its own samples, and averaged over the fingers that
/// lift together (within `VelocityTracker.maximumGap` of the last one), as Android and UIKit do: a compositor
/// that sends one `wl_touch.frame` per finger (mutter does) moves the centroid half a step per frame, which a
/// tracker of the centroid reads as a slower, jerkier motion (a two-finger flick flew about 20-30% short).
struct FingerSet {
    /// Room reserved up front; more fingers still work, at the price of one allocation.
    static let reservedCapacity = 16

    private var ids: [Int] = []
    private var locations: [Point] = []
    private var lastCentroid: Point = .zero
    /// Per finger (parallel to `ids`): its velocity tracker, fed with its own locations.
    private var trackers: [VelocityTracker] = []
    /// Per finger: whether it moved since the last `commitMoves`.
    private var moved: [Bool] = []
    /// The velocities (window coordinates, pt/s) of the last counted fingers to lift, with their lift times.
    private var lifts = InlineArray<4, (velocity: Point, time: Duration)>(repeating: (.zero, .zero))
    private var liftCount = 0

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
        trackers.reserveCapacity(FingerSet.reservedCapacity)
        moved.reserveCapacity(FingerSet.reservedCapacity)
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

    /// Removes every finger.
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

    /// Adds the centroid's motion since the last commit to the translation, and a velocity sample at `time` to
    /// each finger that moved (once per touch frame).
    mutating func commitMoves(at time: Duration) {
        let c = centroid
        translation += c - lastCentroid
        lastCentroid = c
        for i in 0..<ids.count where moved[i] {
            trackers[i].addSample(locations[i], at: time)
            moved[i] = false
        }
    }

    /// The counted fingers' mean velocity at `time` (window coordinates, pt/s), each measured from its own
    /// samples: a finger still down moves this fast now.
    func velocity(at time: Duration) -> Point {
        let n = min(ids.count, max(1, countedFingers))
        guard n > 0 else { return .zero }
        var sum = Point.zero
        for i in 0..<n { sum += trackers[i].velocity(at: time) }
        return sum * (1 / Double(n))
    }

    /// The fingers' velocity at the release (window coordinates, pt/s): the mean of the velocities of the
    /// counted fingers that lifted within `VelocityTracker.maximumGap` of the last lift, each measured at its
    /// own lift. Call it after the last finger was removed at `time`; zero when none lifted then.
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
