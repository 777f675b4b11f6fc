import CPixman

/// A drawing surface over 32-bit premultiplied ARGB pixels (pixman `a8r8g8b8`, `wl_shm` `argb8888`).
///
/// Coordinates are in points; a point is `pixelsPerPoint` pixels on each axis (a whole `scale` on most screens, a
/// fraction such as 1.5 under fractional-scale-v1). Shapes are pixel-snapped: each rectangle edge
/// goes to the nearest pixel edge after translation and scaling, so adjacent rectangles never leave a gap or
/// overlap. Opaque colors replace pixels (pixman SRC fast path); translucent ones blend OVER in premultiplied space:
/// `dst = src + dst * (1 - src.alpha)`.
///
/// A canvas does not own its pixels: it wraps memory that must outlive it (a `wl_shm` buffer, or an `Image`'s storage
/// through `Canvas.draw(into:scale:_:)`). It is not thread-safe and not `Sendable`; use it from one thread at a time.
///
/// Bad input never traps: a canvas made with an impossible size draws nothing, and shapes with NaN or infinite
/// coordinates, or with empty or negative sizes, are dropped.
public final class Canvas {
    /// The translation, drawing scale and clip that `saveState()` records.
    struct SavedState {
        var translation: Point
        var zoom: Double
        var innerTranslation: Point
        var clip: PixelBox
    }

    /// The first pixel, or nil for a canvas that draws nothing. Set by the initializers, `invalidate()` and
    /// `moveStart(toRow:)`.
    var pixels: UnsafeMutablePointer<UInt32>?
    /// Surface width, in pixels.
    let pixelWidth: Int
    /// Surface height, in pixels.
    let pixelHeight: Int
    /// Bytes from one row to the next.
    let strideBytes: Int
    /// The pixman image over `pixels`; nil when the canvas draws nothing. For a ring canvas it covers the whole
    /// block and the surface starts `imageRowOrigin` rows into it.
    private(set) var destination: OpaquePointer?
    /// Rows from the first row of `destination` to `pixels`, to add to the y of every pixman call on
    /// `destination` (0 except for ring canvases).
    var imageRowOrigin = 0
    /// Rows `destination` has (the surface height, or a ring block's height).
    var imageRows = 0
    /// A 1x1 repeating image whose pixel is rewritten per draw: a solid source without the malloc of
    /// `pixman_image_create_solid_fill`.
    let solidPixel: UnsafeMutablePointer<UInt32>
    let solidSource: OpaquePointer?
    /// Scratch coverage for antialiased shapes.
    let mask = CoverageMask()
    /// The box this canvas last filled with one pixel value, and what was drawn over it since: where a line of
    /// text can be copied as finished pixels (`LineRasters`), and where a translucent fill is a plain store.
    var backdrop = SolidBackdrop()
    /// The reference paths tests compare the caches against, and what they count.
    var testHooks = CanvasTestHooks()

    /// The current transform, from drawing coordinates `p` to pixels: `((p + innerTranslation) * zoom +
    /// translation) * pixelsPerPoint`. Without a `scale(by:)` in effect (`zoom` 1, `innerTranslation` zero) it is
    /// the plain `(p + translation) * pixelsPerPoint`, computed exactly so. Translations made under a scale go to
    /// `innerTranslation`, so that moving a scaled view by whole points (a zoomed list scrolling) changes only
    /// `translation`, by exactly that amount: the scaled content then lands on the same pixel fractions, and a
    /// scroll by copying pixels gives the same picture as drawing it again.
    ///
    /// Offset added to every drawing coordinate before any scale, in points.
    private(set) var translation = Point.zero
    /// The product of the `scale(by:)` factors in effect.
    private(set) var zoom = 1.0
    /// Offset added under the scale, in scaled points.
    private(set) var innerTranslation = Point.zero
    /// Pixels per point as drawing uses it now: `pixelsPerPoint` times every `scale(by:)` in effect.
    var drawingScale: Double { pixelsPerPoint * zoom }
    /// Whether no `scale(by:)` is in effect (a point is `pixelsPerPoint` pixels).
    var isUnscaled: Bool { zoom == 1 }
    /// Current clip, in pixels; always inside the surface.
    private(set) var clipBox: PixelBox
    /// Saved states; capacity reserved up front so that balanced save/restore does not allocate.
    private var stack: [SavedState] = []

    /// Whole pixels per point: `pixelsPerPoint` rounded up (1 on normal screens, 2 on HiDPI ones, 2 for a 1.5
    /// canvas). Drawing uses `pixelsPerPoint`; this is for code that needs an integer factor.
    public let scale: Int

    /// Pixels per point on each axis, as drawing uses it: equal to `scale` for canvases made with an integer
    /// scale, fractional (1.25, 1.5, ...) for those made with `init(pixels:width:height:stride:pixelsPerPoint:)`.
    public let pixelsPerPoint: Double

    /// The surface size, in points (pixel size divided by `pixelsPerPoint`).
    public var size: Size {
        Size(width: Double(pixelWidth) / pixelsPerPoint, height: Double(pixelHeight) / pixelsPerPoint)
    }

    /// A canvas over existing pixels.
    ///
    /// - Parameters:
    ///   - pixels: the first of `height` rows of `stride` bytes each, premultiplied `0xAARRGGBB` in native byte order.
    ///     The memory must stay valid, and not be freed, while the canvas lives.
    ///   - width: surface width, in pixels.
    ///   - height: surface height, in pixels.
    ///   - stride: bytes per row; at least `width * 4` and a multiple of 4.
    ///   - scale: pixels per point, 1...16; values outside are clamped into that range.
    ///
    /// Sizes that are zero, negative, larger than 2^15 pixels per side, or a stride that cannot hold a row make a
    /// canvas that draws nothing (its `size` still reports the given size when non-negative).
    public convenience init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Int = 1) {
        self.init(optionalPixels: pixels, width: width, height: height, stride: stride,
                  pixelsPerPoint: Double(min(max(scale, 1), 16)))
    }

    /// A canvas over existing pixels at a fractional scale (fractional-scale-v1: a 100 x 50 point window at 1.5 is a
    /// 150 x 75 pixel buffer).
    ///
    /// - Parameters:
    ///   - pixels: as in `init(pixels:width:height:stride:scale:)`: premultiplied ARGB32 rows, valid while the
    ///     canvas lives.
    ///   - width: surface width, in pixels.
    ///   - height: surface height, in pixels.
    ///   - stride: bytes per row; at least `width * 4` and a multiple of 4.
    ///   - pixelsPerPoint: pixels per point, 0.25...16; values outside are clamped into that range and a
    ///     non-finite value counts as 1.
    ///
    /// Rectangle edges still snap to the nearest pixel edge, so a 1 point line at 1.5 is 1 or 2 pixels wide
    /// depending on where it falls (it never blurs across a pixel edge); text is rasterized at the pixel size
    /// `round(size * pixelsPerPoint)`.
    public convenience init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            pixelsPerPoint: Double) {
        self.init(optionalPixels: pixels, width: width, height: height, stride: stride,
                  pixelsPerPoint: Canvas.clampedPixelsPerPoint(pixelsPerPoint))
    }

    /// `value` clamped into 0.25...16; non-finite values count as 1.
    static func clampedPixelsPerPoint(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0.25), 16) : 1
    }

    /// The designated initializer; a nil `optionalPixels` gives a canvas that draws nothing. `pixelsPerPoint` must
    /// be clamped already.
    /// `pixelHeightOverride` (ring canvases): the surface has that many rows, the pixman image `height`.
    init(optionalPixels: UnsafeMutableRawPointer?, width: Int, height: Int, stride: Int, pixelsPerPoint: Double,
         pixelHeightOverride: Int? = nil) {
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
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), typed,
                                                   Int32(stride)) else {
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

    /// Runs `body` with a canvas over `image`'s pixels, at `scale` pixels per point.
    ///
    /// The canvas is valid only inside `body`; if it escapes, it draws nothing afterwards. An empty image gives a
    /// canvas that draws nothing, and `body` still runs.
    public static func draw(into image: inout Image, scale: Int = 1, _ body: (Canvas) throws -> Void) rethrows {
        try draw(into: &image, clampedPixelsPerPoint: Double(min(max(scale, 1), 16)), body)
    }

    /// Runs `body` with a canvas over `image`'s pixels at a fractional `pixelsPerPoint` (clamped into 0.25...16,
    /// non-finite: 1); otherwise like `draw(into:scale:_:)`.
    public static func draw(into image: inout Image, pixelsPerPoint: Double,
                            _ body: (Canvas) throws -> Void) rethrows {
        try draw(into: &image, clampedPixelsPerPoint: clampedPixelsPerPoint(pixelsPerPoint), body)
    }

    private static func draw(into image: inout Image, clampedPixelsPerPoint: Double,
                             _ body: (Canvas) throws -> Void) rethrows {
        let width = image.width, height = image.height
        try image.pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(optionalPixels: buffer.baseAddress.map { UnsafeMutableRawPointer($0) },
                                width: width, height: height, stride: width * 4,
                                pixelsPerPoint: clampedPixelsPerPoint)
            defer { canvas.invalidate() }
            try body(canvas)
        }
    }

    // MARK: State

    /// Moves the origin of subsequent drawing by `offset` points (cumulative). Non-finite offsets are ignored.
    public func translate(by offset: Point) {
        guard offset.isFinite else { return }
        if zoom == 1 {
            translation += offset
        } else {
            innerTranslation += offset
        }
    }

    /// Scales subsequent drawing by `factor` around the current origin (cumulative with earlier calls, undone by
    /// `restoreState()`): a rectangle of `w` points then covers `w * factor` points of the coordinates before the
    /// call. Shapes and text are drawn at the resulting pixel size (text is rasterized at the scaled size, not
    /// stretched), so a zoomed view stays crisp. A factor that is not positive and finite is ignored; the
    /// resulting pixels per point are kept within 1/64...1024.
    public func scale(by factor: Double) {
        guard factor.isFinite, factor > 0 else { return }
        let newZoom = min(max(zoom * factor, 1.0 / 64 / pixelsPerPoint), 1024 / pixelsPerPoint)
        // A scale inside a scale: fold the inner offset into the outer one first, ((p + i) k + T) = (p k + (i k + T)).
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
        return Point(x: ((p.x + innerTranslation.x) * zoom + translation.x) * s,
                     y: ((p.y + innerTranslation.y) * zoom + translation.y) * s)
    }

    /// Intersects the clip with `rect` (points, in the current translated coordinates, snapped to pixels).
    ///
    /// A rect that covers nothing (empty, negative or non-finite) leaves nothing drawable until `restoreState()`:
    /// failing closed keeps content from leaking outside a container whose bounds went bad.
    public func clip(to rect: Rect) {
        guard let box = pixelBox(rect), !box.isEmpty else {
            clipBox = .empty
            return
        }
        clipBox = clipBox.intersection(box)
        if clipBox.isEmpty { clipBox = .empty }
    }

    /// The current clip in points, in the current translated coordinates (`Rect.zero` when nothing is drawable).
    public var clipBounds: Rect {
        guard !clipBox.isEmpty else { return .zero }
        let s = pixelsPerPoint
        let x0 = (Double(clipBox.x0) / s - translation.x) / zoom - innerTranslation.x
        let y0 = (Double(clipBox.y0) / s - translation.y) / zoom - innerTranslation.y
        return Rect(x: x0, y: y0, width: Double(clipBox.width) / s / zoom, height: Double(clipBox.height) / s / zoom)
    }

    /// Pushes the translation, scale and clip. Does not allocate while fewer than 32 states are saved.
    public func saveState() {
        stack.append(SavedState(translation: translation, zoom: zoom, innerTranslation: innerTranslation,
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

    /// Forgets every saved state and returns to no translation and a clip of the whole surface: for a canvas kept
    /// across frames (one per `wl_shm` buffer), called at the start of each frame. Keeps the stack's storage.
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
