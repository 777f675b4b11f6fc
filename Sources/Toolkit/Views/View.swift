/// A rectangle on screen that draws itself, holds subviews and receives touches. `frame` is in the superview's
/// coordinates, `bounds` in the view's own; window coordinates are the root view's. All in points.
@MainActor
open class View {
    // Exclusivity: properties an event touches are `@exclusivity(unchecked)` (the run-time check is costly on the
    // event path) when their values hold no references an access could free and no access can overlap another
    // (plain assignments, or value-type mutations that call no closure or overridable method).
    /// The frame's origin and the unscaled (bounds) size; `frame` scales the size by `storedScale`.
    @exclusivity(unchecked) var storedFrame: Rect
    @exclusivity(unchecked) var boundsOrigin: Point = .zero
    @exclusivity(unchecked) var storedScale = 1.0
    @exclusivity(unchecked) var cachedExtent: Rect = .zero
    @exclusivity(unchecked) var extentIsValid = false
    var subviewIndex = SubviewIndex()
    /// The app's accessibility settings and the view's id in the accessible tree.
    var accessibility = AccessibilitySettings()
    var recognizers: [GestureRecognizer] = []

    /// The view's rectangle in its superview's coordinates, in points (size: bounds size times `scaleInSuperview`).
    open var frame: Rect {
        get {
            storedScale == 1
                ? storedFrame
                : Rect(origin: storedFrame.origin, size: storedFrame.size * storedScale)
        }
        set {
            guard newValue.origin.isFinite, newValue.size.isFinite else { return }
            let unscaled =
                storedScale == 1
                ? newValue
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

    /// When true, the frame follows the superview's size at origin (0, 0). Default false.
    @exclusivity(unchecked) open var fillsSuperview: Bool = false {
        didSet {
            if fillsSuperview, let parent = superview {
                frame = Rect(origin: .zero, size: parent.bounds.size)
            }
        }
    }

    /// The view's rectangle in its own coordinates, in points: `origin` is the content point shown at the top-left.
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
                    let window = hostWindow
                {
                    window.contentDidScroll(in: self, by: change, from: oldOrigin)
                } else {
                    damageInWindow()
                }
            }
        }
    }

    /// The view holding this one, or nil. Neither owning nor weak (weak would slow every retain of a parent): cleared
    /// when the view leaves its superview or the superview goes away, so it never reaches a freed view.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View?

    /// The views this one holds, back to front.
    public private(set) var subviews: [View] = []

    /// Whether touches and pointer presses may land on this view and its subviews. Default true.
    @exclusivity(unchecked) open var isUserInteractionEnabled: Bool = true
    /// A hidden view draws nothing and receives no touches. Default false.
    @exclusivity(unchecked) open var isHidden: Bool = false {
        didSet { if isHidden != oldValue { damageInWindow() } }
    }

    /// Where a scroll container may come to rest against this view (<doc:ScrollBehaviour> §15). Default nil.
    @exclusivity(unchecked) public var snapAlignment: SnapAlignment?

    /// Filled behind `draw(in:)`, when set. Default nil (transparent).
    @exclusivity(unchecked) open var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }

    /// When true, a change of `bounds.origin` is drawn by moving pixels and drawing the strip that comes into view,
    /// where the window can prove the same picture (all but the overlay moves). Default false.
    @exclusivity(unchecked) public var scrollsByCopyingPixels = false

    /// Whether drawing of this view and its subviews is clipped to its bounds. Default false.
    @exclusivity(unchecked) open var clipsToBounds: Bool = false {
        didSet { if clipsToBounds != oldValue { extentDidChange() } }
    }

    /// The storage of `hostWindow`: neither owning nor weak, cleared by the host before it goes away.
    @exclusivity(unchecked) unowned(unsafe) var hostLink: (any ViewHost)?

    /// `hostWindow` changed (the subviews were told first); a view takes back what it keeps in the old host here.
    func hostWindowDidChange(from old: (any ViewHost)?) {
        for recognizer in recognizers { recognizer.windowDidChange() }
        didMoveToWindow()
    }

    /// The host of this root view is going away: the tree's links to it are cleared without calling the views.
    func hostWillGoAway(_ host: any ViewHost) {
        hostLink = nil
        for subview in subviews { subview.hostWillGoAway(host) }
    }

    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: Rect) {
        storedFrame = frame.origin.isFinite && frame.size.isFinite ? frame : .zero
    }

    /// Clears the subviews' links; a root view going away with a host takes its subtree out of that host.
    isolated deinit {
        // The recognizers refer to the view without owning it: they must not reach it any more.
        for recognizer in recognizers { recognizer.attachedView = nil }
        let host = hostLink
        for subview in subviews {
            subview.superview = nil
            if let host {
                // The host is alive: it would have cleared the link otherwise.
                host.viewWillLeaveWindow(subview)
                subview.hostWindow = nil
            }
        }
    }

    /// Adds `view` on top of the subviews, taking it from its former superview; a cycle is ignored.
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

    /// Called when the window's `colorScheme` changed, after the toolkit's own views damaged what follows it: a view
    /// drawing colours of its own from `colorScheme` calls `setNeedsDisplay()` here. Not called when a view joins a
    /// window (it is drawn then anyway).
    open func colorSchemeDidChange() {}

    /// The kind of row this view shows: a `ListContainer` keeps it for `dequeueReusableView(kind:)`. Default nil.
    public var reuseKind: String?

    /// Called when a `ListContainer` puts this view back for reuse: reset what the next row must not inherit.
    open func prepareForReuse() {}

    /// Called when the bounds size changed; lay subviews out here.
    open func boundsSizeDidChange() {}

    /// A direct subview is about to be added, removed, moved or resized (a `ScrollContainer` picks its anchor).
    func subviewLayoutWillChange() {}

    /// A direct subview was added, removed, moved or resized.
    func subviewLayoutDidChange() {}

    /// The deepest visible, interactive view containing `point` (own coordinates, points), or nil.
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

    /// What arbitrates fingers in this subtree besides its recognizers (an app's own participant). Default nil.
    open var touchParticipant: (any TouchParticipant)? { nil }

    /// This view as a participant in the pointer's scroll routing (wheel, touchpad, pinch), or nil.
    var pointerScrollParticipant: (any PointerScrollParticipant)? { nil }

    /// Fingers touched down on this view. Locations are in window coordinates; see `Touch.location(in:)`.
    open func touchesBegan(_ touches: [Touch]) {}
    /// Fingers this view is tracking moved.
    open func touchesMoved(_ touches: [Touch]) {}
    /// Fingers this view was tracking lifted. Each touch ends once: with this or with `touchesCancelled`.
    open func touchesEnded(_ touches: [Touch]) {}
    /// The touches were taken away (a container started dragging, a cancel); no more events follow for them.
    open func touchesCancelled(_ touches: [Touch]) {}

    /// The pointer's shape over this view, or nil (the default) for the superview's.
    open var cursor: Cursor? { nil }

    /// The pointer came over this view or a subview (`location`: window coordinates, points).
    open func pointerEntered(_ location: Point) {}
    /// The pointer left this view and its subviews; `location`: its last position, window coordinates, points.
    open func pointerExited(_ location: Point) {}
    /// The pointer moved over this view or one of its subviews, to `location` (window coordinates, points).
    open func pointerMoved(_ location: Point) {}

    /// Whether a press or touch on this view gives it the keyboard focus. Default false.
    open var acceptsKeyboardFocus: Bool { false }

    /// A key went down or repeated under the focus (`timestamp`: window clock); false passes it to the superview.
    open func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool { false }

    /// The role unless the app sets `accessibilityRole`. Default `.none`: not exposed, its children are.
    open var defaultAccessibilityRole: AccessibilityRole { .none }

    /// The role `subview` has by being this view's subview (a list's `.listItem`). Default nil: its own.
    open func defaultAccessibilityRole(forSubview subview: View) -> AccessibilityRole? { nil }

    /// The name unless the app sets `accessibilityLabel`: a label's text, a button's title. Default nil.
    open var defaultAccessibilityLabel: String? { nil }

    /// How many items the view holds, alive or not (a lazy list's row count). Default nil: its exposed children.
    open var accessibilityItemCount: Int? { nil }

    /// Where `item`, an exposed child, stands among `accessibilityItemCount` items, from 0. Default nil: its index.
    open func accessibilityItemIndex(of item: View) -> Int? { nil }

    /// Whether a tap does something: assistive technologies then offer the `click` action. Default false.
    open var accessibilityHandlesTaps: Bool { false }

    /// The actions beyond the standard ones that assistive technologies may ask of `subview`, by name (a list
    /// row's swipe actions). Default none.
    open func accessibilityCustomActions(forSubview subview: View) -> [AccessibilityCustomAction] { [] }

    /// Draws the view's own content in its own coordinates; subviews draw afterwards, on top.
    open func draw(in canvas: Canvas) {}

    /// Draws on top of the subviews (a scroll container's indicators), with the same clip. Default: nothing.
    open func drawOverlay(in canvas: Canvas) {}

    /// Where `drawOverlay(in:)` draws (own coordinates): what scrolling by copying pixels must not move.
    func forEachOverlayRect(_ body: (Rect) -> Void) {}

    /// Whether exactly this class (`self == Class.self`) draws only its background, so copies may move what it covers.
    class var drawsOnlyItsBackground: Bool { self == View.self }
}
