// What tests and diagnostics read or switch on a window: buffer and frame counters, the band and overlay in use,
// the presentation options, the cursor theme's images. Not part of the public API.

extension WaylandWindow {
    /// The pixels of the frame presented last (what the compositor shows: with a band surface, the rows around
    /// the band from the base buffer), or nil before the first one. For tests and diagnostics: it copies the whole
    /// buffer.
    func lastPresentedImage() -> Image? {
        surfaces?.lastPresentedImage()
    }

    /// Number of shm buffers alive (diagnostics: at most 4).
    var liveBufferCount: Int { surfaces?.buffers.liveCount ?? 0 }

    /// Frames presented by moving a ring buffer's start instead of copying the scrolled pixels (diagnostics).
    var shiftedFrameCount: Int { surfaces?.buffers.shiftedFrameCount ?? 0 }

    /// Frames drawn onward in the memory of the buffer the compositor still held (diagnostics).
    var onwardFrameCount: Int { surfaces?.buffers.onwardFrameCount ?? 0 }

    /// Frames drawn into a buffer that first caught up with the presented one, copying what it lacked
    /// (diagnostics: a scroll under a compositor that holds the shown buffer takes this path only when it cannot
    /// go onward).
    var catchUpFrameCount: Int { surfaces?.buffers.catchUpFrameCount ?? 0 }

    /// Frames each new buffer's pool holds (tests: 1 makes buffers that scroll by copying, 2 or more ring buffers;
    /// 3 by default).
    var bufferRingFrames: Int {
        get { surfaces?.buffers.ringFrames ?? 1 }
        set { surfaces?.buffers.ringFrames = newValue }
    }

    /// Whether the window may show a scrolled list between a title bar and a toolbar in a band surface of its own
    /// (tests turn it off to see the fallback; `TOOLKIT_NO_BAND=1` in the environment does too, see
    /// `PresentationOptions`).
    var usesBand: Bool {
        get { surfaces?.options.usesBand ?? PresentationOptions.environment.usesBand }
        set { surfaces?.options.usesBand = newValue }
    }

    /// The rows of the band surface in use (`top ..< bottom`, points), or nil without one (diagnostics and tests).
    var bandRows: Range<Double>? { surfaces?.band.map { $0.top..<($0.top + $0.height) } }
    /// Whether the band surface in use has a buffer attached and committed, nil without one (tests: after a
    /// commit it always has).
    var bandHasBuffer: Bool? { surfaces?.band?.hasBuffer }
    /// The column of the indicator's surface, in points, or nil without one (for tests).
    var indicatorColumn: Rect? {
        surfaces?.indicatorSurface.map { Rect(x: $0.x, y: $0.top, width: $0.width, height: $0.height) }
    }

    /// The image the cursor theme gives for `cursor` at whole scale `scale` (tests and diagnostics).
    func cursorImage(for cursor: Cursor, scale: Int) -> WaylandCursorTheme.Image? {
        cursorTheme?.image(for: cursor, scale: scale)
    }
}
