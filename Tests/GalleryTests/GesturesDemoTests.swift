import Testing
import Toolkit

@testable import Examples

/// The gallery's gestures demo driven headless (<doc:ScrollBehaviour> §18): sliders in a list, a photo with a double
/// and a single tap, a card lifted by a long press and dragged by a pan. Layout facts: `GesturesDemo`'s header
/// comment; the demo area lies at window y 44 ... 542, so demo point (x, y) is window point (x, y + 44).
@MainActor
struct GesturesDemoTests {
    /// The demo in an 800 x 600 headless window, its board, and the `GalleryEvents` reports it makes from now on.
    @MainActor
    private final class Scene {
        let window: HeadlessWindow
        let gallery: GalleryView
        let board: GestureBoard
        var events: [String] = []

        init() throws {
            (window, gallery) = HeadlessGallery.open("gestures")
            let root = try #require(gallery.demoView as? GestureRootView)
            board = try #require(root.board)
            // The demo's own reports (not the settings' "setting ..." lines).
            GalleryEvents.report = { [unowned self] in if $0.hasPrefix("gestures ") { events.append($0) } }
        }

        deinit { MainActor.assumeIsolated { GalleryEvents.report = nil } }

        var status: String { gallery.panel?.status.text ?? "" }

        func ms(_ n: Int) { window.advance(by: .milliseconds(n)) }

        /// Finger 1 from `start` by `delta` in `steps` moves 16 ms apart, held still 100 ms (no fling), lifted.
        func heldDrag(from start: Point, by delta: Point, steps: Int, whileDown: () -> Void = {}) {
            window.drag(from: start, by: delta, duration: .milliseconds(16 * steps), steps: steps, lift: false)
            whileDown()
            ms(100)
            window.touchUp(id: 1)
            ms(16)
        }

        /// A tap of finger `id`: down, 40 ms, up (no wait after it).
        func tap(_ point: Point, id: Int = 2) {
            window.touchDown(id: id, at: point)
            ms(40)
            window.touchUp(id: id)
        }

        func choose(_ title: String, _ choice: String) throws {
            let control = try #require(gallery.settingControls.first { $0.title == title }, "no setting \(title)")
            let index = try #require(control.choices.firstIndex(of: choice), "no choice \(choice) in \(title)")
            let rect = control.segmentRects()[index]
            window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
            #expect(control.selectedIndex == index)
        }
    }

    @Test func theLayoutIsTheOneTheEndToEndTestsAimAt() throws {
        let s = try Scene()
        let b = s.board
        #expect(b.list.convert(b.list.bounds, to: nil) == Rect(x: 0, y: 44, width: 400, height: 498))
        #expect(b.list.contentSize.height == 24 * 64)
        // Row 0's thumb at value 0.5: x 20 + 360 x 0.5, y 44 (the bar) + 24 + 20.
        let slider = b.rows[0].slider
        #expect(slider.value == 0.5 && slider.trackWidth == 360)
        #expect(slider.convert(slider.thumbCentre, to: nil) == Point(x: 200, y: 88))
        #expect(b.rows[1].slider.value == 0.8 && b.rows[2].slider.value == 0.35)
        #expect(slider.pan.axes == .horizontal && slider.gestureRecognizers.count == 1)
        #expect(b.photo.convert(b.photo.bounds, to: nil) == Rect(x: 416, y: 56, width: 368, height: 208))
        #expect(b.table.card.convert(b.table.card.bounds, to: nil) == Rect(x: 520, y: 361, width: 160, height: 96))
        #expect(!b.photo.captionShown && b.photo.container.zoomScale == 1)
        #expect(s.status == "touch: idle")
    }

    /// A drag 100 pt to the right from row 0's thumb, in 10 moves: the slider's `.horizontal` pan begins at the
    /// second move (the first reaches the 10 pt slop, not past it), counting from the crossing point 10 pt out, so
    /// the thumb follows 90 pt of the 360 pt track: 0.5 + 0.25. The list's own pan fails and it never moves.
    @Test func aHorizontalDragMovesTheSliderAndNotTheList() throws {
        let s = try Scene()
        let slider = s.board.rows[0].slider
        s.heldDrag(from: Point(x: 200, y: 88), by: Point(x: 100, y: 0), steps: 10) {
            #expect(s.status == "touch: list failed · slider 1 changed")
            #expect(slider.value == 0.75)
        }
        #expect(slider.value == 0.75)
        #expect(s.board.list.contentOffset == .zero)
        #expect(s.events == ["gestures slider 1 value 0.75"])
        #expect(s.status == "touch: list possible · slider 1 possible")
        #expect(s.board.statsLines().first == "slider 1 value 0.75")
    }

    /// A drag 200 pt up from row 2's slider: at the slop crossing |dy| > |dx|, the slider's pan fails and the list
    /// drags, 200 - 10 = 190 pt. The slider keeps its value.
    @Test func aVerticalDragOnASliderScrollsTheList() throws {
        let s = try Scene()
        let slider = s.board.rows[2].slider
        s.heldDrag(from: Point(x: 300, y: 44 + 128 + 44), by: Point(x: 0, y: -200), steps: 20) {
            #expect(s.status == "touch: list changed · slider 3 failed")
        }
        #expect(s.board.list.contentOffset == Point(x: 0, y: 190))
        #expect(slider.value == 0.35)
        #expect(s.events == ["gestures list drag ended offset 190.0"])
        // A slightly slanted one (|dy| = 2 |dx|) is vertical too.
        s.ms(500)
        s.heldDrag(from: Point(x: 200, y: 300), by: Point(x: 50, y: 100), steps: 10)
        #expect(s.board.list.contentOffset.y < 190)
        #expect(
            s.board.rows.enumerated().allSatisfy { $0.element.slider.value == GesturesDemo.initialValue($0.offset) })
    }

    /// A finger that stops the flung list is no tap, but it may still make a pan: dragged sideways on a slider, it
    /// moves that slider by 90 / 360 = 0.25 (the slop's 10 pt of the 100 are not counted), and the list stays where
    /// the finger stopped it.
    @Test func aFingerThatStopsTheListMayStillMoveASlider() throws {
        let s = try Scene()
        s.window.drag(from: Point(x: 200, y: 500), by: Point(x: 0, y: -200), duration: .milliseconds(80), steps: 5)
        s.ms(50)
        #expect(s.board.list.isDecelerating)
        // The slider under window (200, y): the row at content y - 44 + offset, 54 pt down it (inside the slider).
        let offset = s.board.list.contentOffset.y
        let row = Int((330 - 44 + offset) / 64)
        let y = 44 + Double(row) * 64 + 54 - offset
        let before = s.board.rows[row].slider.value
        s.heldDrag(from: Point(x: 200, y: y), by: Point(x: 100, y: 0), steps: 10) {
            #expect(s.status == "touch: list failed · slider \(row + 1) changed")
        }
        #expect(!s.board.list.isDecelerating && s.board.list.contentOffset.y == offset)
        #expect(s.board.rows[row].slider.value == min(1, before + 0.25))
    }

    /// The "Slider pan" setting at `free`: the slider's pan takes vertical drags too (it begins at the slop, as any
    /// pan), so the list cannot be scrolled from a slider; the thumb moves only by the horizontal part (none).
    @Test func aFreePanKeepsTheListStill() throws {
        let s = try Scene()
        try s.choose("Slider pan", "free")
        #expect(s.board.rows.allSatisfy { $0.slider.pan.axes == .free })
        s.heldDrag(from: Point(x: 300, y: 216), by: Point(x: 0, y: -200), steps: 20) {
            #expect(s.status == "touch: list failed · slider 3 changed")
        }
        #expect(s.board.list.contentOffset == .zero)
        #expect(s.board.rows[2].slider.value == 0.35)
    }

    /// A double tap on the photo's centre (window (600, 160), photo point (184, 104)) zooms to 2.5x around it in
    /// 0.3 s: the offset shows that point at the centre, 184 x 2.5 - 184 = 276 and 104 x 2.5 - 104 = 156. A double
    /// tap again zooms back out. The single tap never fires: the caption stays hidden.
    @Test func aDoubleTapZoomsThePhotoAndTheSingleTapWaits() throws {
        let s = try Scene()
        let container = s.board.photo.container
        s.tap(Point(x: 600, y: 160))
        s.ms(150)
        s.tap(Point(x: 600, y: 160))
        #expect(s.events == ["gestures double tap zoom 2.5"])
        s.ms(350)
        #expect(container.zoomScale == 2.5)
        #expect(container.contentOffset == Point(x: 276, y: 156))
        // Back out, then a double tap off centre: window (540, 140) is photo point (124, 84).
        s.ms(500)
        s.tap(Point(x: 600, y: 160))
        s.ms(100)
        s.tap(Point(x: 600, y: 160))
        s.ms(350)
        #expect(container.zoomScale == 1 && container.contentOffset == .zero)
        s.tap(Point(x: 540, y: 140))
        s.ms(100)
        s.tap(Point(x: 540, y: 140))
        s.ms(350)
        #expect(container.zoomScale == 2.5)
        #expect(container.contentOffset == Point(x: 124 * 2.5 - 184, y: 84 * 2.5 - 104))
        s.ms(1_000)
        #expect(!s.board.photo.captionShown)
        #expect(
            s.events == ["gestures double tap zoom 2.5", "gestures double tap zoom 1.0", "gestures double tap zoom 2.5"]
        )
    }

    /// A single tap shows the caption 0.35 s after its lift (the double tap's wait for a second tap), not before.
    /// With the "Double tap" setting off, the single tap's requirement counts as failed: the caption toggles at the
    /// lift.
    @Test func aSingleTapTogglesTheCaptionAfterPoint35Seconds() throws {
        let s = try Scene()
        s.tap(Point(x: 600, y: 160))
        #expect(s.status == "touch: double tap possible · single tap possible · 1.00x")
        s.ms(349)
        #expect(!s.board.photo.captionShown)
        s.ms(2)
        #expect(s.board.photo.captionShown)
        #expect(s.events == ["gestures caption shown"])
        try s.choose("Double tap", "off")
        #expect(!s.board.photo.double.isEnabled)
        s.tap(Point(x: 600, y: 160))
        #expect(!s.board.photo.captionShown)
        #expect(s.events == ["gestures caption shown", "gestures caption hidden"])
        #expect(s.board.photo.container.zoomScale == 1)
    }

    /// A press held on the card's centre (window (600, 409)) lifts it at 0.5 s; then 10 moves of (-6, 8): the pan
    /// begins at the second (past 10 pt), counting from the crossing (-6, 8), so the card moves by (-54, 72), from
    /// table point (120, 85) to (66, 157). The lift puts it down there.
    @Test func aLongPressLiftsTheCardAndThePanDragsIt() throws {
        let s = try Scene()
        let card = s.board.table.card
        s.window.touchDown(id: 1, at: Point(x: 600, y: 409))
        s.ms(499)
        #expect(!card.isLifted)
        s.ms(1)
        #expect(card.isLifted)
        #expect(s.status == "touch: press began · pan possible")
        for k in 1...10 {
            s.ms(16)
            s.window.touchMove(id: 1, to: Point(x: 600 - 6 * Double(k), y: 409 + 8 * Double(k)))
        }
        #expect(s.status == "touch: press changed · pan changed")
        #expect(card.frame.origin == Point(x: 66, y: 157))
        s.window.touchUp(id: 1)
        #expect(!card.isLifted && card.frame.origin == Point(x: 66, y: 157))
        #expect(s.events == ["gestures card lifted", "gestures card dropped at 66.0 157.0"])
        #expect(s.board.statsLines().last == "card at 66.0 157.0")
    }

    /// The same drag at once, with no press held first: the press fails on the motion and the pan's `shouldBegin`
    /// refuses it. The card stays; nothing else moves (the table is in no scroll container).
    @Test func aDragWithoutTheLongPressLeavesTheCard() throws {
        let s = try Scene()
        s.heldDrag(from: Point(x: 600, y: 409), by: Point(x: -60, y: 80), steps: 10) {
            #expect(s.status == "touch: press failed · pan failed")
        }
        #expect(s.board.table.card.frame.origin == Point(x: 120, y: 85))
        #expect(s.events.isEmpty)
    }

    /// The status line follows a tap held too long on the photo: both taps fail at 0.35 s with no input, and the
    /// line says so while the finger is still down.
    @Test func theStatusFollowsATapThatFailsOnItsTimer() throws {
        let s = try Scene()
        s.window.touchDown(id: 1, at: Point(x: 600, y: 160))
        s.ms(100)
        #expect(s.status == "touch: double tap possible · single tap possible · 1.00x")
        s.ms(400)
        #expect(s.status == "touch: double tap failed · single tap failed · 1.00x")
        s.window.touchUp(id: 1)
        #expect(s.status == "touch: double tap possible · single tap possible · 1.00x")
        #expect(!s.board.photo.captionShown)
    }
}
