// <doc:ScrollBehaviour> §16, sticky headers: the right header is pinned at once after a jump or a reload, whatever
// the row count and however far up the header is, and the data source is asked about each row at most once
// between updates (`HeaderIndex`), so the frames after a jump cost no scan.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ListStickyHeaderTests {
    /// 1,000,000 rows of 44 pt, headers at rows 0 and 600,000 only; row 900,000 at the top.
    func jumped() -> ListScene {
        let s = ListScene(RecordingRows(count: 1_000_000, header: { $0 == 0 || $0 == 600_000 }))
        s.list.scrollToRow(900_000, at: .top, animated: false)
        return s
    }

    @Test func aJumpPinsAHeaderAnyDistanceUpAndAsksEachRowOnce() {
        let s = ListScene(RecordingRows(count: 1_000_000, header: { $0 == 0 || $0 == 600_000 }))
        // Rows 0 ... 18 made: 19 questions, row 0 pinned at its own place.
        #expect(s.rows.headerQuestions == 19)
        s.rows.headerQuestions = 0
        s.list.scrollToRow(900_000, at: .top, animated: false)
        #expect(s.list.contentOffset.y == 39_600_000)
        // Header 600,000 (300,000 rows up) is pinned at the visible top at once.
        let header = s.list.view(forRow: 600_000)
        #expect(header != nil)
        #expect(header?.frame == Rect(x: 0, y: 39_600_000, width: 400, height: 44))
        #expect(s.list.subviews.last === header)
        // Asked once each: the 19 rows made (900,000 ... 900,018), and rows 899,999 ... 600,000 by the search.
        #expect(s.rows.headerQuestions == 19 + 300_000)
        // The next frames ask only about the rows they make.
        s.rows.headerQuestions = 0
        s.rows.viewsAsked = []
        for _ in 0..<20 { s.list.contentOffset.y += 100 }
        #expect(s.list.view(forRow: 600_000) === header)
        #expect(header?.frame.minY == 39_602_000)
        #expect(s.rows.headerQuestions == s.rows.viewsAsked.count)
        #expect(s.rows.viewsAsked.count == 45)  // rows 900,019 ... 900,063
        s.rows.headerQuestions = 0
        s.list.contentOffset.y -= 100_000  // back up inside the known rows: nothing asked but the rows made
        #expect(s.list.view(forRow: 600_000)?.frame.minY == 39_502_000)
        #expect(s.rows.headerQuestions == 19)
    }

    @Test func aListWithoutHeadersIsSearchedOnceAfterAJump() {
        let s = ListScene(RecordingRows(count: 1_000_000))
        s.rows.headerQuestions = 0
        s.list.scrollToRow(999_000, at: .top, animated: false)
        #expect(s.list.numberOfLiveViews == 19)
        // The 19 rows made, and rows 998,999 ... 1 by the search (row 0 was known from the first layout).
        #expect(s.rows.headerQuestions == 19 + 998_999)
        // Anywhere above is known now: a jump there asks only about the rows it makes.
        s.rows.headerQuestions = 0
        s.list.scrollToRow(500_000, at: .top, animated: false)
        #expect(s.rows.headerQuestions == 19)
        #expect(s.list.numberOfLiveViews == 19)
    }

    /// Rows without `isHeaderRow` (the protocol's default answers).
    @MainActor final class PlainRows: ListDataSource {
        func numberOfRows(in list: ListContainer) -> Int { 10_000_000 }
        func list(_ list: ListContainer, viewForRow row: Int) -> View {
            let view = list.dequeueReusableView(kind: "plain") ?? View(frame: .zero)
            view.reuseKind = "plain"
            return view
        }
    }

    @Test func aDataSourceWithoutHeadersIsNeverSearched() {
        let rows = PlainRows()
        let s = ListScene(RecordingRows(count: 0))
        s.list.dataSource = rows
        s.list.scrollToRow(9_999_000, at: .top, animated: false)
        #expect(s.list.visibleRows == 9_999_000..<9_999_019)
        #expect(s.list.numberOfLiveViews == 19)
        // Nothing asked above the rows in view: the index knows no row.
        #expect(s.list.headerIndex.spans.isEmpty)
    }

    @Test func reloadDataPinsTheNewHeaderAtOnce() {
        let s = jumped()
        s.rows.header = { $0 == 0 || $0 == 700_000 }
        s.rows.headerQuestions = 0
        s.list.reloadData()
        #expect(s.list.contentOffset.y == 39_600_000)
        #expect(s.list.view(forRow: 600_000) == nil)
        #expect(s.list.view(forRow: 700_000)?.frame == Rect(x: 0, y: 39_600_000, width: 400, height: 44))
        // The 19 rows made, and rows 899,999 ... 700,000 by the search.
        #expect(s.rows.headerQuestions == 19 + 200_000)
    }

    @Test func updatesRenumberWhatIsKnown() {
        let s = jumped()
        // Three contacts arrive under the first header: the section header becomes row 600,003.
        s.rows.count += 3
        s.rows.header = { $0 == 0 || $0 == 600_003 }
        s.rows.headerQuestions = 0
        s.rows.viewsAsked = []
        s.list.insertRows(at: [1, 2, 3])
        #expect(s.list.contentOffset.y == 39_600_132)
        #expect(s.list.view(forRow: 600_003)?.frame.minY == 39_600_132)
        #expect(s.rows.headerQuestions == 0 && s.rows.viewsAsked.isEmpty)
        // Deleting them again moves it back, asking nothing.
        s.rows.count -= 3
        s.rows.header = { $0 == 0 || $0 == 600_000 }
        s.list.deleteRows(at: [1, 2, 3])
        #expect(s.list.view(forRow: 600_000)?.frame.minY == 39_600_000)
        #expect(s.rows.headerQuestions == 0)
        // A reloaded row is asked again: row 750,000 becomes a header and is pinned from there on.
        s.rows.header = { $0 == 0 || $0 == 600_000 || $0 == 750_000 }
        s.list.reloadRows(at: [750_000])
        #expect(s.list.view(forRow: 750_000)?.frame.minY == 39_600_000)
        #expect(s.list.view(forRow: 600_000) == nil)
        #expect(s.rows.headerQuestions == 1)
    }
}

@Suite struct HeaderIndexTests {
    /// A small deterministic generator (no Foundation), for the same cases on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Random queries, inserts, deletes and forgets against the plain answer from a list of flags; between
    /// updates no row is asked about twice.
    @Test func agreesWithAScanAndAsksEachRowOnceBetweenUpdates() {
        var random = Generator(state: 28)
        var flags = (0..<3000).map { _ in random.next(40) == 0 }
        var index = HeaderIndex()
        var asked = Set<Int>()
        for _ in 0..<3000 {
            switch random.next(10) {
            case 0:  // insert a few rows
                // k distinct indices below the new count are always a valid insertion (ascending).
                let k = 1 + random.next(4)
                var rows = Set<Int>()
                while rows.count < k { rows.insert(random.next(flags.count + k)) }
                let sorted = rows.sorted()
                for row in sorted { flags.insert(random.next(5) == 0, at: row) }
                index.insert(sorted)
                asked = []
            case 1:  // delete a few rows
                let sorted = Set((0...random.next(4)).map { _ in random.next(flags.count) }).sorted()
                for row in sorted.reversed() { flags.remove(at: row) }
                index.delete(sorted)
                asked = []
            case 2:  // a row changes (reloadRows)
                let row = random.next(flags.count)
                flags[row].toggle()
                index.forget([row])
                asked = []
            default:
                let row = random.next(flags.count)
                let expected = flags[0...row].lastIndex(of: true)
                let found = index.header(atOrBefore: row) { question in
                    #expect(!asked.contains(question), "row \(question) asked twice")
                    asked.insert(question)
                    return flags[question]
                }
                #expect(found == expected, "row \(row)")
            }
        }
    }

    @Test func spansJoinAndSplit() {
        var index = HeaderIndex()
        let headers: Set<Int> = [10, 50]
        #expect(index.header(atOrBefore: 60) { headers.contains($0) } == 50)  // asks 60 ... 50
        #expect(index.header(atOrBefore: 30) { headers.contains($0) } == 10)  // asks 30 ... 10
        #expect(index.spans.map { [$0.low, $0.high] } == [[10, 31], [50, 61]])
        #expect(index.header(atOrBefore: 49) { headers.contains($0) } == 10)  // asks 49 ... 31: one span
        #expect(index.spans.map { [$0.low, $0.high] } == [[10, 61]])
        #expect(index.spans[0].headers == [10, 50])
        index.insert([20, 21])
        #expect(index.spans.map { [$0.low, $0.high] } == [[10, 20], [22, 63]])
        #expect(index.spans.map(\.headers) == [[10], [52]])
        index.delete([10, 30])
        // Old rows 20 and 21 (the inserted ones, never asked) are rows 19 and 20 now.
        #expect(index.spans.map { [$0.low, $0.high] } == [[10, 19], [21, 61]])
        #expect(index.spans.map(\.headers) == [[], [50]])
        index.forget([25])
        #expect(index.spans.map { [$0.low, $0.high] } == [[10, 19], [21, 25], [26, 61]])
    }
}
