import Toolkit

/// A row of the gestures demo's list: a title and the slider's value on top, the slider under them.
final class SliderRow: View {
    let title: String
    let slider: SliderView

    init(frame: Rect, title: String, value: Double, name: String) {
        self.title = title
        slider = SliderView(
            frame: Rect(
                x: 0, y: GesturesDemo.sliderTop, width: frame.width,
                height: frame.height - GesturesDemo.sliderTop), value: value, name: name)
        super.init(frame: frame)
        backgroundColor = Color.white
        addSubview(slider)
        slider.onValueChange = { [unowned self] _ in setNeedsDisplay() }
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.drawText(title, at: Point(x: GesturesDemo.trackInset, y: 6), size: 15, color: Theme.text)
        let percent = "\(Int((slider.value * 100).rounded())) %"
        let width = Font.measure(percent, size: 13).width
        canvas.drawText(
            percent, at: Point(x: b.width - GesturesDemo.trackInset - width, y: 8), size: 13,
            color: Theme.secondaryText)
        canvas.fill(Rect(x: 0, y: b.height - 1, width: b.width, height: 1), color: Theme.separator)
    }

    // A screen reader reads the row as one item: its title and value.
    override var defaultAccessibilityRole: AccessibilityRole { .listItem }
    override var defaultAccessibilityLabel: String? { "\(title), \(Int((slider.value * 100).rounded())) %" }
}

/// A horizontal slider moved by a `.horizontal` pan: the track runs `GesturesDemo.trackInset` in from either side,
/// the thumb sits at `value` (0...1) along it. A drag that starts more vertical than horizontal fails the pan, and
/// the list around the row takes it: no code here decides that.
final class SliderView: View {
    /// The slider's position, 0 at the track's left end, 1 at its right end.
    var value: Double {
        didSet {
            if value != oldValue {
                setNeedsDisplay()
                onValueChange?(self)
            }
        }
    }
    /// The pan that moves the thumb.
    private(set) var pan: PanGestureRecognizer!
    /// Called when the value changes, and when the pan changes state (for the status line).
    var onValueChange: ((SliderView) -> Void)?
    var onPanChange: ((SliderView) -> Void)?
    /// The value when the pan began.
    private var startValue = 0.0

    /// "slider K" (K from 1): how `--stats` names it.
    let name: String

    init(frame: Rect, value: Double, name: String) {
        self.value = value
        self.name = name
        super.init(frame: frame)
        // The action holds the slider without owning it: the slider owns its recognizers.
        let pan = PanGestureRecognizer { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            panned(pan)
        }
        pan.axes = .horizontal
        addGestureRecognizer(pan)
        self.pan = pan
    }

    /// The track's length, points.
    var trackWidth: Double { max(1, bounds.width - 2 * GesturesDemo.trackInset) }

    /// The thumb's centre, in the slider's coordinates.
    var thumbCentre: Point {
        Point(x: GesturesDemo.trackInset + value * trackWidth, y: bounds.height / 2)
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            startValue = value
            fallthrough
        case .changed:
            // The translation counts from where the pan began: the thumb moves with the finger from there.
            value = min(1, max(0, startValue + pan.translation(in: self).x / trackWidth))
        case .ended, .cancelled:
            GalleryEvents.report?("gestures \(name) value \(value)")
        case .possible, .failed:
            break
        }
        setNeedsDisplay()
        onPanChange?(self)
    }

    override func draw(in canvas: Canvas) {
        let y = bounds.height / 2
        let left = GesturesDemo.trackInset
        let thumb = thumbCentre
        canvas.fillRoundedRect(Rect(x: left, y: y - 2, width: trackWidth, height: 4), radius: 2, color: Theme.segment)
        canvas.fillRoundedRect(
            Rect(x: left, y: y - 2, width: thumb.x - left, height: 4), radius: 2,
            color: Theme.accent)
        let active = pan.state == .began || pan.state == .changed
        let radius = active ? 13.0 : 11.0
        canvas.fillRoundedRect(
            Rect(x: thumb.x - radius, y: y - radius, width: 2 * radius, height: 2 * radius),
            radius: radius, color: active ? Theme.accent : Color.white)
        canvas.strokeRoundedRect(
            Rect(x: thumb.x - radius, y: y - radius, width: 2 * radius, height: 2 * radius),
            radius: radius, color: Theme.segmentPressed, lineWidth: 1)
    }
}
