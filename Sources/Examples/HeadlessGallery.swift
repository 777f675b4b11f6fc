import Toolkit

#if canImport(Glibc)
    import Glibc
#endif

/// `--headless`: plays each demo's scripted gestures in a HeadlessWindow and writes `DIR/ID.png`, plus
/// `DIR/ID-strip.png` for demos whose script marks frames worth seeing (the motion, frame by frame); with no
/// `--demo`, also `DIR/narrow.png`, the gallery in a narrow window (`narrowSize`).
@MainActor
enum HeadlessGallery {
    static let windowSize = Size(width: 800, height: 600)
    /// The narrow window of `narrow.png`: the tabs and the settings scroll sideways there.
    static let narrowSize = Size(width: 640, height: 480)
    /// A strip's frames are at most this fraction of the window's size, with this gap (pixels) between them.
    static let stripFrameScale = 0.5
    static let stripGap = 6

    /// The gallery on demo `id` in a headless window of `size`, as the gallery executable makes it, after its first
    /// frame (16 ms).
    static func open(_ id: String, size: Size = windowSize) -> (HeadlessWindow, GalleryView) {
        let window = HeadlessWindow(size: size)
        let gallery = GalleryView(
            frame: Rect(origin: .zero, size: size), selected: id,
            now: { [unowned window] in window.now }, timers: window.core.timers)
        window.rootView.addSubview(gallery)
        gallery.fillsSuperview = true
        window.advance(by: .milliseconds(16))
        return (window, gallery)
    }

    static func run(options: GalleryOptions) -> Int32 {
        let dir = options.outputDirectory
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            printError("gallery: cannot create \(dir): \(String(cString: strerror(errno)))")
            return 1
        }
        let demos = options.demoGiven ? Demo.all.filter { $0.id == options.demo } : Demo.all
        for demo in demos {
            let (window, gallery) = open(demo.id)
            Snapshots.frames = []
            demo.script(window, gallery.demoFrame)
            let frames = Snapshots.frames ?? []
            Snapshots.frames = nil
            var pictures = [("\(dir)/\(demo.id).png", scaled(window.render(), by: options.pictureScale))]
            if frames.count > 1 {
                pictures.append(
                    (
                        "\(dir)/\(demo.id)-strip.png",
                        strip(frames, scale: min(options.pictureScale, stripFrameScale))
                    ))
            }
            guard write(pictures) else { return 1 }
        }
        if !options.demoGiven {
            guard write([("\(dir)/narrow.png", scaled(narrowPicture(), by: options.pictureScale))]) else { return 1 }
        }
        return 0
    }

    /// Writes `pictures` (path, image); false (having said why) when one cannot be written.
    private static func write(_ pictures: [(String, Image)]) -> Bool {
        for (path, image) in pictures {
            do {
                try PNGEncoder.write(image, to: path)
            } catch {
                printError("gallery: cannot write \(path): \(error)")
                return false
            }
            print("wrote \(path)")
        }
        return true
    }

    /// The gallery in a `narrowSize` window on the first demo, whose settings are wider than the panel there: a
    /// finger dragged them to their end. The tabs rest at their start, the last ones beyond the right edge.
    static func narrowPicture() -> Image {
        let (window, gallery) = open(Demo.all[0].id, size: narrowSize)
        if let strip = gallery.panel?.strip {
            let frame = strip.convert(strip.bounds, to: nil)
            window.drag(
                from: Point(x: frame.maxX - 20, y: frame.midY), by: Point(x: -300, y: 0),
                duration: .milliseconds(300))
        }
        window.advance(by: .seconds(1))
        return window.render()
    }

    /// `image` resampled to `scale` of its size (bilinear: an exact 2x2 average at 0.5).
    static func scaled(_ image: Image, by scale: Double) -> Image {
        guard scale != 1 else { return image }
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        var out = Image(width: width, height: height, fill: 0xFFFF_FFFF)
        Canvas.draw(into: &out) { canvas in
            canvas.drawImage(image, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        }
        return out
    }

    /// `frames` side by side, each at `scale`, on the gallery's background.
    static func strip(_ frames: [Image], scale: Double) -> Image {
        let tiles = frames.map { scaled($0, by: scale) }
        let width = tiles.reduce(0) { $0 + $1.width } + stripGap * (tiles.count + 1)
        let height = (tiles.map(\.height).max() ?? 0) + 2 * stripGap
        var out = Image(width: width, height: height, fill: Theme.bar.premultipliedARGB)
        Canvas.draw(into: &out) { canvas in
            var x = stripGap
            for tile in tiles {
                canvas.drawImage(
                    tile,
                    in: Rect(
                        x: Double(x), y: Double(stripGap), width: Double(tile.width),
                        height: Double(tile.height)))
                x += tile.width + stripGap
            }
        }
        return out
    }
}
