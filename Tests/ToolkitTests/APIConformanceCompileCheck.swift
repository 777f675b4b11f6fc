// Compile-time check: a copy of shared/spec/conformance/APIConformance.swift. It only has to build; if the
// public API drifts from API.md, this test target stops compiling.
// Compiles only when the public API of shared/spec/API.md is present with the exact names and types.
// Nothing here runs; see check-api.sh.
import ToolkitCore

@MainActor
final class ConformanceView: View {
    override func touchesBegan(_ touches: [Touch]) {
        _ = touches.first?.id
        _ = touches.first?.location
        _ = touches.first?.timestamp
    }
    override func touchesMoved(_ touches: [Touch]) { _ = touches.first?.location(in: self) }
    override func touchesEnded(_ touches: [Touch]) {}
    override func touchesCancelled(_ touches: [Touch]) {}
    override func draw(in canvas: Canvas) {}
}

@MainActor
final class ConformanceContainer: ScrollContainer {
    override func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool { true }
    override func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }
}

@MainActor
final class ConformanceDelegate: ScrollContainerDelegate {
    func scrollContainerWillEndDragging(_ container: ScrollContainer, velocity: Point, targetContentOffset: inout Point)
    {
        targetContentOffset = Point(x: velocity.x, y: velocity.y)
    }
}

@MainActor
func apiConformance() {
    let p = Point(x: 1, y: 2)
    let s = Size(width: 3, height: 4)
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    let r2 = Rect(origin: p, size: s)
    let i = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    _ = (Point.zero, Size.zero, Rect.zero, EdgeInsets.zero, r2)
    let w = HeadlessWindow(size: s)
    let v: View = ConformanceView(frame: r)
    v.frame = r
    _ = v.bounds
    _ = v.superview
    _ = v.subviews
    v.isUserInteractionEnabled = true
    _ = v.hitTest(p)
    _ = v.convert(p, to: nil)
    v.setNeedsDisplay()
    let c: ScrollContainer = ConformanceContainer(frame: r)
    c.addSubview(v)
    w.rootView.addSubview(c)
    v.removeFromSuperview()
    c.contentSize = s
    c.contentOffset = p
    c.setContentOffset(p, animated: true)
    c.scrollRectToVisible(r, animated: false)
    c.contentInset = i
    c.isScrollEnabled = true
    c.delaysContentTouches = true
    c.contentTouchDelay = .milliseconds(150)
    c.canCancelContentTouches = true
    c.touchSlop = 10
    c.isDirectionalLockEnabled = true
    c.isPagingEnabled = true
    c.pagingAxes = [.horizontal, .vertical]
    c.pageSize = nil
    c.pageSize = s
    let page: PageIndex = c.currentPage
    _ = (page.column, page.row)
    c.bounces = true
    c.alwaysBounceHorizontal = false
    c.alwaysBounceVertical = false
    c.decelerationRate = .normal
    c.decelerationRate = .fast
    c.decelerationRate = DecelerationRate(rawValue: 0.995)
    _ = c.decelerationRate.rawValue
    c.minimumNumberOfTouches = 1
    c.maximumNumberOfTouches = Int.max
    c.pointerDragScrolls = false
    c.smoothWheelScrolling = true
    c.showsHorizontalScrollIndicator = true
    c.showsVerticalScrollIndicator = true
    let _: Bool = c.isTracking
    let _: Bool = c.isDragging
    let _: Bool = c.isDecelerating
    let d = ConformanceDelegate()
    c.delegate = d
    let o: Observation = c.observe(\.contentOffset, options: [.initial]) { container, change in
        let old: Point? = change.oldValue
        let new: Point = change.newValue
        _ = (container, old, new)
        let dir: ScrollDirection = change.direction
        switch dir.horizontal {
        case .none, .left, .right: break
        }
        switch dir.vertical {
        case .none, .up, .down: break
        }
    }
    o.invalidate()
    c.observe(\.contentOffset.y) { _, _ in }
    c.observe(\.isDragging) { _, _ in }
    c.observe(\.currentPage) { _, _ in }
    _ = ScrollDirection(old: p, new: p)
    let _: Axis = .horizontal
    _ = w.now
    w.advance(by: .milliseconds(16))
    w.touchDown(id: 0, at: p)
    w.touchMove(id: 0, to: p)
    w.touchUp(id: 0)
    w.touchCancel()
    w.pointerMove(to: p)
    w.pointerButton(.left, pressed: true)
    w.pointerButton(.right, pressed: false)
    w.pointerButton(.middle, pressed: false)
    w.pointerAxis(dx: 0, dy: 120, source: .wheel)
    w.pointerAxis(dx: 0, dy: 1, source: .finger)
    w.pointerAxis(dx: 0, dy: 1, source: .continuous)
    w.pointerAxisStop()
    for k: Key in [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end] { w.key(k, pressed: true) }
    let img: Image = w.render()
    let _: UInt32 = img.pixel(x: 0, y: 0)
    _ = (img.width, img.height)
    _ = Control(frame: r)
}
