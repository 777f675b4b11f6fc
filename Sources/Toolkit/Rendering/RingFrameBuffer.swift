import Glibc

/// A frame buffer that lives inside a larger block of memory and scrolls by moving where it starts (foot's
/// technique with `wl_shm`): when a band of rows spanning the full width moves by `dy` rows, the frame's start
/// moves `dy` rows further into the block, so the band's old pixels appear shifted without being copied; only the
/// rows outside the band (which must stay put) and the rows coming into view need pixels. When the start would
/// leave the block, the frame wraps to the other end of the block: one copy of the frame, once every
/// `(blockRows - height) / |dy|` frames.
///
/// On Wayland the block is a `wl_shm_pool` and each start a `wl_buffer` made at `byteOffset`; in memory the block
/// is any allocation. The buffer does not own the memory, which must outlive it. Not thread-safe.
public final class RingFrameBuffer {
    /// Frame width, in pixels.
    public let width: Int
    /// Frame height, in pixels.
    public let height: Int
    /// Bytes per row (`width * 4`: rows are contiguous, so moving the start by rows moves whole rows).
    public let stride: Int
    /// Rows the block holds (at least `height`).
    public let blockRows: Int
    /// The first block row of the frame.
    public private(set) var startRow = 0
    /// Times the frame wrapped to the other end of the block (each costs one copy of the frame).
    public private(set) var wrapCount = 0
    /// A canvas over the frame, following its start (drawn with `WindowCore.draw(into:previousFrame:)`).
    public let canvas: Canvas
    private let block: UnsafeMutableRawPointer

    /// A `width` x `height` pixel frame inside `byteCount` bytes at `memory`, drawn at `pixelsPerPoint`. A block of
    /// only one frame cannot scroll by moving (`canShift` is false): the window then copies pixels instead.
    public init(memory: UnsafeMutableRawPointer, byteCount: Int, width: Int, height: Int, pixelsPerPoint: Double) {
        self.width = max(0, width)
        self.height = max(0, height)
        stride = self.width * 4
        blockRows = stride > 0 ? max(0, byteCount) / stride : 0
        block = memory
        canvas = Canvas(block: memory, blockRows: blockRows, width: self.width, height: self.height, stride: stride,
                        pixelsPerPoint: pixelsPerPoint)
    }

    /// Whether the block has room to move the frame (more rows than the frame).
    public var canShift: Bool { blockRows > height && height > 0 }

    /// The frame's first byte, as an offset into the block.
    public var byteOffset: Int { startRow * stride }

    /// The frame's first pixel.
    public var pixels: UnsafeMutableRawPointer { block + byteOffset }

    /// Moves the frame so that rows `top ..< bottom` show what rows `top + dy ..< bottom + dy` showed (rows whose
    /// source lies outside the band hold other pixels and must be filled by the caller). With
    /// `preservingMargins`, the rows above and below the band keep their pixels (copied to the new place);
    /// otherwise they too must be filled by the caller. Does nothing when `canShift` is false.
    public func shift(rows dy: Int, bandTop: Int, bandBottom: Int, preservingMargins: Bool) {
        guard canShift, dy != 0 else { return }
        let top = min(max(0, bandTop), height), bottom = min(max(top, bandBottom), height)
        let newStart = startRow + dy
        if newStart >= 0, newStart <= blockRows - height {
            if preservingMargins {
                // The margins' new places never overlap the band's source rows; between the two margins, the
                // one whose source the other's destination could cover goes first.
                if dy > 0 {
                    moveRows(from: startRow + bottom, to: newStart + bottom, count: height - bottom)
                    moveRows(from: startRow, to: newStart, count: top)
                } else {
                    moveRows(from: startRow, to: newStart, count: top)
                    moveRows(from: startRow + bottom, to: newStart + bottom, count: height - bottom)
                }
            }
            startRow = newStart
        } else {
            wrap(dy: dy, top: top, bottom: bottom, preservingMargins: preservingMargins)
        }
        canvas.moveStart(toRow: startRow)
    }

    /// Moves the frame to the block's far end from where it was heading (the start for a scroll towards the end,
    /// the end otherwise), copying each kept row once: the top margin, the band's kept rows and the bottom margin,
    /// each one contiguous run (one `memmove`, which glibc streams for long runs). Going towards the block's start
    /// (`dy > 0`) every destination lies at or before its source, so the runs go top to bottom; going towards its
    /// end, bottom to top: no run overwrites a row a later run still reads.
    private func wrap(dy: Int, top: Int, bottom: Int, preservingMargins: Bool) {
        wrapCount += 1
        let target = dy > 0 ? 0 : blockRows - height
        // Band rows y in keptTop ..< keptBottom come from y + dy.
        let keptTop = dy > 0 ? top : min(bottom, top - dy)
        let keptBottom = dy > 0 ? max(top, bottom - dy) : bottom
        func margins(_ first: Bool) {
            guard preservingMargins else { return }
            if first == (dy > 0) {
                moveRows(from: startRow, to: target, count: top)
            } else {
                moveRows(from: startRow + bottom, to: target + bottom, count: height - bottom)
            }
        }
        margins(true)
        moveRows(from: startRow + keptTop + dy, to: target + keptTop, count: keptBottom - keptTop)
        margins(false)
        startRow = target
    }

    private func moveRows(from: Int, to: Int, count: Int) {
        guard count > 0, from != to else { return }
        memmove(block + to * stride, block + from * stride, count * stride)
    }
}
