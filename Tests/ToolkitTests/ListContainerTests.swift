// <doc:ScrollBehaviour> §16: ListContainer, through a recording data source that counts the views made and the
// heights asked.

import Testing

@testable import ToolkitCore

/// A row view that counts `prepareForReuse` and records its touches.
@MainActor
final class ListRowView: View {
    var row = -1
    var preparedCount = 0
    var touchKinds: [String] = []
    override func prepareForReuse() {
        super.prepareForReuse()
        preparedCount += 1
        row = -1
    }
    override func touchesBegan(_ touches: [Touch]) { touchKinds.append("began") }
    override func touchesEnded(_ touches: [Touch]) { touchKinds.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { touchKinds.append("cancelled") }
}

/// Rows 0 ..< count, heights and headers from closures, everything the list asks recorded.
@MainActor
final class RecordingRows: ListDataSource {
    var count: Int
    var height: (Int) -> Double?
    var header: (Int) -> Bool
    /// Rows whose view was asked, in order.
    var viewsAsked: [Int] = []
    /// Rows whose height was asked, in order.
    var heightsAsked: [Int] = []
    /// New view instances made (not dequeued).
    var viewsCreated = 0
    /// Views dequeued, and whether each had been prepared for reuse.
    var dequeuedPrepared: [Bool] = []
    /// How many times `isHeaderRow` was asked (a count: a jump may ask about many rows).
    var headerQuestions = 0

    init(
        count: Int, height: @escaping (Int) -> Double? = { _ in nil }, header: @escaping (Int) -> Bool = { _ in false }
    ) {
        self.count = count
        self.height = height
        self.header = header
    }

    func numberOfRows(in list: ListContainer) -> Int { count }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        viewsAsked.append(row)
        let view: ListRowView
        if let reused = list.dequeueReusableView(kind: "row") as? ListRowView {
            dequeuedPrepared.append(reused.preparedCount > 0 && reused.row == -1)
            view = reused
        } else {
            viewsCreated += 1
            view = ListRowView(frame: .zero)
        }
        view.row = row
        view.reuseKind = "row"
        return view
    }

    func list(_ list: ListContainer, heightForRow row: Int) -> Double? {
        heightsAsked.append(row)
        return height(row)
    }

    func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool {
        headerQuestions += 1
        return header(row)
    }
}

/// A 400 x 800 list filling a headless window.
@MainActor
struct ListScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let rows: RecordingRows

    init(_ rows: RecordingRows) {
        self.rows = rows
        window.rootView.addSubview(list)
        list.dataSource = rows
    }

    /// The row view of `row`, which must be alive.
    func view(_ row: Int) -> ListRowView { list.view(forRow: row) as! ListRowView }

    /// Where `row`'s view is on screen (window y).
    func screenY(_ row: Int) -> Double { list.view(forRow: row)!.convert(Point.zero, to: nil).y }

    /// The most rows that may be alive: those meeting the visible rect plus two visible heights of them (44 pt).
    func liveBound(rowHeight: Double = 44) -> Int {
        list.visibleRows.count + Int((2 * 800 / rowHeight).rounded(.up)) + 2
    }
}

@MainActor @Suite struct ListContainerTests {
    @Test func defaults() {
        let list = ListContainer(frame: .zero)
        #expect(list.estimatedRowHeight == 44)
        #expect(list.maintainsVisibleContentPosition)
        #expect(list.visibleRows == 0..<0)
        #expect(list.view(forRow: 0) == nil)
    }

    @Test func tenMillionRowsAskOnlyAboutTheRowsInView() {
        let s = ListScene(RecordingRows(count: 10_000_000))
        #expect(s.list.contentSize == Size(width: 400, height: 440_000_000))
        // 800 / 44 = 18.2: rows 0 ... 18 meet the visible rect.
        #expect(s.list.visibleRows == 0..<19)
        #expect(s.rows.viewsAsked == Array(0..<19))
        #expect(s.rows.heightsAsked == Array(0..<19))
        #expect(s.list.frameForRow(9_999_999) == Rect(x: 0, y: 439_999_956, width: 400, height: 44))
        #expect(s.view(18).frame == Rect(x: 0, y: 792, width: 400, height: 44))
        // To the middle: only the rows there are asked about.
        s.rows.viewsAsked = []
        s.rows.heightsAsked = []
        s.list.contentOffset = Point(x: 0, y: 220_000_000)
        #expect(s.list.visibleRows == 5_000_000..<5_000_019)
        #expect(s.rows.viewsAsked == Array(5_000_000..<5_000_019))
        #expect(s.rows.heightsAsked == Array(5_000_000..<5_000_019))
        #expect(s.list.view(forRow: 0) == nil)
        #expect(s.view(5_000_000).frame.minY == 220_000_000)
        #expect(s.list.numberOfLiveViews == 19)
        // The far views went back for reuse: no new instance was needed.
        #expect(s.rows.viewsCreated == 19)
    }

    @Test func rowsAreReusedAndBoundedWhileScrolling() {
        let s = ListScene(RecordingRows(count: 100_000))
        var most = 0
        for step in 1...400 {
            s.list.contentOffset = Point(x: 0, y: Double(step) * 37)
            most = max(most, s.list.numberOfLiveViews)
            #expect(s.list.numberOfLiveViews <= s.liveBound())
        }
        // Rows more than one visible height above are gone; those within are kept.
        let top = s.list.visibleRows.lowerBound
        #expect(s.list.view(forRow: top - 18) != nil)
        #expect(s.list.view(forRow: top - 20) == nil)
        // Made within one visible height: never more instances than the most alive at once plus what a step adds.
        #expect(s.rows.viewsCreated <= most + 2)
        #expect(s.rows.viewsCreated < 60)
        // Every dequeued view had been prepared for reuse.
        #expect(!s.rows.dequeuedPrepared.isEmpty)
        #expect(s.rows.dequeuedPrepared.allSatisfy { $0 })
        // Each row's view shows its row.
        for row in s.list.visibleRows { #expect(s.view(row).row == row) }
    }

    @Test func measuredHeightsKeepTheVisibleRowsStill() {
        // Even rows are 88 pt, estimated 44.
        let s = ListScene(RecordingRows(count: 10_000_000, height: { $0 % 2 == 0 ? 88 : nil }))
        s.rows.heightsAsked = []
        s.list.scrollToRow(1000, at: .top, animated: false)
        #expect(s.list.contentOffset.y == s.list.frameForRow(1000).minY)
        #expect(s.screenY(1000) == 0)
        #expect(s.list.visibleRows.lowerBound == 1000)
        // A finger pulls the content down 300 pt (290 past the slop): the rows coming in above are measured (88,
        // not 44), and the content follows the finger exactly all the same.
        s.window.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 500), steps: 10, durationMS: 400, holdMS: 100)
        s.window.settle(s.list)
        #expect(abs(s.screenY(1000) - 290) < 1e-6)
        #expect(s.list.frameForRow(999).height == 44)
        #expect(s.list.frameForRow(998).height == 88)
        // Only rows near view were asked.
        #expect(s.rows.heightsAsked.allSatisfy { $0 >= 990 && $0 < 1020 }, "\(s.rows.heightsAsked)")
    }

    @Test func scrollToRowPositions() {
        let s = ListScene(RecordingRows(count: 1_000_000, height: { 30 + Double($0 % 5) * 10 }))
        s.list.scrollToRow(500_000, at: .middle, animated: false)
        let middle = s.list.frameForRow(500_000)
        #expect(abs(middle.midY - (s.list.contentOffset.y + 400)) < 1e-6)
        s.list.scrollToRow(600_000, at: .bottom, animated: false)
        #expect(abs(s.list.frameForRow(600_000).maxY - (s.list.contentOffset.y + 800)) < 1e-6)
        let offset = s.list.contentOffset.y
        s.list.scrollToRow(599_995, at: .nearest, animated: false)  // in view: nothing moves
        #expect(s.list.contentOffset.y == offset)
        s.list.scrollToRow(700_000, at: .nearest, animated: false)  // below: bottom-aligned
        #expect(abs(s.list.frameForRow(700_000).maxY - (s.list.contentOffset.y + 800)) < 1e-6)
        s.list.scrollToRow(10, at: .nearest, animated: false)  // above: top-aligned
        #expect(s.list.contentOffset.y == s.list.frameForRow(10).minY)
        // Animated: ends exactly with the row at the top, measured or not on the way.
        s.list.scrollToRow(123_456, at: .top, animated: true)
        s.window.advance(ms: 500)
        #expect(!s.list.isDecelerating)
        #expect(abs(s.list.contentOffset.y - s.list.frameForRow(123_456).minY) < 1e-6)
        #expect(abs(s.screenY(123_456)) < 1e-6)
        // Clamped into the range at the end.
        s.list.scrollToRow(999_999, at: .top, animated: false)
        #expect(abs(s.list.contentOffset.y - (s.list.contentSize.height - 800)) < 1e-6)
    }

    @Test func stickyHeadersArePinnedAndPushed() {
        // A header every 10 rows, all rows 44 pt.
        let s = ListScene(RecordingRows(count: 1000, header: { $0 % 10 == 0 }))
        s.list.contentOffset = Point(x: 0, y: 100)
        #expect(s.list.view(forRow: 0)!.frame.minY == 100)  // pinned at the visible top
        #expect(s.list.subviews.last === s.list.view(forRow: 0))
        s.list.contentOffset = Point(x: 0, y: 420)
        // Row 10 (the next header) starts at 440: it pushes header 0 up to 440 - 44.
        #expect(s.list.view(forRow: 0)!.frame.minY == 396)
        #expect(s.list.view(forRow: 10)!.frame.minY == 440)
        s.list.contentOffset = Point(x: 0, y: 450)
        #expect(s.list.view(forRow: 10)!.frame.minY == 450)
        #expect(s.list.subviews.last === s.list.view(forRow: 10))
        // A tap on the pinned header reaches it, not the row under it.
        s.window.touchDown(id: 1, at: Point(x: 200, y: 20))
        s.window.touchUp(id: 1)
        #expect((s.list.view(forRow: 10) as! ListRowView).touchKinds == ["began", "ended"])
    }

    @Test func aHeaderFarAboveIsPinnedWithoutAskingForEveryRow() {
        let s = ListScene(RecordingRows(count: 10_000_000, header: { $0 % 1000 == 0 }))
        s.rows.viewsAsked = []
        s.list.scrollToRow(5_500, at: .top, animated: false)
        let header = s.list.view(forRow: 5_000)
        #expect(header != nil)
        #expect(header!.frame.minY == s.list.contentOffset.y)
        #expect(s.rows.viewsAsked.filter { $0 == 5_000 }.count == 1)
        #expect(s.rows.heightsAsked.allSatisfy { $0 < 40 || ($0 >= 5_000 && $0 < 5_540) })
        // Scrolling on within the section keeps the same header view.
        s.list.contentOffset.y += 2000
        #expect(s.list.view(forRow: 5_000) === header)
        #expect(header!.frame.minY == s.list.contentOffset.y)
    }

    @Test func insertingAboveKeepsTheRowsStillAndAsksNothingAboutTheNewRows() {
        let s = ListScene(RecordingRows(count: 1000))
        s.list.contentOffset = Point(x: 0, y: 4400)  // row 100 at the top
        let view = s.view(100)
        s.rows.viewsAsked = []
        s.rows.heightsAsked = []
        s.rows.count += 3
        s.list.insertRows(at: [0, 1, 2])
        #expect(s.list.contentOffset.y == 4400 + 3 * 44)
        #expect(s.list.view(forRow: 103) === view)
        #expect(s.screenY(103) == 0)
        #expect(s.rows.viewsAsked.isEmpty && s.rows.heightsAsked.isEmpty)
        #expect(s.list.contentSize.height == 1003 * 44)
        // Rows inserted among the visible ones show there (after the anchor); the ones before stay.
        s.rows.count += 1
        s.list.insertRows(at: [105])
        #expect(s.list.view(forRow: 103) === view)
        #expect(s.rows.viewsAsked == [105])
        #expect(s.view(106).frame.minY == s.list.frameForRow(106).minY)
        // Deleting above moves back.
        s.rows.count -= 5
        s.list.deleteRows(at: [0, 1, 2, 3, 4])
        #expect(s.list.contentOffset.y == 4400 + 3 * 44 - 5 * 44)
        #expect(s.list.view(forRow: 98) === view)
        #expect(s.screenY(98) == 0)
    }

    @Test func atTheTopInsertedRowsShow() {
        let s = ListScene(RecordingRows(count: 100))
        s.rows.count += 2
        s.list.insertRows(at: [0, 1])
        #expect(s.list.contentOffset.y == 0)
        #expect(s.view(0).frame.minY == 0 && s.view(2).frame.minY == 88)
        #expect(Array(s.rows.viewsAsked.suffix(2)) == [0, 1])
    }

    @Test func deletingTheFirstVisibleRowKeepsTheNextOneStill() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.contentOffset = Point(x: 0, y: 440 + 10)  // row 10 at the top, 10 pt of it hidden
        let next = s.view(11)
        s.rows.count -= 1
        s.list.deleteRows(at: [10])
        // The first visible row that survives (old 11, now 10) stays where it was: 44 - 10 pt down.
        #expect(s.list.view(forRow: 10) === next)
        #expect(s.screenY(10) == 34)
        #expect(s.list.contentOffset.y == 440 + 10 - 44)
    }

    @Test func reloadRowsAndReloadData() {
        let s = ListScene(RecordingRows(count: 100))
        s.list.contentOffset = Point(x: 0, y: 440)
        let old = s.view(12)
        s.rows.viewsAsked = []
        s.rows.heightsAsked = []
        s.rows.height = { $0 == 12 ? 100 : nil }
        s.list.reloadRows(at: [12, 90])
        #expect(s.rows.viewsAsked == [12])
        #expect(s.rows.heightsAsked == [12])
        #expect(old.preparedCount == 1)
        #expect(s.view(13).frame.minY == s.view(12).frame.minY + 100)
        #expect(s.screenY(10) == 0)
        // reloadData asks again for the rows in view and keeps the first visible one still.
        s.rows.viewsAsked = []
        s.list.reloadData()
        #expect(s.rows.viewsAsked == Array(s.list.visibleRows))
        #expect(s.screenY(10) == 0)
        // A count the data source disagrees with falls back to reloading: no row is lost.
        s.rows.count = 50
        s.list.insertRows(at: [0])
        #expect(s.list.numberOfRows == 50)
        #expect(s.list.contentSize.height == s.list.frameForRow(49).maxY)
    }

    @Test func insertingDuringAFlingShiftsItWithoutStopping() {
        let plain = ListScene(RecordingRows(count: 100_000))
        let shifted = ListScene(RecordingRows(count: 100_000))
        for s in [plain, shifted] {
            s.list.contentOffset = Point(x: 0, y: 20_000)
            s.window.fling(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400))
            s.window.advance(ms: 150)
            #expect(s.list.isDecelerating)
        }
        let before = shifted.list.contentOffset.y
        shifted.rows.count += 10
        shifted.list.insertRows(at: Array(0..<10))
        #expect(shifted.list.contentOffset.y == before + 440)
        #expect(shifted.list.isDecelerating)
        plain.window.settle(plain.list)
        shifted.window.settle(shifted.list)
        #expect(abs(shifted.list.contentOffset.y - (plain.list.contentOffset.y + 440)) < 0.01)
        #expect(shifted.list.visibleRows.lowerBound == plain.list.visibleRows.lowerBound + 10)
    }

    @Test func tapsReachRowsAndDragsScrollThem() {
        let s = ListScene(RecordingRows(count: 1000))
        s.window.touchDown(id: 1, at: Point(x: 200, y: 100))
        s.window.touchUp(id: 1)
        #expect(s.view(2).touchKinds == ["began", "ended"])
        s.window.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), steps: 10, durationMS: 300, holdMS: 100)
        #expect(s.list.contentOffset.y == 290)  // the finger's 300 pt minus the 10 pt slop
        #expect(s.list.visibleRows.lowerBound == 6)
    }

    @Test func badInputIsHarmless() {
        let s = ListScene(RecordingRows(count: 10, height: { $0 == 3 ? -5 : ($0 == 4 ? .nan : nil) }))
        #expect(s.list.frameForRow(3).height == 44)
        #expect(s.list.frameForRow(4).height == 44)
        #expect(s.list.frameForRow(-1) == .zero && s.list.frameForRow(10) == .zero)
        s.list.scrollToRow(99, at: .top, animated: false)
        #expect(s.list.contentOffset.y == 0)
        s.list.estimatedRowHeight = 0
        #expect(s.list.estimatedRowHeight == 44)
        s.list.deleteRows(at: [42, -1])
        s.list.insertRows(at: [])
        #expect(s.list.numberOfRows == 10)
        s.rows.count = -3
        s.list.reloadData()
        #expect(s.list.numberOfRows == 0 && s.list.visibleRows == 0..<0 && s.list.numberOfLiveViews == 0)
    }
}

@Suite struct RowHeightsTests {
    /// Random measurements, inserts, deletes and estimate changes against a plain array of heights: every
    /// origin, every row lookup and the total agree exactly (heights in quarter points: sums are exact).
    @Test func agreesWithAnArrayOfHeights() {
        var state: UInt64 = 16
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var h = RowHeights()
        h.reset(count: 700, estimate: 10)
        var measured: [Double?] = Array(repeating: nil, count: 700)
        var estimate = 10.0
        for round in 0..<400 {
            switch next(8) {
            case 0:
                // k distinct indices below the new count are a valid insertion (ascending).
                let k = 1 + next(5)
                var rows = Set<Int>()
                while rows.count < k { rows.insert(next(measured.count + k)) }
                for row in rows.sorted() { measured.insert(nil, at: row) }
                h.insert(rows.sorted())
            case 1:
                guard !measured.isEmpty else { continue }
                let rows = Set((0...next(5)).map { _ in next(measured.count) }).sorted()
                for row in rows.reversed() { measured.remove(at: row) }
                h.delete(rows)
            case 2:
                estimate = Double(1 + next(80)) / 4
                h.setEstimate(estimate)
            // Heights equal to the new estimate were kept; equal to the old one were not: none of those here.
            default:
                guard !measured.isEmpty else { continue }
                let row = next(measured.count)
                let value: Double? = next(6) == 0 ? nil : Double(next(400)) / 4
                let before = measured[row] ?? estimate
                let change = h.setHeight(value, for: row)
                measured[row] = value == estimate ? nil : value
                #expect(change == (value ?? estimate) - before, "round \(round)")
            }
            #expect(h.count == measured.count)
            var y = 0.0
            for row in measured.indices {
                #expect(h.origin(of: row) == y, "round \(round) row \(row)")
                let height = measured[row] ?? estimate
                #expect(h.height(of: row) == height)
                if height > 0 { #expect(h.row(at: y + height / 2) == row, "round \(round) row \(row)") }
                y += height
            }
            #expect(h.totalHeight == y)
        }
    }

    @Test func originsAndLookupsAgreeAcrossBlocks() {
        var h = RowHeights()
        h.reset(count: 5000, estimate: 10)
        for row in stride(from: 0, to: 5000, by: 7) { h.setHeight(Double(row % 13), for: row) }
        var y = 0.0
        for row in 0..<5000 {
            #expect(h.origin(of: row) == y)
            let height = h.height(of: row)
            if height > 0 {
                #expect(h.row(at: y) == row)
                #expect(h.row(at: y + height / 2) == row)
            }
            y += height
        }
        #expect(h.totalHeight == y)
        #expect(h.row(at: -5) == 0 && h.row(at: y + 100) == 4999)
        h.insert([0, 600])
        #expect(h.count == 5002)
        #expect(h.height(of: 0) == 10 && h.height(of: 1) == 0 && h.height(of: 8) == 7)
        h.delete([0, 600])
        #expect(h.height(of: 0) == 0 && h.height(of: 7) == 7 && h.totalHeight == y)
    }
}
