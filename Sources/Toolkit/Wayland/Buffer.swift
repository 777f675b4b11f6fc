import CWayland

/// One `wl_buffer` in its own shm pool, with a `Canvas` over its pixels. `BufferSlots` decides when it may
/// be drawn; this class only owns the memory and reports `wl_buffer.release`.
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
    /// A canvas over the whole buffer, in points (`scale` pixels per point).
    let canvas: Canvas
    private(set) var proxy: OpaquePointer?
    private let pool: ShmPool
    /// Called on `wl_buffer.release` with `slot`.
    var onRelease: ((Int) -> Void)?

    private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            let buffer = Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { buffer.onRelease?(buffer.slot) }
        }))
        return listener
    }()

    /// A `width` x `height` pixel buffer from `shm` for `slot`.
    init(shm: OpaquePointer, slot: Int, width: Int, height: Int, scale: Double) throws {
        // The window never plans a buffer beyond the limits (it lowers its scale first); this is the last guard.
        guard SurfaceLimits.fits(width: width, height: height) else {
            throw WaylandError.bufferAllocationFailed("impossible buffer size \(width)x\(height) pixels")
        }
        stride = width * 4
        pool = try ShmPool(shm: shm, size: stride * height)
        guard let proxy = pool.makeBuffer(offset: 0, width: width, height: height, stride: stride) else {
            pool.unmap()
            throw WaylandError.bufferAllocationFailed("wl_shm_pool.create_buffer failed")
        }
        pool.destroyPool()
        self.slot = slot
        self.width = width
        self.height = height
        self.scale = scale
        self.proxy = proxy
        canvas = Canvas(pixels: pool.memory, width: width, height: height, stride: stride, pixelsPerPoint: scale)
        wl_buffer_add_listener(proxy, ShmBuffer.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The pixels (ARGB8888 premultiplied, `stride` bytes per row).
    var pixels: UnsafeMutableRawPointer { pool.memory }

    /// Destroys the buffer and unmaps its memory. The compositor must not hold it (released, or never
    /// attached), or the window is going away.
    func destroy() {
        onRelease = nil
        if let proxy { wl_buffer_destroy(proxy) }
        proxy = nil
        pool.unmap()
    }
}
