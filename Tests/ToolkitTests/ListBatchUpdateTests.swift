// <doc:ScrollBehaviour> §19, batch updates: one change as splices, identity kept, counts checked, anchoring.

import Foundation
import TestSupport
import Testing

@testable import ToolkitCore

/// Rows identified by `ids` (row r shows id ids[r]); heights and headers follow the ids, and every view made says
/// which id it shows (`ListRowView.row` holds the id).
@MainActor
final class IdentifiedRows: ListDataSource {
    var ids: [Int]
    var height: (Int) -> Double?
    var header: (Int) -> Bool
    /// Rows whose view was asked, in order.
    var viewsAsked: [Int] = []
    /// Rows whose height was asked, in order.
    var heightsAsked: [Int] = []

    init(
        _ ids: [Int], height: @escaping (Int) -> Double? = { _ in nil },
        header: @escaping (Int) -> Bool = { _ in false }
    ) {
        self.ids = ids
        self.height = height
        self.header = header
    }

    func numberOfRows(in list: ListContainer) -> Int { ids.count }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        viewsAsked.append(row)
        let view = list.dequeueReusableView(kind: "row") as? ListRowView ?? ListRowView(frame: .zero)
        view.row = ids[row]
        view.reuseKind = "row"
        return view
    }

    func list(_ list: ListContainer, heightForRow row: Int) -> Double? {
        heightsAsked.append(row)
        return height(ids[row])
    }

    func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool { header(ids[row]) }
}

/// Collects what `Diagnostics` reports while `body` runs.
@MainActor
func misuseMessages(_ body: () -> Void) -> [String] {
    var messages: [String] = []
    let saved = Diagnostics.onReport
    Diagnostics.onReport = { messages.append($0) }
    body()
    Diagnostics.onReport = saved
    return messages
}

/// A 400 x 800 list over identified rows in a headless window.
@MainActor
struct IdentifiedScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let rows: IdentifiedRows

    init(_ rows: IdentifiedRows) {
        self.rows = rows
        window.rootView.addSubview(list)
        list.dataSource = rows
    }

    func view(_ row: Int) -> ListRowView? { list.view(forRow: row) as? ListRowView }
    func screenY(_ row: Int) -> Double { list.view(forRow: row)!.convert(Point.zero, to: nil).y }

    /// Every alive row view shows the id its row has.
    func viewsMatchIDs() -> Bool {
        list.visibleRows.allSatisfy { view($0)?.row == rows.ids[$0] }
    }
}

@Suite struct ItemChangeTests {
    /// Ten items; delete 2, insert at 0, move 5 to 7, reload 3. Kept old items in order: 0 1 3 4 6 7 8 9, onto the
    /// new indices not added (0 and 7 are): 1 2 3 4 5 6 8 9.
    @Test func splicesAndIndexMapping() throws {
        var batch = ItemBatch()
        batch.deletes = [2]
        batch.inserts = [0]
        batch.moves = [(5, 7)]
        batch.reloads = [3]
        let change = try batch.resolve(oldCount: 10).get()
        #expect(change.newCount == 10)
        #expect(
            change.splices == [
                .init(position: 0, removed: 0, added: 1), .init(position: 3, removed: 1, added: 0),
                .init(position: 5, removed: 1, added: 0), .init(position: 7, removed: 0, added: 1)
            ])
        #expect((0..<10).map { change.newIndex(ofOld: $0) } == [1, 2, nil, 3, 4, 7, 5, 6, 8, 9])
        #expect((0..<10).map { change.oldIndex(ofNew: $0) } == [nil, 0, 1, 3, 4, 6, 7, 5, 8, 9])
        #expect(change.keptNewIndex(ofOld: 5) == nil)
    }

    /// Applying the splices to an array of items gives the array the batch describes, for random batches.
    @Test func splicesAgreeWithAnArray() throws {
        var random = SplitMix64(seed: 19)
        for _ in 0..<300 {
            let count = Int(random.next() % 40)
            var old = Array(0..<count)
            var batch = ItemBatch()
            var taken = Set<Int>()
            for _ in 0..<Int(random.next() % 6) where count > 0 {
                let row = Int(random.next() % UInt64(count))
                if taken.insert(row).inserted { batch.deletes.append(row) }
            }
            var moved: [Int] = []
            for _ in 0..<Int(random.next() % 4) where count > 0 {
                let row = Int(random.next() % UInt64(count))
                if taken.insert(row).inserted { moved.append(row) }
            }
            let newCount = count - taken.count + Int(random.next() % 5) + moved.count
            var targets = Set<Int>()
            while targets.count < newCount - (count - taken.count) {
                targets.insert(Int(random.next() % UInt64(newCount)))
            }
            var slots = Array(targets).shuffled(using: &random)
            for row in moved { batch.moves.append((row, slots.removeLast())) }
            batch.inserts = slots
            let change = try batch.resolve(oldCount: count).get()
            // The expected array: kept items in order, with moved items and new ones (-1) at their targets.
            var expected = Array(repeating: -2, count: newCount)
            for move in batch.moves { expected[move.to] = move.from }
            for row in batch.inserts { expected[row] = -1 }
            var kept = old.filter { !taken.contains($0) }.makeIterator()
            for index in expected.indices where expected[index] == -2 { expected[index] = kept.next()! }
            for splice in change.splices {
                old.replaceSubrange(
                    splice.position..<(splice.position + splice.removed),
                    with: repeatElement(-3, count: splice.added))
            }
            #expect(old.count == newCount)
            for index in old.indices where old[index] != -3 { #expect(old[index] == expected[index]) }
            for item in 0..<count { #expect(change.newIndex(ofOld: item).map { expected[$0] } ?? item == item) }
        }
    }

    @Test func impossibleBatchesAreRefused() {
        var batch = ItemBatch()
        batch.deletes = [3]
        batch.moves = [(3, 0)]
        #expect(throws: ItemBatchError.self) { try batch.resolve(oldCount: 10).get() }
        batch = ItemBatch()
        batch.inserts = [2]
        batch.moves = [(5, 2)]
        #expect(throws: ItemBatchError.self) { try batch.resolve(oldCount: 10).get() }
        batch = ItemBatch()
        batch.inserts = [11]
        #expect(throws: ItemBatchError.self) { try batch.resolve(oldCount: 10).get() }
        batch = ItemBatch()
        batch.moves = [(10, 0)]
        #expect(throws: ItemBatchError.self) { try batch.resolve(oldCount: 10).get() }
    }
}

@MainActor @Suite struct ListBatchUpdateTests {
    /// Rows of 44 pt at the top of a 1,000-row list, offset 4,400 (row 100 at the top). In one batch: delete 2 and
    /// 3, insert at 0, move 110 to 5, reload 104. Above row 100: two rows in, two out: net 0, so row
    /// 100 stays row 100 and keeps its place: 0 pt on screen, offset unchanged; 999 rows in all.
    @Test func aBatchKeepsViewsAndAsksOnlyForNewAndReloadedRows() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<1000)))
        s.list.contentOffset = Point(x: 0, y: 4400)
        let anchor = s.view(100)!
        let moved = s.view(110)!
        let reloaded = s.view(104)!
        s.rows.viewsAsked = []
        s.rows.heightsAsked = []
        var ids = s.rows.ids
        let id110 = ids.remove(at: 110)
        ids.remove(at: 3)
        ids.remove(at: 2)
        ids.insert(-1, at: 0)
        ids.insert(id110, at: 5)
        s.rows.ids = ids
        let messages = misuseMessages {
            s.list.performBatchUpdates(animated: false) {
                s.list.deleteRows(at: [2, 3])
                s.list.insertRows(at: [0])
                s.list.moveRow(110, to: 5)
                s.list.reloadRows(at: [104])
            }
        }
        #expect(messages.isEmpty)
        #expect(s.list.numberOfRows == 999)
        #expect(s.list.view(forRow: 100) === anchor)
        #expect(s.screenY(100) == 0)
        #expect(s.list.contentOffset.y == 4400)
        // Old 104 is at 104 again (one in, two out, one moved in above it): a new view, asked once. Old 110 left
        // the rows in view for row 5, far above: its view went back, and old 119 comes up into view as row 118:
        // the only other row asked about.
        #expect(s.list.view(forRow: 104) !== reloaded)
        #expect(s.rows.viewsAsked == [104, 118])
        #expect(s.rows.heightsAsked == [104, 118])
        #expect(s.list.view(forRow: 5) == nil && s.list.view(forRow: 109) !== moved)
        #expect(s.viewsMatchIDs())
    }

    /// A moved row keeps its measured height; the rows it leaves and joins move by it.
    @Test func aMovedRowKeepsItsHeightAndView() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<100), height: { $0 == 3 ? 100 : nil }))
        let view = s.view(3)!
        #expect(s.list.frameForRow(3).height == 100)
        s.rows.ids = [0, 1, 2, 4, 5, 3] + Array(6..<100)
        s.rows.viewsAsked = []
        s.rows.heightsAsked = []
        s.list.moveRow(3, to: 5)
        #expect(s.list.view(forRow: 5) === view)
        #expect(s.list.frameForRow(5) == Rect(x: 0, y: 5 * 44, width: 400, height: 100))
        #expect(s.list.frameForRow(6).minY == 5 * 44 + 100)
        #expect(s.rows.viewsAsked.isEmpty && s.rows.heightsAsked.isEmpty)
        #expect(s.viewsMatchIDs())
    }

    /// Changes above the first visible row keep it still, whatever they are: the offset moves by what they add.
    @Test func theFirstVisibleSurvivingRowStaysStill() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<1000), height: { $0 % 2 == 0 ? 60 : nil }))
        s.list.contentOffset = Point(x: 0, y: 5000)
        let top = s.list.visibleRows.lowerBound
        // The first visible row is deleted: the one after it stays still.
        let survivor = top + 1
        let view = s.view(survivor)!
        let y = s.screenY(survivor)
        var ids = s.rows.ids
        ids.remove(at: top)
        ids.remove(at: 10)
        ids.insert(contentsOf: [-1, -2, -3], at: 0)
        s.rows.ids = ids
        s.list.performBatchUpdates(animated: false) {
            s.list.deleteRows(at: [10, top])
            s.list.insertRows(at: [0, 1, 2])
        }
        #expect(s.list.view(forRow: survivor + 1) === view)
        #expect(s.screenY(survivor + 1) == y)
        #expect(s.viewsMatchIDs())
    }

    @Test func countsThatDisagreeAreReportedAndReloaded() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<100)))
        s.rows.ids = Array(0..<50)
        let messages = misuseMessages { s.list.insertRows(at: [0]) }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("counts 50 rows") == true)
        #expect(messages.first?.contains("leaves 101") == true)
        #expect(s.list.numberOfRows == 50)
        #expect(s.viewsMatchIDs())
        // An impossible batch: said, and reloaded.
        let second = misuseMessages {
            s.list.performBatchUpdates(animated: true) {
                s.list.deleteRows(at: [3])
                s.list.moveRow(3, to: 0)
            }
        }
        #expect(second.count == 1 && second[0].contains("both deleted and moved"))
        #expect(s.list.numberOfRows == 50)
    }

    /// `applyDifference` over identifiers: moves inferred, every row in view shows its identifier, surviving views
    /// kept.
    @Test func applyDifferenceTurnsIdentifiersIntoOneBatch() {
        let old = Array(0..<100_000)
        let s = IdentifiedScene(IdentifiedRows(old))
        s.list.contentOffset = Point(x: 0, y: 44 * 500)
        let view = s.view(500)!
        var new = old
        var random = SplitMix64(seed: 7)
        for k in 0..<300 {
            switch k % 3 {
            case 0: new.remove(at: Int(random.next() % UInt64(new.count)))
            case 1: new.insert(200_000 + k, at: Int(random.next() % UInt64(new.count)))
            default:
                let item = new.remove(at: Int(random.next() % UInt64(new.count)))
                new.insert(item, at: Int(random.next() % UInt64(new.count)))
            }
        }
        s.rows.ids = new
        let messages = misuseMessages { s.list.applyDifference(from: old, to: new, animated: false) }
        #expect(messages.isEmpty)
        #expect(s.list.numberOfRows == new.count)
        #expect(s.viewsMatchIDs())
        if let row = new.firstIndex(of: 500), s.list.visibleRows.contains(row) {
            #expect(s.list.view(forRow: row) === view)
        }
    }

    /// Selection and focus ride with their rows through inserts, deletes and moves.
    @Test func selectionAndFocusFollowTheirRows() {
        let s = IdentifiedScene(IdentifiedRows(Array(0..<100)))
        s.list.selectionMode = .multiple
        s.list.selectedRows = IndexSet([2, 5, 6, 7, 40])
        s.list.focusedRow = 6
        var changes: [IndexSet] = []
        s.list.onSelectionChange = { changes.append($0) }
        s.rows.ids = Array(0..<100)  // counts only matter here
        s.list.performBatchUpdates(animated: false) {
            s.list.deleteRows(at: [5])
            s.list.insertRows(at: [0])
            s.list.moveRow(40, to: 1)
            s.list.deleteRows(at: [50])
            s.list.insertRows(at: [99])
        }
        // Old 2 → 4 (two rows in above it), 6 → 7, 7 → 8, 40 → 1; 5 deleted.
        #expect(s.list.selectedRows == IndexSet([1, 4, 7, 8]))
        #expect(s.list.focusedRow == 7)
        #expect(changes == [IndexSet([1, 4, 7, 8])])
        // The focused row deleted: the row after it takes the focus.
        s.rows.ids.removeLast()
        s.list.deleteRows(at: [7])
        #expect(s.list.focusedRow == 7)
        #expect(s.list.selectedRows == IndexSet([1, 4, 7]))
    }

    @Test func selectingAllOfTenMillionRowsIsOneRange() {
        let s = ListScene(RecordingRows(count: 10_000_000))
        s.list.selectionMode = .multiple
        s.list.selectedRows = IndexSet(integersIn: 0..<10_000_000)
        s.rows.count += 1
        s.list.insertRows(at: [5_000_000])
        #expect(s.list.selectedRows.rangeView.count == 2)
        #expect(s.list.selectedRows.count == 10_000_000)
        #expect(!s.list.selectedRows.contains(5_000_000))
    }
}
