import CPixman

/// A drawing surface over 32-bit premultiplied ARGB pixels (pixman `a8r8g8b8`, `wl_shm` `argb8888`).
///
/// Coordinates are in points, `pixelsPerPoint` pixels each. Rectangle edges snap to the nearest pixel edge, so
/// adjacent rectangles never gap or overlap. Opaque colors replace pixels; translucent ones blend OVER. The canvas
/// wraps memory that must outlive it; not thread-safe. Bad input never traps: an impossible size draws nothing,
/// shapes with non-finite coordinates or empty sizes are dropped.
public final class Canvas {
    /// The translation, drawing scale and clip that `saveState()` records.
    struct SavedState {
        var translation: Point
        var zoom: Double
        var innerTranslation: Point
        var clip: PixelBox
    }

    /// The first pixel, or nil for a canvas that draws nothing.
    var pixels: UnsafeMutablePointer<UInt32>?
    /// Surface width, in pixels.
    let pixelWidth: Int
    /// Surface height, in pixels.
    let pixelHeight: Int
    /// Bytes from one row to the next.
    let strideBytes: Int
    /// The pixman image over `pixels` (nil: draws nothing); a ring canvas's covers the whole block.
    private(set) var destination: OpaquePointer?
    /// Rows from `destination`'s first to `pixels`, added to every pixman y (0 but for ring canvases).
    var imageRowOrigin = 0
    /// Rows `destination` has.
    var imageRows = 0
    /// A 1x1 repeating image whose pixel is rewritten per draw: a solid source without a malloc per fill.
    let solidPixel: UnsafeMutablePointer<UInt32>
    let solidSource: OpaquePointer?
    /// Scratch coverage for antialiased shapes.
    let mask = CoverageMask()
    /// The box last filled with one pixel value and what was drawn over it since (`LineRasters`, plain stores).
    var backdrop = SolidBackdrop()
    /// The reference paths tests compare the caches against, and what they count.
    var testHooks = CanvasTestHooks()

    /// The transform from drawing coordinates to pixels: `((p + innerTranslation) * zoom + translation) *
    /// pixelsPerPoint`. Translations under a scale go to `innerTranslation`, so that a zoomed view moving by whole
    /// points changes only `translation` and lands on the same pixel fractions (copies stay exact).
    private(set) var translation = Point.zero
    /// The product of the `scale(by:)` factors in effect.
    private(set) var zoom = 1.0
    /// Offset added under the scale, in scaled points.
    private(set) var innerTranslation = Point.zero
    /// Pixels per point as drawing uses it now.
    var drawingScale: Double { pixelsPerPoint * zoom }
    /// Whether no `scale(by:)` is in effect.
    var isUnscaled: Bool { zoom == 1 }
    /// Current clip, in pixels; always inside the surface.
    private(set) var clipBox: PixelBox
    /// Saved states, storage reserved so that balanced save/restore does not allocate.
    private var stack: [SavedState] = []

    /// Whole pixels per point: `pixelsPerPoint` rounded up (2 for a 1.5 canvas), for code needing an integer.
    public let scale: Int

    /// Pixels per point on each axis, as drawing uses it (fractional under fractional-scale-v1).
    public let pixelsPerPoint: Double

    /// The surface size, in points (pixel size divided by `pixelsPerPoint`).
    public var size: Size {
        Size(width: Double(pixelWidth) / pixelsPerPoint, height: Double(pixelHeight) / pixelsPerPoint)
    }

    /// A canvas over `height` rows of `stride` bytes (at least `width * 4`, a multiple of 4) of premultiplied
    /// `0xAARRGGBB` pixels at `pixels`, valid while the canvas lives; `scale` clamped into 1...16. Impossible sizes
    /// (over 2^15 pixels a side) make a canvas that draws nothing.
    public convenience init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Int = 1) {
        self.init(
            optionalPixels: pixels, width: width, height: height, stride: stride,
            pixelsPerPoint: Double(min(max(scale, 1), 16)))
    }

    /// A canvas over existing pixels at a fractional `pixelsPerPoint` (clamped into 0.25...16, non-finite: 1); the
    /// pixels as in `init(pixels:width:height:stride:scale:)`. Edges still snap, so a 1 point line at 1.5 is 1 or 2
    /// pixels wide, never blurred.
    public convenience init(
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
        pixelsPerPoint: Double
    ) {
        self.init(
            optionalPixels: pixels, width: width, height: height, stride: stride,
            pixelsPerPoint: Canvas.clampedPixelsPerPoint(pixelsPerPoint))
    }

    /// `value` clamped into 0.25...16; non-finite values count as 1.
    static func clampedPixelsPerPoint(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0.25), 16) : 1
    }

    /// The designated initializer: nil `optionalPixels` draws nothing; `pixelsPerPoint` already clamped;
    /// `pixelHeightOverride` (ring canvases) is the surface's rows, the image's being `height`.
    init(
        optionalPixels: UnsafeMutableRawPointer?, width: Int, height: Int, stride: Int, pixelsPerPoint: Double,
        pixelHeightOverride: Int? = nil
    ) {
        self.pixelsPerPoint = pixelsPerPoint
        scale = min(max(Int(pixelsPerPoint.rounded(.up)), 1), 16)
        pixelWidth = max(0, width)
        pixelHeight = max(0, min(pixelHeightOverride ?? height, height))
        strideBytes = stride
        clipBox = PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        stack.reserveCapacity(32)

        solidPixel = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        solidPixel.initialize(to: 0)
        solidSource = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, solidPixel, 4)
        if let solidSource { pixman_image_set_repeat(solidSource, PIXMAN_REPEAT_NORMAL) }

        let sideLimit = 1 << 15
        guard let optionalPixels, width > 0, height > 0, width <= sideLimit, height <= sideLimit,
            stride >= width * 4, stride % 4 == 0, stride <= Int(Int32.max) / max(height, 1)
        else {
            clipBox = .empty
            return
        }
        let typed = optionalPixels.assumingMemoryBound(to: UInt32.self)
        guard
            let image = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(width), Int32(height), typed,
                Int32(stride))
        else {
            clipBox = .empty
            return
        }
        pixels = typed
        destination = image
        imageRows = height
    }

    deinit {
        if let destination { pixman_image_unref(destination) }
        if let solidSource { pixman_image_unref(solidSource) }
        solidPixel.deallocate()
    }

    /// Detaches the canvas from its pixels so that a canvas that escaped `draw(into:)` draws nothing afterwards.
    private func invalidate() {
        if let destination { pixman_image_unref(destination) }
        destination = nil
        pixels = nil
        clipBox = .empty
        backdrop.forget()
    }

    /// Runs `body` with a canvas over `image`'s pixels at `scale` pixels per point, valid only inside `body`.
    public static func draw(into image: inout Image, scale: Int = 1, _ body: (Canvas) throws -> Void) rethrows {
        try draw(into: &image, clampedPixelsPerPoint: Double(min(max(scale, 1), 16)), body)
    }

    /// `draw(into:scale:_:)` at a fractional `pixelsPerPoint` (clamped into 0.25...16, non-finite: 1).
    public static func draw(
        into image: inout Image, pixelsPerPoint: Double,
        _ body: (Canvas) throws -> Void
    ) rethrows {
        try draw(into: &image, clampedPixelsPerPoint: clampedPixelsPerPoint(pixelsPerPoint), body)
    }

    private static func draw(
        into image: inout Image, clampedPixelsPerPoint: Double,
        _ body: (Canvas) throws -> Void
    ) rethrows {
        let width = image.width
        let height = image.height
        try image.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(
                optionalPixels: buffer.baseAddress.map { UnsafeMutableRawPointer($0) },
                width: width, height: height, stride: width * 4,
                pixelsPerPoint: clampedPixelsPerPoint)
            defer { canvas.invalidate() }
            try body(canvas)
        }
    }

    /// Moves the origin of subsequent drawing by `offset` points (cumulative). Non-finite offsets are ignored.
    public func translate(by offset: Point) {
        guard offset.isFinite else { return }
        if zoom == 1 {
            translation += offset
        } else {
            innerTranslation += offset
        }
    }

    /// Scales subsequent drawing by `factor` around the current origin, until `restoreState()`; shapes and text are
    /// drawn at the resulting pixel size (crisp). Ignored unless positive and finite; kept within 1/64...1024 px/pt.
    public func scale(by factor: Double) {
        guard factor.isFinite, factor > 0 else { return }
        let newZoom = min(max(zoom * factor, 1.0 / 64 / pixelsPerPoint), 1024 / pixelsPerPoint)
        // Fold the inner offset into the outer one first: ((p + i) k + T) = (p k + (i k + T)).
        if innerTranslation != .zero {
            translation += innerTranslation * zoom
            innerTranslation = .zero
        }
        zoom = newZoom
    }

    /// The pixel position of `p` (drawing coordinates) under the current transform, not snapped.
    func pixelPosition(_ p: Point) -> Point {
        let s = pixelsPerPoint
        if zoom == 1 {
            return Point(x: (p.x + translation.x) * s, y: (p.y + translation.y) * s)
        }
        return Point(
            x: ((p.x + innerTranslation.x) * zoom + translation.x) * s,
            y: ((p.y + innerTranslation.y) * zoom + translation.y) * s)
    }

    /// Intersects the clip with `rect` (points, snapped). A rect covering nothing (or non-finite) leaves nothing
    /// drawable until `restoreState()`: failing closed keeps content inside a container whose bounds went bad.
    public func clip(to rect: Rect) {
        guard let box = pixelBox(rect), !box.isEmpty else {
            clipBox = .empty
            return
        }
        clipBox = clipBox.intersection(box)
        if clipBox.isEmpty { clipBox = .empty }
    }

    /// The current clip in the current coordinates, points (`Rect.zero` when nothing is drawable).
    public var clipBounds: Rect {
        guard !clipBox.isEmpty else { return .zero }
        let s = pixelsPerPoint
        let x0 = (Double(clipBox.x0) / s - translation.x) / zoom - innerTranslation.x
        let y0 = (Double(clipBox.y0) / s - translation.y) / zoom - innerTranslation.y
        return Rect(x: x0, y: y0, width: Double(clipBox.width) / s / zoom, height: Double(clipBox.height) / s / zoom)
    }

    /// Pushes the translation, scale and clip. Does not allocate while fewer than 32 states are saved.
    public func saveState() {
        stack.append(
            SavedState(
                translation: translation, zoom: zoom, innerTranslation: innerTranslation,
                clip: clipBox))
    }

    /// Pops the state saved by the matching `saveState()`; does nothing when none is saved.
    public func restoreState() {
        guard let saved = stack.popLast() else { return }
        translation = saved.translation
        zoom = saved.zoom
        innerTranslation = saved.innerTranslation
        clipBox = saved.clip
    }

    /// Forgets every saved state and returns to no translation and a whole-surface clip: for a canvas kept across
    /// frames, at the start of each. Keeps the stack's storage.
    public func resetState() {
        stack.removeAll(keepingCapacity: true)
        translation = .zero
        zoom = 1
        innerTranslation = .zero
        clipBox = destination == nil ? .empty : PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight)
        backdrop.forget()
    }

    /// Runs `body` between `saveState()` and `restoreState()`, restoring even when `body` throws.
    public func withState(_ body: () throws -> Void) rethrows {
        saveState()
        defer { restoreState() }
        try body()
    }
}
