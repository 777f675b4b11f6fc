// <doc:ScrollBehaviour> §14, hand-off during a drag: the latched container moves first, the part of each delta it
// cannot use goes up the chain, only what no container can use rubber-bands (on the outermost one that bounces),
// and the finger's motion is conserved exactly.

import TestSupport
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ScrollChainHandOffTests {
    /// `b(x)` of SCROLL.md §3 and its inverse, written out here so the test does not lean on the code under test.
    static func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }
    static func unband(_ b: Double, _ d: Double) -> Double { b * d / (0.55 * (d - b)) }

    /// A feed 400 x 800 over `feedHeight` holding, at content y 600, a list 400 x 300 over 1000 pt (range 0...700).
    @MainActor struct Nest {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let feed = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let list = ScrollContainer(frame: Rect(x: 0, y: 600, width: 400, height: 300))
        let feedDelegate = RecordingDelegate()
        let listDelegate = RecordingDelegate()

        init(feedHeight: Double) {
            feed.contentSize = Size(width: 400, height: feedHeight)
            list.contentSize = Size(width: 400, height: 1000)
            list.addSubview(RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 1000)))
            feed.addSubview(list)
            feed.delegate = feedDelegate
            list.delegate = listDelegate
            window.rootView.addSubview(feed)
        }

        /// Moves finger 1 to window y `y` in `steps` frames of 16 ms.
        func move(to y: Double, from start: Double, steps: Int = 5) {
            for step in 1...steps {
                window.advance(ms: 16)
                window.touchMove(id: 1, to: Point(x: 200, y: start + (y - start) * Double(step) / Double(steps)))
            }
        }
    }

    @Test func whatTheListCannotUseMovesTheFeedAndComingBackMovesTheListFirst() {
        let n = Nest(feedHeight: 4000)
        n.feed.contentOffset = Point(x: 0, y: 500)  // the list at window y 100...400
        n.list.contentOffset = Point(x: 0, y: 650)  // 50 pt from its bottom edge
        n.window.touchDown(id: 1, at: Point(x: 200, y: 300))
        // The finger goes up 120 pt: 110 past the slop, 50 for the list (to its edge), 60 for the feed.
        n.move(to: 180, from: 300)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 560)
        #expect(n.list.isDragging && n.feed.isDragging)
        // Back down 80 pt: the latched list moves first, the feed stays.
        n.move(to: 260, from: 180)
        #expect(n.list.contentOffset.y == 620 && n.feed.contentOffset.y == 560)
        n.window.advance(ms: 100)  // held: no fling
        n.window.touchUp(id: 1)
        n.window.advance(ms: 1000)
        #expect(n.list.contentOffset.y == 620 && n.feed.contentOffset.y == 560)
        #expect(n.listDelegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(n.feedDelegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(!n.list.isDragging && !n.feed.isDragging)
    }

    @Test func onlyWhatNoContainerCanUseRubberBandsOnTheOutermost() {
        let n = Nest(feedHeight: 1200)  // feed range 0...400
        n.feed.contentOffset = Point(x: 0, y: 300)  // the list at window y 300...600
        n.list.contentOffset = Point(x: 0, y: 650)
        n.window.touchDown(id: 1, at: Point(x: 200, y: 450))
        // Up 210 pt: 200 past the slop = 50 (list) + 100 (feed) + 50 of overscroll, shown by the feed.
        n.move(to: 240, from: 450)
        #expect(n.list.contentOffset.y == 700)
        #expect(abs(n.feed.contentOffset.y - (400 + Self.rubberBand(50, 800))) < 1e-9)
        // Back down 70 pt: the stretch relaxes first (50), then the list moves (20).
        n.move(to: 310, from: 240)
        #expect(n.feed.contentOffset.y == 400 && n.list.contentOffset.y == 680)
        // Up again 100 pt: list 20 to its edge, then 80 of overscroll on the feed.
        n.move(to: 210, from: 310)
        #expect(n.list.contentOffset.y == 700)
        #expect(abs(n.feed.contentOffset.y - (400 + Self.rubberBand(80, 800))) < 1e-9)
        n.window.advance(ms: 100)
        n.window.touchUp(id: 1)
        n.window.advance(ms: 1000)
        #expect(n.feed.contentOffset.y == 400 && n.list.contentOffset.y == 700)
    }

    @Test func aContainedListPassesNothingOn() {
        let n = Nest(feedHeight: 4000)
        n.list.scrollChaining = .contained
        n.feed.contentOffset = Point(x: 0, y: 500)
        n.list.contentOffset = Point(x: 0, y: 650)
        n.window.touchDown(id: 1, at: Point(x: 200, y: 300))
        n.move(to: 180, from: 300)
        #expect(n.feed.contentOffset.y == 500 && !n.feed.isDragging)
        #expect(n.list.contentOffset.y > 700)  // the list's own rubber band
        n.window.touchUp(id: 1)
        n.window.advance(ms: 1000)
    }

    /// Property: random drags over random nestings of 2-3 vertical containers never lose or double-count the
    /// finger's motion. After the slop crossing, the sum of the offsets' changes plus the overscroll (the rubber
    /// band undone) equals the finger's travel less the 10 pt slop, at every frame; at rest, every offset is in
    /// its range.
    @Test func randomDragsOverRandomNestingsConserveTheFingersMotion() {
        var handOffs = 0  // drags that moved more than one container
        for seed: UInt64 in 1...150 {
            var rng = SplitMix64(seed: seed)
            let window = HeadlessWindow(size: Size(width: 400, height: 800))
            let depth = rng.next() % 2 == 0 ? 2 : 3
            var built: [ScrollContainer] = []
            var parent: View = window.rootView
            var top = 0.0  // window y of the next container
            for level in 0..<depth {
                let height = [800.0, 500, 250][3 - depth + level]
                // Placed 100 pt below its parent's visible top, it is on screen whatever the parent's offset.
                let outer = parent as? ScrollContainer
                let y = outer.map { $0.contentOffset.y + 100 } ?? 0
                if outer != nil { top += 100 }
                let container = ScrollContainer(frame: Rect(x: 0, y: y, width: 400, height: height))
                container.contentSize = Size(width: 400, height: height + 50 + Double(rng.next() % 1500))
                if level > 0 && rng.next() % 4 == 0 { container.scrollChaining = .contained }
                let range = container.contentSize.height - height
                let offset = [0, range, Double(rng.next() % UInt64(range))][Int(rng.next() % 3)]
                container.contentOffset = Point(x: 0, y: offset)
                parent.addSubview(container)
                built.append(container)
                parent = container
            }
            let containers = built
            let start = containers.map { $0.contentOffset.y }
            let moved = { () -> Double in
                var sum = 0.0
                for (index, container) in containers.enumerated() {
                    let y = container.contentOffset.y
                    let range = container.contentSize.height - container.bounds.height
                    let clamped = min(max(y, 0), range)
                    let band = abs(y - clamped)
                    let stretch = band > 0 ? Self.unband(band, container.bounds.height) : 0
                    sum += clamped - start[index] + (y > clamped ? stretch : -stretch)
                }
                return sum
            }
            let downY = top + 125
            var fingerY = downY
            window.touchDown(id: 1, at: Point(x: 200, y: downY))
            var crossing: Double?
            var movers = Set<ObjectIdentifier>()
            for _ in 0..<40 {
                fingerY += Double(Int(rng.next() % 121) - 60)
                window.advance(ms: 16)
                window.touchMove(id: 1, to: Point(x: 200, y: fingerY))
                if crossing == nil && abs(fingerY - downY) > 10 { crossing = fingerY > downY ? 10 : -10 }
                guard let crossing else { continue }
                let travel = -(fingerY - downY - crossing)
                #expect(abs(moved() - travel) < 1e-6, "seed \(seed): moved \(moved()), finger \(travel)")
                for (index, container) in containers.enumerated() where container.contentOffset.y != start[index] {
                    movers.insert(ObjectIdentifier(container))
                }
            }
            if movers.count > 1 { handOffs += 1 }
            window.touchUp(id: 1)
            window.advance(ms: 10000)
            for container in containers {
                let range = container.contentSize.height - container.bounds.height
                #expect(
                    container.contentOffset.y >= -1e-9 && container.contentOffset.y <= range + 1e-9,
                    "seed \(seed): at rest outside the range")
                #expect(!container.isDragging && !container.isDecelerating, "seed \(seed): not at rest")
            }
        }
        // The property is about hand-offs: enough of the drags must have made one.
        #expect(handOffs >= 30, "only \(handOffs) drags handed motion on")
    }
}
