import Glibc
import ToolkitCore

/// One fuzz run: a window with a scroll container (settings, content, nesting and zoom chosen by the first bytes),
/// then events decoded from the rest, each followed by the checks that hold at any time; at the end every finger,
/// button and gesture is lifted, time runs until nothing moves, and the checks that hold at rest are made.
///
/// Checks at any time: offsets and zoom scales finite; touch lifecycles per view (`TouchRules`). At rest: no touch
/// left active in any view; no container tracking, dragging, decelerating, zooming or bouncing; offsets inside
/// the scroll range and zoom scales inside their limits (<doc:ScrollBehaviour> §1, §2, §10 and §11).
@MainActor
final class FuzzRun: ScrollContainerDelegate {
    var reader: ByteReader
    let core: WindowCore
    var containers: [ScrollContainer] = []
    var recorders: [(view: View, rules: TouchRules)] = []
    var zoomView: View?
    var now: Duration = .seconds(1)
    var size = Size(width: 320, height: 240)
    /// Touch ids this run put down and has not lifted (a cancel lifts them all).
    var down: Set<Int> = []
    var buttons: Set<Int> = []
    var pinching = false
    /// Containers whose offset something other than the harness moved since the last resize: <doc:ScrollBehaviour> §1 puts
    /// their offset inside the range at rest. (Set directly, or left behind by a resize, an offset may stay
    /// outside it: "it stays where it was set until the next gesture or animation moves it".)
    var moved: Set<ObjectIdentifier> = []
    var observations: [Observation] = []
    let canvas: Canvas
    private let pixels: UnsafeMutableRawPointer

    /// FUZZ_TRACE=1 prints every event, frame and scene change (for `scripts/fuzz --replay`).
    nonisolated static let traces = getenv("FUZZ_TRACE") != nil

    init(_ reader: ByteReader) {
        self.reader = reader
        core = WindowCore(size: size)
        pixels = .allocate(byteCount: 64 * 64 * 4, alignment: 16)
        canvas = Canvas(pixels: pixels, width: 64, height: 64, stride: 64 * 4)
        build()
        if FuzzRun.traces {
            trace("scene: " + containers.map { c in
                "container \(c.frame) content \(c.contentSize) inset \(c.contentInset) delays \(c.delaysContentTouches) "
                + "cancels \(c.canCancelContentTouches) lock \(c.isDirectionalLockEnabled) paging \(c.isPagingEnabled) "
                + "bounces \(c.bounces) enabled \(c.isScrollEnabled) zoom \(c.minimumZoomScale)...\(c.maximumZoomScale)"
            }.joined(separator: "; "))
        }
        for container in containers {
            container.contentOffset = range(of: container).lower
            observations.append(container.observe(\.contentOffset) { [unowned self] container, _ in
                self.moved.insert(ObjectIdentifier(container))
            })
        }
    }

    isolated deinit {
        pixels.deallocate()
    }

    // MARK: The scene

    private func build() {
        let flags = reader.byte(), more = reader.byte()
        let outer = ScrollContainer(frame: Rect(origin: .zero, size: size))
        outer.fillsSuperview = true
        configure(outer, flags: flags)
        let contentWidth = 40 * Double(reader.byte() % 40), contentHeight = 40 * Double(reader.byte())
        outer.contentSize = Size(width: contentWidth, height: contentHeight)
        outer.contentInset = EdgeInsets(top: Double(reader.byte() % 48), left: Double(reader.byte() % 48),
                                        bottom: Double(reader.byte() % 48), right: Double(reader.byte() % 48))
        if more & 1 != 0 { outer.decelerationRate = .fast }
        if more & 2 != 0 { outer.minimumNumberOfTouches = 2 }
        if more & 4 != 0 { outer.pageSize = Size(width: 100, height: 90) }
        core.rootView.addSubview(outer)
        containers.append(outer)

        // The content: rows of recorders, every other one a Control, in a view the delegate may zoom.
        let content = View(frame: Rect(x: 0, y: 0, width: max(contentWidth, 1), height: max(contentHeight, 1)))
        outer.addSubview(content)
        let rows = min(40, Int(contentHeight / 60) + 1)
        for row in 0..<rows {
            let frame = Rect(x: 10, y: Double(row) * 60, width: max(contentWidth - 20, 40), height: 50)
            addRecorder(frame: frame, control: row % 2 == 1, to: content)
        }

        if more & 8 != 0 {
            zoomView = content
            outer.minimumZoomScale = 0.5
            outer.maximumZoomScale = 4
            outer.bouncesZoom = more & 16 == 0
            outer.delegate = self
        }
        // A container inside the content: scrolling across the outer one, or along the same axis.
        if more & 32 != 0 {
            let inner = ScrollContainer(frame: Rect(x: 0, y: 30, width: 300, height: 120))
            configure(inner, flags: reader.byte())
            inner.contentSize = more & 64 != 0 ? Size(width: 900, height: 120) : Size(width: 300, height: 600)
            for column in 0..<6 {
                addRecorder(frame: Rect(x: Double(column) * 150, y: 10, width: 140, height: 100),
                            control: column % 2 == 0, to: inner)
            }
            // The inner container's direct subviews are snap targets when it snaps: start, centre, end in turn.
            for (index, column) in inner.subviews.enumerated() {
                column.snapAlignment = [SnapAlignment.start, .center, .end][index % 3]
            }
            content.addSubview(inner)
            containers.append(inner)
        }
    }

    private func configure(_ container: ScrollContainer, flags: UInt8) {
        container.delaysContentTouches = flags & 1 != 0
        container.canCancelContentTouches = flags & 2 != 0
        container.isDirectionalLockEnabled = flags & 4 != 0
        container.isPagingEnabled = flags & 8 != 0
        container.bounces = flags & 16 == 0
        container.pointerDragScrolls = flags & 32 != 0
        container.alwaysBounceVertical = flags & 64 != 0
        container.isScrollEnabled = flags & 128 == 0 || flags & 1 == 0
        // SCROLL.md 13-15: bars, direction, chaining, snapping and anchoring, from a second byte.
        let extra = reader.byte()
        container.scrollbarVisibility = [ScrollbarVisibility.automatic, .always, .never, .automatic][Int(extra & 3)]
        container.layoutDirection = extra & 4 != 0 ? .rightToLeft : .leftToRight
        container.scrollChaining = extra & 8 != 0 ? .contained : .automatic
        container.snapping = [Snapping.none, .proximity, .mandatory, .none][Int(extra >> 4 & 3)]
        container.maintainsVisibleContentPosition = extra & 64 != 0
    }

    private func addRecorder(frame: Rect, control: Bool, to parent: View) {
        if control {
            let view = ControlRecorder(frame: frame)
            parent.addSubview(view)
            recorders.append((view, view.rules))
        } else {
            let view = ViewRecorder(frame: frame)
            parent.addSubview(view)
            recorders.append((view, view.rules))
        }
    }

    func viewForZooming(in container: ScrollContainer) -> View? {
        container === containers.first ? zoomView : nil
    }
}
