import CWayland
import Glibc

/// Shared memory for buffers: a sealed memfd (`cw_create_shm_file`: it can grow but never shrink, so the
/// compositor can never fault on a truncated pool), mapped here and offered to the compositor as a
/// `wl_shm_pool`.
///
/// The window makes one pool per buffer: buffers of a window come and go with its size, and one mapping
/// per buffer lets each go without compacting a shared pool. The fd is closed as soon as the compositor has
/// its copy; the pool proxy lives with the buffer (it makes a `wl_buffer` at each new start of a ring frame, or
/// over another part of the frame for a band surface); the mapping lives until `unmap()`.
@MainActor
final class ShmPool {
    /// The largest pool made, in bytes (one ARGB buffer of `SurfaceLimits.maximumPixels`, 128 MiB): anything
    /// larger is refused with `WaylandError.bufferAllocationFailed` instead of exhausting memory.
    static let maximumSize = SurfaceLimits.maximumPixels * 4

    /// Makes the memory file of a pool: `cw_create_shm_file(name, size)`, returning the descriptor or -1 with
    /// `errno` set. Replaceable so that tests can make allocation fail the way the system would (ENOMEM, EMFILE)
    /// and check that the window reports it.
    static var makeFile: (_ name: String, _ size: Int) -> Int32 = { name, size in cw_create_shm_file(name, size) }

    private(set) var proxy: OpaquePointer?
    /// The mapped memory, `size` bytes, shared with the compositor.
    let memory: UnsafeMutableRawPointer
    /// Size of the pool, in bytes.
    let size: Int
    private var isMapped = true

    /// A pool of `size` bytes from `shm` (a bound `wl_shm`).
    init(shm: OpaquePointer, size: Int) throws {
        guard size > 0, size <= ShmPool.maximumSize else {
            throw WaylandError.bufferAllocationFailed("impossible pool size \(size) bytes")
        }
        let fd = ShmPool.makeFile("toolkit-buffer", size)
        guard fd >= 0 else {
            throw WaylandError.bufferAllocationFailed("memfd of \(size) bytes: \(WaylandDisplay.errnoText())")
        }
        defer { close(fd) }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw WaylandError.bufferAllocationFailed("mmap of \(size) bytes: \(WaylandDisplay.errnoText())")
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(size)) else {
            munmap(mapped, size)
            throw WaylandError.bufferAllocationFailed("wl_shm.create_pool failed")
        }
        memory = mapped
        self.size = size
        proxy = pool
    }

    /// A `wl_buffer` over `height` rows of `stride` bytes at `offset`, in ARGB8888 (premultiplied, as the
    /// canvas draws). Returns nil when it does not fit in the pool.
    func makeBuffer(offset: Int, width: Int, height: Int, stride: Int) -> OpaquePointer? {
        guard let proxy, width > 0, height > 0, stride >= width * 4, offset >= 0,
            offset + stride * height <= size
        else { return nil }
        return wl_shm_pool_create_buffer(
            proxy, Int32(offset), Int32(width), Int32(height), Int32(stride),
            WL_SHM_FORMAT_ARGB8888.rawValue)
    }

    /// Destroys the pool proxy; buffers made from it stay valid.
    private func destroyPool() {
        if let proxy { wl_shm_pool_destroy(proxy) }
        proxy = nil
    }

    /// Unmaps the memory (after the buffers using it are destroyed).
    func unmap() {
        destroyPool()
        guard isMapped else { return }
        isMapped = false
        munmap(memory, size)
    }
}
