import Toolkit

/// Gesture recognizers an app adds (<doc:ScrollBehaviour> §18), written with the public API only: a vertical list
/// whose rows hold horizontal sliders (a `.horizontal` pan each: horizontal drags move the thumb, vertical ones
/// scroll the list, with no code deciding), a photo that zooms on a double tap while a single tap shows its caption
/// (`single.require(toFail: double)`), and a card that a long press lifts and a pan then drags. The status line
/// shows the states of the recognizers under the last finger, the list's own drag among them
/// (`panGestureRecognizer`).
///
/// The layout, in points of the demo area (tests read it: Tests/GalleryTests/GesturesDemoTests.swift,
/// Tests/WaylandTests/GesturesEndToEndTests.swift): the list fills the left half (400 pt of 800); row k lies at
/// content y 64 k, 64 pt tall, its slider at 24...64 of the row, the track from x 20 to the row's width less 20
/// (360 pt), so the thumb of a slider at value v is at x 20 + 360 v, y 64 k + 44. The photo lies at (416, 12),
/// 368 x 208; the card table from (400, 232) to the bottom right, the 160 x 96 card centred on it.
enum GesturesDemo {
    static let rowHeight = 64.0
    static let rowCount = 24
    /// Where a row's slider begins (the title above it), and how far in from either side its track runs.
    static let sliderTop = 24.0
    static let trackInset = 20.0
    static let photoInset = 16.0
    static let photoTop = 12.0
    static let photoHeight = 208.0
    static let photoZoom = 2.5
    static let tableTop = 232.0
    static let cardSize = Size(width: 160, height: 96)

    static let channels = ["Master", "Music", "Voice", "Effects", "Ambience", "Alarms", "Calls", "Clicks"]

    /// Row `i`'s title: a channel of a mixer.
    static func rowTitle(_ i: Int) -> String {
        let name = channels[i % channels.count]
        return i < channels.count ? name : "\(name) \(i / channels.count + 1)"
    }

    /// The sliders' values at first, row by row (repeating): row 0 at 0.5, row 1 at 0.8.
    static let initialValues = [0.5, 0.8, 0.35, 0.6, 0.2, 0.7, 0.45, 0.9, 0.3, 0.55, 0.65, 0.25]

    /// Row `i`'s slider at first.
    static func initialValue(_ i: Int) -> Double { initialValues[i % initialValues.count] }

    @MainActor static let demo = Demo(
        id: "gestures", title: "Gestures",
        caption: "Drag a slider sideways or scroll past it. Tap the photo, or tap twice. Hold the card, then drag it.",
        make: { context in
            let board = GestureBoard(frame: context.frame, status: context.status, after: context.after)
            return DemoBuild(
                view: board.root,
                settings: [
                    // .horizontal: a slider takes sideways drags only; .free: it takes every drag, and the list
                    // can no longer be scrolled from a slider.
                    DemoSetting(title: "Slider pan", choices: ["horizontal", "free"]) { choice in
                        board.setSliderAxes(choice == 0 ? .horizontal : .free)
                    },
                    // Off: the single tap no longer waits for a second one (its requirement counts as failed).
                    .toggle("Double tap", isOn: true) { board.photo.double.isEnabled = $0 }
                ],
                keep: [board],
                stats: { board.statsLines() })
        },
        script: { window, frame in
            // Row 0's thumb (value 0.5) is at demo (200, 44): dragged 100 pt right, it follows from the 10 pt slop
            // on, 90 pt: 0.5 + 90 / 360 = 0.75.
            window.drag(
                from: Point(x: frame.minX + 200, y: frame.minY + 44), by: Point(x: 100, y: 0),
                duration: .milliseconds(200), steps: 10, lift: false)
            Snapshots.take(window)
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
            // A vertical drag from row 2's slider: its pan fails, the list scrolls 190 pt (200 less the slop).
            window.drag(
                from: Point(x: frame.minX + 300, y: frame.minY + 2 * rowHeight + 44),
                by: Point(x: 0, y: -200), duration: .milliseconds(400), steps: 20, lift: false)
            Snapshots.take(window)
            window.advance(by: .milliseconds(200))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(300))
            // The photo: a single tap shows the caption 0.35 s after its lift; then a double tap zooms (0.3 s).
            let photo = Point(x: frame.minX + 600, y: frame.minY + 116)
            window.tap(photo)
            window.advance(by: .milliseconds(400))
            window.tap(Point(x: photo.x - 60, y: photo.y - 20))
            window.advance(by: .milliseconds(100))
            window.tap(Point(x: photo.x - 60, y: photo.y - 20))
            window.advance(by: .milliseconds(400))
            Snapshots.take(window)
            // The card (centred on the table at demo (600, 409)): held 0.6 s it lifts; then dragged by (-60, 80).
            let card = Point(x: frame.minX + 600, y: frame.minY + tableTop + 133)
            window.touchDown(id: 1, at: card)
            window.advance(by: .milliseconds(600))
            Snapshots.take(window)
            for k in 1...10 {
                window.advance(by: .milliseconds(16))
                window.touchMove(id: 1, to: Point(x: card.x - 6 * Double(k), y: card.y + 8 * Double(k)))
            }
            Snapshots.take(window)
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
        })
}
