// SCROLL.md §18's invariants under random scenes: random recognizers (pans along random axes, taps of one or two
// taps, long presses, random requirements between them) on random views inside randomly nested scroll containers,
// and random fingers (one to three, random paths and timings). After every sequence:
// - every content touch began ends exactly once, and nothing reaches a touch after its end;
// - at most one participant wins each finger (recognizers that began or were recognized, containers that began
//   to drag; no pair recognizes simultaneously and chaining is off, so nobody may share);
// - once every finger lifted and the taps' waits ran out, every recognizer is `possible` again.

import TestSupport
import Testing

@testable import ToolkitCore

@MainActor
private final class TouchLedger: View {
    var open: Set<Int> = []
    var violations: [String] = []
    override func touchesBegan(_ touches: [Touch]) {
        for t in touches where !open.insert(t.id).inserted { violations.append("began twice \(t.id)") }
    }
    override func touchesMoved(_ touches: [Touch]) {
        for t in touches where !open.contains(t.id) { violations.append("moved after end \(t.id)") }
    }
    override func touchesEnded(_ touches: [Touch]) {
        for t in touches where open.remove(t.id) == nil { violations.append("ended without began \(t.id)") }
    }
    override func touchesCancelled(_ touches: [Touch]) {
        for t in touches where open.remove(t.id) == nil { violations.append("cancelled without began \(t.id)") }
    }
}

/// Records which containers began to drag.
@MainActor
private final class DragWitness: ScrollContainerDelegate {
    var began: [ObjectIdentifier] = []
    func scrollContainerWillBeginDragging(_ container: ScrollContainer) { began.append(ObjectIdentifier(container)) }
}

@MainActor
@Suite struct RandomizedRecognizerTests {
    @Test(arguments: Array(UInt64(1)...UInt64(200)))
    func randomRecognizersOnRandomNestingsKeepTheInvariants(seed: UInt64) {
        let gone = play(seed: seed)
        // Once the scene is dropped, nothing of it is left: no container or recognizer kept alive by the arena.
        let left = gone.compactMap { $0.object.map { "\(type(of: $0))" } }
        #expect(left.isEmpty, "seed \(seed): outlived its scene: \(left)")
    }

    /// Plays the scene of `seed`; returns weak references to its containers and recognizers.
    private func play(seed: UInt64) -> [WeakObject] {
        var rng = SplitMix64(seed: seed)
        let window = HeadlessWindow(size: Size(width: 400, height: 600))
        let witness = DragWitness()
        var views: [View] = []
        var containers: [ScrollContainer] = []
        // Two or three levels of containers, alternating or random axes, each holding ledger views.
        var parent = window.rootView
        for level in 0..<Int(rng.next() % 2 + 2) {
            let inset = Double(level) * 20
            let c = ScrollContainer(frame: Rect(x: inset, y: inset, width: 400 - 2 * inset, height: 600 - 2 * inset))
            let vertical = rng.next() % 2 == 0
            c.contentSize =
                vertical ? Size(width: c.frame.width, height: 3_000) : Size(width: 3_000, height: c.frame.height)
            c.scrollChaining = .contained
            c.delaysContentTouches = rng.next() % 3 != 0
            c.delegate = witness
            parent.addSubview(c)
            containers.append(c)
            parent = c
        }
        let leaves = (0..<3).map { k -> TouchLedger in
            let v = TouchLedger(frame: Rect(x: 10 + Double(k) * 120, y: 40, width: 110, height: 400))
            parent.addSubview(v)
            return v
        }
        views = leaves + containers
        // Random recognizers, some with requirements.
        var recognizers: [GestureRecognizer] = []
        var winners: [(recognizer: ObjectIdentifier, view: View)] = []
        for _ in 0..<Int(rng.next() % 5 + 1) {
            let host = views[Int(rng.next() % UInt64(views.count))]
            let record: (GestureRecognizer) -> Void = { [unowned host] r in
                if r.state == .began || (r is TapGestureRecognizer && r.state == .ended) {
                    winners.append((ObjectIdentifier(r), host))
                }
            }
            let recognizer: GestureRecognizer
            switch rng.next() % 3 {
            case 0:
                let pan = PanGestureRecognizer(action: record)
                pan.axes = [PanAxes.free, .horizontal, .vertical][Int(rng.next() % 3)]
                recognizer = pan
            case 1:
                let tap = TapGestureRecognizer(action: record)
                tap.numberOfTapsRequired = Int(rng.next() % 2 + 1)
                recognizer = tap
            default:
                recognizer = LongPressGestureRecognizer(action: record)
            }
            recognizer.cancelsTouchesInView = rng.next() % 4 != 0
            if !recognizers.isEmpty && rng.next() % 3 == 0 {
                recognizer.require(toFail: recognizers[Int(rng.next() % UInt64(recognizers.count))])
            }
            if rng.next() % 5 == 0 { recognizer.require(toFail: containers[0].panGestureRecognizer) }
            host.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
        // Random sequences of one to three fingers.
        for sequence in 0..<6 {
            winners.removeAll()
            witness.began.removeAll()
            var landed: [Int: View] = [:]
            let count = Int(rng.next() % 3 + 1)
            var positions: [Int: Point] = [:]
            for id in 1...count {
                let p = Point(x: rng.uniform(30, 370), y: rng.uniform(60, 420))
                positions[id] = p
                window.touchDown(id: id, at: p)
                if let hit = window.rootView.hitTest(p) { landed[id] = hit }
                window.advance(by: .milliseconds(Int(rng.next() % 30)))
            }
            let velocity = Point(x: rng.uniform(-1_500, 1_500), y: rng.uniform(-1_500, 1_500))
            for _ in 0..<Int(rng.next() % 20) {
                let dt = Double(rng.next() % 16 + 4)
                window.advance(by: .milliseconds(Int(dt)))
                for id in 1...count {
                    let p = positions[id]! + velocity * (dt / 1_000)
                    positions[id] = p
                    window.touchMove(id: id, to: p)
                }
            }
            if rng.next() % 4 == 0 { window.advance(by: .milliseconds(600)) }
            if rng.next() % 10 == 0 {
                window.touchCancel()
            } else {
                for id in 1...count { window.touchUp(id: id) }
            }
            window.advance(by: .seconds(3))
            // Every content touch ended once.
            for leaf in leaves {
                #expect(leaf.violations.isEmpty, "seed \(seed) sequence \(sequence): \(leaf.violations)")
                #expect(leaf.open.isEmpty, "seed \(seed) sequence \(sequence): touches left open \(leaf.open)")
            }
            // At most one winner per finger: no two winners whose views both hold the view a finger landed on.
            for (_, hit) in landed {
                let recognizerWins = winners.filter { hit.isDescendant(of: $0.view) }.count
                let containerWins = containers.filter { c in
                    witness.began.contains(ObjectIdentifier(c)) && hit.isDescendant(of: c)
                }.count
                #expect(
                    recognizerWins + containerWins <= 1,
                    "seed \(seed) sequence \(sequence): \(recognizerWins) recognizers and \(containerWins) containers won one finger"
                )
            }
            // Everyone is back in `possible`.
            for recognizer in recognizers {
                #expect(
                    recognizer.state == .possible,
                    "seed \(seed) sequence \(sequence): \(type(of: recognizer)) is \(recognizer.state)")
            }
            #expect(window.core.touchRouter.activeTouchCount == 0)
        }
        // The actions' log holds views the recognizers' own views hold them through: empty it, as an app would.
        winners.removeAll()
        return containers.map { WeakObject($0) } + recognizers.map { WeakObject($0) }
    }
}

/// An object held weakly, to see that it went away.
private final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
