// <doc:ScrollBehaviour> §14 for the pointer: a wheel sequence (events less than 0.5 s apart) and a touchpad swipe
// (up to its `axis_stop`) latch on the innermost container under the pointer that can move their way, an
// `.automatic` one at its edge is passed over, a `.contained` one keeps them; the part of each delta the latched
// container cannot use goes up the chain (the motion conserved exactly), back the other way the latched one moves
// first, and the touchpad's kinetic tail hands its velocity on at the latched container's edge.

import Foundation
import TestSupport
import Testing

@testable import ToolkitCore

@MainActor @Suite struct PointerScrollChainTests {
    typealias Nest = ScrollChainHandOffTests.Nest

    /// The feed (range 0...3200) at 500 shows the list (range 0...700) at window y 100...400; the pointer rests on
    /// the list's middle. Wheel steps apply at once, so each event's numbers are exact.
    static func nest(list: Double, feedHeight: Double = 4000, feed: Double = 500) -> Nest {
        let n = Nest(feedHeight: feedHeight)
        n.feed.contentOffset = Point(x: 0, y: feed)
        n.list.contentOffset = Point(x: 0, y: list)
        n.feed.smoothWheelScrolling = false
        n.list.smoothWheelScrolling = false
        n.window.pointerMove(to: Point(x: 200, y: 750 - feed))  // the list's middle
        return n
    }

    static func wheel(_ n: Nest, _ units: Double, afterMS gap: Double) {
        n.window.advance(ms: gap)
        n.window.pointerAxis(dx: 0, dy: units, source: .wheel)
    }

    static func swipe(_ n: Nest, dy: Double, count: Int) {
        for _ in 0..<count {
            n.window.advance(ms: 10)
            n.window.pointerAxis(dx: 0, dy: dy, source: .finger)
        }
    }

    // MARK: - Wheel

    @Test func aWheelSequenceStartingAtTheListsEdgeScrollsTheFeed() {
        let n = Self.nest(list: 700)
        Self.wheel(n, 120, afterMS: 10)
        #expect(n.feed.contentOffset.y == 548 && n.list.contentOffset.y == 700)
    }

    @Test func theWheelLatchHoldsForGapsUnderHalfASecondOnly() {
        let n = Self.nest(list: 700)
        Self.wheel(n, 120, afterMS: 10)  // latched on the feed (the list is at its edge)
        #expect(n.feed.contentOffset.y == 548)
        // 0.49 s later: the same sequence, so back up it is still the feed that moves, not the list.
        Self.wheel(n, -120, afterMS: 490)
        #expect(n.feed.contentOffset.y == 500 && n.list.contentOffset.y == 700)
        // 0.51 s later: a new sequence, which the list (able to move up) takes.
        Self.wheel(n, -120, afterMS: 510)
        #expect(n.feed.contentOffset.y == 500 && n.list.contentOffset.y == 652)
    }

    @Test func whatTheListsRangeCannotHoldGoesToTheFeedExactlyAndBackTheListMovesFirst() {
        let n = Self.nest(list: 650)
        Self.wheel(n, 120, afterMS: 10)
        #expect(n.list.contentOffset.y == 698 && n.feed.contentOffset.y == 500)
        // 96 pt past 650: 50 for the list, 46 for the feed.
        Self.wheel(n, 120, afterMS: 100)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 546)
        Self.wheel(n, 120, afterMS: 100)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 594)
        // Three detents: 144 pt in all, 50 + 94.
        #expect((n.list.contentOffset.y - 650) + (n.feed.contentOffset.y - 500) == 3 * 48)
        // Back: the latched list first.
        Self.wheel(n, -120, afterMS: 100)
        #expect(n.list.contentOffset.y == 652 && n.feed.contentOffset.y == 594)
        // No dragging or deceleration callbacks for a wheel, on either.
        #expect(n.feedDelegate.milestones.isEmpty && n.listDelegate.milestones.isEmpty)
    }

    @Test func theHandedOnPartIsSmoothToo() {
        let n = Self.nest(list: 650)
        n.feed.smoothWheelScrolling = true
        n.list.smoothWheelScrolling = true
        Self.wheel(n, 240, afterMS: 10)  // 96 pt: 50 + 46
        n.window.advance(ms: 50)
        #expect(n.feed.contentOffset.y > 500 && n.feed.contentOffset.y < 546)
        n.window.advance(ms: 200)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 546)
    }

    @Test func aContainedListKeepsTheWheelAtItsEdge() {
        let n = Self.nest(list: 700)
        n.list.scrollChaining = .contained
        Self.wheel(n, 120, afterMS: 10)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 500)
        // Nor does it pass on what it cannot hold later in a sequence.
        n.list.contentOffset = Point(x: 0, y: 680)
        Self.wheel(n, 120, afterMS: 100)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 500)
    }

    @Test func theFeedAtItsEndDropsTheRestWithoutRubberBand() {
        let n = Self.nest(list: 690, feedHeight: 1200, feed: 390)  // feed range 0...400
        Self.wheel(n, 120, afterMS: 10)  // 48 pt: 10 + 10, the rest dropped
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 400)
    }

    @Test func aPagingListOnItsLastPageHandsFurtherDetentsToTheFeed() {
        let n = Self.nest(list: 300)
        n.list.isPagingEnabled = true  // pages of 300 pt: 0, 300, 600, and the end at 700
        Self.wheel(n, 120, afterMS: 10)
        #expect(n.list.contentOffset.y == 600 && n.feed.contentOffset.y == 500)
        Self.wheel(n, 120, afterMS: 100)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 500)
        // Two detents at once in the same sequence: the list has no page left, the feed takes 96 pt.
        Self.wheel(n, 240, afterMS: 100)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 596)
        // Back: the latched list pages first.
        Self.wheel(n, -120, afterMS: 100)
        #expect(n.list.contentOffset.y == 600 && n.feed.contentOffset.y == 596)
    }

    // MARK: - Touchpad

    @Test func aSwipeStaysOnTheListItLatchedOnWhereverThePointerGoes() {
        let n = Self.nest(list: 300)
        Self.swipe(n, dy: 10, count: 5)
        #expect(n.list.contentOffset.y == 350 && n.feed.contentOffset.y == 500)
        n.window.pointerMove(to: Point(x: 200, y: 600))  // off the list, over the feed only
        Self.swipe(n, dy: 10, count: 5)
        #expect(n.list.contentOffset.y == 400 && n.feed.contentOffset.y == 500)
    }

    @Test func aSwipeStartingAtTheListsEdgeScrollsTheFeed() {
        let n = Self.nest(list: 700)
        Self.swipe(n, dy: 10, count: 5)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 550)
    }

    @Test func aSwipeHandsOnWhatTheListCannotUseExactlyAndBackTheListMovesFirst() {
        let n = Self.nest(list: 650)
        Self.swipe(n, dy: 20, count: 8)  // 160 pt: 50 for the list, 110 for the feed
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 610)
        Self.swipe(n, dy: -30, count: 2)  // back 60 pt: the list first
        #expect(n.list.contentOffset.y == 640 && n.feed.contentOffset.y == 610)
        n.window.advance(ms: 60)  // the fingers rest: no kinetic tail
        n.window.pointerAxisStop()
        n.window.advance(ms: 1000)
        #expect(n.list.contentOffset.y == 640 && n.feed.contentOffset.y == 610)
        #expect(!n.list.isDragging && !n.feed.isDragging)
        #expect(n.feedDelegate.milestones.isEmpty && n.listDelegate.milestones.isEmpty)
    }

    @Test func onlyWhatNoContainerCanUseRubberBandsOnTheFeed() {
        let n = Self.nest(list: 650, feedHeight: 1200, feed: 300)  // feed range 0...400
        Self.swipe(n, dy: 20, count: 10)  // 200 pt: 50 + 100 + 50 of overscroll on the feed
        #expect(n.list.contentOffset.y == 700)
        let band = ScrollChainHandOffTests.rubberBand(50, 800)
        #expect(abs(n.feed.contentOffset.y - (400 + band)) < 1e-9)
        n.window.advance(ms: 60)
        n.window.pointerAxisStop()
        n.window.advance(ms: 1000)
        #expect(n.feed.contentOffset.y == 400 && n.list.contentOffset.y == 700)
    }

    @Test func aContainedListKeepsTheSwipeAndRubberBands() {
        let n = Self.nest(list: 700)
        n.list.scrollChaining = .contained
        Self.swipe(n, dy: 10, count: 5)
        let band = ScrollChainHandOffTests.rubberBand(50, 300)
        #expect(abs(n.list.contentOffset.y - (700 + band)) < 1e-9)
        #expect(n.feed.contentOffset.y == 500)
        n.window.advance(ms: 60)
        n.window.pointerAxisStop()
        n.window.advance(ms: 1000)
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 500)
    }

    @Test func theKineticTailGoesOnInTheFeedAtTheListsEdgeWithoutABounce() {
        let n = Self.nest(list: 300, feedHeight: 6000)
        Self.swipe(n, dy: 20, count: 8)  // 2000 pt/s
        #expect(n.list.contentOffset.y == 460)
        n.window.pointerAxisStop()
        #expect(n.list.isDecelerating)
        var highest = 0.0
        for _ in 0..<600 {
            n.window.advance(ms: 16)
            highest = max(highest, n.list.contentOffset.y)
        }
        // The list stops at its edge and never passes it; the feed decelerates from the velocity at the edge,
        // v0 + 1000 ln(0.998) * 240, at the same rate: together they travel the swipe's natural 2000 / (1000 ln
        // (1 / 0.998)) pt.
        #expect(highest == 700 && n.list.contentOffset.y == 700)
        let atEdge = 2000 + 1000 * log(0.998) * 240
        #expect(abs(n.feed.contentOffset.y - (500 + atEdge / (1000 * log(1 / 0.998)))) < 0.5)
        #expect(n.listDelegate.milestones == ["willBeginDecelerating", "didEndDecelerating"])
        #expect(n.feedDelegate.milestones == ["willBeginDecelerating", "didEndDecelerating"])
        #expect(!n.feed.isDecelerating && !n.list.isDecelerating)
    }

    @Test func aStopAtTheListsEdgeHandsTheWholeVelocityToTheFeed() {
        let n = Self.nest(list: 600, feedHeight: 6000)
        Self.swipe(n, dy: 20, count: 8)  // 100 for the list, 60 for the feed, at 2000 pt/s
        #expect(n.list.contentOffset.y == 700 && n.feed.contentOffset.y == 560)
        n.window.pointerAxisStop()
        #expect(n.feed.isDecelerating && !n.list.isDecelerating)
        n.window.advance(ms: 10000)
        #expect(abs(n.feed.contentOffset.y - (560 + 2000 / (1000 * log(1 / 0.998)))) < 0.5)
        #expect(n.list.contentOffset.y == 700)
    }

    /// Random touchpad swipes and wheel sequences over random nestings of 2-3 vertical containers (some
    /// `.contained`, at random offsets): at every event the offsets' changes plus the overscroll (the rubber band
    /// undone) equal the swipe's travel exactly; the wheel's travel is 48 pt a detent until every container is at
    /// its edge; and everything comes to rest inside its range.
    @Test func randomSwipesAndWheelsOverRandomNestingsConserveTheMotion() {
        var handOffs = 0
        for seed: UInt64 in 1...150 {
            var rng = SplitMix64(seed: seed)
            let window = HeadlessWindow(size: Size(width: 400, height: 800))
            let depth = rng.next() % 2 == 0 ? 2 : 3
            var built: [ScrollContainer] = []
            var parent: View = window.rootView
            var top = 0.0
            for level in 0..<depth {
                let height = [800.0, 500, 250][3 - depth + level]
                let outer = parent as? ScrollContainer
                let y = outer.map { $0.contentOffset.y + 100 } ?? 0
                if outer != nil { top += 100 }
                let container = ScrollContainer(frame: Rect(x: 0, y: y, width: 400, height: height))
                container.contentSize = Size(width: 400, height: height + 50 + Double(rng.next() % 1500))
                container.smoothWheelScrolling = false
                if level > 0 && rng.next() % 4 == 0 { container.scrollChaining = .contained }
                let range = container.contentSize.height - height
                let offset = [0, range, Double(rng.next() % UInt64(range))][Int(rng.next() % 3)]
                container.contentOffset = Point(x: 0, y: offset)
                parent.addSubview(container)
                built.append(container)
                parent = container
            }
            let containers = built
            var start = containers.map { $0.contentOffset.y }
            let moved = { () -> Double in
                var sum = 0.0
                for (index, container) in containers.enumerated() {
                    let y = container.contentOffset.y
                    let range = container.contentSize.height - container.bounds.height
                    let clamped = min(max(y, 0), range)
                    let band = abs(y - clamped)
                    let stretch = band > 0 ? ScrollChainHandOffTests.unband(band, container.bounds.height) : 0
                    sum += clamped - start[index] + (y > clamped ? stretch : -stretch)
                }
                return sum
            }
            window.pointerMove(to: Point(x: 200, y: top + 125))
            var travel = 0.0
            var movers = Set<ObjectIdentifier>()
            for _ in 0..<40 {
                let dy = Double(Int(rng.next() % 121) - 60)
                window.advance(ms: 10)
                window.pointerAxis(dx: 0, dy: dy, source: .finger)
                travel += dy
                #expect(abs(moved() - travel) < 1e-6, "seed \(seed): moved \(moved()), swipe \(travel)")
                for (index, container) in containers.enumerated() where container.contentOffset.y != start[index] {
                    movers.insert(ObjectIdentifier(container))
                }
            }
            if movers.count > 1 { handOffs += 1 }
            window.advance(ms: 60)
            window.pointerAxisStop()
            window.advance(ms: 10000)
            // A wheel sequence in one direction: 48 pt a detent in all, until the chain's far edge holds it.
            start = containers.map { $0.contentOffset.y }
            let sign: Double = rng.next() % 2 == 0 ? 1 : -1
            // How far the containers under the pointer (the swipe moved some away from it) could go that way in
            // all: the wheel's chain runs from one of them up.
            var room = 0.0
            let pointer = Point(x: 200, y: top + 125)
            for container in containers {
                guard container.convert(container.bounds, to: nil).contains(pointer) else { break }
                let range = container.contentSize.height - container.bounds.height
                room += sign > 0 ? range - container.contentOffset.y : container.contentOffset.y
            }
            for detent in 1...8 {
                window.advance(ms: 100)
                window.pointerAxis(dx: 0, dy: 120 * sign, source: .wheel)
                let went = abs(moved())
                #expect(went <= min(Double(detent) * 48, room) + 1e-9, "seed \(seed): wheel went \(went)")
                if !containers.contains(where: { $0.scrollChaining == .contained }) && went < room - 1e-9 {
                    #expect(went == Double(detent) * 48, "seed \(seed): wheel went \(went) in \(detent) detents")
                }
            }
            for container in containers {
                let range = container.contentSize.height - container.bounds.height
                #expect(
                    container.contentOffset.y >= -1e-9 && container.contentOffset.y <= range + 1e-9,
                    "seed \(seed): at rest outside the range")
                #expect(!container.isDecelerating, "seed \(seed): not at rest")
            }
        }
        #expect(handOffs >= 30, "only \(handOffs) swipes handed motion on")
    }

    @Test func theListLeavingTheWindowMidSwipeLetsTheFeedRest() {
        let n = Self.nest(list: 650)
        Self.swipe(n, dy: 20, count: 8)
        #expect(n.feed.contentOffset.y == 610)
        n.list.removeFromSuperview()
        n.window.advance(ms: 100)
        // The feed is no longer held by a swipe that cannot end: a new swipe scrolls it.
        Self.swipe(n, dy: 10, count: 2)
        #expect(n.feed.contentOffset.y == 630)
        n.window.pointerAxisStop()
    }
}

/// Two decisions of <doc:ScrollBehaviour> §14 and §15 that the pointer work settled: a 2-D fling hands on only the
/// axis that reached the edge and goes on along the other one (as an Android child keeps flinging what it can), and
/// snap offsets come from the content subviews' frames as shown, zoom included.
@MainActor @Suite struct ChainAndSnapDecisionTests {
    @Test func aDiagonalFlingHandsOnTheAxisAtTheEdgeAndGoesOnAlongTheOther() {
        let n = ScrollChainHandOffTests.Nest(feedHeight: 6000)
        n.list.contentSize = Size(width: 4000, height: 1000)  // the list also scrolls horizontally (0...3600)
        n.feed.contentOffset = Point(x: 0, y: 500)  // the list at window y 100...400
        n.list.contentOffset = Point(x: 0, y: 400)
        ScrollChainFlingTests.flick(n.window, from: Point(x: 300, y: 350), by: Point(x: -90, y: -90))
        let released = n.list.contentOffset
        let velocity = n.listDelegate.releaseVelocities.last ?? .zero
        #expect(velocity.x > 1000 && velocity.y > 1000)
        n.window.advance(ms: 10000)
        let travel = 1000 * log(1 / 0.998)
        // Vertically the feed took what the list's fling had left at its edge; horizontally the list went on to
        // the end of its own fling.
        #expect(n.list.contentOffset.y == 700)
        let atEdge = velocity.y + 1000 * log(0.998) * (700 - released.y)
        #expect(abs(n.feed.contentOffset.y - (500 + atEdge / travel)) < 0.5)
        #expect(abs(n.list.contentOffset.x - (released.x + velocity.x / travel)) < 0.5)
        #expect(!n.list.isDecelerating && !n.feed.isDecelerating)
    }

    /// Zooms `zoomed`.
    final class Zooming: ScrollContainerDelegate {
        let zoomed: View
        init(_ zoomed: View) { self.zoomed = zoomed }
        func viewForZooming(in container: ScrollContainer) -> View? { zoomed }
    }

    @Test func snapOffsetsUseTheZoomedFrameAsShown() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let page = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        page.snapAlignment = .center
        let zooming = Zooming(page)
        container.delegate = zooming
        container.maximumZoomScale = 4
        container.contentSize = Size(width: 400, height: 800)
        container.addSubview(page)
        container.snapping = .mandatory
        window.rootView.addSubview(container)
        container.zoomScale = 2
        // Shown 800 x 1600: its centre (y 800) at the visible centre (400) is offset 400; the unscaled frame
        // would give 0.
        let offsets = container.collectSnapOffsets(container.makePolicy())
        #expect(offsets.vertical == [400])
        #expect(offsets.horizontal == [200])
    }
}
