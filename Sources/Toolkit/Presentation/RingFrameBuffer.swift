import CPixman
import Glibc

/// A frame buffer inside a larger block of memory that scrolls by moving where it starts (foot's technique with
/// `wl_shm`): a full-width band moving by `dy` rows moves the start `dy` rows further, so only the margins and the
/// rows coming into view need pixels. At the block's end the frame wraps back by `mirrorDistance` rows.
///
/// A wrap that copies the whole frame reads memory the cache no longer holds, so a block of two frames or more
/// keeps a mirror: what is written into a frame row (`mirror(_:)`) is also written `mirrorDistance` rows away,
/// while still cached, and a wrap copies only rows whose mirror is stale. The block is not owned. Not thread-safe.
@_spi(Presentation)
public final class RingFrameBuffer {
    /// Frame width, in pixels.
    public let width: Int
    /// Frame height, in pixels.
    public let height: Int
    /// Bytes per row (`width * 4`, contiguous, so moving the start by rows moves whole rows).
    public let stride: Int
    /// Rows the block holds (at least `height`).
    public let blockRows: Int
    /// The first block row of the frame.
    public private(set) var startRow = 0
    /// Times the frame wrapped to the other end of the block.
    public private(set) var wrapCount = 0
    /// Rows copied by wraps because their mirror was stale.
    public private(set) var wrapCopiedRows = 0
    /// How far a wrap moves the frame, in rows: `blockRows - height`.
    public var mirrorDistance: Int { blockRows - height }
    /// Whether written rows are mirrored (a block of at least two frames); rows in `height ..< mirrorDistance` have
    /// no mirror.
    public var mirrors: Bool { height > 0 && mirrorDistance >= height }
    /// Block rows the compositor may still read (one range; empty when none): never written by `mirror(_:)` or an
    /// onward move. Set by the owner before drawing.
    public var heldRows: Range<Int> = 0..<0
    /// Per block row: whether the row `mirrorDistance` away holds the same pixels.
    private var mirrored: [Bool]
    /// A canvas over the frame, following its start.
    public let canvas: Canvas
    private let block: UnsafeMutableRawPointer

    /// A `width` x `height` pixel frame inside `byteCount` bytes at `memory`; a block of one frame cannot shift.
    public init(memory: UnsafeMutableRawPointer, byteCount: Int, width: Int, height: Int, pixelsPerPoint: Double) {
        self.width = max(0, width)
        self.height = max(0, height)
        stride = self.width * 4
        blockRows = stride > 0 ? max(0, byteCount) / stride : 0
        block = memory
        mirrored = Array(repeating: false, count: blockRows)
        canvas = Canvas(
            block: memory, blockRows: blockRows, width: self.width, height: self.height, stride: stride,
            pixelsPerPoint: pixelsPerPoint)
    }

    /// Whether the block has room to move the frame (more rows than the frame).
    public var canShift: Bool { blockRows > height && height > 0 }

    /// The frame's first byte, as an offset into the block.
    public var byteOffset: Int { startRow * stride }

    /// The frame's first pixel.
    public var pixels: UnsafeMutableRawPointer { block + byteOffset }

    /// Moves the frame so that rows `top ..< bottom` show what rows `top + dy ..< bottom + dy` showed; the caller fills
    /// the rest, except the margins with `preservingMargins`. Nothing when `canShift` is false.
    public func shift(rows dy: Int, bandTop: Int, bandBottom: Int, preservingMargins: Bool) {
        guard canShift, dy != 0 else { return }
        let top = min(max(0, bandTop), height)
        let bottom = min(max(top, bandBottom), height)
        let newStart = startRow + dy
        if newStart >= 0, newStart <= blockRows - height {
            if preservingMargins {
                // The margins' new places never overlap the band's source; the one the other could cover goes first.
                if dy > 0 {
                    moveRows(from: startRow + bottom, to: newStart + bottom, count: height - bottom)
                    moveRows(from: startRow, to: newStart, count: top)
                } else {
                    moveRows(from: startRow, to: newStart, count: top)
                    moveRows(from: startRow + bottom, to: newStart + bottom, count: height - bottom)
                }
                // The margins' new rows were written without their mirrors.
                forgetMirror(rows: newStart + bottom, count: height - bottom)
                forgetMirror(rows: newStart, count: top)
            }
            startRow = newStart
        } else {
            wrap(dy: dy, top: top, bottom: bottom, preservingMargins: preservingMargins)
        }
        canvas.moveStart(toRow: startRow)
    }

    /// Moves the frame back onto its mirror, or for a jump farther than that to the block's far end, copying each kept
    /// run once (one `memmove`); runs go in the order where none overwrites a row a later one still reads.
    private func wrap(dy: Int, top: Int, bottom: Int, preservingMargins: Bool) {
        wrapCount += 1
        let onMirror = startRow + dy + (dy > 0 ? -mirrorDistance : mirrorDistance)
        if mirrors, onMirror >= 0, onMirror <= blockRows - height {
            wrapToMirror(dy: dy, target: onMirror, top: top, bottom: bottom, preservingMargins: preservingMargins)
            return
        }
        // A jump farther than the mirror distance: the whole frame is copied, and no mirror is current after.
        wrapCopiedRows += height
        forgetMirror()
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

    /// The wrap onto the mirror: only kept rows whose mirror is stale, and the kept margins, are copied.
    private func wrapToMirror(dy: Int, target: Int, top: Int, bottom: Int, preservingMargins: Bool) {
        forEachUnmirroredRun(dy: dy, top: top, bottom: bottom) { run, count in
            let source = startRow + run + dy
            moveRows(from: source, to: target + run, count: count)
            markMirrored(rows: source, count: count)
            wrapCopiedRows += count
        }
        if preservingMargins {
            moveRows(from: startRow, to: target, count: top)
            moveRows(from: startRow + bottom, to: target + bottom, count: height - bottom)
            forgetMirror(rows: target, count: top)
            forgetMirror(rows: target + bottom, count: height - bottom)
            wrapCopiedRows += top + height - bottom
        }
        startRow = target
    }

    /// The kept band rows whose mirror is stale after a wrap by `dy`, as runs `body(firstRow, count)`.
    private func forEachUnmirroredRun(dy: Int, top: Int, bottom: Int, _ body: (Int, Int) -> Void) {
        let keptTop = dy > 0 ? top : min(bottom, top - dy)
        let keptBottom = dy > 0 ? max(top, bottom - dy) : bottom
        var run = keptTop
        while run < keptBottom {
            guard !mirrored[startRow + run + dy] else {
                run += 1
                continue
            }
            var end = run + 1
            while end < keptBottom, !mirrored[startRow + end + dy] { end += 1 }
            body(run, end - run)
            run = end
        }
    }

    /// Where a band move of `dy` rows would put the frame's start when it writes no row of `heldRows` (margins aside);
    /// nil when it would, would copy the whole frame, or cannot be made. Changes nothing.
    public func onwardStart(rows dy: Int, bandTop: Int, bandBottom: Int) -> Int? {
        guard canShift, dy != 0 else { return nil }
        let newStart = startRow + dy
        if newStart >= 0, newStart <= blockRows - height { return newStart }
        let target = newStart + (dy > 0 ? -mirrorDistance : mirrorDistance)
        guard mirrors, target >= 0, target <= blockRows - height else { return nil }
        let top = min(max(0, bandTop), height)
        let bottom = min(max(top, bandBottom), height)
        var writesHeld = false
        forEachUnmirroredRun(dy: dy, top: top, bottom: bottom) { run, count in
            if !canWrite(frameRows: run..<(run + count), start: target) { writesHeld = true }
        }
        return writesHeld ? nil : target
    }

    /// Whether frame rows `frameRows` of a frame starting at block row `start` lie outside `heldRows`.
    public func canWrite(frameRows: Range<Int>, start: Int) -> Bool {
        guard !frameRows.isEmpty, !heldRows.isEmpty else { return true }
        return start + frameRows.upperBound <= heldRows.lowerBound
            || start + frameRows.lowerBound >= heldRows.upperBound
    }

    /// Copies what was written into the frame (`region`, frame pixels) to the mirror rows for a later wrap. A row
    /// written across the width is then mirrored; a narrower write keeps the row's state; a held mirror stays stale.
    public func mirror(_ region: PixelRegion) {
        guard mirrors else { return }
        region.forEachRect { x, y, w, h in
            let x0 = max(0, Int(x))
            let x1 = min(width, Int(x) + Int(w))
            let y0 = max(0, Int(y))
            let y1 = min(height, Int(y) + Int(h))
            guard x1 > x0, y1 > y0 else { return }
            for row in (startRow + y0)..<(startRow + y1) {
                let partner = mirrorRow(of: row)
                guard partner >= 0, partner < blockRows else { continue }
                guard !heldRows.contains(partner) else {
                    mirrored[row] = false
                    mirrored[partner] = false
                    continue
                }
                toolkit_copy_streaming(
                    block + partner * stride + x0 * 4, block + row * stride + x0 * 4,
                    (x1 - x0) * 4)
                if x0 == 0, x1 == width {
                    mirrored[row] = true
                    mirrored[partner] = true
                }
            }
        }
        toolkit_store_fence()
    }

    /// Forgets every mirror (frame rows were written without `mirror(_:)`): the next wrap copies.
    public func forgetMirror() {
        forgetMirror(rows: 0, count: blockRows)
    }

    /// The row a wrap puts in place of block row `row`: `mirrorDistance` rows away, inside the block.
    private func mirrorRow(of row: Int) -> Int {
        row >= mirrorDistance ? row - mirrorDistance : row + mirrorDistance
    }

    private func forgetMirror(rows first: Int, count: Int) {
        guard count > 0 else { return }
        for row in max(0, first)..<min(blockRows, first + count) {
            mirrored[row] = false
            let partner = mirrorRow(of: row)
            if partner >= 0, partner < blockRows { mirrored[partner] = false }
        }
    }

    private func markMirrored(rows first: Int, count: Int) {
        for row in first..<(first + count) {
            let partner = mirrorRow(of: row)
            guard partner >= 0, partner < blockRows else { continue }
            mirrored[row] = true
            mirrored[partner] = true
        }
    }

    private func moveRows(from: Int, to: Int, count: Int) {
        guard count > 0, from != to else { return }
        memmove(block + to * stride, block + from * stride, count * stride)
    }
}
