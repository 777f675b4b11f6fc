// A region as sorted bands of boxes (the form X11 and pixman use, in fixed storage): sorted by y then x; boxes
// with the same y0 share y1 and form a band; bands do not overlap; a band's boxes neither overlap nor touch; two
// touching bands never have the same spans. The form is unique, so equal regions have equal boxes.
//
// The operations run on `self` in place (mutating), the other operand as a `Span`: indexing a stored InlineArray
// of a borrowed struct copies the whole array (512 bytes) at every access in Swift 6.3's optimized code.

/// The window's damage, in whole points; `pixels(scale:)` gives the buffer's pixels for it.
public typealias DamageRegion = GridRegion<PointUnit>

/// A set of buffer pixels: what a buffer lacks of the presented frame, what a frame reports to the compositor.
public typealias PixelRegion = GridRegion<PixelUnit>

/// A set of whole points or pixels (the `Unit`), as a union of at most `maximumRectCount` integer rectangles held
/// in place: no operation allocates. A result that would need more stays a superset of the truth (damage may grow,
/// never shrink): a union gives the bounding box, a subtraction leaves the region as it was.
public struct GridRegion<Unit: RegionUnit>: Sendable, Equatable {
    typealias Boxes = InlineArray<32, RegionBox>

    private var boxes: Boxes
    private var count: Int

    /// The most rectangles a region holds (see the type's overview).
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

    /// Adds the rectangle `x`, `y`, `width`, `height` (whole units); empty or negative sizes add nothing.
    public mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard let box = RegionBox.clamped(x: x, y: y, width: width, height: height) else { return }
        addBox(box)
    }

    /// Adds a box, with shortcuts: into an empty region, already covered, covering all.
    mutating func addBox(_ box: RegionBox) {
        addBox(box, keepingFirstOnOverflow: false)
    }

    /// Adds `box` only when the result fits (else leaves the region as it was): for a region that must never hold a
    /// unit not truly in it, such as opaque coverage.
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
            // Below every band: a new last band, or the last one grown downward when it is this one span and touches.
            if last.y1 == box.y0 && last.x0 == box.x0 && last.x1 == box.x1
                && (count == 1 || boxes[count - 2].y0 != last.y0)
            {
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

    /// Removes the rectangle (whole units; empty or negative sizes remove nothing); when the rest would not fit,
    /// the region is left as it was.
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

    /// Removes every unit of `other`; when the rest would not fit, the region is left as it was.
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

    /// Keeps only the units inside `0 ..< width` by `0 ..< height`; non-positive sizes empty it.
    public mutating func clip(toWidth width: Int, height: Int) {
        guard count > 0 else { return }
        guard width > 0, height > 0 else {
            removeAll()
            return
        }
        let bounds = RegionBox(
            x0: 0, y0: 0, x1: Int32(min(width, PixelBox.limit)),
            y1: Int32(min(height, PixelBox.limit)))
        if bounds.contains(RegionSweep.extents(of: boxes.span, count)) { return }
        let operand: InlineArray<1, RegionBox> = [bounds]
        combineInPlace(with: operand.span, 1, .intersection)
    }

    /// Moves the region by (`dx`, `dy`) units.
    public mutating func translate(dx: Int, dy: Int) {
        guard count > 0, dx != 0 || dy != 0 else { return }
        let limit = PixelBox.limit
        let cx = Int32(min(max(dx, -limit), limit))
        let cy = Int32(min(max(dy, -limit), limit))
        // Coordinates stay within ±2·limit, far inside Int32.
        for index in 0..<count {
            boxes[index].x0 += cx
            boxes[index].x1 += cx
            boxes[index].y0 += cy
            boxes[index].y1 += cy
        }
    }

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

    /// Calls `body` with each disjoint rectangle as (x, y, width, height) in whole units, top to bottom, left to right.
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

    /// Whether every unit of `rect` (rounded outward) is in the region; an empty rect is in every region.
    public func contains(_ rect: Rect) -> Bool {
        guard let box = RegionBox.outward(rect, factor: 1) else { return true }
        return contains(box)
    }

    /// Whether every unit of `box` is in the region.
    func contains(_ box: RegionBox) -> Bool {
        RegionSweep.covers(boxes.span, count, box)
    }

    /// Regions are equal when they cover the same units.
    public static func == (lhs: GridRegion, rhs: GridRegion) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let a = lhs.boxes.span
        let b = rhs.boxes.span
        for index in 0..<lhs.count where a[index] != b[index] { return false }
        return true
    }

    /// Combines the region with the first `otherCount` boxes of `other` by `operation`. On overflow a union gives the
    /// bounding box (unless `keepingFirstOnOverflow`) and the other operations leave the region as it was.
    private mutating func combineInPlace(
        with other: Span<RegionBox>, _ otherCount: Int,
        _ operation: RegionSweep.Operation, keepingFirstOnOverflow: Bool = false
    ) {
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
        let ea = RegionSweep.extents(of: boxes.span, count)
        let eb = RegionSweep.extents(of: other, otherCount)
        boxes[0] =
            count == 0
            ? eb
            : otherCount == 0
                ? ea
                : RegionBox(
                    x0: min(ea.x0, eb.x0), y0: min(ea.y0, eb.y0),
                    x1: max(ea.x1, eb.x1), y1: max(ea.y1, eb.y1))
        count = 1
    }
}
