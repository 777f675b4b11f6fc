import CBenchPixman
import Toolkit

/// `toolkit-bench regions`: the region operations of one frame, done by `PixelRegion` and by
/// `pixman_region32_t` on the same rectangles, timed and with their heap allocations counted.
///
/// Why it exists: the project keeps its own region type beside pixman's. That is worth it only if it is not
/// slower on the frame path and allocates nothing there (pixman stores a region of more than one rectangle in
/// a heap block, and most of its operations allocate the result's block anew). Three sides run the same
/// frames: `PixelRegion`; pixman behind the same value-type API (`PixmanValueRegion`, copy-on-write, what
/// `PixelRegion` would be if it wrapped pixman); and pixman used the C way (long-lived regions changed in
/// place, no value semantics: the least pixman can cost, not a drop-in replacement). Each frame does what
/// `WindowCore`, `View`'s background fill and the Wayland buffer pool do with regions:
/// 1. damage rectangles added to the window's pending damage (in points, scale 1), and, for a scroll, a
///    check that the scrolled rectangle is not wholly damaged already;
/// 2. copy-forward: the missing pixels of the buffer to draw into (a copy of its region), minus the scrolled
///    rectangle and minus every damaged rectangle, then walked (one copy per rectangle);
/// 3. drawing: per damaged rectangle, the opaque rows under it gathered into a coverage region, subtracted
///    from the rectangle, and the rest walked (one fill per rectangle);
/// 4. the frame's damage (plus the scrolled rectangle) turned into buffer damage and walked
///    (`wl_surface.damage_buffer`);
/// 5. the buffer pool: the other buffer's missing region takes the union of the frame's damage, this one's
///    is emptied.
///
/// Two scripts of frames: (g)'s scroll (a 7 pt strip at the bottom of a 1920 x 1024 list and the indicator's
/// old and new places), and scattered damage (8 small rectangles over a grid of opaque panels: labels and
/// buttons changing here and there, some overlapping, a different set each frame). Both implementations walk
/// the same rectangles; a checksum of everything walked must agree, or the figures are not comparable and
/// the program says so.
@MainActor
enum RegionBench {
    /// One rectangle in whole pixels (the script's coordinates are integers, in points and pixels alike).
    struct Box {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

        /// The overlap of two boxes, or nil when they do not overlap.
        func intersection(_ other: Box) -> Box? {
            let x0 = max(x, other.x), y0 = max(y, other.y)
            let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
            return x1 > x0 && y1 > y0 ? Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
    }

    /// One frame of a script: ranges into the script's flat arrays, so that reading a frame allocates nothing.
    struct Frame {
        var damage: Range<Int>
        var opaque: Range<Int>
        var move: Box?
    }

    /// A cycle of frames, built before timing.
    struct Script {
        var name: String
        var frames: [Frame] = []
        var damage: [Box] = []
        var opaque: [Box] = []
    }

    static func run(_ options: Options) -> [Measurement] {
        let frames = options.quick ? 2_000 : 50_000
        var results: [Measurement] = []
        for script in [scrollScript(), scatteredScript()] {
            var damageRegion = ValueRegionFrames<PixelRegion>(script)
            var wrapped = ValueRegionFrames<PixmanValueRegion>(script)
            let pixman = PixmanRegionFrames(script)
            let cases = [
                Measurement.measure("\(script.name): PixelRegion", runs: options.runs,
                                    operationsPerRun: frames, options: options) { _ in
                    for _ in 0..<frames { damageRegion.frame() }
                },
                Measurement.measure("\(script.name): pixman, value type", runs: options.runs,
                                    operationsPerRun: frames, options: options) { _ in
                    for _ in 0..<frames { wrapped.frame() }
                },
                Measurement.measure("\(script.name): pixman, C style", runs: options.runs,
                                    operationsPerRun: frames, options: options) { _ in
                    for _ in 0..<frames { pixman.frame() }
                },
            ]
            // Same frames on every side (each ran the same count of frames from the same start).
            let sums = [damageRegion.checksum, wrapped.checksum, pixman.checksum]
            if cases.allSatisfy({ !$0.samples.isEmpty }) && Set(sums).count != 1 {
                printError("warning: \(script.name): the implementations walked different rectangles "
                           + "(checksums \(sums))")
            }
            results.append(contentsOf: cases)
        }
        return results
    }

    /// Case (g)'s frames: the list (1920 x 1024 pt below a 56 pt header) scrolled 7 pt per frame by copying,
    /// back and forth; damage is the strip that comes into view and the vertical indicator's old and new places
    /// (4 x 120 pt at the right edge, moving 1 pt per frame); the opaque rows (44 pt) under the list cover it.
    static func scrollScript() -> Script {
        var script = Script(name: "scroll frame (g)")
        let list = Box(x: 0, y: 56, width: 1920, height: 1024)
        var offset = 0
        var direction = 1
        for frame in 0..<64 {
            if offset + direction * 7 > 3376 || offset + direction * 7 < 0 { direction = -direction }
            offset += direction * 7
            let indicatorY = list.y + 4 + (frame % 32) * 2
            let start = script.damage.count
            script.damage.append(Box(x: 1912, y: indicatorY, width: 4, height: 120))
            script.damage.append(Box(x: 1912, y: indicatorY + 2, width: 4, height: 120))
            script.damage.append(direction > 0 ? Box(x: 0, y: list.y + list.height - 7, width: 1920, height: 7)
                                               : Box(x: 0, y: list.y, width: 1920, height: 7))
            let opaqueStart = script.opaque.count
            var rowY = list.y - offset % 44
            while rowY < list.y + list.height {
                if let row = Box(x: 0, y: rowY, width: 1920, height: 44).intersection(list) {
                    script.opaque.append(row)
                }
                rowY += 44
            }
            script.frames.append(Frame(damage: start..<script.damage.count,
                                       opaque: opaqueStart..<script.opaque.count, move: list))
        }
        return script
    }

    /// Scattered damage: 8 rectangles per frame (labels of 180 x 24 pt and buttons of 96 x 40 pt, some
    /// overlapping a neighbour) at places that change from frame to frame, over 4 x 3 opaque panels of
    /// 460 x 340 pt with 16 pt gaps between them (the window background shows in the gaps).
    static func scatteredScript() -> Script {
        var script = Script(name: "scattered damage, 8 rects")
        var panels: [Box] = []
        for row in 0..<3 {
            for column in 0..<4 {
                panels.append(Box(x: 16 + column * 476, y: 16 + row * 356, width: 460, height: 340))
            }
        }
        var state: UInt64 = 0x5EED_0012
        func next(_ bound: Int) -> Int {
            // A small linear congruential sequence: the script only needs to vary, not to be random.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<64 {
            let start = script.damage.count
            for k in 0..<8 {
                let x = next(1700), y = next(1000)
                script.damage.append(k % 2 == 0 ? Box(x: x, y: y, width: 180, height: 24)
                                                : Box(x: x, y: y, width: 96, height: 40))
                // Every third one overlaps the previous one (a highlight over its label).
                if k % 3 == 2 {
                    let previous = script.damage[script.damage.count - 2]
                    script.damage[script.damage.count - 1].x = previous.x + 60
                    script.damage[script.damage.count - 1].y = previous.y + 10
                }
            }
            let opaqueStart = script.opaque.count
            script.opaque.append(contentsOf: panels)
            script.frames.append(Frame(damage: start..<script.damage.count,
                                       opaque: opaqueStart..<script.opaque.count, move: nil))
        }
        return script
    }
}

/// The value-type region API the frame path uses: `PixelRegion`'s, which `PixmanValueRegion` also offers.
protocol FrameRegion {
    init()
    mutating func add(_ rect: Rect, pixelsPerPoint: Double)
    mutating func add(x: Int, y: Int, width: Int, height: Int)
    mutating func subtract(x: Int, y: Int, width: Int, height: Int)
    mutating func subtract(_ other: Self)
    mutating func formUnion(_ other: Self)
    mutating func removeAll()
    func contains(_ rect: Rect) -> Bool
    func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows
}

extension PixelRegion: FrameRegion {}

/// The frame's region work through the value-type API, as `WindowCore`, `View` and `BufferSlots` do it.
struct ValueRegionFrames<Region: FrameRegion> {
    let script: RegionBench.Script
    private var damage = Region()
    /// Per buffer, the pixels presented since it was last drawn.
    private var missing = InlineArray<2, Region>(repeating: Region())
    private var buffer = 0
    private var index = 0
    /// A sum over every rectangle walked, to compare with the pixman side.
    private(set) var checksum = 0

    init(_ script: RegionBench.Script) {
        self.script = script
        missing[0].add(x: 0, y: 0, width: 1920, height: 1080)
        missing[1] = Region()
        missing[1].add(x: 0, y: 0, width: 1920, height: 1080)
    }

    mutating func frame() {
        let frame = script.frames[index]
        index = (index + 1) % script.frames.count
        var sum = checksum
        // 1. Damage from the frame's events; a scroll first checks its rectangle is not all damaged already.
        if let move = frame.move, damage.contains(move.rect) { sum &+= 1 }
        for k in frame.damage { damage.add(script.damage[k].rect, pixelsPerPoint: 1) }
        // 2. Copy-forward into this buffer: what it misses, except what is scrolled or drawn anyway.
        var copy = missing[buffer]
        if let move = frame.move { copy.subtract(x: move.x, y: move.y, width: move.width, height: move.height) }
        damage.forEachRect { x, y, w, h in copy.subtract(x: Int(x), y: Int(y), width: Int(w), height: Int(h)) }
        copy.forEachRect { x, y, w, h in sum &+= Int(x) &+ 3 &* Int(y) &+ 5 &* Int(w) &+ 7 &* Int(h) }
        // 3. Drawing: per damaged rectangle, the background filled except under the opaque rows or panels.
        var drawn = damage
        damage.removeAll()
        drawn.forEachRect { x, y, w, h in
            let dirty = RegionBench.Box(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
            var covered = Region()
            for k in frame.opaque {
                if let box = script.opaque[k].intersection(dirty) {
                    covered.add(x: box.x, y: box.y, width: box.width, height: box.height)
                }
            }
            var fill = Region()
            fill.add(x: dirty.x, y: dirty.y, width: dirty.width, height: dirty.height)
            fill.subtract(covered)
            fill.forEachRect { x, y, w, h in sum &+= Int(x) &+ 3 &* Int(y) &+ 5 &* Int(w) &+ 7 &* Int(h) }
        }
        // 4. Buffer damage: the drawn rectangles and the scrolled one, in pixels.
        if let move = frame.move { drawn.add(move.rect, pixelsPerPoint: 1) }
        var pixels = Region()
        drawn.forEachRect { x, y, w, h in
            pixels.add(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), pixelsPerPoint: 1)
        }
        pixels.forEachRect { x, y, w, h in sum &+= Int(x) &+ 3 &* Int(y) &+ 5 &* Int(w) &+ 7 &* Int(h) }
        // 5. The buffer pool: the other buffer now misses this frame's damage; this one misses nothing.
        missing[buffer].removeAll()
        missing[1 - buffer].formUnion(pixels)
        buffer = 1 - buffer
        checksum = sum
    }
}

/// The same work with `pixman_region32_t`, written the way a C client would: long-lived regions reused
/// (`pixman_region32_copy` keeps the destination's block when it is large enough), temporaries on the stack,
/// one-rectangle operands made with `pixman_region32_init_rect` (which allocates nothing).
final class PixmanRegionFrames {
    let script: RegionBench.Script
    private let damage: UnsafeMutablePointer<pixman_region32_t>
    private let missing: UnsafeMutablePointer<pixman_region32_t>
    private let copy: UnsafeMutablePointer<pixman_region32_t>
    private let drawn: UnsafeMutablePointer<pixman_region32_t>
    private let covered: UnsafeMutablePointer<pixman_region32_t>
    private let fill: UnsafeMutablePointer<pixman_region32_t>
    private let pixels: UnsafeMutablePointer<pixman_region32_t>
    private var buffer = 0
    private var index = 0
    private(set) var checksum = 0

    init(_ script: RegionBench.Script) {
        self.script = script
        func make() -> UnsafeMutablePointer<pixman_region32_t> {
            let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
            pixman_region32_init(region)
            return region
        }
        damage = make()
        missing = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 2)
        pixman_region32_init_rect(missing, 0, 0, 1920, 1080)
        pixman_region32_init_rect(missing + 1, 0, 0, 1920, 1080)
        copy = make()
        drawn = make()
        covered = make()
        fill = make()
        pixels = make()
    }

    deinit {
        for region in [damage, copy, drawn, covered, fill, pixels] {
            pixman_region32_fini(region)
            region.deallocate()
        }
        pixman_region32_fini(missing)
        pixman_region32_fini(missing + 1)
        missing.deallocate()
    }

    /// Calls `body` with each rectangle of `region` as (x, y, width, height).
    private static func forEachRect(_ region: UnsafeMutablePointer<pixman_region32_t>,
                                    _ body: (Int, Int, Int, Int) -> Void) {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &count) else { return }
        for k in 0..<Int(count) {
            let b = boxes[k]
            body(Int(b.x1), Int(b.y1), Int(b.x2 - b.x1), Int(b.y2 - b.y1))
        }
    }

    /// `region` minus the rectangle, in place.
    private static func subtract(_ region: UnsafeMutablePointer<pixman_region32_t>, _ x: Int, _ y: Int,
                                 _ w: Int, _ h: Int) {
        var operand = pixman_region32_t()
        pixman_region32_init_rect(&operand, Int32(x), Int32(y), UInt32(w), UInt32(h))
        pixman_region32_subtract(region, region, &operand)
        pixman_region32_fini(&operand)
    }

    func frame() {
        let frame = script.frames[index]
        index = (index + 1) % script.frames.count
        var sum = checksum
        let missingHere = missing + buffer, missingThere = missing + (1 - buffer)
        // 1.
        if let move = frame.move {
            var box = pixman_box32_t(x1: Int32(move.x), y1: Int32(move.y), x2: Int32(move.x + move.width),
                                     y2: Int32(move.y + move.height))
            if pixman_region32_contains_rectangle(damage, &box) == PIXMAN_REGION_IN { sum &+= 1 }
        }
        for k in frame.damage {
            let b = script.damage[k]
            pixman_region32_union_rect(damage, damage, Int32(b.x), Int32(b.y), UInt32(b.width), UInt32(b.height))
        }
        // 2.
        pixman_region32_copy(copy, missingHere)
        if let move = frame.move { Self.subtract(copy, move.x, move.y, move.width, move.height) }
        Self.forEachRect(damage) { x, y, w, h in Self.subtract(copy, x, y, w, h) }
        Self.forEachRect(copy) { x, y, w, h in sum &+= x &+ 3 &* y &+ 5 &* w &+ 7 &* h }
        // 3.
        pixman_region32_copy(drawn, damage)
        pixman_region32_clear(damage)
        Self.forEachRect(drawn) { x, y, w, h in
            let dirty = RegionBench.Box(x: x, y: y, width: w, height: h)
            pixman_region32_clear(covered)
            for k in frame.opaque {
                if let box = script.opaque[k].intersection(dirty) {
                    pixman_region32_union_rect(covered, covered, Int32(box.x), Int32(box.y), UInt32(box.width),
                                               UInt32(box.height))
                }
            }
            pixman_region32_fini(fill)
            pixman_region32_init_rect(fill, Int32(x), Int32(y), UInt32(w), UInt32(h))
            pixman_region32_subtract(fill, fill, covered)
            Self.forEachRect(fill) { x, y, w, h in sum &+= x &+ 3 &* y &+ 5 &* w &+ 7 &* h }
        }
        // 4.
        if let move = frame.move {
            pixman_region32_union_rect(drawn, drawn, Int32(move.x), Int32(move.y), UInt32(move.width),
                                       UInt32(move.height))
        }
        pixman_region32_clear(pixels)
        Self.forEachRect(drawn) { x, y, w, h in
            pixman_region32_union_rect(pixels, pixels, Int32(x), Int32(y), UInt32(w), UInt32(h))
        }
        Self.forEachRect(pixels) { x, y, w, h in sum &+= x &+ 3 &* y &+ 5 &* w &+ 7 &* h }
        // 5.
        pixman_region32_clear(missingHere)
        pixman_region32_union(missingThere, missingThere, pixels)
        buffer = 1 - buffer
        checksum = sum
    }
}

/// pixman behind `PixelRegion`'s value-type API: copy-on-write storage holding a `pixman_region32_t`, the
/// way `PixelRegion` would have to wrap pixman (a copy shares the storage; a change to a shared one copies
/// the region first). Only what the frame script uses.
struct PixmanValueRegion: FrameRegion {
    final class Storage {
        /// Its own block: pixman reads and writes it through pointers, while Swift's exclusivity rules forbid
        /// passing one stored property as two `inout` arguments.
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        init() { pixman_region32_init(region) }
        init(copying other: Storage) {
            pixman_region32_init(region)
            pixman_region32_copy(region, other.region)
        }
        deinit {
            pixman_region32_fini(region)
            region.deallocate()
        }
    }

    private var storage = Storage()

    init() {}

    /// The storage, unshared first.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    mutating func add(_ rect: Rect, pixelsPerPoint: Double) {
        let x0 = (rect.minX * pixelsPerPoint).rounded(.down), y0 = (rect.minY * pixelsPerPoint).rounded(.down)
        let x1 = (rect.maxX * pixelsPerPoint).rounded(.up), y1 = (rect.maxY * pixelsPerPoint).rounded(.up)
        add(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let s = unique()
        pixman_region32_union_rect(s.region, s.region, Int32(x), Int32(y), UInt32(width), UInt32(height))
    }

    mutating func subtract(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let s = unique()
        var operand = pixman_region32_t()
        pixman_region32_init_rect(&operand, Int32(x), Int32(y), UInt32(width), UInt32(height))
        pixman_region32_subtract(s.region, s.region, &operand)
        pixman_region32_fini(&operand)
    }

    mutating func subtract(_ other: PixmanValueRegion) {
        let s = unique()
        pixman_region32_subtract(s.region, s.region, other.storage.region)
    }

    mutating func formUnion(_ other: PixmanValueRegion) {
        let s = unique()
        pixman_region32_union(s.region, s.region, other.storage.region)
    }

    mutating func removeAll() {
        let s = unique()
        pixman_region32_clear(s.region)
    }

    func contains(_ rect: Rect) -> Bool {
        var box = pixman_box32_t(x1: Int32(rect.minX.rounded(.down)), y1: Int32(rect.minY.rounded(.down)),
                                 x2: Int32(rect.maxX.rounded(.up)), y2: Int32(rect.maxY.rounded(.up)))
        return pixman_region32_contains_rectangle(storage.region, &box) == PIXMAN_REGION_IN
    }

    func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return }
        for k in 0..<Int(count) {
            let b = boxes[k]
            try body(b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1)
        }
    }
}
