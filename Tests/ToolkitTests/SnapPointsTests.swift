// <doc:ScrollBehaviour> §15, snap points: offsets from `snapAlignment`, `.mandatory` and `.proximity`, flings
// reaching the snap offset through the target curve of §5, slow releases with the paging spring (§6), wheel, keys,
// touchpad swipes and scrollRectToVisible ending on snap offsets, paging winning.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct SnapPointsTests {
    /// A 400 x 800 container over 20 cards of 300 pt (6000 pt), each a snap target aligned `alignment`.
    /// With `.start`: snap offsets 0, 300, ..., 5100 and 5200 (the range's end, where the last cards clamp).
    static func cards(_ snapping: Snapping, alignment: SnapAlignment = .start) -> (ScrollScene, [View]) {
        let s = ScrollScene(contentSize: Size(width: 400, height: 6000))
        s.container.snapping = snapping
        var cards: [View] = []
        for k in 0..<20 {
            let card = View(frame: Rect(x: 0, y: Double(k) * 300, width: 400, height: 300))
            card.snapAlignment = alignment
            s.container.addSubview(card)
            cards.append(card)
        }
        return (s, cards)
    }

    /// Decay constant of the normal rate, 1/s: a fling at v travels v / k.
    static let k = -1000 * log(0.998)

    /// A flick up the screen at about `speed` pt/s (10 moves in 100 ms), lifted at once.
    static func flick(_ s: ScrollScene, from y: Double = 600, speed: Double) {
        s.window.drag(from: Point(x: 200, y: y), to: Point(x: 200, y: y - speed / 10), steps: 10, durationMS: 100)
    }

    @Test func offsetsComeFromEdgesOrCentresAgainstTheVisibleAreaAfterTheInset() {
        let s = ScrollScene(contentSize: Size(width: 400, height: 6000))
        s.container.contentInset = EdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        s.container.snapping = .mandatory
        // The visible area runs from 40 to 740 (centre 390) in the container.
        for (alignment, expected) in [(SnapAlignment.start, 960.0), (.end, 560), (.center, 760)] {
            let card = View(frame: Rect(x: 0, y: 1000, width: 400, height: 300))
            card.snapAlignment = alignment
            s.container.addSubview(card)
            #expect(s.container.makePolicy().snapOffsets.vertical == [expected], "\(alignment)")
            card.removeFromSuperview()
        }
        // Clamped into the range (-40 ... 5260): a card at the very top aligns to the range's start.
        let top = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        top.snapAlignment = .end
        s.container.addSubview(top)
        #expect(s.container.makePolicy().snapOffsets.vertical == [-40])
        // Not scrollable horizontally: no horizontal offsets; hidden views and views without alignment do not count.
        #expect(s.container.makePolicy().snapOffsets.horizontal.isEmpty)
        top.isHidden = true
        #expect(s.container.makePolicy().snapOffsets.vertical.isEmpty)
        s.container.snapping = .none
        top.isHidden = false
        #expect(s.container.makePolicy().snapOffsets.vertical.isEmpty)
    }

    @Test func aFlingLandsOnTheFirstSnapOffsetNotBeforeItsNaturalEndThroughTheTargetCurve() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        SnapPointsTests.flick(s, speed: 2000)
        let v = s.delegate.releaseVelocities[0].y
        let released = s.container.contentOffset.y
        let natural = released + v / SnapPointsTests.k
        let expected = (natural / 300).rounded(.up) * 300
        #expect(s.delegate.offeredTargets[0].y == expected)  // the delegate is offered the snap offset
        guard case .deceleration(let curve) = s.container.motion.vertical else {
            Issue.record("expected the deceleration curve through a target, got \(s.container.motion.vertical)")
            return
        }
        #expect(curve.finalPosition == expected)
        // Monotonic all the way, and exactly there at rest.
        var last = s.container.contentOffset.y
        for _ in 0..<400 {
            s.window.advance(ms: 1000.0 / 60)
            #expect(s.container.contentOffset.y >= last)
            last = s.container.contentOffset.y
        }
        #expect(s.container.contentOffset.y == expected)
        #expect(!s.container.isDecelerating)
        #expect(s.delegate.milestones.suffix(2) == ["willBeginDecelerating", "didEndDecelerating"])
    }

    @Test func aFlingDownLandsOnTheSnapOffsetNotAboveItsNaturalEnd() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        s.container.contentOffset = Point(x: 0, y: 3000)
        s.window.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 350), steps: 10, durationMS: 100)
        let v = s.delegate.releaseVelocities[0].y
        #expect(v < -1000)
        let natural = s.container.contentOffset.y + v / SnapPointsTests.k
        s.window.advance(ms: 5000)
        #expect(s.container.contentOffset.y == (natural / 300).rounded(.down) * 300)
    }

    @Test func aSlowReleaseGoesToTheNearestOffsetWithThePagingSpring() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        // Drag 130 pt and hold still before lifting: no fling. 130 is nearer to 0 than to 300.
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 460), steps: 10, durationMS: 200, holdMS: 100)
        #expect(s.container.contentOffset.y == 130)
        guard case .spring(let spring) = s.container.motion.vertical else {
            Issue.record("expected the page snap spring, got \(s.container.motion.vertical)")
            return
        }
        #expect(spring.target == 0)
        #expect(abs(spring.angularFrequency - SpringSimulation.settleProduct / 0.5) < 1e-9)  // the page snap's
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 0)
        // 160 pt: nearer to 300.
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 430), steps: 10, durationMS: 200, holdMS: 100)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 300)
    }

    @Test func proximitySnapsOnlyWithinThreeTenthsOfTheVisibleLength() {
        // Two targets far apart: 0 and 3000 (.start). Visible length 800: proximity 240 pt.
        let s = ScrollScene(contentSize: Size(width: 400, height: 6000))
        s.container.snapping = .proximity
        for y in [0.0, 3000] {
            let card = View(frame: Rect(x: 0, y: y, width: 400, height: 300))
            card.snapAlignment = .start
            s.container.addSubview(card)
        }
        // A slow release at 200: within 240 of 0, snaps back.
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 390), steps: 10, durationMS: 200, holdMS: 100)
        #expect(s.container.contentOffset.y == 200)
        s.window.advance(ms: 600)
        #expect(s.container.contentOffset.y == 0)
        // A slow release at 290 (300 pt less the slop): 290 from 0, 2710 from 3000: stays.
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 200, holdMS: 100)
        #expect(s.container.contentOffset.y == 290)
        s.window.advance(ms: 600)
        #expect(s.container.contentOffset.y == 290)
        #expect(s.container.motion.isIdle && !s.container.isDecelerating)
        // A fling whose natural end is within 240 of 3000 goes exactly there; one far from both ends naturally.
        s.container.contentOffset = Point(x: 0, y: 2000)
        s.delegate.releaseVelocities = []
        SnapPointsTests.flick(s, speed: 1900)
        let end = s.container.contentOffset.y + s.delegate.releaseVelocities[0].y / SnapPointsTests.k
        #expect(abs(end - 3000) < 240)
        s.window.advance(ms: 6000)
        #expect(s.container.contentOffset.y == 3000)
        s.container.contentOffset = Point(x: 0, y: 300)
        s.delegate.releaseVelocities = []
        SnapPointsTests.flick(s, speed: 1500)
        let free = s.container.contentOffset.y + s.delegate.releaseVelocities[0].y / SnapPointsTests.k
        #expect(free > 240 && free < 2760)
        s.window.advance(ms: 6000)
        #expect(abs(s.container.contentOffset.y - free) < 1e-6)
    }

    @Test func wheelDetentsGoFromSnapOffsetToSnapOffset() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        s.container.smoothWheelScrolling = false
        s.window.pointerMove(to: Point(x: 200, y: 400))
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)  // 48 pt: on to 300
        #expect(s.container.contentOffset.y == 300)
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)  // the next detent goes on to 600
        #expect(s.container.contentOffset.y == 600)
        s.window.pointerAxis(dx: 0, dy: -40, source: .wheel)  // a third of a detent back: 300
        #expect(s.container.contentOffset.y == 300)
        // Smooth: the animated steps end on the snap offset too.
        s.container.smoothWheelScrolling = true
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        s.window.advance(ms: 50)
        s.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset.y == 900)
    }

    @Test func keysEndOnSnapOffsets() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        s.container.smoothWheelScrolling = false
        s.window.key(.down, pressed: true)
        s.window.key(.down, pressed: false)  // 40 pt: on to 300
        #expect(s.container.contentOffset.y == 300)
        s.window.key(.pageDown, pressed: true)
        s.window.key(.pageDown, pressed: false)  // 300 + 760 -> 1200
        #expect(s.container.contentOffset.y == 1200)
        s.window.key(.up, pressed: true)
        s.window.key(.up, pressed: false)  // 1160 -> 900
        #expect(s.container.contentOffset.y == 900)
        s.window.key(.end, pressed: true)
        s.window.key(.end, pressed: false)
        #expect(s.container.contentOffset.y == 5200)
    }

    @Test func aTouchpadSwipeEndsOnASnapOffset() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        s.window.pointerMove(to: Point(x: 200, y: 400))
        // A slow swipe of 100 pt, then the fingers rest and lift: the nearest offset, 0.
        for _ in 0..<10 {
            s.window.advance(ms: 20)
            s.window.pointerAxis(dx: 0, dy: 10, source: .finger)
        }
        s.window.advance(ms: 100)
        s.window.pointerAxisStop()
        s.window.advance(ms: 600)
        #expect(s.container.contentOffset.y == 0)
        // A quick one flings to the snap offset past its natural end.
        for _ in 0..<10 {
            s.window.advance(ms: 10)
            s.window.pointerAxis(dx: 0, dy: 20, source: .finger)
        }
        s.window.pointerAxisStop()
        s.window.advance(ms: 6000)
        #expect(s.container.contentOffset.y > 200)
        #expect(s.container.contentOffset.y.truncatingRemainder(dividingBy: 300) == 0)
    }

    @Test func scrollRectToVisibleEndsOnTheNearestSnapOffset() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        // The least move to show y 1000...1100 would be 300 (its bottom at the visible bottom): on a snap offset.
        s.container.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 100), animated: false)
        #expect(s.container.contentOffset.y == 300)
        // To show 2000...2050 from 300: 1250, moved to 1200.
        s.container.scrollRectToVisible(Rect(x: 0, y: 2000, width: 10, height: 50), animated: true)
        s.window.advance(ms: 400)
        #expect(s.container.contentOffset.y == 1200)
    }

    @Test func centreAlignedCardsSnapTheirCentreToTheVisibleCentre() {
        // A horizontal carousel: 400 wide, photos of 300 every 320 (gap 20), centre aligned.
        let window = HeadlessWindow(size: Size(width: 400, height: 200))
        let carousel = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        carousel.contentSize = Size(width: 10 * 320, height: 200)
        carousel.snapping = .mandatory
        for k in 0..<10 {
            let photo = View(frame: Rect(x: Double(k) * 320 + 10, y: 0, width: 300, height: 200))
            photo.snapAlignment = .center
            carousel.addSubview(photo)
        }
        window.rootView.addSubview(carousel)
        // Photo k's centre is at 320k + 160; the visible centre at offset + 200: offset 320k - 40, clamped at 0.
        #expect(carousel.makePolicy().snapOffsets.horizontal.prefix(3) == [0, 280, 600])
        window.drag(from: Point(x: 300, y: 100), to: Point(x: 100, y: 100), steps: 10, durationMS: 100)
        window.advance(ms: 6000)
        let x = carousel.contentOffset.x
        #expect(((x + 40) / 320).rounded() * 320 - 40 == x && x > 0)
    }

    @Test func pagingWinsOverSnapping() {
        let (s, _) = SnapPointsTests.cards(.mandatory)
        s.container.isPagingEnabled = true
        #expect(s.container.makePolicy().snapTarget(.vertical, natural: 130, direction: 0) == nil)
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 200, holdMS: 100)
        s.window.advance(ms: 600)
        #expect(s.container.contentOffset.y == 0)  // nearest page (800), not the snap offset 300
    }
}
