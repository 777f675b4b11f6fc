import CPixman

// A canvas inside a ring block (`RingFrameBuffer`): one pixman image over the whole block, the surface moved
// inside it from frame to frame.
extension Canvas {
    /// A canvas of `width` x `height` pixels that lives inside a block of `blockRows` rows of `stride` bytes
    /// starting at `block`, its first row at block row 0; `moveStart(toRow:)` moves it inside the block without
    /// making a new pixman image (no allocation per frame). Draws nothing when the block cannot hold it.
    convenience init(
        block: UnsafeMutableRawPointer, blockRows: Int, width: Int, height: Int, stride: Int,
        pixelsPerPoint: Double
    ) {
        let fits = blockRows >= height
        self.init(
            optionalPixels: fits ? block : nil, width: width, height: fits ? blockRows : 0, stride: stride,
            pixelsPerPoint: Canvas.clampedPixelsPerPoint(pixelsPerPoint), pixelHeightOverride: height)
    }

    /// Moves the surface of a ring canvas so that it starts `row` rows into its block (clamped so that it stays
    /// inside). The drawing state is unchanged.
    func moveStart(toRow row: Int) {
        guard let destination else { return }
        guard let first = pixman_image_get_data(destination) else { return }
        let origin = min(max(0, row), imageRows - pixelHeight)
        imageRowOrigin = origin
        pixels = UnsafeMutableRawPointer(first).advanced(by: origin * strideBytes).assumingMemoryBound(to: UInt32.self)
        backdrop.forget()
    }
}
