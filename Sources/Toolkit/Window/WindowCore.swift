/// The backend-neutral heart of a window: root view, input routing, timers, animations, damage and drawing.
/// A backend feeds `handle(_:)`, calls `fireTimers(upTo:)` at `nextTimerDeadline`, and when `needsFrame` calls
/// `prepareFrame(at:)` then `draw(into:)` and presents the damage. The core never reads a clock.
@MainActor
public final class WindowCore: ScrollHost {
    /// The view filling the window. Its frame is always (0, 0, size).
    public let rootView: View

    /// The window size, in points.
    @exclusivity(unchecked) public private(set) var size: Size

    /// The latest time the backend reported (events, timers, frames), on the window clock.
    @exclusivity(unchecked) public private(set) var now: Duration = .zero

    /// Timers on the window clock (touch delays, indicator fades, key repeat).
    public let timers = TimerQueue()

    /// Called when the window goes from idle to needing a frame; not again until `prepareFrame(at:)` ran.
    public var onNeedsFrame: (() -> Void)?

    /// The region to draw again, in window points.
    @exclusivity(unchecked) public internal(set) var damage = DamageRegion()

    /// A view's content scroll to draw by copying pixels in the next frame, if any.
    @exclusivity(unchecked) var pendingMove: ScrollMove?
    /// The view of `pendingMove`: strong until drawn, so that no other view can take its address meanwhile.
    var pendingMoveView: View?
    /// A move resolved for a frame a presenter then declined: the next draw takes it instead of `pendingMove`.
    var deferredMove: DeferredMove?
    /// Something a presenter shows outside the window's pixels changed without damage: a frame is needed.
    var presentationChanged = false

    /// The order of work: inputs run in its scope, their effects are delivered when the outermost returns.
    let effects = EffectRunner()

    /// The touch routing: a constant, so that every event reaches it without a lazy or exclusivity check.
    let touchRouter = TouchRouter()

    var touchArena: any TouchArena { touchRouter }

    var scrollHost: (any ScrollHost)? { self }

    /// The view holding the keyboard focus, if any. Owning, not weak (weak would slow every retain of the view): the
    /// focus is dropped when the view leaves the window.
    public internal(set) var focusedView: View? {
        didSet { if focusedView !== oldValue { accessibility.focusDidChange(to: focusedView) } }
    }

    /// Whether the window (for a GTK host: its widget) has the keyboard focus. True until the backend says
    /// otherwise, so that a window with no keyboard (headless, or a seat without one) behaves as a focused one.
    var hasKeyboardFocus = true

    /// The view that held the focus when the window lost the keyboard focus, given it back when the focus returns.
    /// Owning like `focusedView`, and dropped with it when the view leaves the window.
    var focusBeforeLeaving: View?

    /// The window's accessible tree (<doc:Accessibility>), reporting changes only while its `onEvent` is set.
    public let accessibility = AccessibilityTree()

    /// When true, a primary-button drag scrolls every scroll container like a finger (for compositors without touch).
    /// Either way the primary button reaches views as touch `pointerTouchID`.
    public var pointerEmulatesTouch = false

    /// The touch id the primary pointer button uses (`Touch.pointerID`).
    public static let pointerTouchID = Touch.pointerID

    /// The pointer routing: hover, buttons as touches, axis events to scroll containers.
    let pointerRouter = PointerRouter()

    /// Where the pointer is, in window coordinates, or nil when it is outside the window.
    public var pointerLocation: Point? { pointerRouter.location }

    /// The modifier keys held now (Ctrl + wheel zooms).
    public private(set) var keyboardModifiers: KeyModifiers = []

    /// The deepest view under the pointer, if any (it and its ancestors are hovered).
    public var hoveredView: View? { pointerRouter.hoveredView }

    /// The cursor for the view under the pointer (`View.cursor`), `.arrow` when none answers; recomputed every frame
    /// since content may move under a still pointer.
    public private(set) var currentCursor: Cursor = .arrow

    /// Called with the new cursor whenever `currentCursor` changes.
    public var onCursorChange: ((Cursor) -> Void)?

    /// Storage of `resamplesTouches` and the presentation time of the frame being prepared (`+Resampling`).
    @exclusivity(unchecked) var resampling = ResamplingSettings()
    /// The desktop's motion and colour settings (`WindowCore+DesktopSettings.swift`).
    var desktopSettings = DesktopSettings()

    private var animators: [FrameAnimator] = []
    /// The animators added through a view (`View.addFrameAnimator`), with that view: dropped when it leaves.
    var viewAnimators: [ViewAnimator] = []
    @exclusivity(unchecked) var frameRequested = false

    /// A window of `size` points. Non-finite or negative sizes are treated as zero.
    public init(size: Size) {
        let clean = WindowCore.sanitized(size)
        self.size = clean
        rootView = View(frame: Rect(origin: .zero, size: clean))
        animators.reserveCapacity(8)
        effects.window = self
        touchRouter.window = self
        touchRouter.effects = effects
        pointerRouter.window = self
        accessibility.window = self
        rootView.hostWindow = self
        addDamage(Rect(origin: .zero, size: clean))
    }

    /// The views' links to the window neither own it nor are weak: cleared here, so a view that outlives its window
    /// never reaches it.
    isolated deinit {
        rootView.hostWillGoAway(self)
    }

    private static func sanitized(_ size: Size) -> Size {
        Size(
            width: size.width.isFinite ? max(0, size.width) : 0,
            height: size.height.isFinite ? max(0, size.height) : 0)
    }

    /// Changes the window size (a configure from the compositor). The whole window is damaged.
    public func resize(to newSize: Size) {
        let clean = WindowCore.sanitized(newSize)
        guard clean != size else { return }
        size = clean
        rootView.frame = Rect(origin: .zero, size: clean)
        damage.removeAll()
        pendingMove = nil
        pendingMoveView = nil
        deferredMove = nil
        addDamage(Rect(origin: .zero, size: clean))
    }

    /// Moves the window clock forward to `time`; earlier times are ignored (time never runs backwards).
    public func advanceClock(to time: Duration) {
        if time > now { now = time }
    }

    /// The earliest timer deadline, or nil.
    public var nextTimerDeadline: Duration? { timers.nextDeadline }

    /// Runs every timer due at or before `time` (and moves the clock there).
    public func fireTimers(upTo time: Duration) {
        advanceClock(to: time)
        timers.fire(upTo: now)
    }

    /// Whether something would change on screen in the next frame.
    public var needsFrame: Bool {
        !damage.isEmpty || pendingMove != nil || deferredMove != nil || !animators.isEmpty || presentationChanged
    }

    /// Starts calling `animator` every frame until it answers false.
    public func addAnimator(_ animator: FrameAnimator) {
        if !animators.contains(where: { $0 === animator }) {
            animators.append(animator)
        }
        requestFrame()
    }

    /// Stops calling `animator`.
    public func removeAnimator(_ animator: FrameAnimator) {
        animators.removeAll { $0 === animator }
        if !viewAnimators.isEmpty { viewAnimators.removeAll { $0.animator === animator } }
    }

    /// Whether `animator` is running.
    public func isAnimating(_ animator: FrameAnimator) -> Bool {
        animators.contains { $0 === animator }
    }

    /// Adds a rectangle (window coordinates, points) to the region drawn in the next frame.
    public func addDamage(_ rect: Rect) {
        let clipped = rect.intersection(Rect(origin: .zero, size: size))
        guard !clipped.isEmpty else { return }
        damage.add(clipped)
        if pendingMove != nil { recordDamageInsideMove(clipped) }
        requestFrame()
    }

    func requestFrame() {
        guard !frameRequested else { return }
        frameRequested = true
        onNeedsFrame?()
    }

    /// Advances every animation to `time` (window clock); call once per frame, before `draw(into:)`.
    public func prepareFrame(at time: Duration) {
        advanceClock(to: time)
        frameRequested = false
        // Content may have moved under a still pointer: hover and cursor follow (one hit test).
        defer {
            if pointerLocation != nil {
                pointerRouter.refreshHover()
                updateCursor()
            }
        }
        guard !animators.isEmpty else { return }
        // By index over a changing count: an animator may add or remove animators while it runs.
        var index = 0
        while index < animators.count {
            let animator = animators[index]
            if animator.animationFrame(at: now) {
                index += 1
            } else if index < animators.count, animators[index] === animator {
                animators.remove(at: index)
                if !viewAnimators.isEmpty { viewAnimators.removeAll { $0.animator === animator } }
            }
        }
        // Damage the animators added is drawn in this frame: without this reset, an animation's last frame left the
        // request flag set with nothing pending, and no later change could ask for a frame.
        frameRequested = false
        if !animators.isEmpty { requestFrame() }
    }

    /// Forgets the pending damage without drawing it, for a backend with nothing to present this frame.
    public func discardDamage() {
        damage.removeAll()
        pendingMove = nil
        pendingMoveView = nil
        deferredMove = nil
    }

    /// Draws the damaged part of the window into `canvas`, which holds the frame presented last, and returns the
    /// region that changed, in points; the damage is cleared.
    @discardableResult
    public func draw(into canvas: Canvas) -> DamageRegion {
        draw(into: canvas, previousFrame: nil)
    }

    /// Draws the next frame into `canvas` (the whole window) and returns the region that changed since the frame
    /// presented last, in points, a scroll by copy included. `previousFrame`: where the presented pixels are when
    /// `canvas` holds an older frame (nil: it holds the presented one). Allocation-free.
    @discardableResult
    public func draw(into canvas: Canvas, previousFrame: PreviousFrame?) -> DamageRegion {
        let move = resolvePendingMove(for: canvas)
        if let previousFrame {
            var missing = previousFrame.missing
            leaveOutDamagedPixels(from: &missing, canvas: canvas)
            copyForward(
                into: canvas, from: previousFrame.pixels, stride: previousFrame.stride, missing: missing,
                move: move)
        } else if let move {
            canvas.movePixels(in: move.box, dx: move.dx, dy: move.dy)
        }
        var drawn = drawPendingDamage(into: canvas)
        if let move { drawn.add(move.rect) }
        return drawn
    }

    /// Removes from `missing` the pixels the pending damage draws again in full: copying them would be wasted.
    func leaveOutDamagedPixels(from missing: inout PixelRegion, canvas: Canvas) {
        guard !rootView.isHidden else { return }
        damage.forEachRectangle { dirty in
            guard let box = canvas.pixelBox(dirty)?.intersection(canvas.clipBox), !box.isEmpty else { return }
            missing.subtract(x: box.x0, y: box.y0, width: box.width, height: box.height)
        }
    }

    /// Copies `missing` (pixels) from the presented frame into `canvas`, a move's box straight from its old place.
    func copyForward(
        into canvas: Canvas, from source: UnsafeRawPointer, stride: Int, missing: PixelRegion,
        move: PixelMove?
    ) {
        var rest = missing
        if let move {
            rest.subtract(x: move.box.x0, y: move.box.y0, width: move.box.width, height: move.box.height)
        }
        canvas.copyPixels(from: source, stride: stride, region: rest)
        if let move {
            canvas.copyPixels(from: source, stride: stride, in: move.box, dx: move.dx, dy: move.dy)
        }
    }

    /// Draws the pending damage into `canvas`, rectangle by rectangle, and returns it (points); it is cleared.
    func drawPendingDamage(into canvas: Canvas) -> DamageRegion {
        let drawn = damage
        damage.removeAll()
        draw(drawn, into: canvas)
        return drawn
    }

    /// Draws the window's `region` (points) into `canvas`, rectangle by rectangle.
    func draw(_ region: DamageRegion, into canvas: Canvas) {
        // Rectangle by rectangle: a list's strip and its indicator are far apart, their bounding box most of the list.
        region.forEachRectangle { draw($0, into: canvas) }
    }

    /// Draws the window's `dirty` rectangle (points) into `canvas`; without an opaque root background it is cleared
    /// first, so translucent content does not pile up on earlier frames.
    func draw(_ dirty: Rect, into canvas: Canvas) {
        canvas.saveState()
        canvas.clip(to: dirty)
        if rootView.backgroundColor?.isOpaque != true { canvas.clear(dirty) }
        rootView.drawHierarchy(in: canvas, dirty: dirty)
        canvas.restoreState()
    }

    /// Routes one input event. Its timestamp moves the window clock forward.
    public func handle(_ event: InputEvent) {
        if let t = event.timestamp { advanceClock(to: t) }
        switch event {
        case .touchDown(let id, let location, let timestamp):
            guard location.isFinite else { return }
            touchRouter.touchDown(id: id, at: location, time: timestamp)
        case .touchMotion(let id, let location, let timestamp):
            guard location.isFinite else { return }
            touchRouter.touchMoved(id: id, to: location, time: timestamp)
        case .touchUp(let id, let timestamp):
            touchRouter.touchUp(id: id, time: timestamp)
        case .touchFrame(let timestamp):
            touchRouter.frame(time: timestamp)
        case .touchCancel(let timestamp):
            touchRouter.cancelAll(time: timestamp)
        case .pointerEnter(let location, let timestamp):
            pointerRouter.enter(at: location, time: timestamp)
            updateCursor()
        case .pointerLeave(let timestamp):
            pointerRouter.leave(time: timestamp)
        case .pointerMotion(let location, let timestamp):
            pointerRouter.motion(to: location, time: timestamp)
            updateCursor()
        case .pointerButton(let button, let pressed, let timestamp):
            pointerRouter.button(button, pressed: pressed, time: timestamp)
        case .axis(let event):
            pointerRouter.axis(event)
        case .key(let key, let pressed, let modifiers, _, let timestamp):
            // Repeats act again; with no focus, the outermost scroll container gets the key (<doc:ScrollBehaviour> §7).
            guard pressed else { return }
            var target: View? = focusedView ?? ScrollContainer.outermost(in: rootView)
            while let view = target {
                if view.keyPressed(key, modifiers: modifiers, timestamp: timestamp) { return }
                target = view.superview
            }
        case .keyboardFocus(let focused):
            keyboardFocusChanged(focused)
        case .keyboardModifiers(let modifiers):
            keyboardModifiers = modifiers
        case .pointerPinchBegin(let fingers, let timestamp):
            pointerRouter.pinchBegan(fingers: fingers, time: timestamp)
        case .pointerPinchUpdate(_, _, let scale, _, let timestamp):
            pointerRouter.pinchChanged(scale: scale, time: timestamp)
        case .pointerPinchEnd(let cancelled, let timestamp):
            pointerRouter.pinchEnded(cancelled: cancelled, time: timestamp)
        }
    }

    /// Sets `currentCursor`: the first view answering one, from the hovered view up. No allocation.
    func updateCursor() {
        guard pointerLocation != nil else { return }
        var view = hoveredView
        var cursor = Cursor.arrow
        while let candidate = view {
            if let answer = candidate.cursor {
                cursor = answer
                break
            }
            view = candidate.superview
        }
        guard cursor != currentCursor else { return }
        currentCursor = cursor
        onCursorChange?(cursor)
    }

    /// Gives the keyboard focus to the innermost view accepting it under `location` (window coordinates).
    func updateFocus(at location: Point) {
        updateFocus(from: rootView.hitTest(location))
    }

    /// Gives the keyboard focus to the innermost view accepting it from `hit` (a hit test's answer) up.
    func updateFocus(from hit: View?) {
        var view = hit
        while let candidate = view, !candidate.acceptsKeyboardFocus { view = candidate.superview }
        if let view { focusedView = view }
    }

    /// Moves the keyboard focus to `view` (nil clears it); a view not in this window is ignored.
    public func setFocus(_ view: View?) {
        guard let view else {
            focusedView = nil
            return
        }
        guard view.hostWindow === self else { return }
        focusedView = view
    }

    /// Something the accessible tree shows changed (`ViewHost`).
    func accessibilityDidChange(_ view: View, _ change: AccessibilityChange) {
        accessibility.viewDidChange(view, change)
    }

    /// A view is leaving the tree: cancel what it tracks, exit its hover, drop the focus if it held it.
    func viewWillLeaveWindow(_ view: View) {
        if !viewAnimators.isEmpty { dropViewAnimators(leaving: view) }
        touchRouter.viewWillLeave(view, time: now)
        pointerRouter.viewWillLeave(view)
        if let focused = focusedView, focused.isDescendant(of: view) { focusedView = nil }
        if let kept = focusBeforeLeaving, kept.isDescendant(of: view) { focusBeforeLeaving = nil }
    }
}
