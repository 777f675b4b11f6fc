/// The accessible tree of one window (<doc:Accessibility>), derived on demand from the view tree: the window is the
/// root (`nil`), each exposed view a child of its nearest exposed ancestor. Window points.
@MainActor
public final class AccessibilityTree {
    unowned var window: WindowCore!

    /// Receives every change of the tree after it happens, on the main actor. Default nil: nothing is computed.
    public var onEvent: ((AccessibilityEvent) -> Void)? {
        didSet { isObserved = onEvent != nil }
    }
    /// `onEvent != nil` as a plain flag: every offset change asks, and reading the closure costs an exclusivity check.
    @exclusivity(unchecked) private var isObserved = false

    /// Exposed views by id, while `idTableIsValid`; rebuilt by a walk after any change of the tree.
    private var viewsByID: [UInt64: View] = [:]
    private var idTableIsValid = false

    init() {}

    /// The exposed children of `parent` (nil: the window), in order.
    public func children(of parent: View?) -> [View] {
        var result: [View] = []
        if let parent {
            collectExposed(below: parent, into: &result)
        } else if window.rootView.isAccessibilityElement {
            result.append(window.rootView)
        } else {
            collectExposed(below: window.rootView, into: &result)
        }
        return result
    }

    /// How many exposed children `parent` (nil: the window) has.
    public func childCount(of parent: View?) -> Int {
        children(of: parent).count
    }

    private func collectExposed(below view: View, into result: inout [View]) {
        for subview in view.subviews {
            if subview.isAccessibilityElement {
                result.append(subview)
            } else {
                collectExposed(below: subview, into: &result)
            }
        }
    }

    /// The exposed parent of `view`: its nearest exposed ancestor, or nil for the window.
    public func parent(of view: View) -> View? {
        var current = view.superview
        while let candidate = current {
            if candidate.isAccessibilityElement { return candidate }
            current = candidate.superview
        }
        return nil
    }

    /// Where `view` is among its exposed parent's children, or nil when it is not exposed in this window.
    public func indexInParent(of view: View) -> Int? {
        guard contains(view) else { return nil }
        return children(of: parent(of: view)).firstIndex { $0 === view }
    }

    /// Whether `view` is an exposed view of this window.
    public func contains(_ view: View) -> Bool {
        view.hostWindow === window && view.isAccessibilityElement
    }

    /// Where `view` stands among its parent's items ("item 3 of 200"); nil unless a list item in this window.
    public func itemPosition(of view: View) -> (index: Int, count: Int)? {
        guard contains(view), view.exposedRole == .listItem else { return nil }
        let parent = parent(of: view)
        let siblings = children(of: parent)
        guard let index = siblings.firstIndex(where: { $0 === view }) else { return nil }
        let count = parent?.accessibilityItemCount ?? siblings.count
        return (parent?.accessibilityItemIndex(of: view) ?? index, max(count, index + 1))
    }

    /// The id of `view` in this process's accessible trees: given at the first request, never reused.
    public func id(of view: View) -> UInt64 {
        view.accessibilityID
    }

    /// The exposed view of this window with id `id`, or nil (a view that left the window, or an unknown id).
    public func view(withID id: UInt64) -> View? {
        if !idTableIsValid {
            viewsByID.removeAll(keepingCapacity: true)
            index(window.rootView)
            idTableIsValid = true
        }
        return viewsByID[id]
    }

    private func index(_ view: View) {
        if view.isAccessibilityElement { viewsByID[view.accessibilityID] = view }
        for subview in view.subviews { index(subview) }
    }

    /// The role reported for `view`: its `accessibilityRole`, or `.group` for a view exposed with role `.none`.
    public func role(of view: View) -> AccessibilityRole {
        view.exposedRole
    }

    /// The name reported for `view`: its `accessibilityLabel`, or empty.
    public func name(of view: View) -> String {
        view.accessibilityLabel ?? ""
    }

    /// The view's rectangle in window points (its bounds, scaled by zoom on the way).
    public func extents(of view: View) -> Rect {
        view.convert(view.bounds, to: nil)
    }

    /// The part of `view` on screen now (window points), cut by the window and clipping ancestors; nil when none.
    public func visibleExtents(of view: View) -> Rect? {
        guard let edges = view.visibleEdgesInWindow() else { return nil }
        var clip = edges
        clip.intersect(x0: 0, y0: 0, x1: window.size.width, y1: window.size.height)
        let e = extents(of: view)
        clip.intersect(x0: e.minX, y0: e.minY, x1: e.maxX, y1: e.maxY)
        let visible = clip.rect
        return visible.isEmpty ? nil : visible
    }

    /// The states of `view`, from its visibility, `Control.isEnabled`, the keyboard focus and a list's selection.
    public func states(of view: View) -> AccessibilityStates {
        var states: AccessibilityStates = []
        var hidden = false
        var current: View? = view
        while let candidate = current {
            if candidate.isHidden {
                hidden = true
                break
            }
            current = candidate.superview
        }
        if !hidden {
            states.insert(.visible)
            if visibleExtents(of: view) != nil { states.insert(.showing) }
        }
        if (view as? Control)?.isEnabled ?? true { states.formUnion([.enabled, .sensitive]) }
        if view.acceptsKeyboardFocus { states.insert(.focusable) }
        if window.focusedView === view { states.insert(.focused) }
        if let selecting = view as? any AccessibleSelection { states.formUnion(selecting.accessibilityOwnStates) }
        if let selecting = view.superview as? any AccessibleSelection {
            states.formUnion(selecting.accessibilityStates(ofItem: view))
        }
        return states
    }

    /// The actions `view` offers: `click` for views that handle taps, the four scroll actions for scroll panes.
    public func actions(of view: View) -> [AccessibilityAction] {
        var actions: [AccessibilityAction] = []
        if view.accessibilityHandlesTaps || view.accessibilityTapRecognizer != nil { actions.append(.click) }
        if view.touchParticipant?.scrollsContent == true {
            actions += [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
        }
        return actions
    }

    /// The actions of `view` beyond the standard ones, as its superview gives them (a list row's swipe actions), in
    /// the order offered after `actions(of:)`.
    public func customActions(of view: View) -> [AccessibilityCustomAction] {
        guard view.hostWindow === window, let parent = view.superview else { return [] }
        return parent.accessibilityCustomActions(forSubview: view)
    }

    /// Performs `view`'s custom action at `index` (in `customActions(of:)`); false when there is none there or it
    /// could not be done.
    @discardableResult
    public func performCustomAction(at index: Int, on view: View) -> Bool {
        let actions = customActions(of: view)
        guard actions.indices.contains(index) else { return false }
        return actions[index].perform()
    }

    /// Performs `view`'s first custom action named `name`; false when there is none or it could not be done.
    @discardableResult
    public func performCustomAction(named name: String, on view: View) -> Bool {
        guard let action = customActions(of: view).first(where: { $0.name == name }) else { return false }
        return action.perform()
    }

    /// The deepest visible exposed view whose extents contain `point` (window points), or nil.
    public func element(at point: Point) -> View? {
        deepestExposed(at: point, below: nil)
    }

    private func deepestExposed(at point: Point, below parent: View?) -> View? {
        for child in children(of: parent).reversed() where !child.isHidden {
            guard let visible = visibleExtents(of: child), visible.contains(point) else { continue }
            return deepestExposed(at: point, below: child) ?? child
        }
        return nil
    }

    /// Performs `action` on `view`; false when it is not offered, cannot be done, or a tap would land elsewhere.
    /// `click` recognizes the view's tap recognizer, or taps the centre of its visible part through the arbitration
    /// (a container above a fling stops it); `scroll-...` acts as Page Up / Page Down (<doc:ScrollBehaviour> §7).
    @discardableResult
    public func perform(_ action: AccessibilityAction, on view: View) -> Bool {
        guard view.hostWindow === window, actions(of: view).contains(action) else { return false }
        switch action {
        case .click:
            if let recognizer = view.accessibilityTapRecognizer {
                // Recognized as such (a double tap too), wherever its centre shows.
                guard let visible = visibleExtents(of: view) ?? (scrollToVisible(view) ? visibleExtents(of: view) : nil)
                else { return false }
                recognizer.recognizeForAccessibility(at: Point(x: visible.midX, y: visible.midY))
                return true
            }
            return tap(view)
        case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
            guard let scroller = view.touchParticipant, scroller.scrollsContent else { return false }
            let axis: Axis = action == .scrollUp || action == .scrollDown ? .vertical : .horizontal
            let direction = action == .scrollUp || action == .scrollLeft ? -1 : 1
            return scroller.scrollByPages(direction, along: axis)
        }
    }

    /// The touch id of `click` taps: outside a compositor's Int32 ids and apart from `Touch.pointerID`.
    static let tapTouchID = Touch.pointerID + 1

    private func tap(_ view: View) -> Bool {
        if visibleExtents(of: view) == nil { _ = scrollToVisible(view) }
        guard let visible = visibleExtents(of: view) else { return false }
        let centre = Point(x: visible.midX, y: visible.midY)
        // Never activate whatever covers the view.
        guard let hit = window.rootView.hitTest(centre), hit.isDescendant(of: view) else { return false }
        let time = window.now
        window.handle(.touchDown(id: AccessibilityTree.tapTouchID, location: centre, timestamp: time))
        window.handle(.touchFrame(timestamp: time))
        window.handle(.touchUp(id: AccessibilityTree.tapTouchID, timestamp: time))
        window.handle(.touchFrame(timestamp: time))
        return true
    }

    /// Scrolls the containers above `view`, innermost first, the least that shows it; whether some of it shows.
    @discardableResult
    public func scrollToVisible(_ view: View) -> Bool {
        guard view.hostWindow === window else { return false }
        var current = view.superview
        while let candidate = current {
            if let scroller = candidate.touchParticipant, scroller.scrollsContent {
                scroller.scrollToShow(view.bounds, of: view)
            }
            current = candidate.superview
        }
        return visibleExtents(of: view) != nil
    }

    /// The tree below `parent` (nil: the whole window) as values, for tests and diagnostics.
    public func snapshot(of parent: View? = nil) -> [AccessibilityNode] {
        children(of: parent).enumerated().map { index, child in
            AccessibilityNode(
                role: role(of: child), name: name(of: child), states: states(of: child),
                extents: extents(of: child), actions: actions(of: child),
                customActions: customActions(of: child).map(\.name), indexInParent: index,
                children: snapshot(of: child))
        }
    }

    /// A view reported a change: structure changes drop the id table; events only while observed.
    func viewDidChange(_ view: View, _ change: AccessibilityChange) {
        switch change {
        case .added, .willRemove, .exposure:
            idTableIsValid = false
            viewsByID.removeAll(keepingCapacity: true)
        case .name, .scrolled, .selection, .selected, .focusedItem:
            break
        }
        guard isObserved, let onEvent else { return }
        switch change {
        case .added:
            reportTops(of: view) { parent, child in
                let index = children(of: parent).firstIndex { $0 === child } ?? -1
                onEvent(.childAdded(parent: parent, child: child, index: index))
            }
        case .willRemove:
            reportTops(of: view) { parent, child in
                let index = children(of: parent).firstIndex { $0 === child } ?? -1
                onEvent(.childRemoved(parent: parent, child: child, index: index))
            }
        case .exposure:
            if view.isAccessibilityElement {
                let parent = parent(of: view)
                let index = children(of: parent).firstIndex { $0 === view } ?? -1
                onEvent(.childAdded(parent: parent, child: view, index: index))
            } else {
                onEvent(.childRemoved(parent: parent(of: view), child: view, index: -1))
            }
        case .name:
            if view.isAccessibilityElement { onEvent(.nameChanged(view)) }
        case .scrolled:
            let pane = view.isAccessibilityElement ? view : parent(of: view)
            if let pane { onEvent(.boundsChanged(pane)) }
        case .selection:
            if view.isAccessibilityElement { onEvent(.selectionChanged(view)) }
        case .selected(let on):
            if view.isAccessibilityElement { onEvent(.stateChanged(view, .selected, on)) }
        case .focusedItem:
            if view.isAccessibilityElement { onEvent(.focusChanged(view)) }
        }
    }

    /// Calls `body` with (exposed parent, child) for each topmost exposed view of `view`'s subtree.
    private func reportTops(of view: View, _ body: (View?, View) -> Void) {
        if view.isAccessibilityElement {
            body(parent(of: view), view)
            return
        }
        var tops: [View] = []
        collectExposed(below: view, into: &tops)
        guard !tops.isEmpty else { return }
        let parent = parent(of: view)
        for top in tops { body(parent, top) }
    }

    func focusDidChange(to view: View?) {
        onEvent?(.focusChanged(view))
    }
}

/// One exposed view as values (`AccessibilityTree.snapshot(of:)`).
public struct AccessibilityNode: Sendable, Equatable {
    public var role: AccessibilityRole
    public var name: String
    public var states: AccessibilityStates
    /// In window coordinates, points.
    public var extents: Rect
    public var actions: [AccessibilityAction]
    /// The names of its custom actions (offered after `actions`).
    public var customActions: [String]
    public var indexInParent: Int
    public var children: [AccessibilityNode]
}
