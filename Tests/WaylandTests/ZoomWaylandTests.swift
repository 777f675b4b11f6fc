import Foundation
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

// Zoom's pointer and key paths (<doc:ScrollBehaviour> §11) end to end through the in-process test compositor: the
// touchpad pinch of zwp_pointer_gestures_v1, Ctrl held as wl_keyboard.modifiers says with the wheel, and Ctrl + plus.
// The rules themselves are tested headless (ZoomTests); these check that the Wayland window feeds them right.

/// Delegate: zooms `zoomed`, records the scales zooms end at.
@MainActor
private final class ZoomTarget: ScrollContainerDelegate {
    let zoomed: View
    var endScales: [Double] = []
    init(_ zoomed: View) { self.zoomed = zoomed }
    func viewForZooming(in container: ScrollContainer) -> View? { zoomed }
    func scrollContainerDidEndZooming(_ container: ScrollContainer, with view: View?, atScale scale: Double) {
        endScales.append(scale)
    }
}

/// A 400 x 400 WaylandWindow on a test compositor, filled by a container whose 400 x 400 zoomed view may be
/// shown at 0.5 to 4.
@MainActor
private final class ZoomWindowRig {
    let compositor: TestCompositor
    let window: WaylandWindow
    let container: ScrollContainer
    let zoomed: View
    let target: ZoomTarget
    var events: [InputEvent] = []

    init() throws {
        compositor = try TestCompositor()
        window = try WaylandWindow(
            title: "zoom", size: Size(width: 400, height: 400), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        zoomed = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        zoomed.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.9)
        container.addSubview(zoomed)
        container.contentSize = zoomed.frame.size
        target = ZoomTarget(zoomed)
        container.delegate = target
        container.minimumZoomScale = 0.5
        container.maximumZoomScale = 4
        window.rootView.addSubview(container)
        // Weak: the window outlives the rig while it tears down, and its teardown still reports (focus lost).
        window.onInputEvent = { [weak self] in self?.events.append($0) }
        try window.pump { self.window.presentedFrameCount >= 1 }
    }

    /// The pointer on the window at `point`, and the client has seen it.
    func pointer(at point: Point) throws {
        compositor.pointerEnter(at: point)
        compositor.pointerFrame()
        try window.pump { window.core.pointerLocation == point }
    }

    /// The zoomed view's own point under window point `p`.
    func contentPoint(under p: Point) -> Point { zoomed.convert(p, from: nil) }

    /// Whether the client heard a `.pointerPinchEnd` with `cancelled`.
    func heardPinchEnd(cancelled: Bool) -> Bool {
        events.contains { if case .pointerPinchEnd(cancelled, _) = $0 { true } else { false } }
    }
}

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// XKB keysym of the left Control key: the test compositor presses KEY_LEFTCTRL for it and sends the modifiers.
private let controlL = Key.other(0xffe3)

@MainActor
@Suite struct ZoomWaylandTests {
    @Test func theWindowGetsOnePinchObjectAndHearsPinchEventsWithTheirValues() throws {
        let rig = try ZoomWindowRig()
        #expect(rig.compositor.pinchGestureCount == 1)
        try rig.pointer(at: Point(x: 100, y: 100))
        rig.events.removeAll()
        rig.compositor.pointerPinchBegin(fingers: 3)
        rig.compositor.pointerPinchUpdate(dx: 1.5, dy: -2, scale: 1.25, rotation: 10)
        rig.compositor.pointerPinchEnd(cancelled: false)
        try rig.window.pump { rig.events.count >= 3 }
        let pinchEvents = rig.events.compactMap { event -> String? in
            switch event {
            case .pointerPinchBegin(let fingers, _): "begin \(fingers)"
            case .pointerPinchUpdate(let dx, let dy, let scale, let rotation, _):
                "update \(dx) \(dy) \(scale) \(rotation)"
            case .pointerPinchEnd(let cancelled, _): "end \(cancelled)"
            default: nil
            }
        }
        #expect(pinchEvents == ["begin 3", "update 1.5 -2.0 1.25 10.0", "end false"])
        // Stamped on the window clock, in order, never after the moment they were read.
        let times = rig.events.compactMap(\.timestamp)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 <= rig.window.clock.now })
        #expect(rig.compositor.isClean)
    }

    @Test func aTouchpadPinchToScaleTwoZoomsToTwoAroundThePointer() throws {
        let rig = try ZoomWindowRig()
        let pointer = Point(x: 300, y: 100)
        try rig.pointer(at: pointer)
        let anchor = rig.contentPoint(under: pointer)
        rig.compositor.pointerPinchBegin(fingers: 2)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0)
        try rig.window.pump { rig.container.zoomScale == 2 }
        #expect(rig.container.isZooming)
        #expect(rig.container.zoomScale == 2)
        #expect(close(rig.contentPoint(under: pointer), anchor, 1e-9))
        rig.compositor.pointerPinchEnd(cancelled: false)
        try rig.window.pump { !rig.container.isZooming }
        #expect(!rig.container.isZooming)
        #expect(rig.target.endScales == [2])
        #expect(rig.container.contentSize == Size(width: 800, height: 800))
        #expect(rig.compositor.isClean)
    }

    @Test func aPinchBeforeAnyPointerEventBeginsWhereThePointerEnters() throws {
        let rig = try ZoomWindowRig()
        // The compositor enters at its last position, (0, 0), and ends that pointer frame before the begin.
        rig.compositor.pointerPinchBegin(fingers: 2)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0)
        try rig.window.pump { rig.container.zoomScale == 2 }
        #expect(rig.window.core.pointerLocation == Point(x: 0, y: 0))
        #expect(rig.container.zoomScale == 2)
        #expect(rig.container.contentOffset == .zero)
        #expect(rig.events.first { if case .pointerPinchBegin = $0 { true } else { false } } != nil)
        let enter = rig.events.firstIndex { if case .pointerEnter = $0 { true } else { false } }
        let begin = rig.events.firstIndex { if case .pointerPinchBegin = $0 { true } else { false } }
        #expect(enter != nil && begin != nil && enter! < begin!)
    }

    @Test func aPinchBeginEndsThePointerFrameItInterrupts() throws {
        let rig = try ZoomWindowRig()
        // An enter with no wl_pointer.frame after it: the begin ends that frame, so the pinch is at the enter.
        rig.compositor.sendUnpairedPointerEnter(at: Point(x: 300, y: 100))
        rig.compositor.pointerPinchBegin(fingers: 2)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0)
        try rig.window.pump { rig.container.zoomScale == 2 }
        #expect(rig.container.zoomScale == 2)
        #expect(close(rig.contentPoint(under: Point(x: 300, y: 100)), Point(x: 300, y: 100), 1e-9))
    }

    @Test func aCancelledTouchpadPinchReturnsToTheScaleItBeganAt() throws {
        let rig = try ZoomWindowRig()
        try rig.pointer(at: Point(x: 200, y: 200))
        rig.compositor.pointerPinchBegin(fingers: 2)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0)
        try rig.window.pump { rig.container.zoomScale == 2 }
        #expect(rig.container.zoomScale == 2)
        rig.compositor.pointerPinchEnd(cancelled: true)
        // The return is animated (at most 0.5 s on the window clock, which is real time here).
        try rig.window.pump { rig.container.zoomScale == 1 && !rig.container.isZoomBouncing }
        #expect(rig.container.zoomScale == 1)
        #expect(!rig.container.isZooming)
        #expect(rig.target.endScales == [1])
        #expect(rig.heardPinchEnd(cancelled: true))
    }

    @Test func ctrlHeldAsTheModifiersSayAndAWheelDetentUpZoomsByOnePointOne() throws {
        let rig = try ZoomWindowRig()
        let pointer = Point(x: 100, y: 300)
        try rig.pointer(at: pointer)
        let anchor = rig.contentPoint(under: pointer)
        rig.compositor.key(controlL, pressed: true)
        try rig.window.pump { rig.window.core.keyboardModifiers == [.control] }
        #expect(rig.events.contains(.keyboardModifiers([.control])))
        rig.compositor.pointerAxis(dx: 0, dy: -120, source: .wheel)
        rig.compositor.pointerFrame()
        try rig.window.pump { rig.container.zoomScale != 1 }
        #expect(close(rig.container.zoomScale, 1.1))
        #expect(close(rig.contentPoint(under: pointer), anchor, 1e-9))
        // Ctrl released: the modifiers say so, and the wheel scrolls again.
        rig.compositor.key(controlL, pressed: false)
        try rig.window.pump { rig.window.core.keyboardModifiers.isEmpty }
        #expect(rig.window.core.keyboardModifiers.isEmpty)
        let scale = rig.container.zoomScale
        let offset = rig.container.contentOffset
        rig.compositor.pointerAxis(dx: 0, dy: 120, source: .wheel)
        rig.compositor.pointerFrame()
        try rig.window.pump { rig.container.contentOffset.y != offset.y }
        #expect(rig.container.zoomScale == scale)
        #expect(rig.container.contentOffset.y > offset.y)
    }

    @Test func ctrlPlusZoomsByOnePointTwoFiveAroundTheCentre() throws {
        let rig = try ZoomWindowRig()
        // No view has the focus: the outermost container gets the keys (<doc:ScrollBehaviour> §7).
        rig.compositor.key(controlL, pressed: true)
        // "plus" is on the us layout's equal key (second level): the client reads Ctrl + equal, which zooms too.
        rig.compositor.key(.other(0x2b), pressed: true)
        rig.compositor.key(.other(0x2b), pressed: false)
        try rig.window.pump { rig.container.zoomScale != 1 }
        #expect(close(rig.container.zoomScale, 1.25))
        #expect(close(rig.contentPoint(under: Point(x: 200, y: 200)), Point(x: 200, y: 200), 1e-9))
        #expect(
            rig.events.contains { event in
                if case .key(_, true, let modifiers, _, _) = event { modifiers == [.control] } else { false }
            })
    }

    @Test func losingTheKeyboardFocusReportsNoModifiersHeld() throws {
        let rig = try ZoomWindowRig()
        // The pointer on the window makes the client set a cursor surface, where the focus can go.
        try rig.pointer(at: Point(x: 50, y: 50))
        try rig.window.pump { rig.compositor.lastCursorRequest != nil }
        rig.compositor.key(controlL, pressed: true)
        try rig.window.pump { rig.window.core.keyboardModifiers == [.control] }
        #expect(rig.window.core.keyboardModifiers == [.control])
        #expect(rig.compositor.sendKeyboardEnterOnCursorSurface())
        try rig.window.pump { rig.window.core.keyboardModifiers.isEmpty }
        #expect(rig.window.core.keyboardModifiers.isEmpty)
        #expect(rig.events.suffix(2) == [.keyboardModifiers([]), .keyboardFocus(false)])
    }

    @Test func aPinchEndsCancelledWhenThePointerGoesAndThePinchObjectWithIt() throws {
        let rig = try ZoomWindowRig()
        try rig.pointer(at: Point(x: 200, y: 200))
        rig.compositor.pointerPinchBegin(fingers: 2)
        rig.compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0)
        try rig.window.pump { rig.container.zoomScale == 1.5 }
        #expect(rig.container.isZooming)
        // The touchpad is unplugged mid-pinch: no end will ever come from the compositor.
        rig.compositor.setCapabilities([.touch, .keyboard])
        try rig.window.pump { !rig.window.hasPointer }
        #expect(rig.heardPinchEnd(cancelled: true))
        #expect(!rig.container.isZooming)
        // The client destroyed its pinch object with the pointer; plugged back in, it makes a new one.
        let ping = rig.compositor.sendPing()
        try rig.window.pump { rig.compositor.hasPong(serial: ping) }
        #expect(rig.compositor.pinchGestureCount == 0)
        rig.compositor.setCapabilities([.pointer, .touch, .keyboard])
        try rig.window.pump { rig.window.hasPointer }
        let again = rig.compositor.sendPing()
        try rig.window.pump { rig.compositor.hasPong(serial: again) }
        #expect(rig.compositor.pinchGestureCount == 1)
        #expect(rig.compositor.isClean)
    }

    @Test func aPinchEndsCancelledWhenThePointerLeavesAndALateEndIsDropped() throws {
        let rig = try ZoomWindowRig()
        try rig.pointer(at: Point(x: 200, y: 200))
        rig.compositor.pointerPinchBegin(fingers: 2)
        try rig.window.pump { rig.container.isZooming }
        rig.compositor.sendUnpairedPointerLeave()
        rig.compositor.pointerFrame()
        try rig.window.pump { rig.window.core.pointerLocation == nil }
        #expect(rig.heardPinchEnd(cancelled: true))
        #expect(!rig.container.isZooming)
        rig.events.removeAll()
        // The compositor's own end, after the leave, is not for a pinch the window is in.
        rig.compositor.pointerPinchEnd(cancelled: false)
        let ping = rig.compositor.sendPing()
        try rig.window.pump { rig.compositor.hasPong(serial: ping) }
        #expect(!rig.heardPinchEnd(cancelled: false))
    }
}

@MainActor
@Suite struct PointerGesturesGlobalTests {
    @Test func theTestCompositorOffersPointerGesturesAtV3() throws {
        let compositor = try TestCompositor()
        let client = try RawWaylandClient(fd: compositor.connectClientFD())
        try client.bindGlobals()
        #expect(client.globals["zwp_pointer_gestures_v1"]?.version == 3)
    }

    @Test func theWindowBindsPointerGesturesUpToV3() {
        #expect(WaylandRegistry.implementedVersions["zwp_pointer_gestures_v1"] == 3)
        #expect(WaylandRegistry.bindVersion(advertised: 1, implemented: 3) == 1)
    }
}
