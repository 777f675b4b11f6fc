// <doc:ScrollBehaviour> §21, swipe actions, rule by rule, headless. Scene: a 400 x 800 window, a list of 1,000
// rows of 44 pt filling it; rows have a trailing "A" action (74 pt wide: its title is narrower than the minimum)
// and, in some tests, more. Distances are the row's slide: the finger's motion minus the 10 pt slop.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
private final class SwipeRows: ListDataSource {
    var count: Int
    var trailing: [String] = ["A"]
    var leading: [String] = []
    var destructiveFirst = false
    /// Rows whose actions ran, with the action's title, in order.
    var performed: [String] = []
    /// When set, a destructive handler removes the row from the model (the count drops by one).
    var removesOnDestructive = true
    /// Rows that are sticky headers.
    var headers: Set<Int> = []
    /// Whether the rows' views take touches (labels do not: a touch on one lands on the list).
    var interactiveRows = false

    init(count: Int = 1_000) { self.count = count }

    func numberOfRows(in list: ListContainer) -> Int { count }
    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let label = (list.dequeueReusableView(kind: "row") as? Label) ?? Label(frame: .zero)
        label.reuseKind = "row"
        label.text = "Row \(row)"
        label.backgroundColor = .white
        label.isUserInteractionEnabled = interactiveRows
        return label
    }
    func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool { headers.contains(row) }
    func list(_ list: ListContainer, trailingSwipeActionsForRow row: Int) -> [SwipeAction] {
        actions(trailing, row: row)
    }
    func list(_ list: ListContainer, leadingSwipeActionsForRow row: Int) -> [SwipeAction] {
        actions(leading, row: row)
    }
    private func actions(_ titles: [String], row: Int) -> [SwipeAction] {
        titles.enumerated().map { index, title in
            let destructive = destructiveFirst && index == 0
            return SwipeAction(title: title, color: .red, isDestructive: destructive) { [unowned self] in
                performed.append("\(title)\(row)")
                if destructive && removesOnDestructive { count -= 1 }
            }
        }
    }
}

@MainActor
private final class SwipeScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let source: SwipeRows

    init(source: SwipeRows = SwipeRows(), rightToLeft: Bool = false, in parent: View? = nil) {
        self.source = source
        if rightToLeft { list.layoutDirection = .rightToLeft }
        list.dataSource = source
        (parent ?? window.rootView).addSubview(list)
        if parent != nil { window.rootView.addSubview(parent!) }
        ms(16)
    }

    func ms(_ n: Int) { window.advance(by: .milliseconds(n)) }

    /// The x of `row`'s view (its slide), or nil when it has none.
    func slide(_ row: Int) -> Double? { list.view(forRow: row)?.frame.minX }

    /// The middle of `row`'s line, window points (the list is at the window's origin, not scrolled).
    func centre(_ row: Int) -> Point { Point(x: 200, y: 22 + 44 * Double(row) - list.contentOffset.y) }

    /// A horizontal drag of finger 1 on `row` by `dx`, in steps of `step` points every `every` ms (the finger's
    /// speed is `step / every` points per ms), then a lift.
    func swipe(row: Int, by dx: Double, step: Double = 2, every: Int = 16, lift: Bool = true, from x: Double = 200) {
        var point = centre(row)
        point.x = x
        window.touchDown(id: 1, at: point)
        let steps = Int((abs(dx) / step).rounded(.up))
        for k in 1...steps {
            ms(every)
            let moved = min(Double(k) * step, abs(dx))
            window.touchMove(id: 1, to: Point(x: x + (dx < 0 ? -moved : moved), y: point.y))
        }
        if lift { window.touchUp(id: 1) }
    }

    func tap(at point: Point) {
        window.touchDown(id: 1, at: point)
        ms(50)
        window.touchUp(id: 1)
    }

    /// Lets a slide to rest finish (0.25 s) and a frame show it.
    func settle() { ms(400) }
}

@MainActor
@Suite struct SwipeActionTests {
    // MARK: - Resting open or closed

    @Test func aSlowReleaseJustPastHalfTheActionsWidthRestsOpenJustUnderCloses() {
        // One action, 74 pt: half is 37. The finger moves 10 pt of slop first, at 125 pt/s.
        let s = SwipeScene()
        s.swipe(row: 2, by: -(10 + 38))
        #expect(s.slide(2) == -38)
        s.settle()
        #expect(s.slide(2) == -74)
        #expect(s.list.rowActions.row == 2)

        let t = SwipeScene()
        t.swipe(row: 2, by: -(10 + 36))
        t.settle()
        #expect(t.slide(2) == 0)
        #expect(t.list.rowActions.row == nil)
    }

    @Test func aFlickFasterThan500PointsPerSecondOpensBelowHalfSlowerDoesNot() {
        // About 20 pt of slide (under half of 74) at 550 pt/s, then at 450 pt/s (5.5 and 4.5 pt every 10 ms).
        let s = SwipeScene()
        s.swipe(row: 3, by: -33, step: 5.5, every: 10)
        #expect(s.slide(3) == -23)
        s.settle()
        #expect(s.slide(3) == -74)

        let t = SwipeScene()
        t.swipe(row: 3, by: -31.5, step: 4.5, every: 10)
        #expect(t.slide(3) == -21.5)
        t.settle()
        #expect(t.slide(3) == 0)

        // A flick back toward closed closes an open row whatever its distance.
        s.swipe(row: 3, by: 20, step: 10, every: 8)
        s.settle()
        #expect(s.slide(3) == 0)
    }

    @Test func actionsAreAtLeast74PointsAndWiderWhenTheirTitleNeedsIt() {
        let widths = SwipePolicy.widths(of: [
            SwipeAction(title: "A", color: .red) {},
            SwipeAction(title: "A title much longer than the minimum", color: .red) {}
        ])
        #expect(widths[0] == 74)
        let title = Font.measure("A title much longer than the minimum", size: SwipeAction.titleFontSize).width
        #expect(widths[1] == title + 32)
        #expect(widths[1] > 74)
    }

    @Test func twoActionsRestOpenAtTheirTotalWidth() {
        let source = SwipeRows()
        source.trailing = ["A", "B"]
        let s = SwipeScene(source: source)
        s.swipe(row: 1, by: -(10 + 80))
        s.settle()
        #expect(s.slide(1) == -148)
        // The strip fills the line the row left, on the right.
        #expect(s.list.rowActions.strip.frame == Rect(x: 252, y: 44, width: 148, height: 44))
    }

    @Test func theStripDrawsEachActionInItsColourWithItsTitleInWhite() {
        let source = SwipeRows()
        source.trailing = ["Archive", "Delete"]
        let s = SwipeScene(source: source)
        s.swipe(row: 2, by: -200)
        s.settle()
        let widths = SwipePolicy.widths(of: s.list.rowActions.strip.actions)
        #expect(s.slide(2) == -(widths[0] + widths[1]))
        let image = s.window.render()
        let y = Int(s.centre(2).y)
        let red = Color.red.premultipliedARGB
        // Both actions are red here: the strip is red from the row's edge to the list's, but for the titles.
        #expect(image.pixel(x: 398, y: y - 18) == red)
        #expect(image.pixel(x: Int(400 - widths[0] - widths[1]) + 2, y: y - 18) == red)
        #expect(image.pixel(x: Int(400 - widths[0] - widths[1]) - 2, y: y - 18) == Color.white.premultipliedARGB)
        // Each title is white text in the middle of its action.
        func hasWhite(from x0: Double, to x1: Double) -> Bool {
            (Int(x0)..<Int(x1)).contains { x in
                (y - 6...y + 6).contains { image.pixel(x: x, y: $0) == Color.white.premultipliedARGB }
            }
        }
        #expect(hasWhite(from: 400 - widths[0], to: 400))
        #expect(hasWhite(from: 400 - widths[0] - widths[1], to: 400 - widths[0]))
    }

    // MARK: - Full swipe

    @Test func aDragPast60PercentOfTheRowPerformsTheFirstActionOnceOnRelease() {
        // 60 % of 400 pt is 240 pt.
        let source = SwipeRows()
        source.trailing = ["A", "B"]
        let s = SwipeScene(source: source)
        s.swipe(row: 4, by: -(10 + 242), step: 6, every: 16, from: 380)
        #expect(source.performed == ["A4"])
        s.settle()
        #expect(source.performed == ["A4"])
        #expect(s.slide(4) == 0)

        // Just under: it rests open, nothing performed.
        let t = SwipeScene(source: source)
        source.performed.removeAll()
        t.swipe(row: 4, by: -(10 + 238), step: 6, every: 16, from: 380)
        t.settle()
        #expect(source.performed.isEmpty)
        #expect(t.slide(4) == -148)
    }

    @Test func aDestructiveFirstActionDeletesTheRowWithTheBatchAnimation() {
        let source = SwipeRows()
        source.destructiveFirst = true
        let s = SwipeScene(source: source)
        let below = s.list.view(forRow: 6)
        let deleted = s.list.view(forRow: 5)
        s.swipe(row: 5, by: -(10 + 260), step: 6, every: 16, from: 380)
        #expect(source.performed == ["A5"])
        #expect(source.count == 999)
        #expect(s.list.numberOfRows == 999)
        #expect(s.list.itemAnimation.isActive)
        // The row below slides up into the gap over the animation: partway after 0.1 s, there after 0.4 s.
        s.ms(100)
        let midway = below?.frame.minY ?? 0
        #expect(midway < 264 && midway > 220)
        // The deleted row shrinks where it was slid, its action's colour beside it.
        let leaving = deleted?.frame ?? .zero
        #expect(leaving.minX == -260 && leaving.height > 0 && leaving.height < 44)
        #expect(s.list.rowActions.strip.frame == Rect(x: 140, y: leaving.minY, width: 260, height: leaving.height))
        #expect(!s.list.rowActions.strip.isHidden)
        s.ms(300)
        #expect(s.list.view(forRow: 5) === below)
        #expect(below?.frame.minY == 220)
        #expect(s.list.rowActions.row == nil)
        #expect(s.list.rowActions.strip.isHidden)
    }

    @Test func aTapOnADestructiveActionDeletesTheRowWithTheBatchAnimationOnce() {
        let source = SwipeRows()
        source.trailing = ["A", "B"]
        source.destructiveFirst = true
        let s = SwipeScene(source: source)
        s.swipe(row: 3, by: -90)
        s.settle()
        #expect(s.slide(3) == -148)
        // "A", destructive, is against the right edge.
        s.tap(at: Point(x: 380, y: s.centre(3).y))
        #expect(source.performed == ["A3"])
        #expect(s.list.numberOfRows == 999)
        #expect(s.list.itemAnimation.isActive)
        s.settle()
        #expect(s.list.numberOfRows == 999)
        #expect(s.list.rowActions.row == nil)
        #expect(s.list.visibleRows.allSatisfy { s.slide($0) == 0 })
    }

    @Test func aDestructiveHandlerThatKeepsTheRowLeavesItClosed() {
        let source = SwipeRows()
        source.destructiveFirst = true
        source.removesOnDestructive = false
        let s = SwipeScene(source: source)
        s.swipe(row: 5, by: -(10 + 260), step: 6, every: 16, from: 380)
        s.settle()
        #expect(source.performed == ["A5"])
        #expect(s.list.numberOfRows == 1_000)
        #expect(s.slide(5) == 0)
    }

    // MARK: - One at a time, scrolling, taps

    @Test func openingAnotherRowClosesTheFirst() {
        let s = SwipeScene()
        s.swipe(row: 2, by: -60)
        s.settle()
        #expect(s.slide(2) == -74)
        s.swipe(row: 6, by: -60)
        #expect(s.slide(2) == 0)
        s.settle()
        #expect(s.slide(6) == -74)
        #expect(s.list.rowActions.row == 6)
    }

    @Test func scrollingTheListClosesTheOpenRow() {
        let s = SwipeScene()
        s.swipe(row: 2, by: -60)
        s.settle()
        #expect(s.slide(2) == -74)
        s.window.touchDown(id: 1, at: Point(x: 200, y: 500))
        for k in 1...10 {
            s.ms(16)
            s.window.touchMove(id: 1, to: Point(x: 200, y: 500 - 6 * Double(k)))
        }
        s.window.touchUp(id: 1)
        #expect(s.list.contentOffset.y > 0)
        s.ms(1_000)
        #expect(s.slide(2) == 0)
        #expect(s.list.rowActions.row == nil)
    }

    @Test func aTapOutsideTheActionsClosesTheRowAndSelectsNothing() {
        let s = SwipeScene()
        s.list.selectionMode = .single
        s.swipe(row: 2, by: -60)
        s.settle()
        s.tap(at: s.centre(8))
        s.settle()
        #expect(s.slide(2) == 0)
        #expect(s.list.selectedRows.isEmpty)
        // A tap on the open row itself, outside its actions, closes it too.
        s.swipe(row: 2, by: -60)
        s.settle()
        s.tap(at: Point(x: 100, y: s.centre(2).y))
        s.settle()
        #expect(s.slide(2) == 0)
        #expect(s.source.performed.isEmpty)
    }

    @Test func aTapOutsideTheListClosesTheRowAndStillReachesWhatItLandsOn() {
        let s = SwipeScene()
        s.list.frame.size.height = 700
        var pressed = 0
        let button = Button(frame: Rect(x: 0, y: 720, width: 200, height: 60), title: "Outside") { _ in pressed += 1 }
        s.window.rootView.addSubview(button)
        s.ms(16)
        s.swipe(row: 2, by: -60)
        s.settle()
        #expect(s.slide(2) == -74)
        #expect(s.window.rootView.gestureRecognizers.count == 1)
        s.tap(at: Point(x: 100, y: 750))
        s.settle()
        #expect(pressed == 1)
        #expect(s.slide(2) == 0)
        #expect(s.list.rowActions.row == nil)
        // Closed, the list watches the window no more.
        #expect(s.window.rootView.gestureRecognizers.isEmpty)
    }

    @Test func aTapOnAnActionRunsItsHandlerOnceAndClosesTheRow() {
        let source = SwipeRows()
        source.trailing = ["A", "B"]
        let s = SwipeScene(source: source)
        s.swipe(row: 2, by: -90)
        s.settle()
        #expect(s.slide(2) == -148)
        // "A" is against the right edge (326...400), "B" inside it (252...326).
        s.tap(at: Point(x: 290, y: s.centre(2).y))
        #expect(source.performed == ["B2"])
        s.settle()
        #expect(source.performed == ["B2"])
        #expect(s.slide(2) == 0)
    }

    // MARK: - Who takes the drag

    @Test func aVerticalDragOnARowWithActionsScrollsTheList() {
        let s = SwipeScene()
        s.window.touchDown(id: 1, at: s.centre(5))
        for k in 1...8 {
            s.ms(16)
            s.window.touchMove(id: 1, to: Point(x: 200 - Double(k), y: s.centre(5).y - 8 * Double(k)))
        }
        #expect(s.list.isDragging)
        #expect(s.slide(5) == 0)
        #expect(s.list.rowActions.pan.state == .failed)
        s.window.touchUp(id: 1)
    }

    @Test func aSwipeTowardASideWithoutActionsPagesTheEnclosingPager() {
        // A horizontal pager of two 400 pt pages; the list is the second page, shown.
        let pager = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        pager.contentSize = Size(width: 800, height: 800)
        pager.isPagingEnabled = true
        let s = SwipeScene(in: pager)
        s.list.frame.origin.x = 400
        pager.contentOffset = Point(x: 400, y: 0)
        s.ms(16)
        // Toward the right the row has no (leading) actions: the pager takes it and pages back.
        s.swipe(row: 3, by: 120, step: 12, every: 16, lift: false)
        #expect(pager.isDragging)
        #expect(pager.contentOffset.x < 300)
        #expect(s.slide(3) == 0)
        s.window.touchUp(id: 1)
        s.ms(1_000)
        #expect(pager.contentOffset.x == 0)

        // Toward the left it has: the row takes it and the pager stays.
        pager.contentOffset = Point(x: 400, y: 0)
        s.ms(16)
        s.swipe(row: 3, by: -60, lift: false)
        #expect(!pager.isDragging)
        #expect(pager.contentOffset.x == 400)
        #expect(s.slide(3) == -50)
        s.window.touchUp(id: 1)
    }

    @Test func aSwipeOnAPinnedHeaderSlidesNeitherItNorTheRowUnderIt() {
        let source = SwipeRows()
        source.headers = [0]
        source.interactiveRows = true
        let s = SwipeScene(source: source)
        // Rows 0 (the header) to 3 scroll away under the pinned header; row 4 is under it.
        s.list.contentOffset = Point(x: 0, y: 4 * 44 + 10)
        s.ms(16)
        s.swipe(row: 4, by: -90)
        s.settle()
        #expect(s.list.rowActions.row == nil)
        #expect(s.slide(4) == 0)
        // A row below the header, whose view takes touches, swipes as any.
        s.swipe(row: 6, by: -90)
        s.settle()
        #expect(s.slide(6) == -74)
    }

    @Test func rightToLeftMirrorsLeadingAndTrailing() {
        let source = SwipeRows()
        source.trailing = ["T"]
        source.leading = ["L"]
        let s = SwipeScene(source: source, rightToLeft: true)
        // Trailing is on the left: a swipe to the right reveals it.
        s.swipe(row: 2, by: 60)
        s.settle()
        #expect(s.slide(2) == 74)
        #expect(s.list.rowActions.strip.actions.map(\.title) == ["T"])
        #expect(s.list.rowActions.strip.frame.minX == 0)
        s.tap(at: Point(x: 30, y: s.centre(2).y))
        #expect(source.performed == ["T2"])
        s.settle()
        s.swipe(row: 2, by: -60)
        s.settle()
        #expect(s.slide(2) == -74)
        #expect(s.list.rowActions.strip.actions.map(\.title) == ["L"])
    }

    // MARK: - The state belongs to the row

    @Test func aReusedViewComesBackClosedAndTheOpenStateFollowsItsRow() {
        let s = SwipeScene()
        s.swipe(row: 2, by: -60)
        s.settle()
        let opened = s.list.view(forRow: 2)
        // An update above the row moves it: it stays open as row 1.
        s.source.count -= 1
        s.list.deleteRows(at: [0])
        #expect(s.list.rowActions.row == 1)
        #expect(s.slide(1) == -74)
        #expect(s.list.view(forRow: 1) === opened)
        // Far away: every view, reused ones too, is at rest.
        s.list.contentOffset = Point(x: 0, y: 20_000)
        s.ms(16)
        #expect(s.list.visibleRows.allSatisfy { s.slide($0) == 0 })
        s.settle()
        #expect(s.list.rowActions.row == nil)
        s.list.contentOffset = .zero
        s.ms(16)
        #expect(s.slide(1) == 0)

        // A reload of the open row drops its state.
        s.swipe(row: 4, by: -60)
        s.settle()
        s.list.reloadRows(at: [4])
        #expect(s.list.rowActions.row == nil)
        #expect(s.slide(4) == 0)
    }

    // MARK: - Accessibility

    @Test func eachActionIsANamedAccessibleActionOfTheRowThatRunsItsHandler() throws {
        let source = SwipeRows()
        source.trailing = ["Delete", "Archive"]
        source.leading = ["Read"]
        let s = SwipeScene(source: source)
        let tree = s.window.core.accessibility
        let row = try #require(s.list.view(forRow: 3))
        #expect(tree.customActions(of: row).map(\.name) == ["Delete", "Archive", "Read"])
        #expect(tree.performCustomAction(named: "Archive", on: row))
        #expect(source.performed == ["Archive3"])
        #expect(tree.snapshot(of: s.list)[3].customActions == ["Delete", "Archive", "Read"])
        #expect(tree.customActions(of: s.list).isEmpty)
    }
}
