// The corner patches of a rounded box depend only on (radius r, line width w or fill, patch size), never on where
// the box is: the coverage of patch pixel (i, j) depends on its centre's distances to the near edges,
// dx = i + 1/2, dy = j + 1/2 (Canvas+RoundedRect.swift): q = (max(r - dx, 0), max(r - dy, 0)), coverage 1 if
// either is 0, else clamp(r - |q| + 1/2, 0, 1), minus the inner box's for a stroke. Every row of a list draws the
// same corners, so they are computed once (a square root per pixel) and composited from here after.
//
// Storage: one a8 image of slots stacked vertically, each holding one key's four corners as the corners of a
// 2kx x 2ky box. Made once, never grown: a warm cache, or a miss, allocates nothing.

import CPixman

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A small process-wide cache of rounded-rect corner coverage, least recently used out. `@unchecked Sendable`:
/// every stored property is touched only under `lock`.
final class CornerMaskCache: @unchecked Sendable {
    /// What the four corners of a slot were computed for; all sizes in pixels.
    struct Key: Equatable {
        /// The radius's bit pattern: masks are equal only for exactly equal radii.
        var radiusBits: UInt64
        /// The stroke width, or 0 for a fill.
        var lineWidth: Int
        /// Patch width kx.
        var width: Int
        /// Patch height ky.
        var height: Int
    }

    /// The cache every canvas shares: corners drawn into one buffer are ready for the next one.
    static let shared = CornerMaskCache()

    /// Number of keys kept (a UI uses a handful of radii and line widths).
    static let slotCount = 16
    /// Largest patch side cached, in pixels; a slot is twice that square.
    static let maximumPatchSide = 64
    static let slotSide = 2 * maximumPatchSide

    private let lock = Lock()
    private var keys: [Key?]
    /// Per slot, the value of `useClock` at its last use (0: never used).
    private var lastUse: [UInt64]
    private var useClock: UInt64 = 0
    private var bits: UnsafeMutableRawPointer?
    private var image: OpaquePointer?
    /// Computations so far (cache misses).
    private(set) var computeCount = 0

    init() {
        keys = Array(repeating: nil, count: CornerMaskCache.slotCount)
        lastUse = Array(repeating: 0, count: CornerMaskCache.slotCount)
    }

    deinit {
        if let image { pixman_image_unref(image) }
        bits?.deallocate()
    }

    /// Runs `body` with the a8 image holding the corners for the key and their slot's y, computing them on a miss;
    /// nil when too large to cache. `body` runs under the lock (the slot could be overwritten otherwise) and must not
    /// call back into the cache.
    func withCorners<Result>(
        radius: Double, lineWidth: Int, width: Int, height: Int,
        _ body: (_ image: OpaquePointer, _ slotY: Int) -> Result
    ) -> Result? {
        let side = CornerMaskCache.maximumPatchSide
        guard width > 0, height > 0, width <= side, height <= side, lineWidth >= 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let image = storage(), let bits else { return nil }
        let key = Key(radiusBits: radius.bitPattern, lineWidth: lineWidth, width: width, height: height)
        useClock &+= 1
        var slot = 0
        if let hit = keys.firstIndex(where: { $0 == key }) {
            slot = hit
        } else {
            // Least recently used; never-used slots (0) come first.
            for index in 1..<lastUse.count where lastUse[index] < lastUse[slot] { slot = index }
            keys[slot] = key
            computeCount += 1
            CornerMaskCache.writeCorners(
                into: bits + slot * CornerMaskCache.slotSide * CornerMaskCache.slotSide,
                stride: CornerMaskCache.slotSide, key: key, radius: radius)
        }
        lastUse[slot] = useClock
        return body(image, slot * CornerMaskCache.slotSide)
    }

    /// Forgets every key.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for index in keys.indices {
            keys[index] = nil
            lastUse[index] = 0
        }
    }

    /// The image, made on first use; nil if pixman cannot make it. Called under the lock.
    private func storage() -> OpaquePointer? {
        if let image { return image }
        let side = CornerMaskCache.slotSide
        let rows = side * CornerMaskCache.slotCount
        let newBits = UnsafeMutableRawPointer.allocate(byteCount: side * rows, alignment: 16)
        newBits.initializeMemory(as: UInt8.self, repeating: 0, count: side * rows)
        guard
            let created = pixman_image_create_bits(
                PIXMAN_a8, Int32(side), Int32(rows),
                newBits.assumingMemoryBound(to: UInt32.self), Int32(side))
        else {
            newBits.deallocate()
            return nil
        }
        bits = newBits
        image = created
        return created
    }

    /// Writes the four corners of `key` into a slot starting at `base`.
    private static func writeCorners(into base: UnsafeMutableRawPointer, stride: Int, key: Key, radius r: Double) {
        let kx = key.width
        let ky = key.height
        let lw = key.lineWidth
        let innerRadius = max(0, r - Double(lw))
        for j in 0..<ky {
            for i in 0..<kx {
                let dx = Double(i) + 0.5
                let dy = Double(j) + 0.5
                var coverage = cornerCoverage(dx: dx, dy: dy, radius: r)
                if lw > 0 {
                    let ix = dx - Double(lw)
                    let iy = dy - Double(lw)
                    if ix > 0, iy > 0 { coverage -= cornerCoverage(dx: ix, dy: iy, radius: innerRadius) }
                }
                let byte = CoverageMask.byte(coverage)
                let left = i
                let right = 2 * kx - 1 - i
                let top = j * stride
                let bottom = (2 * ky - 1 - j) * stride
                base.storeBytes(of: byte, toByteOffset: top + left, as: UInt8.self)
                base.storeBytes(of: byte, toByteOffset: top + right, as: UInt8.self)
                base.storeBytes(of: byte, toByteOffset: bottom + left, as: UInt8.self)
                base.storeBytes(of: byte, toByteOffset: bottom + right, as: UInt8.self)
            }
        }
    }

    /// Coverage (0...1) of a pixel whose centre is `dx`, `dy` pixels inside a corner's two near edges.
    static func cornerCoverage(dx: Double, dy: Double, radius: Double) -> Double {
        let qx = max(radius - dx, 0)
        let qy = max(radius - dy, 0)
        if qx == 0 || qy == 0 { return 1 }
        let d = (qx * qx + qy * qy).squareRoot()
        return min(max(radius - d + 0.5, 0), 1)
    }
}
