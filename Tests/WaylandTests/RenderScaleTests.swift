import Testing

@testable import Toolkit
@testable import ToolkitCore

/// The scale rule (`RenderScale`) and the cursor settings, without a compositor.
@Suite struct RenderScaleTests {
    private func resolve(
        outputs: [Int] = [], entered: [Int] = [], fraction: UInt32? = nil, v3: Bool = true,
        viewport: Bool = false
    ) -> RenderScale {
        RenderScale.resolve(
            outputScales: outputs, enteredScales: entered, preferredFraction120: fraction,
            canSetBufferScale: v3, hasViewport: viewport)
    }

    @Test func largestEnteredOutputWinsAndAllOutputsBeforeTheFirstEnter() {
        #expect(resolve(outputs: [1, 2], entered: [1, 2]).bufferScale == 2)
        #expect(resolve(outputs: [1, 2], entered: [1]).bufferScale == 1)  // left the 2x output
        #expect(resolve(outputs: [1, 3], entered: []).bufferScale == 3)  // not shown yet: guess the densest
        #expect(resolve().bufferScale == 1)  // no outputs at all
        #expect(resolve(outputs: [2], entered: [2], v3: false) == .one)  // wl_surface below v3
        #expect(resolve(outputs: [0, -4]).bufferScale == 1)  // impossible scales clamp
        #expect(resolve(outputs: [40]).bufferScale == 16)
        #expect(!resolve(outputs: [2]).usesViewport)
    }

    @Test func fractionalPathNeedsTheViewportAndClamps() {
        let half = resolve(outputs: [2], entered: [2], fraction: 180, viewport: true)
        #expect(half.usesViewport && half.bufferScale == 1 && half.pixelsPerPoint == 1.5)
        #expect(half.wholeScale == 2)
        // Without a viewport the fraction cannot be used: integer path.
        #expect(
            resolve(outputs: [2], entered: [2], fraction: 180, viewport: false)
                == RenderScale(
                    bufferScale: 2, fraction120: nil))
        // 0 is no scale at all: ignored. Out-of-range values clamp into 0.25 ... 16.
        #expect(!resolve(outputs: [1], fraction: 0, viewport: true).usesViewport)
        #expect(resolve(fraction: 1, viewport: true).pixelsPerPoint == 0.25)
        #expect(resolve(fraction: 100_000, viewport: true).pixelsPerPoint == 16)
        #expect(resolve(fraction: 120, viewport: true).wholeScale == 1)
        #expect(resolve(fraction: 121, viewport: true).wholeScale == 2)
    }

    @Test func bufferPixelsRoundHalfAwayFromZero() {
        let half = RenderScale(bufferScale: 1, fraction120: 180)
        #expect(half.pixels(forPoints: 100) == 150)
        #expect(half.pixels(forPoints: 101) == 152)  // 151.5
        let quarter = RenderScale(bufferScale: 1, fraction120: 150)
        #expect(quarter.pixels(forPoints: 50) == 63)  // 62.5
        #expect(quarter.pixels(forPoints: 49) == 61)  // 61.25
        #expect(RenderScale(bufferScale: 1, fraction120: 30).pixels(forPoints: 1) == 1)  // never 0
        #expect(RenderScale(bufferScale: 2, fraction120: nil).pixels(forPoints: 100) == 200)
        #expect(RenderScale.one.pixels(forPoints: -5) == 1)
    }

    @Test func cursorSettingsFromTheEnvironmentVariables() {
        let standard = WaylandCursorTheme.Settings.parse(theme: nil, size: nil)
        #expect(standard == .init(themeName: nil, size: 24, usesTheme: true))
        #expect(
            WaylandCursorTheme.Settings.parse(theme: "Adwaita", size: "48")
                == .init(themeName: "Adwaita", size: 48, usesTheme: true))
        for bad in ["", "0", "-3", "abc", "300", " 32"] {
            #expect(WaylandCursorTheme.Settings.parse(theme: "", size: bad).size == 24, "size \(bad)")
        }
        #expect(WaylandCursorTheme.Settings.parse(theme: "", size: nil).themeName == nil)
    }

    @Test func everyCursorHasThemeNamesAndFallbackArt() {
        for cursor in Cursor.allCases {
            #expect(!WaylandCursorTheme.themeNames(for: cursor).isEmpty)
            let art = FallbackCursorArtwork.art(for: cursor)
            // The hotspot is on a drawn cell, inside the 24-point image.
            #expect(art.rows.count <= FallbackCursorArtwork.side)
            let row = Array(art.rows[art.hotspotY])
            #expect(art.hotspotX < row.count && row[art.hotspotX] != ".", "\(cursor)")
            #expect(
                art.rows.allSatisfy { $0.count <= FallbackCursorArtwork.side && $0.allSatisfy { "#-.".contains($0) } })
        }
    }
}
