import CPixman

/// A set of pixels that changed, as a union of integer rectangles, in PIXELS (buffer coordinates, ready for
/// `wl_surface.damage_buffer`).
///
/// A value type over a `pixman_region32_t` with copy-on-write. Rectangles given in points are scaled and rounded
/// outward, so the region always covers every pixel a shape may have touched.
///
/// Allocation: pixman allocates when a region grows beyond one rectangle (each union builds a new rectangle list).
/// The common cases stay allocation-free: adding to an empty region, adding a rectangle already covered, and adding
/// a rectangle that covers the whole region (such as a full-window repaint). To keep the list short for compositors
/// and for the per-rectangle copy between buffers, a region of more than `maximumRectCount` rectangles collapses to
/// its bounding box: damage may grow, never shrink.
public struct DamageRegion: Sendable, Equatable {
    /// Owns one pixman region at a stable address (pixman keeps pointers into it).
    ///
    /// `@unchecked Sendable`: the region is mutated only through `DamageRegion`'s mutating methods, after
    /// `isKnownUniquelyReferenced` proved no other value (on any thread) shares it.
    final class Storage: @unchecked Sendable {
        let region: UnsafeMutablePointer<pixman_region32_t>

        init() {
            region = .allocate(capacity: 1)
            pixman_region32_init(region)
        }

        deinit {
            pixman_region32_fini(region)
            region.deallocate()
        }
    }

    private var storage: Storage

    /// Past this many rectangles, the region is replaced by its bounding box.
    public static let maximumRectCount = 32

    /// An empty region.
    public init() {
        storage = Storage()
    }

    /// A region covering `rect` (points), scaled by `scale` pixels per point and rounded outward.
    public init(rect: Rect, scale: Int = 1) {
        self.init()
        add(rect, scale: scale)
    }

    /// The region for in-place mutation, copied first if another value shares it.
    private mutating func uniqueRegion() -> UnsafeMutablePointer<pixman_region32_t> {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = Storage()
            _ = pixman_region32_copy(copy.region, storage.region)
            storage = copy
        }
        return storage.region
    }

    /// Adds `rect` (points) times `scale` (pixels per point; values below 1 count as 1), rounded outward to whole
    /// pixels. Empty, negative-size and non-finite rects add nothing.
    public mutating func add(_ rect: Rect, scale: Int = 1) {
        add(rect, pixelsPerPoint: Double(max(scale, 1)))
    }

    /// Adds `rect` (points) times a fractional `pixelsPerPoint` (fractional-scale-v1 buffers), rounded outward to
    /// whole pixels. Non-finite or non-positive factors count as 1; empty, negative-size and non-finite rects add
    /// nothing.
    public mutating func add(_ rect: Rect, pixelsPerPoint: Double) {
        let s = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
        let x0 = (rect.minX * s).rounded(.down), y0 = (rect.minY * s).rounded(.down)
        let x1 = (rect.maxX * s).rounded(.up), y1 = (rect.maxY * s).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, !rect.isEmpty else { return }
        addBox(PixelBox(x0: PixelBox.clamp(x0), y0: PixelBox.clamp(y0), x1: PixelBox.clamp(x1),
                        y1: PixelBox.clamp(y1)))
    }

    /// Adds a rectangle given in pixels; empty or negative sizes add nothing.
    public mutating func add(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let limit = PixelBox.limit
        let x0 = min(max(x, -limit), limit), y0 = min(max(y, -limit), limit)
        addBox(PixelBox(x0: x0, y0: y0, x1: min(x0 + min(width, limit), limit),
                        y1: min(y0 + min(height, limit), limit)))
    }

    /// Adds a pixel box, taking the allocation-free shortcuts described on the type.
    private mutating func addBox(_ box: PixelBox) {
        guard !box.isEmpty else { return }
        var pixmanBox = pixman_box32_t(x1: Int32(box.x0), y1: Int32(box.y0), x2: Int32(box.x1), y2: Int32(box.y1))
        if pixman_region32_not_empty(storage.region) != 0 {
            if pixman_region32_contains_rectangle(storage.region, &pixmanBox) == PIXMAN_REGION_IN { return }
            let extents = pixman_region32_extents(storage.region).pointee
            let coversAll = box.x0 <= Int(extents.x1) && box.y0 <= Int(extents.y1)
                && box.x1 >= Int(extents.x2) && box.y1 >= Int(extents.y2)
            if !coversAll {
                let region = uniqueRegion()
                _ = pixman_region32_union_rect(region, region, Int32(box.x0), Int32(box.y0),
                                               UInt32(box.width), UInt32(box.height))
                collapseIfTooLong(region)
                return
            }
        }
        pixman_region32_reset(uniqueRegion(), &pixmanBox)
    }

    /// Replaces a region of too many rectangles by its bounding box.
    private func collapseIfTooLong(_ region: UnsafeMutablePointer<pixman_region32_t>) {
        guard pixman_region32_n_rects(region) > Int32(DamageRegion.maximumRectCount) else { return }
        var extents = pixman_region32_extents(region).pointee
        pixman_region32_reset(region, &extents)
    }

    /// Adds every pixel of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        guard !other.isEmpty, other.storage !== storage else { return }
        if isEmpty {
            storage = other.storage
            return
        }
        let region = uniqueRegion()
        _ = pixman_region32_union(region, region, other.storage.region)
        collapseIfTooLong(region)
    }

    /// Empties the region.
    public mutating func removeAll() {
        guard !isEmpty else { return }
        if isKnownUniquelyReferenced(&storage) {
            pixman_region32_clear(storage.region)
        } else {
            storage = Storage()
        }
    }

    /// Keeps only the pixels inside `0 ..< width` by `0 ..< height` (a buffer's size); non-positive sizes empty it.
    public mutating func clip(toWidth width: Int, height: Int) {
        guard !isEmpty else { return }
        guard width > 0, height > 0 else {
            removeAll()
            return
        }
        let bounds = pixman_region32_extents(storage.region).pointee
        if bounds.x1 >= 0, bounds.y1 >= 0, Int(bounds.x2) <= width, Int(bounds.y2) <= height { return }
        let region = uniqueRegion()
        _ = pixman_region32_intersect_rect(region, region, 0, 0, UInt32(min(width, PixelBox.limit)),
                                           UInt32(min(height, PixelBox.limit)))
    }

    /// Moves the region by (`dx`, `dy`) pixels.
    public mutating func translate(dx: Int, dy: Int) {
        guard !isEmpty, dx != 0 || dy != 0 else { return }
        let limit = PixelBox.limit
        pixman_region32_translate(uniqueRegion(), Int32(min(max(dx, -limit), limit)),
                                  Int32(min(max(dy, -limit), limit)))
    }

    /// True when no pixel is in the region.
    public var isEmpty: Bool { pixman_region32_not_empty(storage.region) == 0 }

    /// The smallest rectangle holding the region, in pixels; `Rect.zero` when empty.
    public var bounds: Rect {
        guard !isEmpty else { return .zero }
        let e = pixman_region32_extents(storage.region).pointee
        return Rect(x: Double(e.x1), y: Double(e.y1), width: Double(e.x2 - e.x1), height: Double(e.y2 - e.y1))
    }

    /// How many disjoint rectangles make up the region (0 when empty).
    public var rectCount: Int { Int(pixman_region32_n_rects(storage.region)) }

    /// Calls `body` with each disjoint rectangle as (x, y, width, height) in pixels, top to bottom, left to right:
    /// the arguments of `wl_surface.damage_buffer`.
    public func forEachRect(_ body: (Int32, Int32, Int32, Int32) throws -> Void) rethrows {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return }
        for index in 0..<Int(count) {
            let b = boxes[index]
            try body(b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1)
        }
    }

    /// Whether pixel (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        guard let px = Int32(exactly: x), let py = Int32(exactly: y) else { return false }
        return pixman_region32_contains_point(storage.region, px, py, nil) != 0
    }

    /// Regions are equal when they cover the same pixels.
    public static func == (lhs: DamageRegion, rhs: DamageRegion) -> Bool {
        // Empty regions may keep stale extents after an intersection, which pixman's comparison would see.
        if lhs.isEmpty || rhs.isEmpty { return lhs.isEmpty && rhs.isEmpty }
        return lhs.storage === rhs.storage || pixman_region32_equal(lhs.storage.region, rhs.storage.region) != 0
    }
}
