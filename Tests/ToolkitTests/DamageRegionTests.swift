import Testing
@testable import ToolkitCore

/// Damage regions: outward rounding, unions, clipping, copy-on-write, and the rectangle cap.
@Suite struct DamageRegionTests {
    func rects(_ region: DamageRegion) -> [[Int32]] {
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
        var region = DamageRegion()
        region.add(Rect(x: 1.25, y: 0.5, width: 2, height: 1), scale: 2)   // pixels 2.5..6.5, 1..3
        #expect(rects(region) == [[2, 1, 5, 2]])
        #expect(region.bounds == Rect(x: 2, y: 1, width: 5, height: 2))
        #expect(region.contains(x: 2, y: 1) && region.contains(x: 6, y: 2))
        #expect(!region.contains(x: 7, y: 2) && !region.contains(x: 2, y: 3) && !region.contains(x: 1, y: 1))
    }

    @Test func unionOfDisjointRectsKeepsBothAndCoveringRectReplacesAll() {
        var region = DamageRegion()
        region.add(x: 0, y: 0, width: 2, height: 2)
        region.add(x: 10, y: 0, width: 2, height: 2)
        #expect(rects(region) == [[0, 0, 2, 2], [10, 0, 2, 2]])
        #expect(region.bounds == Rect(x: 0, y: 0, width: 12, height: 2))
        #expect(!region.contains(x: 5, y: 0))
        region.add(x: 0, y: 0, width: 1, height: 1)   // already covered
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
        #expect(!snapshot.contains(x: 5, y: 5))   // copy-on-write: the copy did not change
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

    @Test func manyRectsCollapseToTheirBounds() {
        var region = DamageRegion()
        for i in 0..<(DamageRegion.maximumRectCount + 5) { region.add(x: i * 3, y: i * 3, width: 1, height: 1) }
        #expect(region.rectCount <= DamageRegion.maximumRectCount)
        let n = DamageRegion.maximumRectCount + 4
        #expect(region.contains(x: 0, y: 0) && region.contains(x: n * 3, y: n * 3))
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

    /// Random unions, differences and clips agree pixel for pixel with a bitmap model (whenever the result fits in
    /// the rectangle cap; past it the region may only be larger), the result is always in canonical form, and
    /// regions equal as pixel sets compare equal. Seeded; the seed is printed.
    @Test func randomOperationsMatchABitmapModel() {
        let seed: UInt64 = 0x5EED_DA4A
        print("DamageRegionTests seed \(seed)")
        var rng = SplitMix64(seed: seed)
        let side = 24
        for _ in 0..<400 {
            var region = DamageRegion()
            var model = [Bool](repeating: false, count: side * side)
            var exact = true
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let x = Int.random(in: -2..<side, using: &rng), y = Int.random(in: -2..<side, using: &rng)
                let w = Int.random(in: 1...10, using: &rng), h = Int.random(in: 1...10, using: &rng)
                let op = Int.random(in: 0..<3, using: &rng)
                if op < 2 {
                    region.add(x: x, y: y, width: w, height: h)
                } else {
                    region.subtract(x: x, y: y, width: w, height: h)
                }
                for py in 0..<side where py >= y && py < y + h {
                    for px in 0..<side where px >= x && px < x + w { model[py * side + px] = op < 2 }
                }
                region.clip(toWidth: side, height: side)
                #expect(isCanonical(region))
                if region.rectCount == DamageRegion.maximumRectCount { exact = false }
            }
            var rebuilt = DamageRegion()
            for py in 0..<side {
                for px in 0..<side {
                    let inRegion = region.contains(x: px, y: py)
                    if exact {
                        #expect(inRegion == model[py * side + px])
                    } else if model[py * side + px] {
                        #expect(inRegion)
                    }
                    if inRegion { rebuilt.add(x: px, y: py, width: 1, height: 1) }
                }
            }
            // Pixel by pixel, the same set comes out in the same canonical form (when it fits).
            if rebuilt.rectCount < DamageRegion.maximumRectCount { #expect(rebuilt == region) }
        }
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
