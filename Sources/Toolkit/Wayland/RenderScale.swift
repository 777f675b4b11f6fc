// How a window's buffers map to its surface, and the rule that picks it.
//
// Two ways to render for a dense output:
// - Integer (wl_surface.set_buffer_scale n, surface v3+): buffers are size * n pixels; the compositor shows one
//   buffer pixel per output pixel on an output of scale n. n is the largest wl_output.scale among the outputs
//   the surface is on (wl_surface.enter / leave), so text is sharp on the densest one and merely downscaled on
//   the others; before the first enter it is the largest among all outputs (a guess that is right on one-monitor
//   setups and avoids a blurry first frame). wl_surface.preferred_buffer_scale (v6) would tell it directly, but
//   libwayland 1.21 predates it.
// - Fractional (wp_fractional_scale_v1 + wp_viewport, where the compositor offers both): the compositor sends a
//   preferred scale f/120; buffers are round(size * f / 120) pixels (a toplevel's size is rounded half away from
//   zero, as the protocol says), the buffer scale stays 1 and wp_viewport.set_destination(size in points) tells
//   the compositor the surface size. The canvas draws at exactly f/120 pixels per point, so a 1.5 output gets
//   one buffer pixel per output pixel instead of a 2x buffer the compositor would shrink (blurring every edge).
//
// Limits: integer scales above 16 are capped (no output is that dense; a wl_output.scale of 1000 is a bug), and a
// scale at which the window's buffer would break `SurfaceLimits` is lowered to the largest that fits (`fitting`):
// the compositor then upscales a little, which beats failing to draw at all.
//
// Pixel sizes in integers: for a length of p points, round_half_up(p * f / 120) = (p * f + 60) / 120 with integer
// division (p, f >= 0), exact for every p, unlike the floating-point product.

/// The scale a window renders at: pixels per point, and what the surface is told.
struct RenderScale: Equatable {
    /// The buffer scale for `wl_surface.set_buffer_scale`: the integer scale, 1 on the fractional path.
    let bufferScale: Int
    /// The preferred scale in 120ths on the fractional path (viewport); nil on the integer path.
    let fraction120: Int?

    /// Scale 1, no viewport.
    static let one = RenderScale(bufferScale: 1, fraction120: nil)

    /// Fractional scales accepted, in 120ths: 0.25 ... 16 (values outside are clamped; 0 is ignored).
    static let fractionRange = 30...1920

    /// The largest integer buffer scale: output scales above it count as it (below 1 count as 1).
    static let maximumBufferScale = 16

    /// Pixels per point the canvas draws at.
    var pixelsPerPoint: Double {
        if let fraction120 { return Double(fraction120) / 120 }
        return Double(bufferScale)
    }

    /// Whether the surface size goes through `wp_viewport.set_destination` (the fractional path).
    var usesViewport: Bool { fraction120 != nil }

    /// The smallest whole scale at least `pixelsPerPoint` (cursor images, which have no viewport): 2 for 1.5.
    var wholeScale: Int {
        guard let fraction120 else { return bufferScale }
        return max(1, (fraction120 + 119) / 120)
    }

    /// The buffer length, in pixels, for `points` (a whole, non-negative number of points): at least 1.
    func pixels(forPoints points: Int) -> Int {
        let length = max(0, points)
        if let fraction120 { return max(1, (length * fraction120 + 60) / 120) }
        return max(1, length * bufferScale)
    }

    /// Picks the scale.
    /// - Parameters:
    ///   - outputScales: `wl_output.scale` of every output (values below 1 count as 1, above
    ///     `maximumBufferScale` as `maximumBufferScale`).
    ///   - enteredScales: the scales of the outputs the surface is on.
    ///   - preferredFraction120: the latest `wp_fractional_scale_v1.preferred_scale`, if any; 0 is ignored.
    ///   - canSetBufferScale: whether the surface is v3+ (`set_buffer_scale` exists).
    ///   - hasViewport: whether the surface has a `wp_viewport` (needed by the fractional path).
    static func resolve(
        outputScales: [Int], enteredScales: [Int], preferredFraction120: UInt32?,
        canSetBufferScale: Bool, hasViewport: Bool
    ) -> RenderScale {
        if hasViewport, let fraction = preferredFraction120, fraction > 0 {
            let clamped = Int(min(UInt32(fractionRange.upperBound), max(UInt32(fractionRange.lowerBound), fraction)))
            return RenderScale(bufferScale: 1, fraction120: clamped)
        }
        guard canSetBufferScale else { return .one }
        let candidates = enteredScales.isEmpty ? outputScales : enteredScales
        let largest = candidates.max() ?? 1
        return RenderScale(bufferScale: min(maximumBufferScale, max(1, largest)), fraction120: nil)
    }

    /// This scale, or the largest lower one at which a window of `width` x `height` points (whole, at least 1,
    /// within `SurfaceLimits`) gets a buffer within `SurfaceLimits`; never below 1 pixel per point (which always
    /// fits) unless this scale already is.
    func fitting(width: Int, height: Int) -> RenderScale {
        func fits(_ scale: RenderScale) -> Bool {
            SurfaceLimits.fits(width: scale.pixels(forPoints: width), height: scale.pixels(forPoints: height))
        }
        guard !fits(self) else { return self }
        if let fraction120 {
            // Start near the answer (the side and area bounds, solved for the fraction), then step down: the
            // rounding of pixel sizes makes the estimate at most a step or two too high.
            let w = Double(max(1, width))
            let h = Double(max(1, height))
            let side = Double(SurfaceLimits.maximumSide) * 120 / max(w, h)
            let area = (Double(SurfaceLimits.maximumPixels) / (w * h)).squareRoot() * 120
            var fraction = min(fraction120, Int(min(side, area)) + 1)
            while fraction > 120 && !fits(RenderScale(bufferScale: 1, fraction120: fraction)) { fraction -= 1 }
            return RenderScale(bufferScale: 1, fraction120: max(120, fraction))
        }
        var scale = bufferScale
        while scale > 1 && !fits(RenderScale(bufferScale: scale, fraction120: nil)) { scale -= 1 }
        return RenderScale(bufferScale: max(1, scale), fraction120: nil)
    }
}
