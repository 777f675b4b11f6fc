import Toolkit

#if canImport(Glibc)
    import Glibc
#endif

/// A photo in a zooming container, with a caption over its bottom edge. A double tap zooms in to the maximum around
/// the tapped point (or back out to 1x); a single tap shows or hides the caption. The single tap requires the
/// double tap to fail, so it is recognized 0.35 s after its lift, once no second tap came (or at once when the
/// double tap is off): the two never both fire.
final class PhotoPanel: View {
    let container: ZoomingContainer
    let picture: PhotoPicture
    let caption: Label
    private(set) var single: TapGestureRecognizer!
    private(set) var double: TapGestureRecognizer!
    /// Called when either tap changes state (for the status line).
    var onChange: (() -> Void)?

    override init(frame: Rect) {
        let size = Size(width: frame.width, height: frame.height)
        picture = PhotoPicture(frame: Rect(origin: .zero, size: size))
        container = ZoomingContainer(frame: Rect(origin: .zero, size: size), zooming: picture)
        container.maximumZoomScale = GesturesDemo.photoZoom
        container.backgroundColor = Theme.bar
        caption = Label(
            frame: Rect(x: 0, y: size.height - 30, width: size.width, height: 30),
            text: "  Lake at dawn · double tap to zoom", fontSize: 14, textColor: Color.white)
        caption.backgroundColor = Color(white: 0, alpha: 0.55)
        caption.isHidden = true
        super.init(frame: frame)
        clipsToBounds = true
        addSubview(container)
        addSubview(caption)
        // On the panel, not the picture: taps on the caption count too, and the recognizers sit outside the zoom
        // container (which drags a zoomed photo: a drag there makes both taps fail).
        let double = TapGestureRecognizer { [unowned self] _ in doubleTapped() }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { [unowned self] _ in singleTapped() }
        single.require(toFail: double)
        addGestureRecognizer(single)
        addGestureRecognizer(double)
        self.single = single
        self.double = double
    }

    /// Whether the caption shows.
    var captionShown: Bool { !caption.isHidden }

    private func doubleTapped() {
        if container.zoomScale > container.minimumZoomScale {
            container.setZoomScale(container.minimumZoomScale, animated: true)
            GalleryEvents.report?("gestures double tap zoom \(container.minimumZoomScale)")
        } else {
            // An empty rect zooms to the maximum around its origin: the tapped point stays under the finger as far
            // as the photo's edges allow.
            container.zoom(to: Rect(origin: double.location(in: picture), size: .zero), animated: true)
            GalleryEvents.report?("gestures double tap zoom \(container.maximumZoomScale)")
        }
        onChange?()
    }

    private func singleTapped() {
        caption.isHidden.toggle()
        GalleryEvents.report?("gestures caption \(captionShown ? "shown" : "hidden")")
        onChange?()
    }

    override var defaultAccessibilityRole: AccessibilityRole { .image }
    override var defaultAccessibilityLabel: String? { "Lake at dawn" }
}

/// The photo: a landscape made once, as an image, so that zooming shows it the way a photo zooms.
final class PhotoPicture: View {
    override func draw(in canvas: Canvas) {
        canvas.drawImage(PhotoPicture.landscape, in: bounds)
    }

    /// A lake at dawn, 368 x 208 pixels: a sky fading to the horizon, a sun, two ranges of hills and their
    /// reflection in the water.
    static let landscape: Image = {
        let width = 368
        let height = 208
        let horizon = 132
        var image = Image(width: width, height: height, fill: 0xFFFF_FFFF)
        func mix(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
            var out: UInt32 = 0xFF00_0000
            for shift in [16, 8, 0] as [UInt32] {
                let ca = Double((a >> shift) & 0xFF)
                let cb = Double((b >> shift) & 0xFF)
                out |= UInt32((ca + (cb - ca) * min(1, max(0, t))).rounded()) << shift
            }
            return out
        }
        func far(_ x: Double) -> Double { 96 + 14 * sin(x / 31) + 8 * sin(x / 11 + 1.3) }
        func near(_ x: Double) -> Double { 116 + 10 * sin(x / 47 + 2) + 5 * sin(x / 17) }
        let sun = (x: 250.0, y: 86.0, r: 22.0)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x)
                let fy = Double(y)
                var color: UInt32
                if y < horizon {
                    color = mix(0xFF3D_5A98, 0xFFF7_C59F, fy / Double(horizon))
                    let d = ((fx - sun.x) * (fx - sun.x) + (fy - sun.y) * (fy - sun.y)).squareRoot()
                    if d < sun.r {
                        color = 0xFFFF_F1C1
                    } else if d < sun.r + 14 {
                        color = mix(0xFFFF_E3A3, color, (d - sun.r) / 14)
                    }
                    if fy > far(fx) { color = mix(0xFF6B_6F9E, 0xFF8A_7FA8, (fy - far(fx)) / 40) }
                    if fy > near(fx) { color = 0xFF3F_5E4A }
                } else {
                    // The water mirrors what is above the horizon, darker, with a ripple every few rows.
                    let mirrored = Double(2 * horizon - y)
                    color = mix(0xFFE8_B48F, 0xFF2C_4A6E, (fy - Double(horizon)) / Double(height - horizon))
                    if mirrored > far(fx) { color = mix(color, 0xFF55_5A80, 0.6) }
                    if mirrored > near(fx) { color = mix(color, 0xFF2A_3F36, 0.7) }
                    if y % 7 == 0 { color = mix(color, 0xFFFF_FFFF, 0.12) }
                }
                image.setPixel(x: x, y: y, color)
            }
        }
        return image
    }()
}
