// Zoom (<doc:ScrollBehaviour> §11) through HeadlessWindow: pinch with fingers, limits and bounce, the programmatic API,
// notifications, hit testing and drawing at the scale, touchpad pinch, Ctrl + wheel and the zoom keys.

import Testing

@testable import ToolkitCore

/// A delegate that zooms `zoomed` and logs the zoom calls, with the scale at each.
@MainActor
private final class ZoomLog: ScrollContainerDelegate {
    let zoomed: View
    var calls: [String] = []
    var endScales: [Double] = []
    var beganWith: [View?] = []
    init(_ zoomed: View) { self.zoomed = zoomed }
    func viewForZooming(in container: ScrollContainer) -> View? { zoomed }
    func scrollContainerWillBeginZooming(_ container: ScrollContainer, with view: View?) {
        calls.append("willBeginZooming")
        beganWith.append(view)
    }
    func scrollContainerDidZoom(_ container: ScrollContainer) {
        if calls.last != "didZoom" { calls.append("didZoom") }
    }
    func scrollContainerDidEndZooming(_ container: ScrollContainer, with view: View?, atScale scale: Double) {
        calls.append("didEndZooming")
        endScales.append(scale)
    }
    func scrollContainerWillBeginDragging(_ container: ScrollContainer) { calls.append("willBeginDragging") }
    func scrollContainerDidEndDragging(_ container: ScrollContainer, willDecelerate: Bool) {
        calls.append("didEndDragging")
    }
}

/// A view that records the touches it gets, in its own coordinates.
@MainActor
private final class TouchSpot: View {
    var began: [Point] = []
    var cancelled = 0
    var ended = 0
    override func touchesBegan(_ touches: [Touch]) { began += touches.map { $0.location(in: self) } }
    override func touchesEnded(_ touches: [Touch]) { ended += touches.count }
    override func touchesCancelled(_ touches: [Touch]) { cancelled += touches.count }
}

/// A `Control` (not cancelled by a drag by default) that counts its ended touches.
@MainActor
private final class TouchSpotControl: Control {
    var ended = 0
    override func touchesEnded(_ touches: [Touch]) { ended += touches.count }
}

@MainActor
private struct ZoomRig {
    let window: HeadlessWindow
    let container: ScrollContainer
    let zoomed: TouchSpot
    let log: ZoomLog

    /// A 400 x 400 window filled by a container whose zoomed view is 400 x 400 (limits 0.5...4).
    init(size: Size = Size(width: 400, height: 400), content: Size = Size(width: 400, height: 400)) {
        window = HeadlessWindow(size: size)
        container = ScrollContainer(frame: Rect(origin: .zero, size: size))
        zoomed = TouchSpot(frame: Rect(origin: .zero, size: content))
        container.addSubview(zoomed)
        container.contentSize = content
        log = ZoomLog(zoomed)
        container.delegate = log
        container.minimumZoomScale = 0.5
        container.maximumZoomScale = 4
        window.rootView.addSubview(container)
    }

    /// Two fingers placed symmetrically around `centre`, `distance` apart horizontally, then moved in `steps`
    /// frames (16 ms apart) to `endDistance` apart around `endCentre`.
    func pinch(
        centre: Point, distance: Double, to endDistance: Double, endCentre: Point? = nil, steps: Int = 10,
        lift: Bool = true
    ) {
        let end = endCentre ?? centre
        window.touchDown(id: 1, at: Point(x: centre.x - distance / 2, y: centre.y))
        window.touchDown(id: 2, at: Point(x: centre.x + distance / 2, y: centre.y))
        for step in 1...steps {
            window.advance(by: .milliseconds(16))
            let f = Double(step) / Double(steps)
            let d = distance + (endDistance - distance) * f
            let c = centre + (end - centre) * f
            window.touchMove([
                (id: 1, point: Point(x: c.x - d / 2, y: c.y)),
                (id: 2, point: Point(x: c.x + d / 2, y: c.y))
            ])
        }
        if lift {
            window.touchUp(id: 1)
            window.touchUp(id: 2)
        }
    }

    /// The zoomed view's point (own coordinates) under window point `p`.
    func contentPoint(under p: Point) -> Point { zoomed.convert(p, from: nil) }
}

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

@MainActor
@Suite struct ZoomPinchTests {
    @Test func spreadingTwoFingersToTwiceTheirDistanceDoublesTheScaleAroundTheCentroid() {
        let rig = ZoomRig()
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 200, lift: false)
        #expect(close(rig.container.zoomScale, 2))
        #expect(rig.container.isZooming)
        // The content point under the centroid, (200, 200), stays there: offset = 200 * 2 - 200.
        #expect(close(rig.container.contentOffset, Point(x: 200, y: 200)))
        #expect(rig.container.contentSize == Size(width: 800, height: 800))
        #expect(rig.zoomed.frame == Rect(x: 0, y: 0, width: 800, height: 800))
        #expect(rig.zoomed.bounds.size == Size(width: 400, height: 400))
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        #expect(!rig.container.isZooming)
        #expect(rig.log.endScales == [2])
    }

    @Test func thePointUnderTheCentroidFollowsTheCentroidAsItMoves() {
        let rig = ZoomRig()
        let start = Point(x: 150, y: 150)
        let anchor = rig.contentPoint(under: start)
        rig.pinch(centre: start, distance: 80, to: 120, endCentre: Point(x: 200, y: 180), lift: false)
        #expect(close(rig.container.zoomScale, 1.5))
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 180)), anchor, 1e-9))
    }

    @Test func aThirdFingerJoiningOrOneLeavingMakesNoJump() {
        let rig = ZoomRig()
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 160, lift: false)
        let scale = rig.container.zoomScale
        let offset = rig.container.contentOffset
        rig.window.advance(by: .milliseconds(16))
        rig.window.touchDown(id: 3, at: Point(x: 200, y: 320))
        #expect(rig.container.zoomScale == scale)
        #expect(rig.container.contentOffset == offset)
        rig.window.advance(by: .milliseconds(16))
        rig.window.touchUp(id: 1)
        #expect(rig.container.zoomScale == scale)
        #expect(rig.container.contentOffset == offset)
        // The two left go on zooming from there: their spread doubling doubles the scale.
        rig.window.advance(by: .milliseconds(16))
        let a = Point(x: 280, y: 200)
        let b = Point(x: 200, y: 320)
        let c = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        rig.window.touchMove([(id: 2, point: c + (a - c) * 2), (id: 3, point: c + (b - c) * 2)])
        #expect(close(rig.container.zoomScale, scale * 2))
    }

    @Test func theSpreadMustChangeByMoreThanTheSlopBeforeThePinchClaims() {
        let rig = ZoomRig()
        rig.window.touchDown(id: 1, at: Point(x: 150, y: 200))
        rig.window.touchDown(id: 2, at: Point(x: 250, y: 200))
        rig.window.advance(by: .milliseconds(16))
        // Spread 50 -> 54.5: less than the 10 pt slop.
        rig.window.touchMove([(id: 1, point: Point(x: 145.5, y: 200)), (id: 2, point: Point(x: 254.5, y: 200))])
        #expect(rig.container.zoomScale == 1)
        #expect(!rig.container.isZooming)
        rig.window.advance(by: .milliseconds(16))
        // Spread 61: past it. scale = 61 / 50.
        rig.window.touchMove([(id: 1, point: Point(x: 139, y: 200)), (id: 2, point: Point(x: 261, y: 200))])
        #expect(rig.container.isZooming)
        #expect(close(rig.container.zoomScale, 61.0 / 50))
    }

    @Test func aPinchCancelsTheContentsTouchesAsADragDoes() {
        let rig = ZoomRig()
        rig.container.delaysContentTouches = false
        rig.window.touchDown(id: 1, at: Point(x: 150, y: 200))
        rig.window.touchDown(id: 2, at: Point(x: 250, y: 200))
        #expect(rig.zoomed.began.count == 2)
        rig.window.advance(by: .milliseconds(16))
        rig.window.touchMove([(id: 1, point: Point(x: 120, y: 200)), (id: 2, point: Point(x: 280, y: 200))])
        #expect(rig.container.isZooming)
        #expect(rig.zoomed.cancelled == 2)
        #expect(rig.zoomed.ended == 0)
    }

    @Test func aPinchWithinTheDelayNeverReachesTheContent() {
        let rig = ZoomRig()  // delaysContentTouches is on by default
        rig.window.touchDown(id: 1, at: Point(x: 150, y: 200))
        rig.window.touchDown(id: 2, at: Point(x: 250, y: 200))
        rig.window.advance(by: .milliseconds(50))
        rig.window.touchMove([(id: 1, point: Point(x: 120, y: 200)), (id: 2, point: Point(x: 280, y: 200))])
        #expect(rig.container.isZooming)
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        rig.window.advance(by: .seconds(1))
        #expect(rig.zoomed.began.isEmpty)
        #expect(close(rig.container.zoomScale, 1.6))
    }

    @Test func contentThatMayNotBeCancelledKeepsTheFingersAndNothingZooms() {
        for refuse in ["canCancelContentTouches", "touchesShouldCancel"] {
            let rig = ZoomRig()
            rig.container.delaysContentTouches = false
            let control = TouchSpotControl(frame: Rect(x: 0, y: 0, width: 400, height: 400))
            if refuse == "canCancelContentTouches" {
                rig.container.canCancelContentTouches = false
                rig.zoomed.addSubview(TouchSpot(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
            } else {
                rig.zoomed.addSubview(control)  // a Control: touchesShouldCancel(in:) says no
            }
            rig.window.touchDown(id: 1, at: Point(x: 150, y: 200))
            rig.window.touchDown(id: 2, at: Point(x: 250, y: 200))
            for i in 1...5 {
                rig.window.advance(by: .milliseconds(16))
                let d = 50 + Double(i) * 10
                rig.window.touchMove([
                    (id: 1, point: Point(x: 200 - d, y: 200)), (id: 2, point: Point(x: 200 + d, y: 200))
                ])
            }
            #expect(rig.container.zoomScale == 1, "\(refuse)")
            #expect(!rig.container.isZooming, "\(refuse)")
            rig.window.touchUp(id: 1)
            rig.window.touchUp(id: 2)
            if refuse == "touchesShouldCancel" { #expect(control.ended == 2) }
        }
    }

    @Test func withTwoMinimumTouchesOneFingerReachesTheContentAndTwoPanAndZoom() {
        let rig = ZoomRig()
        rig.container.minimumNumberOfTouches = 2
        // One finger: the content gets it at once and it never scrolls nor zooms.
        rig.window.touchDown(id: 1, at: Point(x: 100, y: 100))
        #expect(rig.zoomed.began.count == 1)
        for i in 1...5 {
            rig.window.advance(by: .milliseconds(16))
            rig.window.touchMove(id: 1, to: Point(x: 100 + Double(i) * 20, y: 100))
        }
        rig.window.touchUp(id: 1)
        #expect(rig.zoomed.ended == 1)
        #expect(rig.container.zoomScale == 1)
        #expect(rig.container.contentOffset == .zero)
        rig.window.advance(by: .seconds(1))
        // Two fingers: pan and zoom.
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 300, lift: false)
        #expect(close(rig.container.zoomScale, 3))
    }

    @Test func pastTheMaximumTheScaleResistsAndReturnsWithinHalfASecondAroundTheCentroid() {
        let rig = ZoomRig(content: Size(width: 400, height: 400))
        // Raw 8x against a maximum of 4: shown 4 * (8 / 4)^0.5.
        rig.pinch(centre: Point(x: 200, y: 200), distance: 50, to: 400, lift: false)
        #expect(close(rig.container.zoomScale, 4 * 2.0.squareRoot()))
        let anchor = rig.contentPoint(under: Point(x: 200, y: 200))
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        #expect(rig.container.isZoomBouncing)
        #expect(rig.log.endScales.isEmpty)
        rig.window.advance(by: .milliseconds(250))
        #expect(rig.container.zoomScale > 4 && rig.container.zoomScale < 4 * 2.0.squareRoot())
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), anchor, 1e-6))
        rig.window.advance(by: .milliseconds(260))
        #expect(rig.container.zoomScale == 4)
        #expect(!rig.container.isZoomBouncing)
        #expect(rig.log.endScales == [4])
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), anchor, 1e-6))
    }

    @Test func anOffsetSetDuringTheBounceEndsItAtTheLimitAndKeepsTheOffset() {
        let rig = ZoomRig(content: Size(width: 400, height: 400))
        rig.pinch(centre: Point(x: 200, y: 200), distance: 50, to: 400)
        rig.window.advance(by: .milliseconds(100))
        #expect(rig.container.isZoomBouncing && rig.container.zoomScale > 4)
        rig.container.contentOffset = Point(x: 300, y: 500)
        #expect(rig.container.zoomScale == 4)
        #expect(!rig.container.isZoomBouncing)
        #expect(rig.container.contentOffset == Point(x: 300, y: 500))
        #expect(rig.log.endScales == [4])
        rig.window.advance(by: .milliseconds(1000))
        #expect(rig.container.zoomScale == 4)
        #expect(rig.container.contentOffset == Point(x: 300, y: 500))
    }

    @Test func belowTheMinimumTheScaleResistsAndReturnsToIt() {
        let rig = ZoomRig()
        // Raw 0.25 against a minimum of 0.5: shown 0.5 * (0.5)^0.5.
        rig.pinch(centre: Point(x: 200, y: 200), distance: 200, to: 50, lift: false)
        #expect(close(rig.container.zoomScale, 0.5 * 0.5.squareRoot()))
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        rig.window.advance(by: .seconds(1))
        #expect(rig.container.zoomScale == 0.5)
        // The content (200 x 200 now) rests at the start of the range.
        #expect(rig.container.contentOffset == .zero)
        #expect(!rig.container.isDecelerating)
    }

    @Test func withoutBouncesZoomTheScaleIsClamped() {
        let rig = ZoomRig()
        rig.container.bouncesZoom = false
        rig.pinch(centre: Point(x: 200, y: 200), distance: 50, to: 400, lift: false)
        #expect(rig.container.zoomScale == 4)
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        #expect(!rig.container.isZoomBouncing)
        #expect(rig.log.endScales == [4])
    }

    @Test func afterAPinchTheOffsetComesToRestInsideTheRange() {
        let rig = ZoomRig()
        // Zoom 2x around the top-left corner, then drag the centroid right and down past the range's start.
        rig.pinch(centre: Point(x: 60, y: 60), distance: 60, to: 120, endCentre: Point(x: 160, y: 160))
        rig.window.advance(by: .seconds(1))
        let offset = rig.container.contentOffset
        #expect(offset.x >= 0 && offset.y >= 0)
        #expect(offset.x <= 400 && offset.y <= 400)
        #expect(!rig.container.isDecelerating)
        #expect(close(rig.container.zoomScale, 2))
    }

    @Test func aFastReleaseAfterAPinchFlings() {
        let rig = ZoomRig()
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 300, lift: false)
        let before = rig.container.contentOffset
        // The centroid moves up fast: the content flings on after the fingers lift.
        for i in 1...4 {
            rig.window.advance(by: .milliseconds(10))
            let y = 200 - Double(i) * 30
            rig.window.touchMove([(id: 1, point: Point(x: 50, y: y)), (id: 2, point: Point(x: 350, y: y))])
        }
        rig.window.touchUp(id: 1)
        rig.window.touchUp(id: 2)
        let atRelease = rig.container.contentOffset
        #expect(atRelease.y > before.y)
        #expect(rig.container.isDecelerating)
        rig.window.advance(by: .milliseconds(200))
        #expect(rig.container.contentOffset.y > atRelease.y + 50)
    }

    @Test func delegateCallsComeInTheSpecsOrder() {
        let rig = ZoomRig()
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 200)
        rig.window.advance(by: .seconds(1))
        #expect(
            rig.log.calls == [
                "willBeginDragging", "willBeginZooming", "didZoom", "didEndDragging",
                "didEndZooming"
            ])
        #expect(rig.log.beganWith.count == 1 && rig.log.beganWith[0] === rig.zoomed)
    }

    @Test func observersSeeZoomScaleAndIsZoomingWithOldAndNewValues() {
        let rig = ZoomRig()
        var scales: [Double] = []
        var zooming: [String] = []
        let t1 = rig.container.observe(\.zoomScale) { _, change in scales.append(change.newValue) }
        let t2 = rig.container.observe(\.isZooming) { _, change in
            zooming.append("\(change.oldValue.map { String($0) } ?? "nil")->\(change.newValue)")
        }
        rig.pinch(centre: Point(x: 200, y: 200), distance: 100, to: 200)
        #expect(close(scales.last ?? 0, 2))
        #expect(scales.count >= 5)
        #expect(zooming == ["false->true", "true->false"])
        t1.invalidate()
        t2.invalidate()
    }
}

@MainActor
@Suite struct ZoomProgrammaticTests {
    @Test func setZoomScaleClampsAndKeepsTheVisibleCentreFixed() {
        let rig = ZoomRig()
        let centre = rig.contentPoint(under: Point(x: 200, y: 200))
        rig.container.zoomScale = 2
        #expect(rig.container.zoomScale == 2)
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), centre))
        #expect(rig.container.contentOffset == Point(x: 200, y: 200))
        rig.container.setZoomScale(10, animated: false)
        #expect(rig.container.zoomScale == 4)
        rig.container.setZoomScale(0.1, animated: false)
        #expect(rig.container.zoomScale == 0.5)
        #expect(rig.container.contentOffset == .zero)
        #expect(rig.log.calls == ["didZoom"])
    }

    @Test func anAnimatedZoomTakesPointThreeSecondsAndEndsWithDidEndZooming() {
        let rig = ZoomRig()
        rig.container.setZoomScale(3, animated: true)
        #expect(rig.container.zoomScale == 1)
        #expect(rig.log.calls == ["willBeginZooming"])
        rig.window.advance(by: .milliseconds(150))
        let mid = rig.container.zoomScale
        // Cubic ease-out: at half the time, 1 - 0.5^3 = 87.5% of the way.
        #expect(close(mid, 1 + 2 * 0.875, 0.05))
        rig.window.advance(by: .milliseconds(160))
        #expect(rig.container.zoomScale == 3)
        #expect(rig.container.contentOffset == Point(x: 400, y: 400))
        #expect(rig.log.calls == ["willBeginZooming", "didZoom", "didEndZooming"])
        #expect(rig.log.endScales == [3])
    }

    @Test func zoomToARectShowsItWholeAndCentred() {
        let rig = ZoomRig()
        // A 100 x 50 rect at (100, 100): the fit is min(400 / 100, 400 / 50) = 4.
        rig.container.zoom(to: Rect(x: 100, y: 100, width: 100, height: 50), animated: false)
        #expect(rig.container.zoomScale == 4)
        // Its centre (150, 125) at the visible centre.
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), Point(x: 150, y: 125)))
        // A rect bigger than the view zooms out to show it, within the minimum.
        rig.container.zoom(to: Rect(x: 0, y: 0, width: 400, height: 800), animated: true)
        rig.window.advance(by: .milliseconds(400))
        #expect(rig.container.zoomScale == 0.5)
        #expect(rig.container.contentOffset == .zero)
    }

    @Test func withoutAViewForZoomingNothingZooms() {
        let window = HeadlessWindow(size: Size(width: 200, height: 200))
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        container.addSubview(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
        container.maximumZoomScale = 4
        window.rootView.addSubview(container)
        container.zoomScale = 2
        #expect(container.zoomScale == 1)
        window.touchDown(id: 1, at: Point(x: 50, y: 100))
        window.touchDown(id: 2, at: Point(x: 150, y: 100))
        window.advance(by: .milliseconds(16))
        window.touchMove([(id: 1, point: Point(x: 0, y: 100)), (id: 2, point: Point(x: 200, y: 100))])
        #expect(container.zoomScale == 1)
        #expect(!container.isZooming)
    }

    @Test func badLimitsAreIgnored() {
        let rig = ZoomRig()
        rig.container.minimumZoomScale = -1
        rig.container.maximumZoomScale = .nan
        #expect(rig.container.minimumZoomScale == 0.5)
        #expect(rig.container.maximumZoomScale == 4)
        rig.container.setZoomScale(.infinity, animated: false)
        #expect(rig.container.zoomScale == 1)
    }
}

@MainActor
@Suite struct ZoomGeometryTests {
    @Test func hitTestingConvertAndTouchLocationFollowTheScale() {
        let rig = ZoomRig()
        let child = TouchSpot(frame: Rect(x: 100, y: 100, width: 20, height: 20))
        rig.zoomed.addSubview(child)
        rig.container.zoomScale = 2  // offset (200, 200)
        // The child covers 200...240 of the content, 0...40 of the window.
        #expect(rig.window.rootView.hitTest(Point(x: 10, y: 10)) === child)
        #expect(rig.window.rootView.hitTest(Point(x: 45, y: 10)) !== child)
        #expect(child.convert(Point(x: 5, y: 5), to: nil) == Point(x: 10, y: 10))
        #expect(
            child.convert(Rect(x: 0, y: 0, width: 20, height: 20), to: nil) == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(child.convert(Point(x: 30, y: 30), from: nil) == Point(x: 15, y: 15))
        rig.container.delaysContentTouches = false
        rig.window.touchDown(id: 1, at: Point(x: 30, y: 30))
        #expect(child.began == [Point(x: 15, y: 15)])
    }

    /// A view that fills one rect of its own coordinates.
    private final class Square: View {
        override func draw(in canvas: Canvas) {
            canvas.fill(Rect(x: 10, y: 10, width: 10, height: 10), color: Color(red: 1, green: 0, blue: 0))
        }
    }

    @Test func theZoomedViewIsDrawnAtTheScale() {
        let window = HeadlessWindow(size: Size(width: 100, height: 100))
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        container.backgroundColor = Color(red: 1, green: 1, blue: 1)
        let square = Square(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(square)
        container.contentSize = Size(width: 100, height: 100)
        let log = ZoomLog(square)
        container.delegate = log
        container.maximumZoomScale = 3
        window.rootView.addSubview(container)
        container.setZoomScale(2, animated: false)
        container.contentOffset = .zero
        let image = window.render()
        let red: UInt32 = 0xFFFF_0000
        let white: UInt32 = 0xFFFF_FFFF
        #expect(image.pixel(x: 20, y: 20) == red)
        #expect(image.pixel(x: 39, y: 39) == red)
        #expect(image.pixel(x: 40, y: 40) == white)
        #expect(image.pixel(x: 19, y: 19) == white)
    }

    @Test func textAtAScaleIsRasterizedAtTheScaledSizeNotStretched() {
        // A label at 12 pt zoomed 2x draws the same pixels as the same label at 24 pt, twice as large, unzoomed.
        func render(fontSize: Double, zoom: Double) -> Image {
            let window = HeadlessWindow(size: Size(width: 200, height: 80))
            let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 80))
            container.backgroundColor = Color(red: 1, green: 1, blue: 1)
            let holder = View(frame: Rect(x: 0, y: 0, width: 200 / zoom, height: 80 / zoom))
            let label = Label(frame: Rect(x: 4 / zoom, y: 4 / zoom, width: 190 / zoom, height: 60 / zoom))
            label.text = "Zoom AV 123"
            label.fontSize = fontSize
            holder.addSubview(label)
            container.addSubview(holder)
            container.contentSize = holder.frame.size
            let log = ZoomLog(holder)
            container.delegate = log
            container.maximumZoomScale = 4
            window.rootView.addSubview(container)
            container.setZoomScale(zoom, animated: false)
            container.contentOffset = .zero
            return window.render()
        }
        let zoomed = render(fontSize: 12, zoom: 2)
        let native = render(fontSize: 24, zoom: 1)
        var inked = 0
        for y in 0..<80 { for x in 0..<200 where native.pixel(x: x, y: y) != 0xFFFF_FFFF { inked += 1 } }
        #expect(inked > 200)
        #expect(zoomed.pixels == native.pixels)
    }
}

@MainActor
@Suite struct ZoomPointerAndKeyTests {
    @Test func ctrlWheelZoomsByOnePointOnePerDetentAroundThePointer() {
        let rig = ZoomRig()
        rig.window.pointerMove(to: Point(x: 100, y: 300))
        let anchor = rig.contentPoint(under: Point(x: 100, y: 300))
        rig.window.setKeyboardModifiers([.control])
        rig.window.pointerAxis(dx: 0, dy: -120, source: .wheel)
        #expect(close(rig.container.zoomScale, 1.1))
        #expect(close(rig.contentPoint(under: Point(x: 100, y: 300)), anchor, 1e-9))
        rig.window.pointerAxis(dx: 0, dy: 240, source: .wheel)
        #expect(close(rig.container.zoomScale, 1.1 / 1.21))
        // Without Ctrl the wheel scrolls again.
        rig.window.setKeyboardModifiers([])
        rig.container.zoomScale = 2
        let offset = rig.container.contentOffset
        rig.window.pointerAxis(dx: 0, dy: 120, source: .wheel)
        rig.window.advance(by: .milliseconds(200))
        #expect(rig.container.zoomScale == 2)
        #expect(rig.container.contentOffset.y == offset.y + 48)
    }

    @Test func ctrlPlusMinusAndZeroZoomAroundTheCentre() {
        let rig = ZoomRig()
        rig.window.touchDown(id: 1, at: Point(x: 200, y: 200))  // focus
        rig.window.touchUp(id: 1)
        rig.window.advance(by: .seconds(1))
        rig.window.key(.other(0x2b), pressed: true, modifiers: [.control])
        #expect(close(rig.container.zoomScale, 1.25))
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), Point(x: 200, y: 200), 1e-9))
        rig.window.key(.other(0x3d), pressed: true, modifiers: [.control])
        #expect(close(rig.container.zoomScale, 1.5625))
        rig.window.key(.other(0x2d), pressed: true, modifiers: [.control])
        #expect(close(rig.container.zoomScale, 1.25))
        rig.window.key(.other(0x30), pressed: true, modifiers: [.control])
        #expect(rig.container.zoomScale == 1)
        #expect(rig.container.contentOffset == .zero)
    }

    @Test func aTouchpadPinchZoomsAroundThePointerByItsCumulativeScale() {
        let rig = ZoomRig()
        rig.window.pointerMove(to: Point(x: 300, y: 100))
        let anchor = rig.contentPoint(under: Point(x: 300, y: 100))
        rig.window.pointerPinchBegin(fingers: 2)
        #expect(rig.container.isZooming)
        rig.window.pointerPinchUpdate(dx: 0, dy: 0, scale: 1.2, rotation: 0)
        rig.window.pointerPinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0)
        #expect(close(rig.container.zoomScale, 1.5))
        #expect(close(rig.contentPoint(under: Point(x: 300, y: 100)), anchor, 1e-9))
        rig.window.pointerPinchEnd(cancelled: false)
        #expect(!rig.container.isZooming)
        #expect(rig.log.endScales == [1.5])
    }

    @Test func aTouchpadPinchPastTheMaximumReturnsAndACancelledOneGoesBack() {
        let rig = ZoomRig()
        rig.window.pointerMove(to: Point(x: 200, y: 200))
        rig.window.pointerPinchBegin(fingers: 2)
        rig.window.pointerPinchUpdate(dx: 0, dy: 0, scale: 8, rotation: 0)
        #expect(close(rig.container.zoomScale, 4 * 2.0.squareRoot()))
        rig.window.pointerPinchEnd(cancelled: false)
        rig.window.advance(by: .seconds(1))
        #expect(rig.container.zoomScale == 4)
        rig.window.pointerPinchBegin(fingers: 2)
        rig.window.pointerPinchUpdate(dx: 0, dy: 0, scale: 0.5, rotation: 0)
        #expect(close(rig.container.zoomScale, 2))
        rig.window.pointerPinchEnd(cancelled: true)
        rig.window.advance(by: .seconds(1))
        #expect(rig.container.zoomScale == 4)
        #expect(rig.log.endScales == [4, 4])
    }
}
