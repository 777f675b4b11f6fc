/// A rectangle on screen that draws itself, holds subviews and receives touches.
///
/// Coordinates: `frame` is in the superview's coordinate space, `bounds` in the view's own; `bounds.origin` is
/// the point of the view's own content shown at its top-left corner (a `ScrollContainer`'s `contentOffset`).
/// "Window coordinates" are those of the window's root view, whose frame origin is (0, 0). All in points.
@MainActor
open class View {
    // Exclusivity on the event path: Swift checks every access to a class's stored property at run time (a
    // thread-local lookup and a walk of the accesses in progress) unless the compiler proves it cannot overlap
    // another, which it rarely can across the view tree; a drag event made 56 such checks, half its instructions.
    // The properties an event reads or changes are `@exclusivity(unchecked)` when both hold: their values carry
    // no references the access could free (plain values, or the unowned links), and no access to them can overlap
    // another (each change is an assignment, or a mutating method of a value type that calls no closure, delegate
    // or overridable method). Observers (`didSet`) run after the assignment, outside it. The same rule applies in
    // ScrollContainer, WindowCore and TouchRouter.
    /// The frame's origin and the *unscaled* size (the bounds size); `frame` scales the size by `storedScale`.
    @exclusivity(unchecked) var storedFrame: Rect
    @exclusivity(unchecked) var boundsOrigin: Point = .zero
    /// See `scaleInSuperview`.
    @exclusivity(unchecked) var storedScale = 1.0
    /// Where this view and its subviews may draw, in the superview's coordinates (see `drawnExtent()`), while
    /// `extentIsValid`.
    @exclusivity(unchecked) var cachedExtent: Rect = .zero
    @exclusivity(unchecked) var extentIsValid = false
    /// Finds the subviews under a rectangle or a point among many stacked ones (see `SubviewIndex`).
    var subviewIndex = SubviewIndex()
    /// What the app set of `accessibilityRole`, `accessibilityLabel` and `isAccessibilityElement` (nil: the
    /// default), and the view's id in the accessible tree (View+Accessibility.swift).
    var accessibility = AccessibilitySettings()
    /// The gesture recognizers attached here, in the order they were added (View+Gestures.swift).
    var recognizers: [GestureRecognizer] = []

    /// The view's rectangle in its superview's coordinates, in points: the area it covers there. For a view
    /// shown at a `scaleInSuperview` other than 1 (the zoomed view of a `ScrollContainer`), the size is the
    /// bounds size times that scale, as with a scale transform in UIKit; setting it sets the bounds size to the
    /// given size divided by the scale.
    open var frame: Rect {
        get {
            storedScale == 1 ? storedFrame
                : Rect(origin: storedFrame.origin, size: storedFrame.size * storedScale)
        }
        set {
            guard newValue.origin.isFinite, newValue.size.isFinite else { return }
            let unscaled = storedScale == 1 ? newValue
                : Rect(origin: newValue.origin, size: newValue.size * (1 / storedScale))
            guard unscaled != storedFrame else { return }
            let parent = superview
            parent?.subviewLayoutWillChange()
            damageInWindow()
            let sizeChanged = unscaled.size != storedFrame.size
            storedFrame = unscaled
            extentDidChange()
            damageInWindow()
            if sizeChanged {
                for subview in subviews where subview.fillsSuperview {
                    subview.frame = Rect(origin: .zero, size: unscaled.size)
                }
                boundsSizeDidChange()
            }
            if let parent, parent === superview { parent.subviewLayoutDidChange() }
        }
    }

    /// When true, the view's frame follows its superview's size: origin (0, 0), the superview's size.
    /// Set it on a view added to a window's root view to follow the window. Default false.
    @exclusivity(unchecked) open var fillsSuperview: Bool = false {
        didSet {
            if fillsSuperview, let parent = superview {
                frame = Rect(origin: .zero, size: parent.bounds.size)
            }
        }
    }

    /// The view's rectangle in its own coordinates: `origin` is the content point shown at the top-left corner
    /// (for a `ScrollContainer`, its `contentOffset`), `size` is `frame.size`. In points.
    open var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            guard newValue.origin.isFinite, newValue.size.isFinite else { return }
            if newValue.size != storedFrame.size {
                frame = Rect(origin: storedFrame.origin, size: newValue.size * storedScale)
            }
            if newValue.origin != boundsOrigin {
                let change = newValue.origin - boundsOrigin
                let oldOrigin = boundsOrigin
                boundsOrigin = newValue.origin
                hostWindow?.accessibilityDidChange(self, .scrolled)
                // Subviews drawn outside an unclipped view moved in the superview's coordinates.
                if !clipsToBounds && !subviews.isEmpty { extentDidChange() }
                if scrollsByCopyingPixels && clipsToBounds && !isHidden && !isInsideScaledView,
                   let window = hostWindow {
                    window.contentDidScroll(in: self, by: change, from: oldOrigin)
                } else {
                    damageInWindow()
                }
            }
        }
    }


    /// The view holding this one, or nil for a root view or a detached view.
    ///
    /// The link neither owns nor is weak, as UIKit's superview and Flutter's parent: a weak reference would give
    /// every view with subviews a side table and put each of its retains on the runtime's slow path (a quarter of a
    /// drag event's time). It is cleared whenever it would outlive the superview's hold on this view: when the view
    /// leaves it (`removeFromSuperview`, `addSubview` elsewhere) and when the superview goes away (its deinit
    /// clears its subviews' links), so it never reaches a freed view.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View?

    /// The views this one holds, back to front.
    public private(set) var subviews: [View] = []

    /// Whether touches and pointer presses may land on this view and its subviews. Default true.
    @exclusivity(unchecked) open var isUserInteractionEnabled: Bool = true

    /// A hidden view draws nothing and receives no touches. Default false.
    @exclusivity(unchecked) open var isHidden: Bool = false {
        didSet { if isHidden != oldValue { damageInWindow() } }
    }

    /// Where a scroll container holding this view as content may come to rest against it (<doc:ScrollBehaviour>
    /// §15, snap points): `.start`, `.center` or `.end` of this view aligned with the container's visible area
    /// (after its `contentInset`), when the container's `snapping` is on. Default nil: not a snap target.
    @exclusivity(unchecked) public var snapAlignment: SnapAlignment?

    /// Filled behind `draw(in:)`, when set. Default nil (transparent).
    @exclusivity(unchecked) open var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }

    /// When true, a change of `bounds.origin` (a scroll) is drawn by moving the pixels already on screen and
    /// drawing only the strip that comes into view, instead of drawing the whole view again. Default false;
    /// `ScrollContainer` turns it on.
    ///
    /// It applies only when the view clips to its bounds, and only where the result is the same picture:
    /// everything the view draws (background, `draw(in:)`, subviews) moves with the content, except its
    /// overlay, which the window redraws (for a `ScrollContainer`, the indicators). The window draws the view
    /// in full instead whenever it cannot prove that: another view's content moved in the same frame; what is
    /// behind a view without an opaque background is not a plain background (an earlier sibling under it, or a
    /// superview of a class other than `View` or `ScrollContainer`); the view's place changed. Later siblings
    /// drawn over it are redrawn. Turn it off for a view whose own drawing, or whose `drawOverlay(in:)` in a
    /// subclass, shows something that must not move with the content.
    ///
    /// Whole pixels: at 1, 2 or 4 pixels per point, such a view (at scale 1, under no zoom) draws its content at
    /// `bounds.origin` rounded to the nearest whole pixel, so any scroll, a fling's fractional offsets included,
    /// moves the drawn content by whole pixels and can be copied. The content lands at most half a pixel from
    /// its exact place; `bounds.origin` itself (`contentOffset`), `convert(_:to:)`, hit testing and touch
    /// locations stay exact, and the clip, background and overlay stay at the exact frame. At other scales
    /// (1.5, 3) the exact origin is drawn and a move that is not a whole number of pixels draws the view again.
    @exclusivity(unchecked) public var scrollsByCopyingPixels = false

    /// Whether drawing of this view and its subviews is clipped to its bounds. Default false
    /// (`ScrollContainer` turns it on).
    @exclusivity(unchecked) open var clipsToBounds: Bool = false {
        didSet { if clipsToBounds != oldValue { extentDidChange() } }
    }

    /// The storage of `hostWindow`.
    @exclusivity(unchecked) unowned(unsafe) var hostLink: (any ViewHost)?

    /// `hostWindow` changed from `old` (the subviews were told first). Calls `didMoveToWindow()`; a view that
    /// keeps something in its old host (timers, an animator) takes it back here first.
    func hostWindowDidChange(from old: (any ViewHost)?) {
        // Recognizers waiting without fingers (a tap series, a requirement) start afresh in the new window.
        for recognizer in recognizers { recognizer.windowDidChange() }
        didMoveToWindow()
    }

    /// `host`, the host of this root view, is going away (it calls this from its deinit): the links to it in the
    /// whole tree are cleared, without calling the views' code (`didMoveToWindow()`, as when a weak link read nil);
    /// a view that keeps something in the host (a timer) takes it back here. A view that joins another window
    /// later starts afresh there, as after any move.
    func hostWillGoAway(_ host: any ViewHost) {
        hostLink = nil
        for subview in subviews { subview.hostWillGoAway(host) }
    }

    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: Rect) {
        storedFrame = frame.origin.isFinite && frame.size.isFinite ? frame : .zero
    }

    /// Clears the links that would reach this view once it is freed: its subviews' `superview` (a subview held
    /// elsewhere lives on as a detached view). A view in a window is owned by its superview, so only a root view
    /// can go away while it has a host (one that did not own it); its subtree then leaves that host, as by
    /// `removeFromSuperview`.
    isolated deinit {
        let host = hostLink
        for subview in subviews {
            subview.superview = nil
            if let host {
                // As `removeFromSuperview` does: the host is alive (it would have cleared the link otherwise).
                host.viewWillLeaveWindow(subview)
                subview.hostWindow = nil
            }
        }
    }

    // MARK: - Hierarchy

    /// Adds `view` on top of the subviews, removing it from its former superview first.
    /// Adding a view to itself or to one of its own descendants is ignored (it would make a cycle).
    open func addSubview(_ view: View) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: index)
            subviews.append(view)
            subviewsDidChange()
            view.damageInWindow()
            return
        }
        view.removeFromSuperview()
        subviewLayoutWillChange()
        subviews.append(view)
        view.superview = self
        subviewsDidChange()
        view.hostWindow = hostWindow
        view.damageInWindow()
        hostWindow?.accessibilityDidChange(view, .added)
        subviewLayoutDidChange()
    }

    /// Takes the view out of its superview. Touches it or its subviews were tracking are cancelled, once.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviewLayoutWillChange()
        damageInWindow()
        hostWindow?.accessibilityDidChange(self, .willRemove)
        hostWindow?.viewWillLeaveWindow(self)
        if let index = parent.subviews.firstIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        superview = nil
        parent.subviewsDidChange()
        hostWindow = nil
        parent.subviewLayoutDidChange()
    }

    /// Called after the view joined or left a window (`hostWindow` changed).
    open func didMoveToWindow() {}

    // MARK: - Reuse (ListContainer)

    /// The kind of row this view shows, set by the app before it returns the view from
    /// `ListDataSource.list(_:viewForRow:)`: when its row goes out of view, a `ListContainer` keeps it for
    /// `dequeueReusableView(kind:)` with the same kind. A view without a kind is dropped instead. Default nil.
    public var reuseKind: String?

    /// Called when a `ListContainer` puts this view back for reuse (its row went out of view or was reloaded),
    /// before the view can be dequeued again: reset what the next row must not inherit (a highlight, a
    /// pending image). Default: nothing.
    open func prepareForReuse() {}

    /// Called when the bounds size changed; lay subviews out here.
    open func boundsSizeDidChange() {}

    /// A direct subview is about to be added, removed, moved or resized (`subviewLayoutDidChange()` follows). A
    /// `ScrollContainer` picks the view its scroll anchoring follows here (<doc:ScrollBehaviour> §15). Default:
    /// nothing.
    func subviewLayoutWillChange() {}

    /// A direct subview was added, removed, moved or resized. Default: nothing.
    func subviewLayoutDidChange() {}

    // MARK: - Hit testing

    /// The deepest visible, interactive view containing `point` (in this view's coordinates), or nil.
    /// Subviews are searched front to back; a point outside the bounds finds nothing, even in a subview
    /// that draws outside them.
    ///
    /// Cost: with more than 32 subviews stacked in order along one axis (a list's rows), only those whose
    /// extent (frame, grown by unclipped subviews) spans the point along that axis are asked, found by binary
    /// search; so an override of `hitTest` on such a subview is not called for points outside its extent.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, point.isFinite, bounds.contains(point) else { return nil }
        let candidates = subviewCandidates(containing: point)
        var index = candidates.upperBound
        while index > candidates.lowerBound {
            index -= 1
            // A subview's hitTest override may have changed the tree: stay inside the array.
            guard index < subviews.count else { continue }
            let subview = subviews[index]
            if let hit = subview.hitTest(subview.pointFromSuperview(point)) { return hit }
        }
        return self
    }

    // MARK: - Routing

    /// What arbitrates the fingers landing in this view's subtree besides its gesture recognizers (a scroll
    /// container answers its drag): an app's own `TouchParticipant` joins the window's arena here. Default nil.
    open var touchParticipant: (any TouchParticipant)? { nil }

    /// This view as a participant in the pointer's scroll routing (wheel, touchpad, pinch), or nil.
    var pointerScrollParticipant: (any PointerScrollParticipant)? { nil }

    // MARK: - Touches

    /// Fingers touched down on this view. Locations are in window coordinates; see `Touch.location(in:)`.
    open func touchesBegan(_ touches: [Touch]) {}
    /// Fingers this view is tracking moved.
    open func touchesMoved(_ touches: [Touch]) {}
    /// Fingers this view was tracking lifted. Each touch ends once: with this or with `touchesCancelled`.
    open func touchesEnded(_ touches: [Touch]) {}
    /// The touches were taken away (a scroll container started dragging, the compositor cancelled, the view
    /// left the window). No more events follow for them.
    open func touchesCancelled(_ touches: [Touch]) {}

    // MARK: - Pointer

    /// The pointer's shape over this view, or nil (the default) for the superview's. The window shows the cursor
    /// of the innermost view under the pointer that answers one (hit testing as for touches, then walking up to
    /// the superviews), and the arrow when none does. `Control` answers `.hand`.
    open var cursor: Cursor? { nil }

    /// The pointer came over this view or one of its subviews (the hit view and all its ancestors are
    /// "hovered"). `location` is in window coordinates, points. Presses of the primary button arrive as touches
    /// (`touchesBegan` ... with `Touch.pointerID`), so a view that reacts to fingers reacts to clicks.
    open func pointerEntered(_ location: Point) {}
    /// The pointer left this view and its subviews (moved elsewhere, left the window, or the view left the
    /// window). `location`: the pointer's last position in window coordinates, points.
    open func pointerExited(_ location: Point) {}
    /// The pointer moved over this view or one of its subviews, to `location` (window coordinates, points).
    open func pointerMoved(_ location: Point) {}

    // MARK: - Keyboard

    /// Whether a press or touch on this view gives it the keyboard focus. Default false.
    open var acceptsKeyboardFocus: Bool { false }

    /// A key went down (or repeated) while this view, or a subview, had the focus. Return true when handled;
    /// false passes it to the superview.
    ///
    /// `timestamp` is the key event's time on the window clock (a repeat carries the time it was generated).
    open func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool { false }

    // MARK: - Accessibility defaults (the app's own settings: View+Accessibility.swift)

    /// The role the view has unless the app sets `accessibilityRole`: `.none` (not exposed, its children are).
    /// `Label`, `Button` and `ScrollContainer` answer theirs; a subclass answers its own.
    open var defaultAccessibilityRole: AccessibilityRole { .none }

    /// The role `subview` (one of this view's subviews) has unless the app set one, or nil for the subview's own
    /// `defaultAccessibilityRole`. A container whose children have a role by being its children (a list's rows:
    /// `.listItem`) answers it here. Default nil.
    open func defaultAccessibilityRole(forSubview subview: View) -> AccessibilityRole? { nil }

    /// The name the view has unless the app sets `accessibilityLabel`: nil here, a label's text, a button's
    /// title.
    open var defaultAccessibilityLabel: String? { nil }

    /// How many items the view holds in all, alive or not (a list that makes only the rows it shows: its row count),
    /// so that a screen reader says "item 3 of 200"; nil (the default): its exposed children are all there are.
    open var accessibilityItemCount: Int? { nil }

    /// Where `item` (one of this view's exposed children) stands among `accessibilityItemCount` items, from 0; nil
    /// (the default): at its index among the exposed children.
    open func accessibilityItemIndex(of item: View) -> Int? { nil }

    /// Whether a tap on the view does something (a row that opens, a control): assistive technologies then offer
    /// it the `click` action, which taps its centre through the window's touch arbitration. Default false;
    /// `Control` answers true.
    open var accessibilityHandlesTaps: Bool { false }

    // MARK: - Drawing

    /// Draws the view's own content, in its own coordinates (the canvas is translated so that `bounds.origin`
    /// is at the top-left corner). Subviews draw themselves afterwards, on top.
    open func draw(in canvas: Canvas) {}

    /// Draws on top of the subviews, in the view's own coordinates (a scroll container's indicators).
    /// Called after the subviews drew, with the same clip as `draw(in:)`. Default: nothing.
    open func drawOverlay(in canvas: Canvas) {}

    /// The rectangles (own coordinates) where `drawOverlay(in:)` drew last and will draw next: what does not
    /// move with the content when the view, or a view below it, scrolls by copying pixels
    /// (`scrollsByCopyingPixels`). Default: none. `ScrollContainer` reports its indicators.
    func forEachOverlayRect(_ body: (Rect) -> Void) {}

    /// Whether instances of exactly this class draw nothing but their background (their content being subviews,
    /// their overlay reported by `forEachOverlayRect`), so that scrolling by copying pixels may move what lies
    /// under them. A class answers for itself only (`self == Class.self`): a subclass may draw.
    class var drawsOnlyItsBackground: Bool { self == View.self }
}
