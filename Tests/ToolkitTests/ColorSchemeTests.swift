// <doc:ScrollBehaviour> §22, colour scheme: the default bars, the refresh control and the selection follow the
// window's `colorScheme`, and a change is redrawn in the next frame without anything else being touched.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor @Suite struct ColorSchemeTests {
    /// A 400 x 800 window holding a list of 1000 rows of 44 pt, bars always shown, row 2 selected and focused.
    @MainActor final class Scene {
        let core = WindowCore(size: Size(width: 400, height: 800))
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let rows = RecordingRows(count: 1000)
        var image = Image(width: 400, height: 800)

        init() {
            core.rootView.addSubview(list)
            list.dataSource = rows
            list.scrollbarVisibility = .always
            list.selectionMode = .single
            list.selectedRows = IndexSet(integer: 2)
            list.focusedRow = 2
            frame()
        }

        /// One frame: animations step, then only the damage is drawn over the picture of the frame before.
        func frame() {
            core.prepareFrame(at: core.now + .milliseconds(17))
            Canvas.draw(into: &image) { core.draw(into: $0) }
        }

        /// Pixels that differ from a full drawing of the window as it is now.
        func staleness() -> (count: Int, first: String) {
            differencesFromFullRender(core, width: 400, height: 800, pixelsPerPoint: 1) { image.pixel(x: $0, y: $1) }
        }
    }

    // The thumb's core (inside its 1 pt rim), near the top of the vertical bar (x 390 ..< 398, y 2 ..< 26).
    static let thumbPixel = (x: 394, y: 14)
    // Inside row 2 (y 88 ..< 132), away from its focus ring.
    static let highlightPixel = (x: 100, y: 110)
    // On the focus ring's 2 pt line along row 2's top.
    static let ringPixel = (x: 100, y: 89)

    @Test func theDarkColoursAreTheDocumentedOnes() {
        let dark = ScrollContainer.scrollbarColors(.default, scheme: .dark)
        #expect(dark.thumb == Color(red: 1, green: 1, blue: 1, alpha: 0.55))
        #expect(dark.outline == Color(red: 0, green: 0, blue: 0, alpha: 0.7))
        #expect(dark.trough == Color(red: 0, green: 0, blue: 0, alpha: 0.35))
        // The explicit styles are the app's choice: the same in both schemes.
        for style in [ScrollIndicatorStyle.dark, .light] {
            let light = ScrollContainer.scrollbarColors(style, scheme: .light)
            let other = ScrollContainer.scrollbarColors(style, scheme: .dark)
            #expect(light.thumb == other.thumb && light.outline == other.outline && light.trough == other.trough)
        }
        #expect(SelectionColors.dark.highlight == Color(argb: 0xFF1F_3A66))
        #expect(SelectionColors.dark.focusRing == Color(argb: 0xFF64_A8FF))
    }

    @Test func aChangeOfSchemeIsRedrawnInTheNextFrame() {
        let s = Scene()
        #expect(s.list.selectionColors == .light)
        #expect(
            s.image.pixel(x: Self.highlightPixel.x, y: Self.highlightPixel.y)
                == SelectionColors.light.highlight.premultipliedARGB)
        #expect(
            s.image.pixel(x: Self.ringPixel.x, y: Self.ringPixel.y)
                == SelectionColors.light.focusRing.premultipliedARGB)
        let lightThumb = s.image.pixel(x: Self.thumbPixel.x, y: Self.thumbPixel.y)
        #expect(!s.core.needsFrame)

        s.core.colorScheme = .dark
        #expect(s.core.needsFrame)
        #expect(s.list.selectionColors == .dark)
        s.frame()
        #expect(
            s.image.pixel(x: Self.highlightPixel.x, y: Self.highlightPixel.y)
                == SelectionColors.dark.highlight.premultipliedARGB)
        #expect(
            s.image.pixel(x: Self.ringPixel.x, y: Self.ringPixel.y)
                == SelectionColors.dark.focusRing.premultipliedARGB)
        let darkThumb = s.image.pixel(x: Self.thumbPixel.x, y: Self.thumbPixel.y)
        // The thumb's core over its rim (filled whole first) over the trough over nothing, premultiplied 8-bit:
        // trough 0.35 · 255 = 89 of alpha, rim 0.7 · 255 = 179, core 0.55 · 255 = 140. Alpha: 179 + 89 · 76 / 255 =
        // 205, then 140 + 205 · 115 / 255 = 233 in both schemes. Light (black core, white rim and trough): 205 · 115
        // / 255 = 93 per channel; dark (white core, black rim and trough): 140.
        #expect(lightThumb == 0xE95D_5D5D, "\(String(lightThumb, radix: 16))")
        #expect(darkThumb == 0xE98C_8C8C, "\(String(darkThumb, radix: 16))")
        // A light thumb now: every colour channel above the dark scheme's thumb's.
        #expect(
            darkThumb & 0xFF > lightThumb & 0xFF, "\(String(darkThumb, radix: 16)) \(String(lightThumb, radix: 16))")
        #expect(s.staleness().count == 0, "\(s.staleness())")

        s.core.colorScheme = .light
        s.frame()
        #expect(s.image.pixel(x: Self.thumbPixel.x, y: Self.thumbPixel.y) == lightThumb)
        #expect(s.staleness().count == 0)
    }

    @Test func colourChoicesOfTheAppStay() {
        let s = Scene()
        s.list.indicatorStyle = .light
        s.list.selectionColors = .light
        s.frame()
        let thumb = s.image.pixel(x: Self.thumbPixel.x, y: Self.thumbPixel.y)
        s.core.colorScheme = .dark
        s.frame()
        #expect(s.list.selectionColors == .light)
        #expect(s.image.pixel(x: Self.thumbPixel.x, y: Self.thumbPixel.y) == thumb)
        #expect(
            s.image.pixel(x: Self.highlightPixel.x, y: Self.highlightPixel.y)
                == SelectionColors.light.highlight.premultipliedARGB)
    }

    @Test func theRefreshControlFollowsTheScheme() {
        let window = HeadlessWindow(size: Size(width: 200, height: 300))
        let container = ScrollContainer(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        container.contentSize = Size(width: 200, height: 1000)
        let control = RefreshControl()
        container.refreshControl = control
        window.rootView.addSubview(container)
        control.beginRefreshing()
        window.advance(ms: 400)
        func spokeGreys(_ image: Image) -> Set<UInt32> {
            var greys: Set<UInt32> = []
            for y in 0..<60 {
                for x in 0..<200 {
                    let p = image.pixel(x: x, y: y)
                    // Fully covered spoke pixels at full opacity: the grey itself.
                    if p >> 24 == 0xFF { greys.insert(p & 0xFF) }
                }
            }
            return greys
        }
        let light = spokeGreys(window.render())
        window.core.colorScheme = .dark
        let dark = spokeGreys(window.render())
        #expect(light == [UInt32((RefreshControl.lightSchemeSpokeWhite * 255).rounded())], "\(light)")
        #expect(dark == [UInt32((RefreshControl.darkSchemeSpokeWhite * 255).rounded())], "\(dark)")
    }

    @Test func viewsHearTheChangeOnce() {
        final class Listener: View {
            var heard: [ColorScheme] = []
            override func colorSchemeDidChange() { heard.append(colorScheme) }
        }
        let window = WindowCore(size: Size(width: 100, height: 100))
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let listener = Listener(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        outer.addSubview(listener)
        #expect(listener.colorScheme == .light)
        window.rootView.addSubview(outer)
        window.colorScheme = .dark
        window.colorScheme = .dark  // no change, no call
        window.colorScheme = .light
        #expect(listener.heard == [.dark, .light])
    }
}
