// A host of its own: a WindowCore over a pixel buffer this program owns, fed a drag with its own clock, drawn
// into its own premultiplied ARGB32 pixels. Prints the offset at rest and a checksum of the pixels; exits 0 when
// the drag scrolled the list and something was drawn.
import ToolkitCore

@MainActor
func run() -> Int32 {
    let size = Size(width: 320, height: 240)
    let core = WindowCore(size: size)
    let list = ScrollContainer(frame: Rect(origin: .zero, size: size))
    list.contentSize = Size(width: 320, height: 50 * 40)
    for row in 0..<50 {
        let label = Label(frame: Rect(x: 12, y: Double(row) * 40, width: 296, height: 40), text: "Row \(row)")
        list.addSubview(label)
    }
    list.backgroundColor = Color(red: 1, green: 1, blue: 1)
    core.rootView.addSubview(list)

    var pixels = [UInt32](repeating: 0, count: 320 * 240)
    var frames = 0
    func frame(at time: Duration) {
        core.prepareFrame(at: time)
        pixels.withUnsafeMutableBytes { raw in
            let canvas = Canvas(pixels: raw.baseAddress!, width: 320, height: 240, stride: 320 * 4)
            _ = core.draw(into: canvas)
        }
        frames += 1
    }
    // A finger drags 150 pt up over 100 ms and lifts; frames at 60 Hz until the fling rests.
    var t = Duration.zero
    core.handle(.touchDown(id: 1, location: Point(x: 160, y: 200), timestamp: t))
    core.handle(.touchFrame(timestamp: t))
    for step in 1...6 {
        t += .milliseconds(16)
        core.handle(.touchMotion(id: 1, location: Point(x: 160, y: 200 - Double(step) * 25), timestamp: t))
        core.handle(.touchFrame(timestamp: t))
        frame(at: t)
    }
    core.handle(.touchUp(id: 1, timestamp: t))
    core.handle(.touchFrame(timestamp: t))
    while core.needsFrame || core.nextTimerDeadline != nil, t < .seconds(10) {
        t += .nanoseconds(16_666_667)
        if let deadline = core.nextTimerDeadline, deadline <= t { core.fireTimers(upTo: deadline) }
        frame(at: t)
    }
    let checksum = pixels.reduce(UInt64(0)) { ($0 &* 31) &+ UInt64($1) }
    print("consumer: offset \(list.contentOffset.y) after \(frames) frames, pixels \(checksum)")
    return list.contentOffset.y > 150 && pixels.contains(where: { $0 != 0 }) ? 0 : 1
}

let status = MainActor.assumeIsolated { run() }
if status != 0 { fatalError("consumer: the drag did not scroll the list or nothing was drawn") }
