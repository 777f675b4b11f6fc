import CPixman

/// Shaped lines kept as finished pixels over a solid background, so that drawing one again over the same
/// background is one copy of its ink box instead of a blend of every glyph (most of a text-heavy frame). The
/// picture depends only on the line, its color and the background pixel, since glyphs sit at whole pixels.
///
/// A line gets a raster the second time it is drawn with the same colors (as Flutter's raster cache waits for
/// reuse), so a fling drawing each row once never pays for one. Storage: one arena image filled shelf by shelf as
/// a ring, oldest first out; nothing is allocated per raster. Lives under the font lock.
final class LineRasters {
    /// One raster: the arena rectangle holding line `owner` (-1: free) drawn in `text` over `background`.
    struct Raster {
        var owner = -1
        var text: UInt32 = 0
        var background: UInt32 = 0
        var x = 0
        var y = 0
        var width = 0
        var height = 0
    }

    /// What is known of one shaped line: the colors it was last drawn with over a solid background, whether it was,
    /// and its raster (-1: none).
    struct Sighting {
        var text: UInt32 = 0
        var background: UInt32 = 0
        var seen = false
        var raster = -1
    }

    /// Arena width, in pixels: lines with wider ink are drawn glyph by glyph every time.
    static let arenaWidth = 2048
    /// Arena height, in pixels.
    static let arenaHeight = 1024
    /// Shelf heights are rounded up to this, so that lines with and without descenders share shelves.
    static let shelfRounding = 4
    /// At most this many rasters at once (the arena full of lines 64 pixels wide).
    static let maximumRasters = 1024

    private var sightings: [Sighting] = []
    private var rasters: [Raster] = []
    /// Indices of free entries of `rasters`.
    private var free: [Int] = []
    /// The arena's pixels and pixman image, once made.
    private var arenaPixels: UnsafeMutablePointer<UInt32>?
    private var arena: OpaquePointer?
    /// The current shelf: its top row, height, and first free column.
    private var shelfTop = 0
    private var shelfHeight = 0
    private var shelfX = 0
    /// How many rasters were drawn.
    private(set) var rendered = 0

    init() {
        sightings.reserveCapacity(FontState.maximumCachedLines)
        rasters.reserveCapacity(LineRasters.maximumRasters)
        free.reserveCapacity(LineRasters.maximumRasters)
    }

    deinit {
        if let arena { pixman_image_unref(arena) }
        arenaPixels?.deallocate()
    }

    /// How many rasters hold a line now.
    var rasterCount: Int { rasters.count - free.count }

    /// A serial for a newly shaped line.
    func newLine() -> Int {
        sightings.append(Sighting())
        return sightings.count - 1
    }

    /// The line cache was emptied: every serial and raster is gone (the arena stays, for the next ones).
    func forgetLines() {
        sightings.removeAll(keepingCapacity: true)
        rasters.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
        shelfTop = 0
        shelfHeight = 0
        shelfX = 0
    }

    /// Where a line over a solid background comes from in `image`: drawn before (copy it), or just reserved
    /// (`isNew`: draw the line there first).
    struct Place {
        var image: OpaquePointer
        var pixels: UnsafeMutablePointer<UInt32>
        /// Bytes per row of `pixels`.
        var stride: Int
        var x: Int
        var y: Int
        var isNew: Bool
    }

    /// The raster of line `serial` in `text` over `background`: the one drawn before, a new one on the second
    /// sighting, or nil (first sighting, wider than the arena, no memory).
    func place(line serial: Int, text: UInt32, background: UInt32, width: Int, height: Int) -> Place? {
        guard serial >= 0, serial < sightings.count, width > 0, height > 0 else { return nil }
        let sighting = sightings[serial]
        if sighting.raster >= 0 {
            let raster = rasters[sighting.raster]
            if raster.text == text, raster.background == background, let arena, let arenaPixels {
                return Place(
                    image: arena, pixels: arenaPixels, stride: LineRasters.arenaWidth * 4, x: raster.x,
                    y: raster.y, isNew: false)
            }
        }
        guard sighting.seen, sighting.text == text, sighting.background == background else {
            sightings[serial].text = text
            sightings[serial].background = background
            sightings[serial].seen = true
            return nil
        }
        guard width <= LineRasters.arenaWidth, height <= LineRasters.arenaHeight / 4, makeArena(),
            let arena, let arenaPixels
        else { return nil }
        if sighting.raster >= 0 { release(sighting.raster) }
        let (x, y) = reserve(width: width, height: height)
        guard let index = free.popLast() ?? (rasters.count < LineRasters.maximumRasters ? rasters.count : nil) else {
            return nil
        }
        let raster = Raster(
            owner: serial, text: text, background: background, x: x, y: y, width: width,
            height: height)
        if index == rasters.count { rasters.append(raster) } else { rasters[index] = raster }
        sightings[serial].raster = index
        rendered += 1
        return Place(image: arena, pixels: arenaPixels, stride: LineRasters.arenaWidth * 4, x: x, y: y, isNew: true)
    }

    /// Makes the arena on first use; false when pixman cannot wrap it.
    private func makeArena() -> Bool {
        if arena != nil { return true }
        let width = LineRasters.arenaWidth
        let height = LineRasters.arenaHeight
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        guard
            let image = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels,
                Int32(width * 4))
        else {
            pixels.deallocate()
            return false
        }
        arenaPixels = pixels
        arena = image
        return true
    }

    /// Room for `width` x `height` pixels on the current shelf or the next (from the top past the bottom), whose
    /// rasters give way.
    private func reserve(width: Int, height: Int) -> (Int, Int) {
        if shelfX + width > LineRasters.arenaWidth || height > shelfHeight
            || (free.isEmpty && rasters.count >= LineRasters.maximumRasters)
        {
            var top = shelfTop + shelfHeight
            let rows = (height + LineRasters.shelfRounding - 1) / LineRasters.shelfRounding * LineRasters.shelfRounding
            if top + rows > LineRasters.arenaHeight { top = 0 }
            shelfTop = top
            shelfHeight = min(rows, LineRasters.arenaHeight - top)
            shelfX = 0
            for index in rasters.indices
            where rasters[index].owner >= 0
                && rasters[index].y < top + shelfHeight && rasters[index].y + rasters[index].height > top
            {
                release(index)
            }
        }
        defer { shelfX += width }
        return (shelfX, shelfTop)
    }

    /// Frees raster `index` and takes it from its line.
    private func release(_ index: Int) {
        let owner = rasters[index].owner
        guard owner >= 0 else { return }
        if owner < sightings.count, sightings[owner].raster == index { sightings[owner].raster = -1 }
        rasters[index].owner = -1
        free.append(index)
    }
}
