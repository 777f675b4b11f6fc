import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// <doc:ScrollBehaviour> §7 through the Wayland seat: the test compositor's `wl_pointer` / `wl_keyboard` events reach
/// a `ScrollContainer` in a `WaylandWindow` by the same `WindowCore` path as `HeadlessWindow`'s.
@MainActor
@Suite struct PointerScrollWaylandTests {

    /// A mapped 200 x 100 window filled by a container over a 200 x 4000 content.
    private func mapped(_ compositor: TestCompositor) throws -> (WaylandWindow, ScrollContainer) {
        let window = try WaylandWindow(
            title: "scroll", size: Size(width: 200, height: 100),
            appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        container.contentSize = Size(width: 200, height: 4000)
        window.rootView.addSubview(container)
        try window.pump { window.presentedFrameCount >= 1 }
        return (window, container)
    }

    @Test func aWheelDetentSplitOverSeveralValue120EventsScrollsExactly48Points() throws {
        let compositor = try TestCompositor()
        let (window, container) = try mapped(compositor)
        compositor.pointerEnter(at: Point(x: 100, y: 50))
        compositor.pointerFrame()
        for value in [40.0, 40, 40] {
            compositor.pointerAxis(dx: 0, dy: value, source: .wheel)
            compositor.pointerFrame()
        }
        try window.pump { container.contentOffset.y == 48 && !container.arbitration.isAnimating }
        #expect(container.contentOffset == Point(x: 0, y: 48))
        // Nothing more comes: no kinetic tail from a wheel.
        try window.idle(for: .milliseconds(150))
        #expect(container.contentOffset == Point(x: 0, y: 48))
    }

    @Test func fingerSourceThenAxisStopStartsKineticScrolling() throws {
        let compositor = try TestCompositor()
        let (window, container) = try mapped(compositor)
        compositor.pointerEnter(at: Point(x: 100, y: 50))
        compositor.pointerFrame()
        for _ in 0..<6 {
            // Sent about 10 ms apart in real time: the compositor clock, which follows the monotonic clock,
            // stamps them so, and the window maps those times 1:1 onto its own clock.
            compositor.pointerAxis(dx: 0, dy: 15, source: .finger)
            compositor.pointerFrame()
            try window.idle(for: .milliseconds(10))
        }
        try window.pump { container.contentOffset.y == 90 }
        #expect(container.contentOffset.y == 90)  // 1:1 while the fingers move
        #expect(!container.isDragging)
        compositor.pointerAxisStop()
        compositor.pointerFrame()
        try window.pump { container.isDecelerating }
        #expect(container.isDecelerating)
        // The offset keeps changing after the stop (1500 pt/s decays over about a second).
        try window.pump { container.contentOffset.y > 150 }
        #expect(container.contentOffset.y > 150)
    }

    /// SCROLL.md §13 through a real `wl_pointer`: the primary button on the vertical bar's thumb, a drag, a release.
    /// Track 96 pt (2...98), thumb 24 pt (its minimum), travel 72 pt, range 3900 pt: 36 pt of pointer motion is
    /// 1950 pt of offset; past the end it clamps; the release flings nothing.
    @Test func aPointerDragOfTheThumbScrollsByTheExactMapping() throws {
        let compositor = try TestCompositor()
        let (window, container) = try mapped(compositor)
        var fired = 0
        let button = Button(frame: Rect(x: 150, y: 0, width: 50, height: 100), title: "Under") { _ in fired += 1 }
        container.addSubview(button)
        compositor.pointerEnter(at: Point(x: 194, y: 10))
        compositor.pointerFrame()
        try window.pump { container.scrollbarThumbFrame(for: .vertical) != nil }
        #expect(container.scrollbarThumbFrame(for: .vertical)?.height == 24)
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump { container.isDragging }
        #expect(container.isDragging)
        compositor.pointerMotion(to: Point(x: 194, y: 46))
        compositor.pointerFrame()
        try window.pump { container.contentOffset.y != 0 }
        #expect(container.contentOffset == Point(x: 0, y: 1950))
        compositor.pointerMotion(to: Point(x: 194, y: 99))
        compositor.pointerFrame()
        try window.pump { container.contentOffset.y == 3900 }
        #expect(container.contentOffset == Point(x: 0, y: 3900))
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try window.pump { !container.isDragging }
        #expect(!container.isDragging && !container.isDecelerating)
        #expect(container.contentOffset == Point(x: 0, y: 3900))
        #expect(fired == 0 && !button.isHighlighted)  // the button under the bar never got the press
    }

    @Test func aKeyPressScrolls() throws {
        let compositor = try TestCompositor()
        let (window, container) = try mapped(compositor)
        compositor.key(.down, pressed: true)
        compositor.key(.down, pressed: false)
        try window.pump { container.contentOffset.y == 40 && !container.arbitration.isAnimating }
        #expect(container.contentOffset == Point(x: 0, y: 40))
        // A second key after the first step's animation ended (and its last frame was drawn) animates too.
        compositor.key(.end, pressed: true)
        compositor.key(.end, pressed: false)
        try window.pump { container.contentOffset.y == 3900 && !container.arbitration.isAnimating }
        #expect(container.contentOffset == Point(x: 0, y: 3900))
    }

    @Test func aPointerClickReachesAButtonAndDoesNotScroll() throws {
        let compositor = try TestCompositor()
        let (window, container) = try mapped(compositor)
        var fired = 0
        let button = Button(frame: Rect(x: 50, y: 20, width: 100, height: 40), title: "Go") { _ in fired += 1 }
        container.addSubview(button)
        compositor.pointerEnter(at: Point(x: 100, y: 40))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        try window.pump { button.isHighlighted }
        #expect(button.isHighlighted)
        compositor.pointerMotion(to: Point(x: 100, y: 10))
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try window.pump { fired == 1 }
        #expect(fired == 1)
        #expect(container.contentOffset == .zero)
    }
}
