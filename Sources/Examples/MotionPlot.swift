import Toolkit

/// The last `capacity` samples of a value over time, in fixed storage: appending never allocates.
struct SampleRing {
    private var times: [Double]
    private var values: [Double]
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        times = [Double](repeating: 0, count: capacity)
        values = [Double](repeating: 0, count: capacity)
    }

    var capacity: Int { times.count }

    /// Sample `i`, oldest first.
    subscript(i: Int) -> (time: Double, value: Double) {
        let k = (start + i) % capacity
        return (times[k], values[k])
    }

    var last: (time: Double, value: Double)? { count == 0 ? nil : self[count - 1] }

    mutating func append(time: Double, value: Double) {
        let k = (start + count) % capacity
        times[k] = time
        values[k] = value
        if count < capacity { count += 1 } else { start = (start + 1) % capacity }
    }

    /// Replaces the newest sample's value (several changes within one frame).
    mutating func replaceLast(value: Double) {
        guard count > 0 else { return }
        values[(start + count - 1) % capacity] = value
    }
}

/// A live plot of scroll offset (top) and velocity (bottom) over the last `span` seconds, one trace per series,
/// fed from the containers' `contentOffset` observers (`record`). Samples live in fixed rings; drawing uses fills
/// only, and the axis labels are formatted again only when the scale changes.
final class MotionPlot: View {
    struct Series {
        let name: String
        let color: Color
        var offsets = SampleRing(capacity: 512)
        var velocities = SampleRing(capacity: 512)
    }

    /// Seconds shown, ending at the newest sample.
    let span = 3.0
    private(set) var series: [Series]
    private var velocityScale = 1000.0
    private var velocityLabel = "±1000 pt/s"
    private var offsetLabel = ""
    private var offsetLabelRange = (0.0, 0.0)

    init(frame: Rect, series: [(name: String, color: Color)]) {
        self.series = series.map { Series(name: $0.name, color: $0.color) }
        super.init(frame: frame)
        backgroundColor = Color.white
    }

    /// Adds a sample of series `index`: the offset at `time`, and the velocity since the previous sample.
    func record(_ index: Int, offset: Double, at time: Duration) {
        let t = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        // Mutated in place through the array's subscript: no copy of the rings.
        if let last = series[index].offsets.last, t - last.time < 0.004 {
            series[index].offsets.replaceLast(value: offset)
        } else {
            // After a pause (no change for more than 50 ms) the content was at rest: show it before moving on.
            if let last = series[index].offsets.last, t - last.time > 0.05 {
                series[index].offsets.append(time: last.time + 0.016, value: last.value)
                series[index].velocities.append(time: last.time + 0.016, value: 0)
                series[index].offsets.append(time: t - 0.016, value: last.value)
                series[index].velocities.append(time: t - 0.016, value: 0)
            }
            let velocity = series[index].offsets.last.map { (offset - $0.value) / (t - $0.time) } ?? 0
            series[index].offsets.append(time: t, value: offset)
            series[index].velocities.append(time: t, value: velocity.isFinite ? velocity : 0)
        }
        setNeedsDisplay()
    }

    /// The motion of series `index` came to rest at `time`: its velocity drops to zero.
    func recordRest(_ index: Int, offset: Double, at time: Duration) {
        let t = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        series[index].offsets.append(time: t, value: offset)
        series[index].velocities.append(time: t, value: 0)
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        let labelHeight = 16.0
        let half = (b.height - 2 * labelHeight - 8) / 2
        let top = Rect(x: 8, y: labelHeight, width: b.width - 16, height: half)
        let bottom = Rect(x: 8, y: top.maxY + labelHeight + 8, width: b.width - 16, height: half)
        canvas.fill(top, color: Theme.plotBackground)
        canvas.fill(bottom, color: Theme.plotBackground)
        var end = 0.0
        for s in series { if let t = s.offsets.last?.time { end = max(end, t) } }

        // Offsets: the range of what is visible, at least 100 pt tall.
        var lo = Double.infinity
        var hi = -Double.infinity
        for s in series {
            for i in 0..<s.offsets.count where s.offsets[i].time >= end - span {
                lo = min(lo, s.offsets[i].value)
                hi = max(hi, s.offsets[i].value)
            }
        }
        if !lo.isFinite {
            lo = 0
            hi = 100
        }
        if hi - lo < 100 {
            let mid = (hi + lo) / 2
            lo = mid - 50
            hi = mid + 50
        }
        if offsetLabelRange != (lo.rounded(), hi.rounded()) {
            offsetLabelRange = (lo.rounded(), hi.rounded())
            offsetLabel = "offset \(Int(lo.rounded()))...\(Int(hi.rounded())) pt, last \(Int(span)) s"
        }
        // Velocities: symmetric around zero, in steps of 1000 pt/s.
        var vmax = 0.0
        for s in series {
            for i in 0..<s.velocities.count where s.velocities[i].time >= end - span {
                vmax = max(vmax, abs(s.velocities[i].value))
            }
        }
        let scale = max(1000, (vmax / 1000).rounded(.up) * 1000)
        if scale != velocityScale {
            velocityScale = scale
            velocityLabel = "velocity ±\(Int(scale)) pt/s"
        }
        canvas.drawText(offsetLabel, at: Point(x: 8, y: 1), size: 11, color: Theme.captionText)
        canvas.drawText(velocityLabel, at: Point(x: 8, y: top.maxY + 9), size: 11, color: Theme.captionText)
        canvas.fill(Rect(x: bottom.minX, y: bottom.midY, width: bottom.width, height: 1), color: Theme.separator)

        for s in series {
            trace(s.offsets, in: top, end: end, canvas: canvas, color: s.color) { 1 - ($0 - lo) / (hi - lo) }
            trace(s.velocities, in: bottom, end: end, canvas: canvas, color: s.color) { 0.5 - $0 / (2 * scale) }
        }
    }

    /// A step trace of `ring` in `box`: x from the time (the newest at the right edge), y from `fraction` (0 top,
    /// 1 bottom, clamped).
    private func trace(
        _ ring: SampleRing, in box: Rect, end: Double, canvas: Canvas, color: Color,
        fraction: (Double) -> Double
    ) {
        var previous: Point?
        for i in 0..<ring.count {
            let sample = ring[i]
            guard sample.time >= end - span - 0.5 else { continue }
            let x = max(box.minX, box.maxX - (end - sample.time) / span * box.width)
            let y = box.minY + min(1, max(0, fraction(sample.value))) * (box.height - 2)
            if let p = previous {
                canvas.fill(Rect(x: p.x, y: p.y, width: max(1.5, x - p.x), height: 1.5), color: color)
                canvas.fill(Rect(x: x, y: min(p.y, y), width: 1.5, height: abs(y - p.y) + 1.5), color: color)
            }
            previous = Point(x: x, y: y)
        }
    }
}

extension MotionPlot {
    /// Feeds series `index` from `container`: every offset change along `axis`, and a zero velocity when the
    /// motion ends. Returns the observation tokens.
    func follow(
        _ container: ScrollContainer, series index: Int, axis: Axis = .vertical,
        now: @escaping @MainActor () -> Duration
    ) -> [Observation] {
        [
            container.observe(\.contentOffset) { [weak self] c, _ in
                self?.record(index, offset: c.contentOffset[axis], at: now())
            },
            container.observe(\.isDecelerating) { [weak self] c, change in
                if !change.newValue && !c.isDragging {
                    self?.recordRest(index, offset: c.contentOffset[axis], at: now())
                }
            }
        ]
    }
}
