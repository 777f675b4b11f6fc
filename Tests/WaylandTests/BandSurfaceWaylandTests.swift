import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// The band surface (`BandSurface`, `FrameBase`): a window with a title bar above a list that reaches its bottom
/// edge shows the list's band in a subsurface of its own once the list scrolls, through `wl_buffer`s over the
/// band's rows of the ring buffers, and the title bar from base buffers on the window's surface: the ring buffers
/// whose start moves with the list never put the title bar back, and frames go on in the held buffer's memory
/// scrolling either way. Through the test compositor (which composes subsurfaces over their parent, sync mode: the
/// band's commit applies with the window's), every picture the compositor shows equals a full render of the same
/// window (a twin `HeadlessWindow`), before and after a resize, and without a band (the fallback) too.
@MainActor
@Suite struct BandSurfaceWaylandTests {
    /// A row with a swatch and a label.
    final class Row: View {
        let index: Int
        init(index: Int) {
            self.index = index
            super.init(frame: Rect(x: 0, y: Double(index) * 24, width: 240, height: 24))
            backgroundColor = index % 2 == 0 ? Color(white: 1) : Color(red: 0.92, green: 0.95, blue: 0.9)
        }
        override func draw(in canvas: Canvas) {
            canvas.fillRoundedRect(
                Rect(x: 4, y: 4, width: 16, height: 16), radius: 4,
                color: Color(red: Double(index % 7) / 7, green: 0.4, blue: 0.7))
            canvas.drawText("Row \(index)", at: Point(x: 26, y: 4), size: 13, color: Color(white: 0.1))
        }
    }

    /// A title bar with a label.
    final class TitleBar: View {
        var draws = 0
        override func draw(in canvas: Canvas) {
            draws += 1
            canvas.drawText("Title", at: Point(x: 8, y: 6), size: 14, color: Color(white: 1))
        }
    }

    /// The scene in `root`: a 30 pt title bar, below it a list to the bottom edge (or to a 20 pt toolbar).
    @MainActor
    final class Scene {
        let title = TitleBar(frame: .zero)
        let list = ScrollContainer(frame: .zero)
        /// With `toolbar`: a 20 pt bar below the list.
        let toolbar = TitleBar(frame: .zero)
        let hasToolbar: Bool

        init(in root: View, toolbar hasToolbar: Bool = false) {
            self.hasToolbar = hasToolbar
            toolbar.backgroundColor = Color(red: 0.5, green: 0.2, blue: 0.1)
            toolbar.isHidden = !hasToolbar
            root.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.25)
            title.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.6)
            // The indicators fade on the window's real clock, which a twin on a manual clock would not follow.
            list.showsVerticalScrollIndicator = false
            for index in 0..<60 { list.addSubview(Row(index: index)) }
            list.contentSize = Size(width: 240, height: 60 * 24)
            root.addSubview(title)
            root.addSubview(list)
            root.addSubview(toolbar)
        }

        func layout(_ size: Size) {
            let bar = hasToolbar ? 20.0 : 0
            title.frame = Rect(x: 0, y: 0, width: size.width, height: 30)
            list.frame = Rect(x: 0, y: 30, width: size.width, height: size.height - 30 - bar)
            toolbar.frame = Rect(x: 0, y: size.height - bar, width: size.width, height: bar)
        }
    }

    /// A window on a test compositor showing the scene, and its twin `HeadlessWindow`: every picture the
    /// compositor shows is compared with the twin's full render of the same state.
    @MainActor
    final class Setup {
        let compositor: TestCompositor
        let window: WaylandWindow
        let scene: Scene
        let twin: HeadlessWindow
        let twinScene: Scene
        let scale: Int

        /// A 240 x 160 window at output scale `scale`, its first frame presented.
        init(scale: Int = 1, toolbar: Bool = false, usesBand: Bool = true) throws {
            compositor = try TestCompositor()
            compositor.outputScale = Int32(scale)
            self.scale = scale
            window = try WaylandWindow(
                title: "band", size: Size(width: 240, height: 160), appID: "org.toolkit.tests",
                connection: .fileDescriptor(compositor.connectClientFD()))
            window.usesBand = usesBand
            scene = Scene(in: window.rootView, toolbar: toolbar)
            scene.layout(window.size)
            twin = HeadlessWindow(size: Size(width: 240, height: 160))
            twinScene = Scene(in: twin.rootView, toolbar: toolbar)
            twinScene.layout(twin.size)
            let window = window
            try window.pump { window.presentedFrameCount >= 1 && !window.core.needsFrame }
        }

        /// Scrolls both lists to each offset and expects the compositor's picture to equal the twin's render.
        func expectFrames(offsets: [Double]) throws {
            for offset in offsets {
                let before = window.presentedFrameCount
                scene.list.contentOffset = Point(x: 0, y: offset)
                twinScene.list.contentOffset = Point(x: 0, y: offset)
                try window.pump { window.presentedFrameCount > before && !window.core.needsFrame }
                let presented = try #require(window.lastPresentedImage())
                try window.pump { compositor.lastCommittedImage.map { pixelDifferences($0, presented) == 0 } ?? false }
                let shown = try #require(compositor.lastCommittedImage)
                let size = window.size
                var expected = Image(width: Int(size.width) * scale, height: Int(size.height) * scale)
                twin.core.addDamage(Rect(origin: .zero, size: twin.core.size))
                Canvas.draw(into: &expected, scale: scale) { twin.core.draw(into: $0) }
                #expect(
                    pixelDifferences(shown, expected) == 0,
                    "offset \(offset), \(Int(size.width))x\(Int(size.height)), shown \(shown.width)x\(shown.height)")
            }
        }
    }

    @Test(arguments: [1, 2])
    func theListMovesToABandAndEveryPictureEqualsAFullRender(scale: Int) throws {
        let setup = try Setup(scale: scale)
        let (window, scene, compositor) = (setup.window, setup.scene, setup.compositor)
        #expect(window.bandRows == nil)

        try setup.expectFrames(offsets: [7, 14, 21, 10.5, 33.25, 100, 93, 0])
        // The first scroll of the list below the 30 pt title bar made the band.
        #expect(window.bandRows == 30..<160)
        #expect(window.shiftedFrameCount > 0)
        // Scrolling no longer draws the title bar.
        let titleDraws = scene.title.draws
        try setup.expectFrames(offsets: [12, 24, 36, 48, 60, 72])
        #expect(scene.title.draws == titleDraws)
        // A change in the title bar reaches the window's surface.
        scene.title.backgroundColor = Color(red: 0.6, green: 0.1, blue: 0.2)
        setup.twinScene.title.backgroundColor = Color(red: 0.6, green: 0.1, blue: 0.2)
        try setup.expectFrames(offsets: [80])
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
    }

    /// A title bar and a toolbar around the band: every picture equals a full render.
    @Test(arguments: [1, 2])
    func aTitleBarAndAToolbarStayOnTheWindowSurface(scale: Int) throws {
        let setup = try Setup(scale: scale, toolbar: true)
        let (window, scene, compositor) = (setup.window, setup.scene, setup.compositor)
        try setup.expectFrames(offsets: [7, 14, 21, 10.5, 33.25, 100, 93, 0, 60, 61.5])
        #expect(window.bandRows == 30..<140)
        let draws = (scene.title.draws, scene.toolbar.draws)
        try setup.expectFrames(offsets: [72, 84, 96, 80])
        #expect(scene.title.draws == draws.0 && scene.toolbar.draws == draws.1)
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
    }

    @Test func aResizeMakesANewBandAndThePicturesStayRight() throws {
        let setup = try Setup()
        let (window, scene, compositor) = (setup.window, setup.scene, setup.compositor)
        window.onFrameCommitted = { [unowned window] _ in scene.layout(window.size) }
        try setup.expectFrames(offsets: [9, 18])
        #expect(window.bandRows == 30..<160)

        let bigger = Size(width: 300, height: 200)
        _ = compositor.sendConfigure(size: bigger)
        try window.pump { window.size == bigger && !window.core.needsFrame }
        scene.layout(bigger)
        setup.twin.core.resize(to: bigger)
        setup.twinScene.layout(bigger)
        try setup.expectFrames(offsets: [27, 36, 45.5, 20])
        #expect(window.bandRows == 30..<200)
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
    }

    /// With the compositor holding the buffer it shows until the next commit (the test compositor, as weston's and
    /// wlroots' pixman renderers), steady scrolling goes on in the held buffer's memory downward and upward alike:
    /// it holds only the band's rows, and the rows that come into view lie beyond them at either end.
    @Test(arguments: [1, 2])
    func scrollsEitherWayGoOnInTheHeldBuffersMemory(scale: Int) throws {
        let setup = try Setup(scale: scale, toolbar: true)
        let (window, compositor) = (setup.window, setup.compositor)
        try setup.expectFrames(offsets: [6])
        #expect(window.bandRows == 30..<140)
        let beforeDown = window.onwardFrameCount
        try setup.expectFrames(offsets: stride(from: 12.0, through: 120, by: 6).map { $0 })
        let down = window.onwardFrameCount - beforeDown
        let beforeUp = window.onwardFrameCount
        try setup.expectFrames(offsets: stride(from: 114.0, through: 12, by: -6).map { $0 })
        let up = window.onwardFrameCount - beforeUp
        // 19 steps each way; a step whose frame found the other buffer released already takes that one.
        #expect(down >= 15, "\(down) onward frames scrolling down")
        #expect(up >= 15, "\(up) onward frames scrolling up")
        #expect(compositor.heldBufferWrites == 0)
        #expect(compositor.isClean)
    }

    /// A band made on a scroll of less than a pixel (nothing moves, nothing in the list is damaged) still shows
    /// the list: its first frame attaches the ring buffer's band rows, though the frame wrote nothing there (the
    /// window's surface then shows a base whose band rows were never drawn).
    @Test(arguments: [1, 2])
    func aBandMadeOnASubPixelScrollShowsTheList(scale: Int) throws {
        let setup = try Setup(scale: scale, toolbar: true, usesBand: false)
        try setup.expectFrames(offsets: [7, 14])
        #expect(setup.window.bandRows == nil)
        // After every commit, a band there is shows a buffer (a later frame would hide a missing one).
        var bandsWithoutBuffer = 0
        let window = setup.window
        window.onFrameCommitted = { [unowned window] _ in if window.bandHasBuffer == false { bandsWithoutBuffer += 1 } }
        setup.window.usesBand = true
        try setup.expectFrames(offsets: [14.25])
        #expect(setup.window.bandRows == 30..<140)
        try setup.expectFrames(offsets: [14.5, 21])
        #expect(bandsWithoutBuffer == 0)
        #expect(setup.compositor.heldBufferWrites == 0)
        #expect(setup.compositor.isClean)
    }

    /// A fling's fractional offsets put the list's edges a few ulps off whole points: the toolbar below the band is
    /// not drawn again while the list flings (its sliver of the move's rectangle would otherwise be damage there).
    @Test(arguments: [1, 2])
    func aFlingDoesNotRedrawTheToolbar(scale: Int) throws {
        let setup = try Setup(scale: scale, toolbar: true)
        try setup.expectFrames(offsets: [6])
        #expect(setup.window.bandRows == 30..<140)
        let draws = setup.scene.toolbar.draws
        var offset = 6.0
        var offsets: [Double] = []
        for step in 0..<60 {
            offset += 30 * pow(0.97, Double(step)) + 0.0123
            offsets.append(offset)
        }
        try setup.expectFrames(offsets: offsets)
        #expect(setup.scene.toolbar.draws == draws)
        #expect(setup.compositor.heldBufferWrites == 0)
    }

    @Test func withoutABandTheTitleBarIsCopiedAndThePicturesAreTheSame() throws {
        let setup = try Setup(usesBand: false)
        try setup.expectFrames(offsets: [7, 14, 21, 10.5, 100, 0])
        #expect(setup.window.bandRows == nil)
        #expect(setup.window.shiftedFrameCount > 0)
        #expect(setup.compositor.heldBufferWrites == 0)
    }
}
