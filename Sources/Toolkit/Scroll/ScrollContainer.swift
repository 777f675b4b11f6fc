/// A view that shows a larger content through its bounds and scrolls it with touches, pointer and keys.
/// Behaviour: <doc:ScrollBehaviour>; how it is built: <doc:Design>.
///
/// The content is the container's subviews in content coordinates; `contentOffset` (`bounds.origin`) is the
/// content point shown at the top-left corner, `contentSize` the content's extent.
@MainActor
open class ScrollContainer: View, PointerScrollParticipant {
    // MARK: - Geometry

    /// The extent of the content, in points. Non-finite or negative dimensions count as zero.
    @exclusivity(unchecked) public var contentSize: Size = .zero {
        didSet {
            let clean = Size(
                width: ScrollContainer.nonNegative(contentSize.width),
                height: ScrollContainer.nonNegative(contentSize.height))
            if clean != contentSize { contentSize = clean }  // no observer re-run
            guard contentSize != oldValue else { return }
            geometryDidChange()
        }
    }

    /// Extra room around the content, in points: the range starts at `-inset.leading` and ends at
    /// `content + inset.trailing - bounds`. Non-finite values count as zero.
    @exclusivity(unchecked) public var contentInset: EdgeInsets = .zero {
        didSet {
            let clean = contentInset.mapSides(ScrollContainer.finite)
            if clean != contentInset { contentInset = clean }
            guard contentInset != oldValue else { return }
            geometryDidChange()
        }
    }

    /// The content point shown at the top-left corner, in points (`bounds.origin`). Setting it, in or out of the
    /// range, stops a running motion; a drag continues from it. Non-finite values are ignored.
    public var contentOffset: Point {
        get { super.bounds.origin }
        set { assignContentOffset(newValue) }
    }

    /// The view's rectangle in its superview's coordinates, in points. Observers see its changes.
    open override var frame: Rect {
        didSet { if frame != oldValue { finishChange() } }
    }

    /// The view's rectangle in its own coordinates: `origin` is `contentOffset`.
    open override var bounds: Rect {
        get { super.bounds }
        set {
            guard newValue.origin.isFinite, newValue.size.isFinite else { return }
            if newValue.size != super.bounds.size {
                super.bounds = Rect(origin: super.bounds.origin, size: newValue.size)
            }
            if newValue.origin != super.bounds.origin { assignContentOffset(newValue.origin) }
        }
    }

    /// `.scrollPane`: assistive technologies get the scroll actions and `ScrollTo` on its content.
    open override var defaultAccessibilityRole: AccessibilityRole { .scrollPane }

    // MARK: - Touch settings

    /// Whether the content may receive `touches` in `view` (asked before `touchesBegan`). Default true.
    open func touchesShouldBegin(_ touches: [Touch], in view: View) -> Bool {
        true
    }

    /// Whether a drag may cancel the content touches of `view`. Default: true, except for a `Control`.
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    // MARK: - Scrolling behaviour

    /// Pull to refresh (<doc:ScrollBehaviour> §15): the control is shown above the content's top edge, and a pull
    /// past that edge by its `triggerDistance` starts refreshing. Setting it adds the control as a subview (and
    /// removes the one it replaces). Default nil.
    public var refreshControl: RefreshControl? {
        didSet { if refreshControl !== oldValue { refreshControlDidChange(from: oldValue) } }
    }

    // MARK: - Scroll bars (<doc:ScrollBehaviour> §13; `ScrollContainer+Indicators.swift`, `+Scrollbars.swift`)

    // MARK: - Zoom (<doc:ScrollBehaviour> §11; `ScrollContainer+Zoom.swift`)

    /// The scale of the zoomed view (the delegate's `viewForZooming(in:)`), a factor: its drawing, hit testing
    /// and conversions follow it, and `contentSize` is its unscaled size times this. Setting it is
    /// `setZoomScale(_:animated: false)`. Default 1.
    public var zoomScale: Double {
        get { zoomState.scale }
        set { setZoomScale(newValue, animated: false) }
    }

    // MARK: - Scroll anchoring (<doc:ScrollBehaviour> §15; `ScrollContainer+Anchoring.swift`)

    // MARK: - State

    /// Whether fingers are down on the container (whoever owns them).
    public var isTracking: Bool { arbitration.isTracking }

    /// Whether the container is following fingers, or a scroll bar's thumb is held (pointer or scrubbing finger).
    public var isDragging: Bool { arbitration.isDragging || bars.grab != nil }

    /// Whether the content moves on after a drag (fling, bounce, spring back or page snap).
    public var isDecelerating: Bool { arbitration.isDecelerating }

    /// Told about scrolling; see `ScrollContainerDelegate` for the order of calls.
    public weak var delegate: (any ScrollContainerDelegate)?

    // MARK: - Internal storage (used by the extensions)

    @exclusivity(unchecked) var arbitration = TouchArbitration()
    @exclusivity(unchecked) var fingers = FingerSet()
    @exclusivity(unchecked) var motion = ScrollMotion(start: .zero)
    /// Delegate calls and observers owed after a change.
    @exclusivity(unchecked) var notifications = NotificationState()
    var attachedWindow: (any ScrollHost)? { hostWindow?.scrollHost }

    let dragRecognizer = PanGestureRecognizer()

    /// A touch sequence's state besides fingers and arbitration (`+Dragging`).
    @exclusivity(unchecked) var drag = DragState()
    /// Same-axis hand-off, <doc:ScrollBehaviour> §14 (`+Chaining`).
    @exclusivity(unchecked) var chain = ChainState()
    /// Indicators and bars (`+Indicators`).
    @exclusivity(unchecked) var bars = IndicatorState()
    @exclusivity(unchecked) var zoomState = ZoomState()
    @exclusivity(unchecked) var pointerScroll = PointerScrollState()

    @exclusivity(unchecked) var reading = LayoutState()
    @exclusivity(unchecked) var anchoring = AnchoringState()
    @exclusivity(unchecked) var touchSettings = TouchSettings()
    @exclusivity(unchecked) var scrolling = ScrollingSettings()

    lazy var animationDriver = ScrollAnimationDriver(container: self)
    /// Made once, so a touch allocates no closure.
    lazy var timerActions = TimerActions(container: self)

    /// A scroll container in `frame` (superview coordinates, points). It clips its content.
    public override init(frame: Rect) {
        super.init(frame: frame)
        dragRecognizer.driver = self
        dragRecognizer.attachedView = self
        clipsToBounds = true
        scrollsByCopyingPixels = true
    }

    /// Its own recognizer refers to it without owning it: an app that keeps the recognizer must not reach it.
    isolated deinit {
        dragRecognizer.driver = nil
        dragRecognizer.attachedView = nil
    }

    // MARK: - Geometry helpers

    static func nonNegative(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// The policy for the current geometry and settings; with `contentSize`, for that content size instead
    /// (the range a zoom will have).
    func makePolicy(contentSize: Size? = nil) -> ScrollPolicy {
        let size = Size(
            width: ScrollContainer.nonNegative(bounds.width),
            height: ScrollContainer.nonNegative(bounds.height))
        let (minOffset, maxOffset) = offsetLimits(contentSize: contentSize ?? self.contentSize, viewport: size)
        var scrollable: Axis.Set = []
        if maxOffset.x > minOffset.x || alwaysBounceHorizontal { scrollable.insert(.horizontal) }
        if maxOffset.y > minOffset.y || alwaysBounceVertical { scrollable.insert(.vertical) }
        let requested = pageSize ?? size
        let page = Size(
            width: ScrollPolicy.usablePageSize(requested.width),
            height: ScrollPolicy.usablePageSize(requested.height))
        var paging: Axis.Set = []
        if isPagingEnabled {
            for axis in Axis.allCases where pagingAxes.contains(axis) && page[axis] > 0 {
                paging.insert(Axis.Set(axis))
            }
        }
        var policy = ScrollPolicy(
            minOffset: minOffset, maxOffset: maxOffset, viewport: size,
            scrollable: scrollable, pageSize: page, pagingAxes: paging, bounces: bounces,
            rate: decelerationRate)
        policy.reducesMotion = reducesMotion
        if snapping != .none {
            policy.snapping = snapping
            policy.snapOffsets = collectSnapOffsets(policy)
        }
        return policy
    }

    /// The smallest and largest resting content offsets for `contentSize` in a `viewport` (points): the policy's
    /// range, without the rest of the policy (the bars ask for it on every event).
    func offsetLimits(contentSize: Size, viewport size: Size) -> (min: Point, max: Point) {
        let inset = contentInset
        var minOffset = Point(x: -inset.left, y: -inset.top)
        // A refreshing control takes room above the content: the range starts there (`+Refresh.swift`).
        if let control = refreshControl, control.isRefreshing { minOffset.y -= control.height }
        let maxOffset = Point(
            x: max(minOffset.x, contentSize.width + inset.right - size.width),
            y: max(minOffset.y, contentSize.height + inset.bottom - size.height))
        return (minOffset, maxOffset)
    }

    var offsetLimits: (min: Point, max: Point) {
        offsetLimits(
            contentSize: contentSize,
            viewport: Size(
                width: ScrollContainer.nonNegative(bounds.width),
                height: ScrollContainer.nonNegative(bounds.height)))
    }

    var scrollableAxes: Axis.Set {
        isScrollEnabled ? makePolicy().scrollable : []
    }

    func syncConfiguration() {
        var c = TouchArbitration.Configuration()
        c.touchSlop = TouchArbitration.sanitizedSlop(touchSlop)
        c.contentTouchDelay = max(.zero, contentTouchDelay)
        c.delaysContentTouches = delaysContentTouches
        c.canCancelContentTouches = canCancelContentTouches
        c.isDirectionalLockEnabled = isDirectionalLockEnabled
        c.minimumNumberOfTouches = max(1, minimumNumberOfTouches)
        c.maximumNumberOfTouches = max(c.minimumNumberOfTouches, maximumNumberOfTouches)
        arbitration.configuration = c
        fingers.countedFingers = c.maximumNumberOfTouches
    }

    func geometryDidChange() {
        if zoomState.isApplying {
            setNeedsDisplay()
            return
        }
        if arbitration.isDragging { rebaseDrag() }
        layoutRefreshControl()
        setNeedsDisplay()
        keepRightToLeftEnd()
        if !arbitration.isTracking && !arbitration.isAnimating { updateCurrentPage() }
        finishChange()
    }

    /// The bounds size changed: the scroll range did too (a drag re-anchors, observers hear of it).
    open override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        layoutRefreshControl()
        geometryDidChange()
    }

    // MARK: - Offset

    /// Moves the content to `offset` (the one place the offset changes), queueing `didScroll`.
    func applyOffset(_ offset: Point) {
        guard offset.isFinite, offset != super.bounds.origin else { return }
        super.bounds = Rect(origin: offset, size: super.bounds.size)
        // The spinner shows how far the pull is from the trigger.
        if let control = refreshControl, !control.isRefreshing, offset.y < baseMinimumOffsetY + 1 {
            control.setNeedsDisplay()
        }
        notifications.effects.push(.didScroll)
        showIndicators()
        contentOffsetDidChange()
    }

    /// The offset changed (every change goes through `applyOffset`): a `ListContainer` lays its rows out here.
    /// Default: nothing.
    func contentOffsetDidChange() {}

    /// The content came to rest after a gesture, a motion or a direct offset. Default: nothing.
    func contentDidComeToRest() {}

    func assignContentOffset(_ offset: Point) {
        guard offset.isFinite else { return }
        // A zoom bounce stopped on its way back would leave the scale past a limit with nothing to bring it back.
        if zoomState.motion != nil && zoomNeedsBounce {
            applyZoom(scale: clampedZoomScale(zoomState.scale), offset: contentOffset)
        }
        stopZoomMotion()
        let action = arbitration.offsetAssigned()
        applyOffset(offset)
        switch action {
        case .stopAnimation:
            motion = ScrollMotion(start: .zero)
            didComeToRest()
        case .rebaseDrag:
            // The app's offset holds for where the finger is, not for a frame's resampled finger.
            drag.shownTranslation = nil
            rebaseDrag()
        case .none:
            if !arbitration.isTracking { didComeToRest() }
        }
        finishChange()
    }

    /// A content view under this container got `touchesEnded` for `touch` (a tap or a press it kept). Default:
    /// nothing (a list selects the row).
    func contentTouchEnded(_ touch: Touch, in view: View) {}

    /// Scroll anchoring picks its anchor before a content subview changes (`+Anchoring.swift`).
    override func subviewLayoutWillChange() { anchorWillChange() }

    /// Scroll anchoring follows the anchor after a content subview changed (`+Anchoring.swift`).
    override func subviewLayoutDidChange() { anchorDidChange() }

    // MARK: - Keyboard

    /// The innermost container under a pointer press or touch down takes the keyboard focus.
    open override var acceptsKeyboardFocus: Bool { true }

    /// The container's drag (`panGestureRecognizer`) takes part in the window's touch arena.
    open override var touchParticipant: (any TouchParticipant)? { dragRecognizer }

    override var pointerScrollParticipant: (any PointerScrollParticipant)? { self }

    override class var drawsOnlyItsBackground: Bool { self == ScrollContainer.self }

    /// Scrolls for arrows, Page Up / Page Down, Home / End and Space (<doc:ScrollBehaviour> §7); returns false, so
    /// the key goes on up the superview chain, when the key's axis cannot scroll here.
    open override func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        zoomKey(key, modifiers: modifiers) || scroll(for: key, modifiers: modifiers, at: timestamp)
    }

    /// Answers for points on its full scroll bars, so the content under them gets no press or hover there
    /// (<doc:ScrollBehaviour> §13). A thin bar leaves the hit to the content, so a nested container can still
    /// claim a drag across it.
    open override func hitTest(_ point: Point) -> View? {
        guard let hit = super.hitTest(point) else { return nil }
        if hit !== self, let axis = scrollbarAxis(at: point), scrollbarIsFull(axis) { return self }
        return hit
    }

    /// The arrow over a full scroll bar (whatever the content's cursor), else the superview's choice.
    open override var cursor: Cursor? { bars.pointerOnBar ? .arrow : super.cursor }

    /// The pointer moved over the container: the `.automatic` bars show, and those near it widen.
    open override func pointerMoved(_ location: Point) {
        super.pointerMoved(location)
        scrollbarPointerHovered(at: location)
    }

    /// The pointer came over the container (entering the window there, or from elsewhere): as a motion.
    open override func pointerEntered(_ location: Point) {
        super.pointerEntered(location)
        scrollbarPointerHovered(at: location)
    }

    /// The pointer left the container: its bars narrow and fade after the hold time.
    open override func pointerExited(_ location: Point) {
        super.pointerExited(location)
        scrollbarPointerLeft()
    }

    /// Draws the scroll indicators above the content.
    open override func drawOverlay(in canvas: Canvas) {
        super.drawOverlay(in: canvas)
        drawIndicators(in: canvas)
    }

    /// The indicators where they were drawn last and where they go next: they do not move with the content
    /// when it scrolls by copying pixels.
    override func forEachOverlayRect(_ body: (Rect) -> Void) {
        super.forEachOverlayRect(body)
        forEachIndicatorRect(body)
    }

    // MARK: - Window

    /// Cancels the window's timers (their actions do not own the container), so none outlives the window's hold.
    override func hostWillGoAway(_ host: any ViewHost) {
        host.timers.cancel(drag.delayTimer)
        host.timers.cancel(bars.fadeTimer)
        host.timers.cancel(bars.scrubTimer)
        drag.delayTimer = nil
        bars.fadeTimer = nil
        bars.scrubTimer = nil
        dragRecognizer.heldDriver = nil
        // The chain's links are participants of the views around this one, which own it: drop the cycle.
        abandonPointerChain()
        chain.links.removeAll()
        super.hostWillGoAway(host)
    }

    /// Joined or left a window: timers, animator and fingers of the old window are dropped, before
    /// `didMoveToWindow()`.
    override func hostWindowDidChange(from old: (any ViewHost)?) {
        if let old {
            // Their actions do not own the container, so none may stay in a window it has left.
            old.timers.cancel(drag.delayTimer)
            old.timers.cancel(bars.fadeTimer)
            old.timers.cancel(bars.scrubTimer)
            old.removeAnimator(animationDriver)
        }
        drag.delayTimer = nil
        bars.fadeTimer = nil
        bars.scrubTimer = nil
        bars.pendingScrub = nil
        bars.grab = nil
        abandonPointerChain()
        chain.links.removeAll()  // a chain is a drag's or fling's in one window (and a cycle if kept)
        bars.horizontalBar = ScrollbarState()
        bars.verticalBar = ScrollbarState()
        bars.pointerOnBar = false
        bars.fadeStart = nil
        bars.alpha = 0
        verticalIndicatorPresenter = nil
        let action = arbitration.reset()
        fingers.removeAll()
        motion = ScrollMotion(start: .zero)
        if zoomState.motion != nil { stopZoomMotion() }
        zoomState.pinch = PinchState()
        isZooming = false
        zoomState.touchpadPinchStartScale = nil
        perform(action, at: hostWindow?.now ?? .zero)
        finishChange()
        super.hostWindowDidChange(from: old)
    }
}
