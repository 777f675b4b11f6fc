// A region as sorted bands of boxes, computed without heap allocation.
//
// Representation (the one X11 and pixman regions use, written here so that it fits in fixed storage):
//   the boxes are sorted by y, then x; boxes with the same y0 share the same y1 and form a *band*; bands do
//   not overlap; within a band, boxes are sorted by x and neither overlap nor touch; two touching bands
//   (one's y1 is the next one's y0) never have the same x spans (they would have been merged into one band).
//   This form is unique for a set of pixels, so two regions are equal exactly when their boxes are.
//
// Speed (toolkit-bench regions): the boxes are read through `Span`s and written in place, in mutating code.
// Indexing a stored InlineArray of a struct that is only borrowed (a non-mutating method, a parameter) copies
// the whole array (512 bytes) at every access in Swift 6.3's optimized code; inside a mutating method the
// array is addressable and read in place. So the operations run on `self` in place, with the other operand
// as a span, and the result is built in a scratch array and copied back box by box.
//
// Units: one grid type, two unit tags. `DamageRegion` (`GridRegion<PointUnit>`) is the window's damage in whole
// points; `PixelRegion` (`GridRegion<PixelUnit>`) is buffer pixels. Going from one to the other takes a scale and is
// spelled out (`pixels(scale:)`), so a point rectangle can no longer be subtracted from a pixel region by mistake.
// The algorithms below know neither: they work on `RegionBox`es.
//
// Capacity: 32 boxes in place. A union that would need more boxes collapses to its bounding box (damage may
// grow, never shrink); a difference that would need more keeps the minuend (a larger region, never a smaller).

/// The window's damage, in whole points: what `WindowCore.draw(into:)` drew. `pixels(scale:)` gives the
/// buffer's pixels for it.
public typealias DamageRegion = GridRegion<PointUnit>

/// A set of buffer pixels: what a buffer lacks of the presented frame, what a frame reports to the compositor.
public typealias PixelRegion = GridRegion<PixelUnit>

/// A set of whole points or pixels (the `Unit`), as a union of integer rectangles.
///
/// A value type holding up to `maximumRectCount` rectangles in place: no operation allocates memory, so a
/// region can be built, copied and combined in every frame for free (toolkit-bench's `regions` group measures
/// it against `pixman_region32_t`, which allocates as soon as a region holds two rectangles).
///
/// The rectangles are kept in the banded form pixman and X11 use (sorted top to bottom, then left to right;
/// rectangles of one band share their top and bottom; touching bands with the same columns merged), which is
/// unique: two regions covering the same units have the same rectangles.
///
/// When a result would need more than `maximumRectCount` (32) rectangles, the region stays a superset of the
/// truth, never a subset (damage may grow, never shrink):
/// - `add` and `formUnion` give the bounding box of both operands: one rectangle.
/// - `subtract` leaves the region exactly as it was (the minuend).
/// - `clip(toWidth:height:)` and `translate(dx:dy:)` never need more rectangles than the region has.
public struct GridRegion<Unit: RegionUnit>: Sendable, Equatable {
    /// Fixed storage for the boxes; its size is `maximumRectCount`.
    typealias Boxes = InlineArray<32, RegionBox>

    private var boxes: Boxes
    private var count: Int

    /// The most rectangles a region holds. A union that would need more is replaced by its bounding box; a
    /// subtraction that would need more leaves the region as it was (see the type's overview).
    public static var maximumRectCount: Int { RegionSweep.capacity }

    /// An empty region.
    public init() {
        boxes = Boxes(repeating: .zero)
        count = 0
    }

    /// A region of one box (already clamped); an empty box gives an empty region.
    init(box: RegionBox) {
        self.init()
        if !box.isEmpty {
            boxes[0] = box
            count = 1
        }
    }

    // MARK: - Adding

    /// Adds the rectangle `x`, `y`, `width`, `height` (whole units); empty or negative sizes add nothing.
    public mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard let box = RegionBox.clamped(x: x, y: y, width: width, height: height) else { return }
        addBox(box)
    }

    /// Adds a box, with shortcuts for the common cases: into an empty region, already covered, covering all.
    mutating func addBox(_ box: RegionBox) {
        addBox(box, keepingFirstOnOverflow: false)
    }

    /// Adds `box` only when the result fits in `maximumRectCount` rectangles (otherwise leaves the region as it
    /// was): for a region that must never hold a unit that is not truly in it, such as opaque coverage.
    mutating func addBoxIfItFits(_ box: RegionBox) {
        addBox(box, keepingFirstOnOverflow: true)
    }

    private mutating func addBox(_ box: RegionBox, keepingFirstOnOverflow: Bool) {
        guard !box.isEmpty else { return }
        if count == 0 || box.contains(RegionSweep.extents(of: boxes.span, count)) {
            boxes[0] = box
            count = 1
            return
        }
        let last = boxes[count - 1]
        if box.y0 >= last.y1 {
            // Below every band (rows added top to bottom): a new last band, or the last band grown downward when
            // it is this one span and touches. Growing cannot make it equal to the band above: its spans stay.
            if last.y1 == box.y0 && last.x0 == box.x0 && last.x1 == box.x1
                && (count == 1 || boxes[count - 2].y0 != last.y0) {
                boxes[count - 1].y1 = box.y1
                return
            }
            if count < RegionSweep.capacity {
                boxes[count] = box
                count += 1
                return
            }
        }
        if RegionSweep.covers(boxes.span, count, box) { return }
        let operand: InlineArray<1, RegionBox> = [box]
        combineInPlace(with: operand.span, 1, .union, keepingFirstOnOverflow: keepingFirstOnOverflow)
    }

    /// Adds every unit of `other`.
    public mutating func formUnion(_ other: GridRegion) {
        guard other.count > 0 else { return }
        if count == 0 {
            self = other
            return
        }
        let span = other.boxes.span
        if other.count == 1 {
            addBox(span[0])
            return
        }
        combineInPlace(with: span, other.count, .union)
    }

    /// Removes the rectangle `x`, `y`, `width`, `height` (whole units). When the rest would need more than
    /// `maximumRectCount` rectangles, the region is left exactly as it was (it never shrinks below the truth).
    /// Empty or negative sizes remove nothing.
    public mutating func subtract(x: Int, y: Int, width: Int, height: Int) {
        guard count > 0, let box = RegionBox.clamped(x: x, y: y, width: width, height: height) else { return }
        let extents = RegionSweep.extents(of: boxes.span, count)
        guard !box.intersection(extents).isEmpty else { return }
        if box.contains(extents) {
            removeAll()
            return
        }
        let operand: InlineArray<1, RegionBox> = [box]
        combineInPlace(with: operand.span, 1, .subtraction)
    }

    /// Removes every unit of `other`. When the rest would need more than `maximumRectCount` rectangles, the
    /// region is left exactly as it was (it never shrinks below the truth).
    public mutating func subtract(_ other: GridRegion) {
        guard count > 0, other.count > 0 else { return }
        let span = other.boxes.span
        if RegionSweep.covers(span, other.count, RegionSweep.extents(of: boxes.span, count)) {
            removeAll()
            return
        }
        combineInPlace(with: span, other.count, .subtraction)
    }

    /// Empties the region.
    public mutating func removeAll() {
        count = 0
    }

    /// Keeps only the units inside `0 ..< width` by `0 ..< height` (a buffer's or a window's size); non-positive
    /// sizes empty it.
    public mutating func clip(toWidth width: Int, height: Int) {
        guard count > 0 else { return }
        guard width > 0, height > 0 else {
            removeAll()
            return
        }
        let bounds = RegionBox(x0: 0, y0: 0, x1: Int32(min(width, PixelBox.limit)),
                               y1: Int32(min(height, PixelBox.limit)))
        if bounds.contains(RegionSweep.extents(of: boxes.span, count)) { return }
        let operand: InlineArray<1, RegionBox> = [bounds]
        combineInPlace(with: operand.span, 1, .intersection)
    }

    /// Moves the region by (`dx`, `dy`) units.
    public mutating func translate(dx: Int, dy: Int) {
        guard count > 0, dx != 0 || dy != 0 else { return }
        let limit = PixelBox.limit
        let cx = Int32(min(max(dx, -limit), limit)), cy = Int32(min(max(dy, -limit), limit))
        // Coordinates stay within ±2·limit, far inside Int32.
        for index in 0..<count {
            boxes[index].x0 += cx
            boxes[index].x1 += cx
            boxes[index].y0 += cy
            boxes[index].y1 += cy
        }
    }

    // MARK: - Reading

    /// True when no unit is in the region.
    public var isEmpty: Bool { count == 0 }

    /// The smallest box holding the region; `.zero` when empty.
    var extents: RegionBox { RegionSweep.extents(of: boxes.span, count) }

    /// The smallest rectangle holding the region, in its units; `Rect.zero` when empty.
    public var bounds: Rect {
        guard count > 0 else { return .zero }
        let e = extents
        return Rect(x: Double(e.x0), y: Double(e.y0), width: Double(e.x1 - e.x0), height: Double(e.y1 - e.y0))
    }

    /// How many disjoint rectangles make up the region (0 when empty).
    public var rectCount: Int { count }

    /// Calls `body` with each disjoint rectangle as (x, y, width, height) in whole units, top to bottom, left to
    /// right (for a `PixelRegion`: the arguments of `wl_surface.damage_buffer`).
    public func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows {
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            try body(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0)
        }
    }

    /// Calls `body` with each disjoint rectangle as a `Rect` in the region's units, top to bottom, left to right.
    public func forEachRectangle(_ body: (Rect) throws -> Void) rethrows {
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            try body(Rect(x: Double(b.x0), y: Double(b.y0), width: Double(b.x1 - b.x0), height: Double(b.y1 - b.y0)))
        }
    }

    /// Whether the unit square at (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        guard let px = Int32(exactly: x), let py = Int32(exactly: y) else { return false }
        let boxes = self.boxes.span
        for index in 0..<count {
            let b = boxes[index]
            if b.y0 > py { return false }
            if py < b.y1 && px >= b.x0 && px < b.x1 { return true }
        }
        return false
    }

    /// Whether every unit of `rect` (in the region's units, rounded outward to whole ones) is in the region; an
    /// empty rect is contained in every region.
    public func contains(_ rect: Rect) -> Bool {
        guard let box = RegionBox.outward(rect, factor: 1) else { return true }
        return contains(box)
    }

    /// Whether every unit of `box` is in the region: the bands over its rows follow each other without a gap,
    /// and each has one box spanning its columns.
    func contains(_ box: RegionBox) -> Bool {
        RegionSweep.covers(boxes.span, count, box)
    }

    /// Regions are equal when they cover the same units (the banded form is unique, so: the same boxes).
    public static func == (lhs: GridRegion, rhs: GridRegion) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let a = lhs.boxes.span, b = rhs.boxes.span
        for index in 0..<lhs.count where a[index] != b[index] { return false }
        return true
    }

    /// Replaces the region by itself combined with the first `otherCount` boxes of `other` (banded) by
    /// `operation`. When the result needs more than `maximumRectCount` boxes, a union gives the bounding box of
    /// both (a superset) unless `keepingFirstOnOverflow`, which leaves the region as it was (a subset); the other
    /// operations leave it as it was (a superset of the truth: the minuend).
    private mutating func combineInPlace(with other: Span<RegionBox>, _ otherCount: Int,
                                         _ operation: RegionSweep.Operation, keepingFirstOnOverflow: Bool = false) {
        // Scratch space on the stack, left uninitialized: combine writes before it reads.
        let combined = withUnsafeTemporaryAllocation(of: RegionBox.self, capacity: RegionSweep.capacity) { out in
            guard let n = RegionSweep.combine(boxes.span, count, other, otherCount, operation, into: out) else {
                return false
            }
            for index in 0..<n { boxes[index] = out[index] }
            count = n
            return true
        }
        if combined { return }
        guard operation == .union, !keepingFirstOnOverflow else { return }
        let ea = RegionSweep.extents(of: boxes.span, count), eb = RegionSweep.extents(of: other, otherCount)
        boxes[0] = count == 0 ? eb : otherCount == 0 ? ea
            : RegionBox(x0: min(ea.x0, eb.x0), y0: min(ea.y0, eb.y0),
                        x1: max(ea.x1, eb.x1), y1: max(ea.y1, eb.y1))
        count = 1
    }
}
