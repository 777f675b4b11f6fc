// <doc:ScrollBehaviour> §20: GridContainer, through a recording data source. Numbers by hand: a 400 pt wide grid of
// 120 x 120 items 8 pt apart has ⌊(400 + 8) / 128⌋ = 3 columns, items (400 − 2·8) / 3 = 128 pt wide, rows 128 pt
// apart; an 800 pt visible height meets rows 0 ... 6 (row 6 starts at 768).

import Foundation
import Testing

@testable import ToolkitCore

/// An item view that remembers its item and counts `prepareForReuse`.
@MainActor
final class GridItemView: View {
    var item = -1
    var preparedCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        preparedCount += 1
        item = -1
    }
}

/// Items identified by `ids` (item i shows id ids[i]), everything the grid asks recorded.
@MainActor
final class RecordingItems: GridDataSource {
    var ids: [Int]
    var viewsAsked: [Int] = []
    var viewsCreated = 0
    var prefetched: [[Int]] = []
    var cancelled: [[Int]] = []

    init(count: Int) { ids = Array(0..<count) }
    init(ids: [Int]) { self.ids = ids }

    func numberOfItems(in grid: GridContainer) -> Int { ids.count }

    func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
        viewsAsked.append(item)
        let view: GridItemView
        if let reused = grid.dequeueReusableView(kind: "cell") as? GridItemView {
            view = reused
        } else {
            viewsCreated += 1
            view = GridItemView(frame: .zero)
        }
        view.item = ids[item]
        view.reuseKind = "cell"
        return view
    }

    func grid(_ grid: GridContainer, prefetchItems items: [Int]) { prefetched.append(items) }
    func grid(_ grid: GridContainer, cancelPrefetchingForItems items: [Int]) { cancelled.append(items) }
}

/// Ten million items would make `ids` large: a source whose item i shows i.
@MainActor
final class CountingItems: GridDataSource {
    let count: Int
    var viewsAsked = 0
    var viewsCreated = 0
    init(count: Int) { self.count = count }
    func numberOfItems(in grid: GridContainer) -> Int { count }
    func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
        viewsAsked += 1
        let view =
            grid.dequeueReusableView(kind: "cell") as? GridItemView
            ?? {
                viewsCreated += 1
                return GridItemView(frame: .zero)
            }()
        view.item = item
        view.reuseKind = "cell"
        return view
    }
}

/// A 400 x 800 grid in an 800 x 800 headless window.
@MainActor
struct GridScene {
    let window = HeadlessWindow(size: Size(width: 800, height: 800))
    let grid = GridContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let source: any GridDataSource

    init(_ source: any GridDataSource) {
        self.source = source
        window.rootView.addSubview(grid)
        grid.dataSource = source
    }

    /// The item view of `item`, which must be alive.
    func view(_ item: Int) -> GridItemView { grid.view(forItem: item) as! GridItemView }

    /// The most items that may be alive: those in view plus two visible heights of rows.
    func aliveBound() -> Int {
        grid.visibleItems.count + 2 * Int((800 / 128.0).rounded(.up)) * grid.numberOfColumns
    }
}

@MainActor @Suite struct GridContainerTests {
    @Test func defaults() {
        let grid = GridContainer(frame: .zero)
        #expect(grid.itemSize == Size(width: 120, height: 120))
        #expect(grid.spacing == 8)
        #expect(grid.numberOfColumns == 1)
        #expect(grid.visibleItems == 0..<0)
        #expect(grid.view(forItem: 0) == nil)
        #expect(grid.frameForItem(0) == .zero)
        #expect(grid.selectionMode == .none)
    }

    @Test func columnsStretchAndRowsFollow() {
        let s = GridScene(RecordingItems(count: 10))
        #expect(s.grid.numberOfColumns == 3)
        #expect(s.grid.frameForItem(0) == Rect(x: 0, y: 0, width: 128, height: 120))
        #expect(s.grid.frameForItem(4) == Rect(x: 136, y: 128, width: 128, height: 120))
        #expect(s.grid.frameForItem(9) == Rect(x: 0, y: 384, width: 128, height: 120))
        // Four rows: 4 · 120 + 3 · 8.
        #expect(s.grid.contentSize == Size(width: 400, height: 504))
        #expect(s.view(4).frame == Rect(x: 136, y: 128, width: 128, height: 120))
        #expect(s.grid.item(at: Point(x: 200, y: 200)) == 4)
        #expect(s.grid.item(at: Point(x: 132, y: 60)) == nil)  // the gap between columns 0 and 1
    }

    @Test func theColumnFormulaWithInsetsAndWidths() {
        let s = GridScene(RecordingItems(count: 10))
        // ⌊(400 − 40 + 8) / 128⌋ = 2 columns of (360 − 8) / 2 = 176 pt.
        s.grid.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        #expect(s.grid.numberOfColumns == 2)
        #expect(s.grid.frameForItem(1) == Rect(x: 184, y: 0, width: 176, height: 120))
        // Narrower than one item: one column, the item as wide as the grid.
        s.grid.contentInset = .zero
        s.grid.frame = Rect(x: 0, y: 0, width: 100, height: 800)
        #expect(s.grid.numberOfColumns == 1)
        #expect(s.grid.frameForItem(0).width == 100)
        // Exactly 4 items and 3 gaps: ⌊(504 + 8) / 128⌋ = 4, nothing left over.
        s.grid.frame = Rect(x: 0, y: 0, width: 504, height: 800)
        #expect(s.grid.numberOfColumns == 4)
        #expect(s.grid.frameForItem(3) == Rect(x: 384, y: 0, width: 120, height: 120))
    }

    @Test func aspectRatioAndBadSizes() {
        let s = GridScene(RecordingItems(count: 10))
        s.grid.aspectRatio = 2  // 128 wide, 64 tall
        #expect(s.grid.frameForItem(3) == Rect(x: 0, y: 72, width: 128, height: 64))
        s.grid.aspectRatio = nil
        s.grid.itemSize = Size(width: 0, height: 50)
        s.grid.itemSize = Size(width: .nan, height: 50)
        s.grid.spacing = -1
        #expect(s.grid.itemSize == Size(width: 120, height: 120))
        #expect(s.grid.spacing == 8)
    }

    @Test func rightToLeftFillsFromTheRight() {
        let s = GridScene(RecordingItems(count: 10))
        s.grid.layoutDirection = .rightToLeft
        s.grid.reloadData()
        #expect(s.grid.frameForItem(0) == Rect(x: 272, y: 0, width: 128, height: 120))
        #expect(s.grid.frameForItem(2) == Rect(x: 0, y: 0, width: 128, height: 120))
        #expect(s.grid.item(at: Point(x: 390, y: 10)) == 0)
    }

    @Test func tenMillionItemsMakeOnlyTheItemsInView() {
        let source = CountingItems(count: 10_000_000)
        let s = GridScene(source)
        // ⌈10,000,000 / 3⌉ = 3,333,334 rows: 3,333,334 · 128 − 8.
        #expect(s.grid.contentSize == Size(width: 400, height: 426_666_744))
        #expect(s.grid.visibleItems == 0..<21)
        #expect(source.viewsAsked == 21)
        #expect(s.grid.frameForItem(9_999_999) == Rect(x: 0, y: 426_666_624, width: 128, height: 120))
        // Row 1,666,667 at the top: items 5,000,001 ... 5,000,021.
        s.grid.contentOffset = Point(x: 0, y: 213_333_376)
        #expect(s.grid.visibleItems == 5_000_001..<5_000_022)
        #expect(source.viewsAsked == 42)
        #expect(s.grid.view(forItem: 0) == nil)
        #expect(s.view(5_000_001).frame.minY == 213_333_376)
        #expect(s.grid.numberOfLiveViews == 21)
        #expect(source.viewsCreated == 21)
        s.grid.scrollToItem(9_999_999, at: .bottom, animated: false)
        #expect(s.grid.contentOffset.y == 426_666_744 - 800)
        #expect(s.grid.visibleItems.contains(9_999_999))
        #expect(s.grid.visibleItems.upperBound == 10_000_000)
    }

    @Test func itemsAreReusedAndBoundedWhileScrolling() {
        let source = CountingItems(count: 100_000)
        let s = GridScene(source)
        for step in 1...400 {
            s.grid.contentOffset = Point(x: 0, y: Double(step) * 37)
            #expect(s.grid.numberOfLiveViews <= s.aliveBound())
        }
        // Views come back from the pools: the visible items plus two visible heights of rows, made once.
        #expect(source.viewsCreated <= s.aliveBound())
        // Rows more than one visible height above are gone; one within it stays.
        let top = s.grid.visibleItems.lowerBound
        #expect(s.grid.view(forItem: top - 3) != nil)
        #expect(s.grid.view(forItem: top - 3 * 8) == nil)
    }

    @Test func aColumnChangeKeepsTheFirstVisibleItemWhereItWas() {
        let s = GridScene(RecordingItems(count: 1_000))
        // Row 10 (item 30) starts at 1,280; 50 pt of it above the top.
        s.grid.contentOffset = Point(x: 0, y: 1_330)
        #expect(s.grid.visibleItems.lowerBound == 30)
        s.grid.frame = Rect(x: 0, y: 0, width: 600, height: 800)
        // ⌊608 / 128⌋ = 4 columns: item 30 in row 7, at 896; the offset follows it: 896 + 50.
        #expect(s.grid.numberOfColumns == 4)
        #expect(s.grid.contentOffset.y == 946)
        #expect(s.grid.frameForItem(30).minY - s.grid.contentOffset.y == -50)
        #expect(s.view(30).frame == Rect(x: 304, y: 896, width: 144, height: 120))
        // Row 7 (items 28 ... 31) is the first visible now. A smaller item size: ⌊608 / 88⌋ = 6 columns, item 28
        // in row 4 (at 352), 50 pt of it above the top.
        #expect(s.grid.visibleItems.lowerBound == 28)
        s.grid.itemSize = Size(width: 80, height: 80)
        #expect(s.grid.numberOfColumns == 6)
        #expect(s.grid.contentOffset.y == 402)
    }

    @Test func accessibilityCountsEveryItem() {
        let s = GridScene(RecordingItems(count: 1_000_000))
        #expect(s.grid.accessibilityRole == .list)
        #expect(s.grid.accessibilityItemCount == 1_000_000)
        #expect(s.grid.accessibilityItemIndex(of: s.view(5)) == 5)
        #expect(s.grid.defaultAccessibilityRole(forSubview: s.view(5)) == .listItem)
    }
}
