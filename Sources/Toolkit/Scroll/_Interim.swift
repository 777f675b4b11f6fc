// INTERIM STAND-INS, deleted when the physics, observation and rendering branches merge.
//
// Minimal versions of the contracts in notes/contracts.md (same names and signatures) so that the scroll
// container compiles and its tests run before those branches land. Nothing here is meant to last; the real
// files replace it path by path (this file duplicates none of their paths).

import Foundation

// MARK: - Physics

/// How fast a fling slows down: the velocity is multiplied by `rawValue` every millisecond.
public struct DecelerationRate: Hashable, Sendable {
    /// Per-millisecond velocity factor; meaningful in (0, 1).
    public var rawValue: Double
    /// A rate of `rawValue` per millisecond.
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// 0.998 per ms.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per ms.
    public static let fast = DecelerationRate(rawValue: 0.99)
    /// `rawValue` clamped into (0, 1); non-finite values read as `.normal`.
    public var effectiveRate: Double {
        guard rawValue.isFinite else { return 0.998 }
        return min(max(rawValue, 0.001), 0.999_999)
    }
}

/// The rubber band past an edge: b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d.
public enum RubberBand {
    /// Displayed overscroll (points) for a finger `x` points past the edge, container size `d`.
    public static func displayed(overscroll x: Double, dimension d: Double) -> Double {
        guard x.isFinite, d.isFinite, d > 0 else { return 0 }
        let m = abs(x)
        let b = (1 - 1 / (m * 0.55 / d + 1)) * d
        return x < 0 ? -b : b
    }
    /// Inverse of `displayed`.
    public static func overscroll(displayed b: Double, dimension d: Double) -> Double {
        guard b.isFinite, d.isFinite, d > 0 else { return 0 }
        let m = min(abs(b), d * 0.999_999)
        let x = m / (0.55 * (1 - m / d))
        return b < 0 ? -x : x
    }
}

/// Exponential deceleration: v(t) = v0 r^(1000 t).
public struct DecelerationSimulation: Sendable {
    let x0: Double, v0: Double, k: Double
    /// Seconds until |v| < 1 pt/s.
    public let duration: Double
    /// Where it ends, points.
    public let finalPosition: Double

    /// Decelerates from `position` (points) at `velocity` (pt/s).
    public init(position: Double, velocity: Double, rate: DecelerationRate) {
        x0 = position; v0 = velocity
        k = 1000 * log(rate.effectiveRate)
        duration = abs(velocity) <= 1 ? 0 : log(1 / abs(velocity)) / k
        finalPosition = position - velocity / k
    }
    /// Decelerates and ends exactly at `target`.
    public init(position: Double, velocity: Double, rate: DecelerationRate, target: Double) {
        x0 = position; v0 = velocity
        let travel = target - position
        if velocity != 0, travel != 0, (travel > 0) == (velocity > 0) {
            k = -velocity / travel
        } else {
            k = 1000 * log(rate.effectiveRate)
        }
        duration = abs(velocity) <= 1 ? 0 : max(0, log(1 / abs(velocity)) / k)
        finalPosition = target
    }
    /// Position at `t` seconds.
    public func position(at t: Double) -> Double {
        if t >= duration { return finalPosition }
        return x0 + v0 * (exp(k * max(0, t)) - 1) / k
    }
    /// Velocity at `t` seconds (pt/s).
    public func velocity(at t: Double) -> Double { t >= duration ? 0 : v0 * exp(k * max(0, t)) }
    /// Whether it ended.
    public func isDone(at t: Double) -> Bool { t >= duration }
}

/// Critically damped spring.
public struct SpringSimulation: Sendable {
    let a: Double, b: Double, w: Double, target: Double
    /// Seconds until settled.
    public let duration: Double
    /// The target.
    public var finalPosition: Double { target }
    /// A spring from `position` at `velocity` to `target`, settling in about `settleTime` seconds.
    public init(position: Double, velocity: Double, target: Double, settleTime: Double = 0.5) {
        self.target = target
        w = 10 / max(0.05, settleTime)
        a = position - target
        b = velocity + w * a
        var t = 0.0
        while t < 10 {
            let e = exp(-w * t)
            let x = (a + b * t) * e
            let v = (b - w * (a + b * t)) * e
            if abs(x) < 0.25 && abs(v) < 5 { break }
            t += 0.001
        }
        duration = t
    }
    /// Position at `t` seconds.
    public func position(at t: Double) -> Double {
        t >= duration ? target : target + (a + b * t) * exp(-w * t)
    }
    /// Velocity at `t` seconds.
    public func velocity(at t: Double) -> Double {
        t >= duration ? 0 : (b - w * (a + b * t)) * exp(-w * t)
    }
    /// Whether it ended.
    public func isDone(at t: Double) -> Bool { t >= duration }
}

/// Deceleration inside a range, bouncing or stopping at its edges.
public struct BounceSimulation: Sendable {
    let decel: DecelerationSimulation
    let spring: SpringSimulation?
    let edgeTime: Double
    let edge: Double
    /// Seconds until at rest.
    public let duration: Double
    /// Where it rests.
    public let finalPosition: Double

    /// See the contract.
    public init(position: Double, velocity: Double, rate: DecelerationRate, minPosition: Double,
                maxPosition: Double, bounces: Bool, dimension: Double) {
        let lo = minPosition, hi = max(minPosition, maxPosition)
        decel = DecelerationSimulation(position: position, velocity: velocity, rate: rate)
        if position < lo || position > hi {
            let e = position < lo ? lo : hi
            edge = e; edgeTime = 0
            spring = SpringSimulation(position: position, velocity: velocity, target: e, settleTime: 0.5)
            duration = spring!.duration; finalPosition = e
            return
        }
        let f = decel.finalPosition
        if f >= lo && f <= hi {
            edge = f; edgeTime = .infinity; spring = nil
            duration = decel.duration; finalPosition = f
            return
        }
        let e = f < lo ? lo : hi
        edge = e
        // Time where x(t) = e: v0 (exp(kt) - 1)/k = e - x0.
        let ratio = 1 + (e - position) * decel.k / velocity
        let tc = ratio > 0 ? log(ratio) / decel.k : 0
        edgeTime = max(0, tc)
        if bounces {
            let s = SpringSimulation(position: e, velocity: decel.velocity(at: edgeTime), target: e, settleTime: 0.4)
            spring = s
            duration = edgeTime + s.duration
        } else {
            spring = nil
            duration = edgeTime
        }
        finalPosition = e
    }
    /// Position at `t` seconds.
    public func position(at t: Double) -> Double {
        if t >= duration { return finalPosition }
        if t < edgeTime { return decel.position(at: t) }
        return spring?.position(at: t - edgeTime) ?? edge
    }
    /// Velocity at `t` seconds.
    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        if t < edgeTime { return decel.velocity(at: t) }
        return spring?.velocity(at: t - edgeTime) ?? 0
    }
    /// Whether it ended.
    public func isDone(at t: Double) -> Bool { t >= duration }
}

/// Cubic ease-out.
public struct EaseOutAnimation: Sendable {
    let from: Double, to: Double
    /// Seconds.
    public let duration: Double
    /// The end.
    public var finalPosition: Double { to }
    /// From `from` to `to` in `duration` seconds.
    public init(from: Double, to: Double, duration: Double = 0.3) {
        self.from = from; self.to = to; self.duration = max(0, duration)
    }
    /// Position at `t` seconds.
    public func position(at t: Double) -> Double {
        guard duration > 0, t < duration else { return to }
        let u = 1 - max(0, t) / duration
        return from + (to - from) * (1 - u * u * u)
    }
    /// Velocity at `t` seconds.
    public func velocity(at t: Double) -> Double {
        guard duration > 0, t < duration else { return 0 }
        let u = 1 - max(0, t) / duration
        return (to - from) * 3 * u * u / duration
    }
    /// Whether it ended.
    public func isDone(at t: Double) -> Bool { t >= duration }
}

/// Quadratic least-squares velocity over the last 0.1 s.
public struct VelocityTracker: Sendable {
    private var times: [Double] = Array(repeating: 0, count: 20)
    private var xs: [Double] = Array(repeating: 0, count: 20)
    private var ys: [Double] = Array(repeating: 0, count: 20)
    private var head = 0
    /// Samples stored.
    public private(set) var sampleCount = 0
    /// An empty tracker.
    public init() {}
    /// Adds a position sample.
    public mutating func addSample(_ position: Point, at time: Duration) {
        let t = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
        head = (head + 1) % 20
        times[head] = t; xs[head] = position.x; ys[head] = position.y
        sampleCount = min(20, sampleCount + 1)
    }
    /// Forgets every sample.
    public mutating func reset() { sampleCount = 0 }
    /// Velocity at the newest sample.
    public func velocity() -> Point { estimate(now: nil) }
    /// Velocity, zero if `now` is more than 0.04 s after the newest sample.
    public func velocity(at now: Duration) -> Point {
        estimate(now: Double(now.components.seconds) + Double(now.components.attoseconds) * 1e-18)
    }
    private func estimate(now: Double?) -> Point {
        guard sampleCount > 0 else { return .zero }
        let t0 = times[head]
        if let now, now - t0 > 0.04 { return .zero }
        var n = 1
        var prev = t0
        while n < sampleCount {
            let i = (head - n + 20) % 20
            if t0 - times[i] > 0.1 || prev - times[i] > 0.04 { break }
            prev = times[i]
            n += 1
        }
        func fit(_ v: [Double]) -> Double {
            if n == 1 { return 0 }
            var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
            for j in 0..<n {
                let i = (head - j + 20) % 20
                let t = times[i] - t0
                var p = 1.0
                for k in 0..<5 { s[k] += p; if k < 3 { r[k] += p * v[i] }; p *= t }
            }
            if n >= 3 {
                let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
                func det(_ a: [[Double]]) -> Double {
                    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
                }
                let d = det(m)
                if abs(d) > 1e-18 {
                    var m1 = m
                    for row in 0..<3 { m1[row][1] = r[row] }
                    return det(m1) / d
                }
            }
            let d = s[0] * s[2] - s[1] * s[1]
            return abs(d) < 1e-18 ? 0 : (s[0] * r[1] - s[1] * r[0]) / d
        }
        return Point(x: fit(xs), y: fit(ys))
    }
}

// MARK: - Observation

/// Options for `observe`.
public struct ObservationOptions: OptionSet, Sendable {
    /// Raw bits.
    public let rawValue: Int
    /// Options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Call the handler once at registration.
    public static let initial = ObservationOptions(rawValue: 1)
}

/// One change of an observed value.
public struct ObservedChange<Value> {
    /// The value before; nil for the initial call.
    public let oldValue: Value?
    /// The value after.
    public let newValue: Value
}

extension ObservedChange where Value == Point {
    /// Direction per axis.
    public var direction: ScrollDirection { ScrollDirection(old: oldValue ?? newValue, new: newValue) }
}

/// Scroll direction per axis.
public struct ScrollDirection: Equatable, Sendable {
    /// Horizontal direction.
    public enum Horizontal: Sendable { case none, left, right }
    /// Vertical direction.
    public enum Vertical: Sendable { case none, up, down }
    /// Horizontal part.
    public var horizontal: Horizontal
    /// Vertical part.
    public var vertical: Vertical
    /// From two offsets.
    public init(old: Point, new: Point) {
        horizontal = new.x > old.x ? .right : new.x < old.x ? .left : .none
        vertical = new.y > old.y ? .down : new.y < old.y ? .up : .none
    }
}

/// Keeps an observation alive.
@MainActor
public final class Observation {
    var onInvalidate: (() -> Void)?
    init(_ onInvalidate: @escaping () -> Void) { self.onInvalidate = onInvalidate }
    /// Stops the observation.
    public func invalidate() { let f = onInvalidate; onInvalidate = nil; f?() }
    isolated deinit { invalidate() }
}

@MainActor
final class ObserverRegistry<Root: AnyObject> {
    private var entries: [(id: Int, check: (Root) -> Void)] = []
    private var nextID = 0
    private var delivering = false
    private var again = false
    init() {}
    var isEmpty: Bool { entries.isEmpty }
    func observe<Value: Equatable>(_ keyPath: KeyPath<Root, Value>, on root: Root, options: ObservationOptions,
                                   handler: @escaping @MainActor (Root, ObservedChange<Value>) -> Void) -> Observation {
        var last = root[keyPath: keyPath]
        let id = nextID; nextID += 1
        entries.append((id, { r in
            let v = r[keyPath: keyPath]
            guard v != last else { return }
            let old = last; last = v
            handler(r, ObservedChange(oldValue: old, newValue: v))
        }))
        let token = Observation { [weak self] in self?.entries.removeAll { $0.id == id } }
        if options.contains(.initial) { handler(root, ObservedChange(oldValue: nil, newValue: last)) }
        return token
    }
    func rootDidChange(_ root: Root) {
        if delivering { again = true; return }
        delivering = true
        repeat {
            again = false
            let snapshot = entries
            for e in snapshot where entries.contains(where: { $0.id == e.id }) { e.check(root) }
        } while again
        delivering = false
    }
}

// MARK: - Canvas extras

extension Canvas {
    /// Interim: a plain rectangle.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { fill(rect, color: color) }
    /// Interim: four thin rectangles.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: lineWidth), color: color)
        fill(Rect(x: rect.minX, y: rect.maxY - lineWidth, width: rect.width, height: lineWidth), color: color)
        fill(Rect(x: rect.minX, y: rect.minY, width: lineWidth, height: rect.height), color: color)
        fill(Rect(x: rect.maxX - lineWidth, y: rect.minY, width: lineWidth, height: rect.height), color: color)
    }
    /// Interim: one block per visible character.
    public func drawText(_ text: String, at origin: Point, size: Double, color: Color) {
        var x = origin.x
        for ch in text {
            if ch != " " { fill(Rect(x: x + size * 0.1, y: origin.y + size * 0.2, width: size * 0.4, height: size * 0.8), color: color) }
            x += size * 0.6
        }
    }
    /// Interim: 0.6 em per character, 1.2 em tall.
    public func measureText(_ text: String, size: Double) -> Size {
        Size(width: Double(text.count) * size * 0.6, height: size * 1.2)
    }
}
