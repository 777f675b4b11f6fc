import TestSupport
import Testing

@testable import ToolkitCore

/// Regions of whole points or pixels: outward rounding, unions, clipping, copy-on-write, and the rectangle cap.
@Suite struct GridRegionTests {
    func rects<Unit>(_ region: GridRegion<Unit>) -> [[Int32]] {
        var out: [[Int32]] = []
        region.forEachRect { x, y, w, h in out.append([x, y, w, h]) }
        return out
    }

    @Test func emptyByDefaultAndBadRectsAddNothing() {
        var region = DamageRegion()
        #expect(region.isEmpty && region.bounds == .zero && region.rectCount == 0 && rects(region).isEmpty)
        region.add(Rect(x: .nan, y: 0, width: 4, height: 4))
        region.add(Rect(x: 0, y: 0, width: .infinity, height: 4))
        region.add(Rect(x: 0, y: 0, width: -4, height: 4))
        region.add(Rect(x: 0, y: 0, width: 0, height: 4))
        region.add(x: 0, y: 0, width: 0, height: 5)
        region.add(x: 0, y: 0, width: 5, height: -5)
        #expect(region.isEmpty)
        #expect(region == DamageRegion())
    }

    @Test func pointsAreScaledAndRoundedOutward() {
        var region = PixelRegion()
        region.add(Rect(x: 1.25, y: 0.5, width: 2, height: 1), scale: 2)  // pixels 2.5..6.5, 1..3
        #expect(rects(region) == [[2, 1, 5, 2]])
        #expect(region.bounds == Rect(x: 2, y: 1, width: 5, height: 2))
        #expect(region.contains(x: 2, y: 1) && region.contains(x: 6, y: 2))
        #expect(!region.contains(x: 7, y: 2) && !region.contains(x: 2, y: 3) && !region.contains(x: 1, y: 1))
    }

    @Test func damageInPointsIsWholePointsAndBecomesPixelsOnlyThroughAScale() {
        var damage = DamageRegion()
        damage.add(Rect(x: 1.25, y: 0.5, width: 2, height: 1))  // points 1..4, 0..2 once rounded out
        #expect(rects(damage) == [[1, 0, 3, 2]])
        // At 2 pixels per point the whole points double; at 1.5 each rectangle is rounded outward again.
        #expect(rects(damage.pixels(scale: 2)) == [[2, 0, 6, 4]])
        #expect(rects(damage.pixels(pixelsPerPoint: 1.5)) == [[1, 0, 5, 3]])
        // Scales below 1 and non-finite factors count as 1.
        #expect(rects(damage.pixels(scale: 0)) == [[1, 0, 3, 2]])
        #expect(rects(damage.pixels(pixelsPerPoint: .nan)) == [[1, 0, 3, 2]])
        var missing = PixelRegion()
        missing.add(x: 0, y: 0, width: 2, height: 2)
        missing.add(damage, pixelsPerPoint: 2)
        #expect(rects(missing) == [[0, 0, 8, 2], [2, 2, 6, 2]])
    }

    @Test func unionOfDisjointRectsKeepsBothAndCoveringRectReplacesAll() {
        var region = DamageRegion()
        region.add(x: 0, y: 0, width: 2, height: 2)
        region.add(x: 10, y: 0, width: 2, height: 2)
        #expect(rects(region) == [[0, 0, 2, 2], [10, 0, 2, 2]])
        #expect(region.bounds == Rect(x: 0, y: 0, width: 12, height: 2))
        #expect(!region.contains(x: 5, y: 0))
        region.add(x: 0, y: 0, width: 1, height: 1)  // already covered
        #expect(region.rectCount == 2)
        region.add(x: -1, y: -1, width: 20, height: 20)
        #expect(rects(region) == [[-1, -1, 20, 20]])
    }

    @Test func formUnionMergesAndCopiesAreIndependent() {
        var a = DamageRegion(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        let b = DamageRegion(rect: Rect(x: 2, y: 2, width: 4, height: 4))
        let snapshot = a
        a.formUnion(b)
        #expect(a.contains(x: 5, y: 5) && a.contains(x: 0, y: 0) && !a.contains(x: 5, y: 0))
        #expect(!snapshot.contains(x: 5, y: 5))  // copy-on-write: the copy did not change
        #expect(b == DamageRegion(rect: Rect(x: 2, y: 2, width: 4, height: 4)))
        var empty = DamageRegion()
        empty.formUnion(b)
        #expect(empty == b)
        var c = snapshot
        c.removeAll()
        #expect(c.isEmpty && !snapshot.isEmpty)
    }

    @Test func clipKeepsOnlyTheBuffer() {
        var region = DamageRegion()
        region.add(x: -5, y: -5, width: 10, height: 10)
        region.add(x: 90, y: 40, width: 20, height: 20)
        region.clip(toWidth: 100, height: 50)
        #expect(rects(region) == [[0, 0, 5, 5], [90, 40, 10, 10]])
        region.clip(toWidth: 0, height: 50)
        #expect(region.isEmpty)
    }

    @Test func translateMovesTheRegion() {
        var region = DamageRegion(rect: Rect(x: 1, y: 1, width: 2, height: 2))
        region.translate(dx: 3, dy: -1)
        #expect(rects(region) == [[4, 0, 2, 2]])
    }

    /// `count` unit pixels on a diagonal, one band each: `count` rectangles, none mergeable.
    func diagonal(_ count: Int, from start: Int = 0) -> DamageRegion {
        var region = DamageRegion()
        for i in start..<(start + count) { region.add(x: i * 3, y: i * 3, width: 1, height: 1) }
        return region
    }

    /// The overflow rule for unions, pinned: 32 rectangles fit exactly; a union needing a 33rd gives the bounding
    /// box of both operands, one rectangle (never a region missing pixels), for `add` and for `formUnion`.
    @Test func unionPastTheCapCollapsesToTheBoundingBox() {
        #expect(DamageRegion.maximumRectCount == 32)
        var region = diagonal(32)
        #expect(region.rectCount == 32)
        let diagonalRects: [[Int32]] = (0..<32).map { (i: Int) -> [Int32] in [Int32(i * 3), Int32(i * 3), 1, 1] }
        #expect(rects(region) == diagonalRects)
        region.add(x: 32 * 3, y: 32 * 3, width: 1, height: 1)
        #expect(rects(region) == [[0, 0, 97, 97]])

        // Adding to a full region what it already covers, or what merges into an existing rectangle, fits.
        var full = diagonal(32)
        full.add(x: 0, y: 0, width: 1, height: 1)
        full.add(x: 1, y: 0, width: 1, height: 1)  // widens the first rectangle: still 32
        #expect(full.rectCount == 32 && rects(full)[0] == [0, 0, 2, 1])

        var a = diagonal(20)
        a.formUnion(diagonal(13, from: 20))  // 33 rectangles needed
        #expect(rects(a) == [[0, 0, 97, 97]])
        var b = diagonal(20)
        b.formUnion(diagonal(12, from: 20))  // 32: exact
        #expect(b == diagonal(32))
    }

    /// The overflow rule for differences, pinned: a subtraction whose result would need more than 32
    /// rectangles leaves the region exactly as it was (the minuend); one needing 32 is exact.
    @Test func subtractionPastTheCapKeepsTheMinuend() {
        // n separate bands of one 10-pixel-wide rectangle each; a 2-pixel bar through all of them splits each
        // band in two: 2n rectangles.
        func bands(_ n: Int) -> DamageRegion {
            var region = DamageRegion()
            for i in 0..<n { region.add(x: 0, y: i * 2, width: 10, height: 1) }
            return region
        }
        var fits = bands(16)
        fits.subtract(x: 4, y: 0, width: 2, height: 100)
        #expect(fits.rectCount == 32)
        let split: [[Int32]] = (0..<16).flatMap { (i: Int) -> [[Int32]] in
            [[0, Int32(i * 2), 4, 1], [6, Int32(i * 2), 4, 1]]
        }
        #expect(rects(fits) == split)

        var overflows = bands(17)
        overflows.subtract(x: 4, y: 0, width: 2, height: 100)
        #expect(overflows == bands(17))

        var byRegion = bands(17)
        byRegion.subtract(DamageRegion(rect: Rect(x: 4, y: 0, width: 2, height: 100)))
        #expect(byRegion == bands(17))
        var exactByRegion = bands(16)
        exactByRegion.subtract(DamageRegion(rect: Rect(x: 4, y: 0, width: 2, height: 100)))
        #expect(exactByRegion == fits)
    }

    /// Opaque coverage must never hold a pixel that is not covered: past the cap, the box is left out and the
    /// region stays as it was (a subset of the truth, the opposite of damage).
    @Test func addIfItFitsLeavesTheRegionAsItWasPastTheCap() {
        var region = diagonal(32)
        region.addBoxIfItFits(RegionBox(x0: 96, y0: 96, x1: 97, y1: 97))
        #expect(region == diagonal(32))
        region.addBoxIfItFits(RegionBox(x0: 1, y0: 0, x1: 2, y1: 1))  // merges: fits
        #expect(region.rectCount == 32 && rects(region)[0] == [0, 0, 2, 1])
    }

    @Test func hugeRectsAreClampedNotTrapping() {
        var region = DamageRegion()
        region.add(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        region.add(x: Int.max - 1, y: Int.min, width: Int.max, height: Int.max)
        region.clip(toWidth: 10, height: 10)
        #expect(rects(region) == [[0, 0, 10, 10]])
        #expect(!region.contains(x: Int.max, y: 0))
    }

    /// The banded form: sorted top to bottom then left to right, bands not overlapping, boxes in a band neither
    /// overlapping nor touching, and no two touching bands with the same spans.
    func isCanonical(_ region: DamageRegion) -> Bool {
        let r = rects(region)
        for (i, box) in r.enumerated() where i > 0 {
            let prev = r[i - 1]
            if box[1] == prev[1] {
                if box[3] != prev[3] || box[0] <= prev[0] + prev[2] { return false }
            } else if box[1] < prev[1] + prev[3] {
                return false
            }
        }
        return true
    }

    /// How many rectangles the banded form of a bitmap (`side` x `side`, row-major) has: per row, its runs of set
    /// pixels; runs of rows with the same runs make one band. Read from pixels, not from another region algebra.
    func bandedRectCount(_ bitmap: [Bool], side: Int) -> Int {
        func runs(_ row: Int) -> [Int] {
            var edges: [Int] = []
            var inside = false
            for x in 0...side {
                let set = x < side && bitmap[row * side + x]
                if set != inside { edges.append(x) }
                inside = set
            }
            return edges
        }
        var total = 0
        var previous: [Int]? = nil
        for row in 0..<side {
            let current = runs(row)
            if current != previous { total += current.count / 2 }
            previous = current.isEmpty ? nil : current
        }
        return total
    }

    /// Random unions and differences (with one rect and with regions of two) agree pixel for pixel with a bitmap
    /// model whenever the exact result fits in 32 rectangles, and follow the overflow rules exactly when it does
    /// not (a union gives the bounding box of both operands, a difference leaves the region as it was); the
    /// result is always in banded form, and regions equal as pixel sets compare equal. Seeded; the seed is
    /// printed.
    @Test func randomOperationsMatchABitmapModel() {
        let seed: UInt64 = 0x5EED_DA4A
        print("DamageRegionTests seed \(seed)")
        var rng = SplitMix64(seed: seed)
        let side = 24
        var overflows = 0
        func randomBox() -> (x: Int, y: Int, w: Int, h: Int) {
            let x = Int.random(in: 0..<side, using: &rng)
            let y = Int.random(in: 0..<side, using: &rng)
            return (
                x, y, Int.random(in: 1...min(10, side - x), using: &rng),
                Int.random(in: 1...min(10, side - y), using: &rng)
            )
        }
        for _ in 0..<600 {
            var region = DamageRegion()
            var model = [Bool](repeating: false, count: side * side)
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                // 0, 1: add a rect; 2: subtract a rect; 3, 4: union with or subtract a region of two rects,
                // which runs the general sweep with several boxes on each side.
                let op = Int.random(in: 0..<5, using: &rng)
                let a = randomBox()
                let b = randomBox()
                var operand = DamageRegion()
                operand.add(x: a.x, y: a.y, width: a.w, height: a.h)
                if op >= 3 { operand.add(x: b.x, y: b.y, width: b.w, height: b.h) }
                let before = region
                switch op {
                case 0, 1: region.add(x: a.x, y: a.y, width: a.w, height: a.h)
                case 2: region.subtract(x: a.x, y: a.y, width: a.w, height: a.h)
                case 3: region.formUnion(operand)
                default: region.subtract(operand)
                }
                let adds = op != 2 && op != 4
                for py in 0..<side {
                    for px in 0..<side where operand.contains(x: px, y: py) { model[py * side + px] = adds }
                }
                region.clip(toWidth: side, height: side)  // a no-op: everything is inside
                #expect(isCanonical(region))
                if bandedRectCount(model, side: side) <= DamageRegion.maximumRectCount {
                    for py in 0..<side {
                        for px in 0..<side where region.contains(x: px, y: py) != model[py * side + px] {
                            Issue.record("pixel \(px), \(py) differs from the model after op \(op)")
                        }
                    }
                } else {
                    overflows += 1
                    if adds {
                        let whole = before.bounds.union(operand.bounds)
                        #expect(region == DamageRegion(rect: before.isEmpty ? operand.bounds : whole))
                    } else {
                        #expect(region == before)
                    }
                    // The model follows the region from here.
                    for py in 0..<side {
                        for px in 0..<side { model[py * side + px] = region.contains(x: px, y: py) }
                    }
                }
            }
            // Pixel by pixel, the same set comes out in the same canonical form (when it fits).
            var rebuilt = DamageRegion()
            for py in 0..<side {
                for px in 0..<side where region.contains(x: px, y: py) {
                    rebuilt.add(x: px, y: py, width: 1, height: 1)
                }
            }
            if rebuilt.rectCount < DamageRegion.maximumRectCount { #expect(rebuilt == region) }
        }
        // The overflow rules ran too (the sequence is fixed by the seed).
        #expect(overflows > 0)
    }

    /// Rows added top to bottom (a list's opaque rows, damage in reading order) take the shortcut below the last
    /// band and still give the banded form: touching rows of the same columns merge, others start a band.
    @Test func rowsAddedTopToBottomStayBanded() {
        var region = DamageRegion()
        for row in 0..<10 { region.add(x: 0, y: row * 44, width: 1920, height: 44) }
        #expect(rects(region) == [[0, 0, 1920, 440]])
        region.add(x: 0, y: 440, width: 100, height: 10)  // touching, other columns: a new band
        region.add(x: 0, y: 460, width: 100, height: 10)  // a gap: a new band
        region.add(x: 0, y: 470, width: 100, height: 10)  // touching the last, same columns: grows it
        #expect(rects(region) == [[0, 0, 1920, 440], [0, 440, 100, 10], [0, 460, 100, 20]])
        var banded = DamageRegion()
        banded.add(x: 0, y: 0, width: 10, height: 10)
        banded.add(x: 20, y: 0, width: 10, height: 10)
        banded.add(x: 0, y: 10, width: 10, height: 10)  // below a band of two spans: a band of its own
        #expect(rects(banded) == [[0, 0, 10, 10], [20, 0, 10, 10], [0, 10, 10, 10]])
        var covering = DamageRegion(rect: Rect(x: 2, y: 2, width: 4, height: 4))
        covering.subtract(region)
        #expect(covering.isEmpty)
    }

    @Test func containsRectAndSubtractEdgeCases() {
        var region = DamageRegion()
        region.add(x: 0, y: 0, width: 10, height: 5)
        region.add(x: 0, y: 5, width: 4, height: 5)
        #expect(region.contains(Rect(x: 1, y: 1, width: 3, height: 8)))
        #expect(!region.contains(Rect(x: 1, y: 1, width: 5, height: 8)))
        #expect(!region.contains(Rect(x: 0, y: 0, width: 10, height: 11)))
        region.subtract(x: -5, y: -5, width: 100, height: 100)
        #expect(region.isEmpty)
        var ring = DamageRegion(rect: Rect(x: 0, y: 0, width: 9, height: 9))
        ring.subtract(x: 3, y: 3, width: 3, height: 3)
        #expect(rects(ring) == [[0, 0, 9, 3], [0, 3, 3, 3], [6, 3, 3, 3], [0, 6, 9, 3]])
    }
}
