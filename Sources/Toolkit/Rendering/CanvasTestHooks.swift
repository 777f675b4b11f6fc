/// Switches and counters on a `Canvas` for tests: each cache can be turned off to give the reference path its
/// output is compared against.
struct CanvasTestHooks {
    /// Whether rounded-rect corners come from `CornerMaskCache.shared` (true) or are computed per pixel.
    var usesCornerMaskCache = true
    /// Whether text over a known solid background is copied from `LineRasters` (true) or composited glyph by
    /// glyph.
    var usesLineRasters = true
    /// Lines copied from a raster made for an earlier draw.
    var linesCopied = 0
}
