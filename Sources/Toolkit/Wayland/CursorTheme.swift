import CWayland
import Glibc

/// The window's cursor images: the user's cursor theme through libwayland-cursor, at the size and scale asked,
/// with the toolkit's own drawings (`FallbackCursorArtwork`) where the theme has no image.
///
/// Sources, in order, for a shape at whole scale `s`:
/// 1. the theme loaded at `size * s` pixels, under the shape's names (CSS names first, then X11 ones); the image
///    must be a whole number of points at scale `s` (`wl_surface` rejects other buffer sizes) and at least 3/4
///    of the size asked for;
/// 2. the theme at `size` pixels shown at scale 1 (the compositor upscales it: right size, a little soft), with
///    the same size rule;
/// 3. the fallback art, drawn at scale `s`.
/// libwayland-cursor falls back by itself to the theme "default" and then, when no theme is installed at all,
/// to a compiled-in set of small images (16 pixels or less, a few names only); the size rule turns those down,
/// so without a theme every shape comes from step 3. Step 3 is also reached for names a theme lacks, when the
/// theme cannot be loaded, and when `Settings.usesTheme` is off.
///
/// The project depends on Debian's `adwaita-icon-theme` (scripts/install-deps), the distribution's default cursor
/// theme: "default" inherits from it, and it has every shape's CSS name at 24, 32, 48, 64 and 96 pixels, so steps
/// 1 and 2 answer at scales 1 to 4. Step 3 stays for machines where no theme is installed (see
/// `FallbackCursorArtwork`).
///
/// Theme buffers belong to the theme; fallback buffers are never drawn again once made, so any of them may stay
/// attached to cursor surfaces for as long as this object lives.
@MainActor
final class WaylandCursorTheme {
    /// Which theme, at which size.
    struct Settings: Equatable {
        /// The theme name (`XCURSOR_THEME`); nil for libwayland-cursor's "default".
        var themeName: String?
        /// The nominal cursor size, in points (`XCURSOR_SIZE`): 1...256, default 24.
        var size: Int
        /// False skips the theme and always draws the fallback art (tests, or a machine without themes).
        var usesTheme: Bool

        /// `XCURSOR_THEME` and `XCURSOR_SIZE` as read: an empty theme means the default; a size that is not a
        /// whole number in 1...256 means 24.
        static func parse(theme: String?, size: String?) -> Settings {
            let name = theme.flatMap { $0.isEmpty ? nil : $0 }
            var points = 24
            if let size, let value = Int(size), (1...256).contains(value) {
                points = value
            }
            return Settings(themeName: name, size: points, usesTheme: true)
        }

        /// The settings of this process's environment.
        static func fromEnvironment() -> Settings {
            func read(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
            return parse(theme: read("XCURSOR_THEME"), size: read("XCURSOR_SIZE"))
        }
    }

    /// An image ready to attach to a cursor surface.
    struct Image {
        /// The `wl_buffer` (owned by this object).
        let buffer: OpaquePointer
        /// Size, in pixels.
        let width: Int
        let height: Int
        /// The hotspot, in pixels from the top-left corner.
        let hotspotX: Int
        let hotspotY: Int
        /// The buffer scale to give the cursor surface (the pixel size is a multiple of it).
        let scale: Int
        /// True for the toolkit's own drawing, false for a theme image.
        let isFallback: Bool
    }

    /// The settings in use.
    let settings: Settings
    private let shm: OpaquePointer
    /// Loaded themes by pixel size; a size whose load failed maps to nil (not tried again).
    private var themes: [Int: OpaquePointer?] = [:]
    /// Fallback drawings by shape and pixels per cell.
    private var fallbacks: [FallbackKey: ShmBuffer] = [:]

    private struct FallbackKey: Hashable {
        let cursor: Cursor
        let pixelsPerCell: Int
    }

    /// A theme source over `shm`; nothing is loaded before the first `image(for:scale:)`.
    init(shm: OpaquePointer, settings: Settings) {
        self.shm = shm
        self.settings = settings
    }

    /// The names a shape has in cursor themes: the CSS / freedesktop name first (current themes), then the X11
    /// core names older themes and libwayland-cursor's compiled-in set use.
    nonisolated static func themeNames(for cursor: Cursor) -> [String] {
        switch cursor {
        case .arrow: return ["default", "left_ptr"]
        case .hand: return ["pointer", "hand2", "hand1"]
        case .text: return ["text", "xterm"]
        case .crosshair: return ["crosshair", "cross"]
        case .grab: return ["grab", "openhand", "hand1"]
        case .grabbing: return ["grabbing", "closedhand", "fleur"]
        case .notAllowed: return ["not-allowed", "crossed_circle"]
        }
    }

    /// The image for `cursor` on a surface of whole scale `scale` (clamped into 1...16), or nil only when no
    /// buffer could be made at all.
    func image(for cursor: Cursor, scale: Int) -> Image? {
        let scale = min(16, max(1, scale))
        if settings.usesTheme {
            if let image = themeImage(cursor, pixelSize: settings.size * scale, scale: scale) { return image }
            if scale > 1, let image = themeImage(cursor, pixelSize: settings.size, scale: 1) { return image }
        }
        return fallbackImage(cursor, scale: scale)
    }

    private func theme(pixelSize: Int) -> OpaquePointer? {
        if let known = themes[pixelSize] { return known }
        let loaded = wl_cursor_theme_load(settings.themeName, Int32(pixelSize), shm)
        themes[pixelSize] = .some(loaded)
        return loaded
    }

    /// The first image of the first of the shape's names the theme has whose size passes (a multiple of `scale`,
    /// at least 3/4 of `pixelSize`): a name whose image fails gives way to the next name.
    private func themeImage(_ cursor: Cursor, pixelSize: Int, scale: Int) -> Image? {
        guard pixelSize <= 1024, let theme = theme(pixelSize: pixelSize) else { return nil }
        for name in WaylandCursorTheme.themeNames(for: cursor) {
            // Animated cursors (a busy spinner) show their first frame: none of these shapes animate in practice.
            guard let found = wl_cursor_theme_get_cursor(theme, name), found.pointee.image_count > 0,
                let first = found.pointee.images[0], let buffer = wl_cursor_image_get_buffer(first)
            else { continue }
            let image = first.pointee
            let width = Int(image.width)
            let height = Int(image.height)
            // At least 3/4 of the size asked for. libxcursor picks the nearest size a theme has (Adwaita: 24, 32,
            // 48, 64, 96), so a real theme passes; but with no theme installed libwayland-cursor hands out its
            // compiled-in images of 16 pixels or less for any size (8-point cursors at scale 2), which the drawn
            // fallback replaces: the same shapes at every scale, crisp.
            guard width > 0, height > 0, width % scale == 0, height % scale == 0,
                max(width, height) * 4 >= pixelSize * 3
            else { continue }
            return Image(
                buffer: buffer, width: width, height: height, hotspotX: Int(image.hotspot_x),
                hotspotY: Int(image.hotspot_y), scale: scale, isFallback: false)
        }
        return nil
    }

    /// The fallback art for `cursor`, `settings.size / 24` points per cell (at least 1), at `scale`.
    private func fallbackImage(_ cursor: Cursor, scale: Int) -> Image? {
        let magnification = max(1, Int((Double(settings.size) / Double(FallbackCursorArtwork.side)).rounded()))
        // At most 16 pixels per cell: a 384-pixel square, whatever the settings. Capping can leave a cell size
        // that is not a multiple of the scale; the image is then shown at scale 1 (a valid size, slightly large).
        let pixelsPerCell = min(16, magnification * scale)
        let effectiveScale = pixelsPerCell % scale == 0 ? scale : 1
        let key = FallbackKey(cursor: cursor, pixelsPerCell: pixelsPerCell)
        let side = FallbackCursorArtwork.side * pixelsPerCell
        let art = FallbackCursorArtwork.art(for: cursor)
        let buffer: ShmBuffer
        if let cached = fallbacks[key] {
            buffer = cached
        } else {
            guard
                let made = try? ShmBuffer(
                    shm: shm, slot: 0, width: side, height: side,
                    scale: Double(pixelsPerCell))
            else { return nil }
            made.canvas.clear(color: .clear)
            FallbackCursorArtwork.draw(art, in: made.canvas)
            fallbacks[key] = made
            buffer = made
        }
        guard let proxy = buffer.proxy else { return nil }
        return Image(
            buffer: proxy, width: side, height: side, hotspotX: art.hotspotX * pixelsPerCell,
            hotspotY: art.hotspotY * pixelsPerCell, scale: effectiveScale, isFallback: true)
    }

    /// Destroys every theme and fallback buffer. The cursor surfaces showing them must be gone first.
    func destroy() {
        for case let theme? in themes.values { wl_cursor_theme_destroy(theme) }
        themes.removeAll()
        for buffer in fallbacks.values { buffer.destroy() }
        fallbacks.removeAll()
    }
}
