import CWaylandServer
import Glibc

// Buffer ownership check. Between a commit that attaches a wl_buffer and the `wl_buffer.release` the compositor
// sends for it, the buffer belongs to the compositor: a client drawing into it then makes a real compositor show
// a half-drawn frame (tearing), a bug no pixel comparison of committed frames can see. So the compositor keeps a
// copy of every held shm buffer's bytes as committed and compares the live bytes with it at each commit (before
// the commit applies), before each release, and when a test reads `TestCompositor.heldBufferWrites`.
// A write counts once: the copy then takes the new bytes, so a later, separate write counts again.
// Cost: one copy and one compare of each held buffer per commit (a few MB at most), fine for tests.

extension CompositorState {
    /// The bytes of a shm buffer, row after row without the stride's padding; nil for a non-shm buffer.
    func contents(of buffer: OpaquePointer) -> [UInt8]? {
        guard let shm = wl_shm_buffer_get(buffer) else { return nil }
        let rowBytes = Int(wl_shm_buffer_get_width(shm)) * 4
        let height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        guard rowBytes > 0, height > 0, stride >= rowBytes else { return nil }
        // begin/end_access turn a SIGBUS from a client that shrank its pool into a protocol error.
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        guard let data = wl_shm_buffer_get_data(shm) else { return nil }
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { storage, count in
            let base = storage.baseAddress!
            for row in 0..<height { memcpy(base + row * rowBytes, data + row * stride, rowBytes) }
            count = rowBytes * height
        }
    }

    /// Records `buffer`'s bytes as committed (it was just attached by a commit).
    func rememberContents(of buffer: OpaquePointer) {
        heldContents[buffer] = contents(of: buffer)
    }

    /// Counts a write into `buffer` when its bytes differ from those recorded at its commit (memcmp: a debug
    /// build's element-wise array comparison would take tens of milliseconds per frame).
    func checkContents(of buffer: OpaquePointer) {
        guard let recorded = heldContents[buffer], let shm = wl_shm_buffer_get(buffer) else { return }
        let rowBytes = Int(wl_shm_buffer_get_width(shm)) * 4
        let height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        guard rowBytes * height == recorded.count else { return }
        wl_shm_buffer_begin_access(shm)
        let changed: Bool = recorded.withUnsafeBytes { copy in
            guard let data = wl_shm_buffer_get_data(shm) else { return false }
            for row in 0..<height where memcmp(copy.baseAddress! + row * rowBytes, data + row * stride, rowBytes) != 0 {
                return true
            }
            return false
        }
        wl_shm_buffer_end_access(shm)
        if changed {
            heldBufferWrites += 1
            rememberContents(of: buffer)
        }
    }

    /// Checks every held buffer (see `checkContents(of:)`).
    func checkHeldContents() {
        for buffer in heldContents.keys { checkContents(of: buffer) }
    }
}
