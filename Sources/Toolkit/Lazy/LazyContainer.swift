import Foundation

/// What `ListContainer` and `GridContainer` share whatever their shape: the one lazy engine of
/// <doc:ScrollBehaviour> §16, §19 and §20. Its items are a list's rows or a grid's items; it keeps the views of those
/// near the visible rect alive and reuses the others (`dequeueReusableView(kind:)`), keeps the first visible item
/// still through updates (`performBatchUpdates` and the single updates), selects items by taps, clicks and keys,
/// draws the selection, and tells assistive technologies. Not made directly: use a list or a grid.
@MainActor
open class LazyContainer: ScrollContainer {
    /// Called once per change of the selected items (by taps, clicks, keys, updates that renumber the items, or the
    /// app), with the new set, after the change.
    public var onSelectionChange: ((IndexSet) -> Void)?

    /// Whether the container draws the selected items' highlight (behind the items: items with a clear background
    /// show it) and the focused item's 2 pt ring (on top). Default true.
    public var drawsSelection = true {
        didSet { if drawsSelection != oldValue { setNeedsDisplay() } }
    }

    /// The colours of the highlight and the focus ring. Default: the window's colour scheme's,
    /// `SelectionColors.light` or `.dark`, following a change of scheme; once set, the colours set, whatever the
    /// scheme.
    public var selectionColors: SelectionColors {
        get { chosenSelectionColors ?? (colorScheme == .dark ? .dark : .light) }
        set {
            let old = selectionColors
            chosenSelectionColors = newValue
            if newValue != old { setNeedsDisplay() }
        }
    }

    /// The colours the app set, or nil: the scheme's.
    private var chosenSelectionColors: SelectionColors?

    /// Whether the selection's colours are the scheme's (the app set none).
    var selectionColorsFollowScheme: Bool { chosenSelectionColors == nil }

    /// The engine's state: alive views, pools, selection, the open batch, prefetching.
    let items = LazyItems()

    /// The items moving to their places after an animated batch (`LazyItemContainer+Animation.swift`).
    @exclusivity(unchecked) var itemAnimation = ItemAnimation()
    /// The frame animator of `itemAnimation`, made once.
    lazy var itemAnimationDriver = ItemAnimationDriver(container: self)
    /// The mouse drag that selects a range, once the container was in `.multiple` mode.
    var dragSelection: DragSelectGesture?

    /// This container as the engine sees it (itself, through its shape's conformance): set by the shape's
    /// initializer. Not owning (it is `self`).
    unowned(unsafe) var engine: (any LazyItemContainer)!

    init(shapeFrame frame: Rect) {
        super.init(frame: frame)
        maintainsVisibleContentPosition = true
    }

    // MARK: - Items

    /// The number of item views alive now (made and not yet put back), a pinned header included: bounded by the
    /// items in view plus two visible heights of them, whatever the item count.
    public var numberOfLiveViews: Int { engine.aliveViewCount }

    /// The items meeting the visible rect (`bounds`), in order (a grid: whole rows); empty when none does.
    public var visibleItems: Range<Int> { engine.visibleItemRange }

    /// The view shown for `item`, or nil when the item is not alive (out of view, or out of range).
    public func view(forItem item: Int) -> View? { engine.aliveView(forItem: item) }

    /// The item whose place holds `point` (content coordinates, points: a grid's cell, a list's full-width row),
    /// or nil in a gap between items or outside them.
    public func item(at point: Point) -> Int? { engine.itemIndex(at: point) }

    /// The dequeued view of kind `kind`: a view that was given out with `reuseKind == kind` and whose item went out
    /// of view (its `prepareForReuse()` was called), or nil when none is free.
    public func dequeueReusableView(kind: String) -> View? {
        items.dequeue(kind: kind)
    }

    // MARK: - Updates (<doc:ScrollBehaviour> §19)

    /// Runs `updates` (calls of the delete, insert, move and reload methods) as one change: deletes, reloads and
    /// move sources are indices before the batch, inserts and move destinations indices after it (UIKit's rules).
    /// The data source must count the items after the batch when `updates` returns. Surviving items keep their
    /// views (and a list's rows their measured heights); the first visible one stays still on screen. With
    /// `animated`, items slide to their new places over 0.3 s (ease out), inserted ones grow and fade in, deleted
    /// ones fade out (a list's rows grow from and shrink to zero height). A batch inside a batch joins it.
    public func performBatchUpdates(animated: Bool, _ updates: () -> Void) {
        engine.batchUpdates(animated: animated, updates)
    }

    /// Inserts items at `items`: indices after the update (negative ones and duplicates are dropped). The data
    /// source must already count them; they are asked about only when they come into view. Inside
    /// `performBatchUpdates`, part of its batch.
    public func insertItems(at items: [Int]) {
        engine.record { $0.inserts.append(contentsOf: items) }
    }

    /// Deletes the items at `items`: indices before the update (out of range and duplicates are dropped). The data
    /// source must no longer count them. Their views are put back; the first visible item that remains stays still.
    /// Inside `performBatchUpdates`, part of its batch.
    public func deleteItems(at items: [Int]) {
        engine.record { $0.deletes.append(contentsOf: items) }
    }

    /// Asks the data source again about the items at `items` (indices before the update; out of range dropped):
    /// those alive get a new view (a list's rows a new height) now, the others when they come into view. They keep
    /// their selection. Inside `performBatchUpdates`, part of its batch.
    public func reloadItems(at items: [Int]) {
        engine.record { $0.reloads.append(contentsOf: items) }
    }

    /// Moves the item at `item` (index before the update) to `newItem` (index after it), keeping its view and
    /// selection. Inside `performBatchUpdates`, part of its batch.
    public func moveItem(_ item: Int, to newItem: Int) {
        engine.record { $0.moves.append((item, newItem)) }
    }

    /// Applies the change from the items identified by `old` to those identified by `new` (one identifier per item,
    /// any `Hashable`) as one batch: the standard library's `difference(from:)`, with moves inferred
    /// (`inferringMoves()`), turned into deletes, inserts and moves. Items whose identifier stays keep their view.
    /// The data source must count `new.count` items.
    public func applyDifference<ID: Hashable>(from old: [ID], to new: [ID], animated: Bool) {
        engine.difference(from: old, to: new, animated: animated)
    }

    // MARK: - Selection (<doc:ScrollBehaviour> §19)

    /// How many items taps, clicks and keys select: `.none` (default), `.single`, `.multiple`. Going to `.single`
    /// keeps at most the first selected item; `.none` keeps the selection (the app may still set it).
    public var selectionMode: SelectionMode {
        get { items.selection.mode }
        set {
            engine.setSelectionMode(newValue)
            // A mouse drag selects a range in `.multiple` mode (`DragSelectGesture`), made the first time.
            if newValue == .multiple && dragSelection == nil {
                let gesture = DragSelectGesture(container: self)
                dragSelection = gesture
                dragSelectionInstalled(gesture)
            }
        }
    }

    /// The selected items (Foundation's `IndexSet`: ranges, so all of 10,000,000 items is one range). Setting it
    /// drops items out of range (and in `.single` mode all but the first) and calls `onSelectionChange` when it
    /// changed.
    public var selectedItems: IndexSet {
        get { items.selection.selected }
        set { engine.setSelectedItems(newValue) }
    }

    /// The item the keys move from (drawn with a focus ring), or nil: then the keys scroll (<doc:ScrollBehaviour>
    /// §7). Setting an item out of range is ignored. Set by taps and clicks when items can be selected.
    public var focusedItem: Int? {
        get { items.selection.focus }
        set { engine.setFocusedItem(newValue) }
    }

    // MARK: - Accessibility (<doc:ScrollBehaviour> §17)

    /// A list of items: a screen reader says "list, 1,000,000 items".
    open override var defaultAccessibilityRole: AccessibilityRole { .list }

    /// The item views are list items (the app may still set an item's own role).
    open override func defaultAccessibilityRole(forSubview subview: View) -> AccessibilityRole? {
        engine.item(showing: subview) != nil ? .listItem : nil
    }

    /// Every item counts, alive or not: the accessible children are only the alive items, and this is what makes
    /// item 3 read as "3 of 1,000,000".
    open override var accessibilityItemCount: Int? { engine.itemCount }

    /// The item `view` shows.
    open override func accessibilityItemIndex(of view: View) -> Int? { engine.item(showing: view) }

    /// The mouse's drag selection was made: a shape links it to its own gestures here. Default: nothing.
    func dragSelectionInstalled(_ gesture: DragSelectGesture) {}

    // MARK: - Hooks of ScrollContainer

    /// Items follow the offset.
    override func contentOffsetDidChange() {
        engine.layoutItems()
    }

    /// Items follow the size of the visible rect (a grid's columns too).
    open override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        engine.layoutItems()
    }

    /// Moves the focus, selects and shows the focused item for `key` (`LazyItemContainer+Keys.swift`); else
    /// scrolls as any container.
    open override func keyPressed(_ key: Key, modifiers: KeyModifiers, timestamp: Duration) -> Bool {
        if engine.selectionKey(key, modifiers: modifiers) { return true }
        return super.keyPressed(key, modifiers: modifiers, timestamp: timestamp)
    }

    /// A content touch ended (not cancelled) on `view`: the item holding it is tapped
    /// (`LazyItemContainer+Selection.swift`).
    override func contentTouchEnded(_ touch: Touch, in view: View) {
        engine.itemTouchEnded(in: view)
    }

    /// The selected items' highlight, behind the items (`LazyItemContainer+SelectionDrawing.swift`).
    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        engine.drawSelectionHighlight(in: canvas)
    }

    /// Fading items' veils above the items, the focus ring, then the scroll indicators.
    open override func drawOverlay(in canvas: Canvas) {
        engine.drawItemFades(in: canvas)
        engine.drawFocusRing(in: canvas)
        super.drawOverlay(in: canvas)
    }

    /// Leaving the window ends a batch animation (its frames belong to that window).
    override func hostWindowDidChange(from old: (any ViewHost)?) {
        engine.endItemAnimation(leaving: old)
        super.hostWindowDidChange(from: old)
    }

    /// The focus ring where it is drawn (content coordinates), besides the indicators: it moves with its item, so a
    /// pixel copy must not leave it behind.
    override func forEachOverlayRect(_ body: (Rect) -> Void) {
        super.forEachOverlayRect(body)
        if let ring = engine.focusRingRect() { body(ring) }
    }

    /// The container anchors by items (its layout), not by subview frames.
    override func subviewLayoutWillChange() {}

    /// The container anchors by items (its layout), not by subview frames.
    override func subviewLayoutDidChange() {}
}

extension LazyContainer: AccessibleSelection {
    var accessibilityOwnStates: AccessibilityStates {
        items.selection.mode == .multiple ? .multiselectable : []
    }

    func accessibilityStates(ofItem view: View) -> AccessibilityStates {
        engine.selectionStates(ofItem: view)
    }

    var accessibilitySelectedItemCount: Int { items.selection.selected.count }

    func accessibilitySelectedItem(_ n: Int) -> Int? { items.selection.selectedItem(n) }

    func accessibilityView(forItem item: Int) -> View? { engine.aliveView(forItem: item) }

    func accessibilityIsSelected(_ item: Int) -> Bool { item >= 0 && items.selection.selected.contains(item) }

    func accessibilitySelect(_ item: Int) -> Bool { engine.accessibilitySelectItem(item) }

    func accessibilityDeselect(_ item: Int) -> Bool { item >= 0 && engine.accessibilityDeselectItem(item) }

    func accessibilitySelectAll() -> Bool { engine.accessibilitySelectAllItems() }

    func accessibilityClearSelection() -> Bool { engine.accessibilityClearItems() }
}
