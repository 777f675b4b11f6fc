import CAllocCounter
import Glibc
import Toolkit

/// `live`: live lists (SCROLL.md 19) in the `lists` window (1920 x 1080, a 56 pt title bar, the list below it).
///
/// - `applyDifference 100,000 ids, 300 changes`: a list of 100,000 identified rows, 400 pt down; the identifiers
///   change by 100 deletes, 100 inserts and 100 moves at random places (a fixed seed), and one operation is
///   `applyDifference(from:to:animated: false)` (the standard library's diff with moves inferred, the batch, the
///   layout of the rows in view), then a frame. Between operations the list goes back to the old identifiers
///   (`reloadData`, not timed). Budget: under 100 ms.
/// - `animated batch, frames after the first`: a list of 10,000 rows; an animated batch deletes 3 rows, inserts 3
///   and moves 2 in view (not timed, nor its first frame); the operation is one of the next 16 frames of its
///   0.3 s (`prepareFrame` and `draw(into:)`). Budget: no allocation.
@MainActor
enum LiveListBench {
    /// Rows showing `ids`, with `ListContainerBench.ReusableRow` views.
    @MainActor
    final class IdentifiedRows: ListDataSource {
        var ids: [Int]
        init(_ ids: [Int]) { self.ids = ids }
        func numberOfRows(in list: ListContainer) -> Int { ids.count }
        func list(_ list: ListContainer, viewForRow row: Int) -> View {
            let view = list.dequeueReusableView(kind: "row") as? ListContainerBench.ReusableRow
                ?? ListContainerBench.ReusableRow()
            view.reuseKind = "row"
            view.show(ids[row])
            return view
        }
    }

    /// One list in the benchmark window, drawn into one buffer.
    @MainActor
    final class Scene {
        let window = WindowCore(size: Size(width: 1920, height: 1080))
        let list = ListContainer(frame: Rect(x: 0, y: HeaderView.height, width: 1920, height: 1080 - HeaderView.height))
        let rows: IdentifiedRows
        let pixels: UnsafeMutablePointer<UInt32>
        let canvas: Canvas
        var clock = Duration.zero

        init(ids: [Int]) {
            rows = IdentifiedRows(ids)
            pixels = .allocate(capacity: 1920 * 1080)
            pixels.initialize(repeating: 0, count: 1920 * 1080)
            canvas = Canvas(pixels: UnsafeMutableRawPointer(pixels), width: 1920, height: 1080, stride: 1920 * 4)
            window.rootView.backgroundColor = Color(white: 1)
            window.rootView.addSubview(HeaderView(width: 1920))
            list.backgroundColor = Color(white: 1)
            window.rootView.addSubview(list)
            list.dataSource = rows
        }

        isolated deinit { pixels.deallocate() }

        func frame() {
            clock += .microseconds(16_667)
            window.prepareFrame(at: clock)
            _ = window.draw(into: canvas)
        }
    }

    /// SplitMix64 from a fixed seed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static func run(_ options: Options) -> [Measurement] {
        [differenceCase(options), animationCase(options)] + autoScrollCases(options)
    }

    static func differenceCase(_ options: Options) -> Measurement {
        let old = Array(0..<100_000)
        var new = old
        var random = Random(state: 35)
        for k in 0..<300 {
            switch k % 3 {
            case 0: new.remove(at: random.next(new.count))
            case 1: new.insert(1_000_000 + k, at: random.next(new.count))
            default:
                let id = new.remove(at: random.next(new.count))
                new.insert(id, at: random.next(new.count))
            }
        }
        let scene = Scene(ids: old)
        scene.list.contentOffset = Point(x: 0, y: 400)
        scene.frame()
        return Measurement.measure("applyDifference 100,000 ids, 300 changes", runs: options.runs,
                                   operationsPerRun: 1, options: options, setUp: { _ in
            scene.rows.ids = old
            scene.list.reloadData()
            scene.frame()
        }) { _ in
            scene.rows.ids = new
            scene.list.applyDifference(from: old, to: new, animated: false)
            scene.frame()
        }
    }

    static func animationCase(_ options: Options) -> Measurement {
        let scene = Scene(ids: Array(0..<10_000))
        scene.list.contentOffset = Point(x: 0, y: 44 * 100)
        scene.frame()
        var next = 20_000
        return Measurement.measure("animated batch, frames after the first", runs: options.runs,
                                   operationsPerRun: 16, options: options, setUp: { _ in
            // Three rows out and three in among the rows in view, two moved within it; then the first frame.
            var ids = scene.rows.ids
            let moving = [ids[110], ids[112]]
            ids.removeSubrange(103..<106)
            ids.insert(contentsOf: [next, next + 1, next + 2], at: 104)
            next += 3
            ids.removeAll { moving.contains($0) }
            ids.insert(moving[0], at: 101)
            ids.insert(moving[1], at: 115)
            let old = scene.rows.ids
            scene.rows.ids = ids
            scene.list.applyDifference(from: old, to: ids, animated: true)
            scene.frame()
        }) { _ in
            for _ in 0..<16 { scene.frame() }
        }
    }

    /// `live_difference_100k_ms` (budget 100), `live_animation_allocations_per_frame` and
    /// `live_autoscroll_allocations_per_frame` (budget 0).
    static func summary(_ results: [Measurement]) -> [(String, Double)] {
        func allocations(_ index: Int) -> Double {
            results[index].samples.isEmpty ? .nan : results[index].allocationsPerOperation
        }
        return [("live_difference_100k_ms", results[0].samples.isEmpty ? .nan : results[0].median * 1e3),
                ("live_animation_allocations_per_frame", allocations(1)),
                ("live_autoscroll_allocations_per_frame", allocations(2))]
    }
}
