import CWayland
@_spi(Presentation) import ToolkitCore

/// One `wl_buffer` in its own shm pool, with a `Canvas` over its pixels. `BufferSlots` decides when it may
/// be drawn; this class only owns the memory and reports `wl_buffer.release`.
///
/// A window buffer's pool can hold more than one frame (`ringFrames`): the frame then lives in it as a
/// `RingFrameBuffer` and scrolls by moving its start; each start is a `wl_buffer` at that offset of the pool,
/// made again (`syncProxy()`) before the frame that moved it is attached. A frame drawn onward
/// (`FramePresenter.drawOnward`) moves the start while the compositor still holds earlier `wl_buffer`s of the pool:
/// they stay alive (`heldRows` covers their rows) until released, and the buffer counts as released (`onRelease`)
/// when the last one is. While a band surface shows the frame (`BandSurface`), the `wl_buffer` spans only the
/// band's rows of it (`shownRows`), and the compositor holds only those.
@MainActor
final class ShmBuffer {
    /// The slot it occupies in `BufferSlots`.
    let slot: Int
    /// Width, in pixels.
    let width: Int
    /// Height, in pixels.
    let height: Int
    /// Bytes per row.
    let stride: Int
    /// Pixels per point (fractional on the fractional-scale-v1 path).
    let scale: Double
    /// The frame inside the pool (a block of one frame when the pool has no room to move it).
    let ring: RingFrameBuffer
    /// A canvas over the frame, in points (`scale` pixels per point); it follows the frame's start.
    var canvas: Canvas { ring.canvas }
    private(set) var proxy: OpaquePointer?
    /// The pool offset `proxy` was made at, in bytes, and the frame rows it spans.
    private var proxyOffset = 0
    private var proxyRows: Range<Int>
    /// The frame rows the next `wl_buffer` spans (`syncProxy()`): all of them, or a band's (a band surface shows
    /// them; the window's surface shows the rest from a base buffer). Clamped to the frame, never empty.
    var shownRows: Range<Int> {
        didSet {
            let first = min(max(0, shownRows.lowerBound), height - 1)
            shownRows = first..<min(height, max(shownRows.upperBound, first + 1))
        }
    }
    /// The `wl_buffer`s attached and not yet released, with their pool offsets (bytes) and pixel rows: `proxy`
    /// and, after an onward frame, older ones (destroyed on release).
    private var attached: [(proxy: OpaquePointer, offset: Int, rows: Int)] = []
    private let pool: ShmPool
    /// Called on `wl_buffer.release` with `slot`.
    var onRelease: ((Int) -> Void)?

    private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, proxy in
                guard let data, let proxy else { return }
                let buffer = Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue()
                // (As an address: the pointer is not Sendable.)
                let address = UInt(bitPattern: proxy)
                MainActor.assumeIsolated {
                    guard let proxy = OpaquePointer(bitPattern: address) else { return }
                    buffer.released(proxy)
                }
            }))
        return listener
    }()

    /// A `width` x `height` pixel buffer from `shm` for `slot`, in a pool of `ringFrames` frames (at least 1;
    /// fewer when that would pass `ShmPool.maximumSize`).
    init(shm: OpaquePointer, slot: Int, width: Int, height: Int, scale: Double, ringFrames: Int = 1) throws {
        // The window never plans a buffer beyond the limits (it lowers its scale first); this is the last guard.
        guard SurfaceLimits.fits(width: width, height: height) else {
            throw WaylandError.bufferAllocationFailed("impossible buffer size \(width)x\(height) pixels")
        }
        stride = width * 4
        let frameBytes = stride * height
        let frames = max(1, min(ringFrames, ShmPool.maximumSize / max(frameBytes, 1)))
        pool = try ShmPool(shm: shm, size: frameBytes * frames)
        guard let proxy = pool.makeBuffer(offset: 0, width: width, height: height, stride: stride) else {
            pool.unmap()
            throw WaylandError.bufferAllocationFailed("wl_shm_pool.create_buffer failed")
        }
        self.slot = slot
        self.width = width
        self.height = height
        self.scale = scale
        self.proxy = proxy
        proxyRows = 0..<height
        shownRows = 0..<height
        ring = RingFrameBuffer(
            memory: pool.memory, byteCount: pool.size, width: width, height: height,
            pixelsPerPoint: scale)
        wl_buffer_add_listener(proxy, ShmBuffer.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The pixels of the frame (ARGB8888 premultiplied, `stride` bytes per row).
    var pixels: UnsafeMutableRawPointer { ring.pixels }

    /// The block rows of the `wl_buffer`s the compositor holds, as one range (empty when none): an onward
    /// frame writes none of them.
    var heldRows: Range<Int> {
        guard let first = attached.first else { return 0..<0 }
        var low = first.offset / stride
        var high = low + first.rows
        for entry in attached {
            low = min(low, entry.offset / stride)
            high = max(high, entry.offset / stride + entry.rows)
        }
        return low..<high
    }

    /// Whether `proxy` (the `wl_buffer` at the frame's current start and rows) is attached: a frame that wrote
    /// nothing into the buffer may leave it on its surface without attaching it again.
    var isProxyAttached: Bool {
        guard let proxy else { return false }
        return attached.contains { $0.proxy == proxy }
    }

    /// `proxy` was attached to a surface (and is committed next): held until its release.
    func markAttached() {
        guard let proxy, !attached.contains(where: { $0.proxy == proxy }) else { return }
        attached.append((proxy, proxyOffset, proxyRows.count))
    }

    /// `wl_buffer.release` for one of the buffer's `wl_buffer`s: an older one is destroyed; when none is held any
    /// more, the buffer is released (`onRelease`). A release of a buffer not attached is ignored.
    private func released(_ released: OpaquePointer) {
        guard let index = attached.firstIndex(where: { $0.proxy == released }) else { return }
        attached.remove(at: index)
        if released != proxy { wl_buffer_destroy(released) }
        if attached.isEmpty { onRelease?(slot) }
    }

    /// Makes `proxy` a `wl_buffer` over the `shownRows` of the frame at its current start in the pool (after a
    /// scroll moved it, or the rows changed). The old one is destroyed now if the compositor does not hold it,
    /// else on its release. Throws when the new one cannot be made.
    func syncProxy() throws {
        let offset = ring.byteOffset + shownRows.lowerBound * stride
        guard offset != proxyOffset || shownRows != proxyRows || proxy == nil else { return }
        if let proxy, !attached.contains(where: { $0.proxy == proxy }) { wl_buffer_destroy(proxy) }
        proxy = pool.makeBuffer(offset: offset, width: width, height: shownRows.count, stride: stride)
        guard let proxy else {
            throw WaylandError.bufferAllocationFailed("wl_shm_pool.create_buffer at offset \(offset) failed")
        }
        proxyOffset = offset
        proxyRows = shownRows
        wl_buffer_add_listener(proxy, ShmBuffer.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the buffer and unmaps its memory. The compositor must not hold it (released, or never
    /// attached), or the window is going away.
    func destroy() {
        onRelease = nil
        for entry in attached where entry.proxy != proxy { wl_buffer_destroy(entry.proxy) }
        attached.removeAll()
        if let proxy { wl_buffer_destroy(proxy) }
        proxy = nil
        pool.unmap()
    }
}
