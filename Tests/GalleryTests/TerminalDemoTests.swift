import Testing
import Toolkit

@testable import Examples

/// The terminal demo: scroll bars over dark content. The bar's pixels are measured against the page's
/// pixels under them, in each `ScrollIndicatorStyle`: `.default` must stand out on the dark page (and on the light
/// one), `.dark` is the style made for light pages and all but vanishes there.
@MainActor
struct TerminalDemoTests {
    /// The gallery on the terminal demo in an 800 x 600 headless window, and its page.
    private func open() throws -> (HeadlessWindow, GalleryView, ScrollContainer) {
        let (window, gallery) = HeadlessGallery.open("terminal")
        guard let demo = gallery.demoView, let page = firstScrollContainer(in: demo) else { throw PageMissing() }
        return (window, gallery, page)
    }

    private struct PageMissing: Error {}

    /// Luma (Rec. 709) of an opaque premultiplied ARGB pixel, 0...255.
    private func luma(_ argb: UInt32) -> Double {
        0.2126 * Double((argb >> 16) & 0xFF) + 0.7152 * Double((argb >> 8) & 0xFF) + 0.0722 * Double(argb & 0xFF)
    }

    /// The bar's readability over the page: for each pixel row of the thumb, the largest luma difference between
    /// the picture with the bar and the same picture without it (`.never`), over the thumb's width; the least of
    /// those over the thumb's rows but its 1 pt ends (a thumb readable along its length). Levels of 255.
    private func thumbContrast(
        _ window: HeadlessWindow, _ page: ScrollContainer, style: ScrollIndicatorStyle,
        visibility: ScrollbarVisibility, flash: Bool = false
    ) throws -> Double {
        page.indicatorStyle = style
        page.scrollbarVisibility = visibility
        if flash { page.flashScrollIndicators() }
        window.advance(by: .milliseconds(16))
        let thumb = try #require(page.scrollbarThumbFrame(for: .vertical))
        let withBar = window.render()
        page.scrollbarVisibility = .never
        window.advance(by: .milliseconds(16))
        let without = window.render()
        page.scrollbarVisibility = visibility
        if flash { page.flashScrollIndicators() }
        window.advance(by: .milliseconds(16))
        var least = Double.infinity
        let pagePixel = try #require(page.backgroundColor).premultipliedARGB
        let columns = Int(thumb.minX.rounded(.down))..<Int(thumb.maxX.rounded(.up))
        var rows = 0
        // The thumb's rows less its 1 pt ends (there the rim alone: white on a white page reads as the trough), over
        // the page itself (rows with a line's text under the thumb are left out: the page's colour is the point).
        for y in Int(thumb.minY.rounded(.up)) + 1..<Int(thumb.maxY.rounded(.down)) - 1
        where columns.allSatisfy({ without.pixel(x: $0, y: y) == pagePixel }) {
            var most = 0.0
            for x in columns {
                most = max(most, abs(luma(withBar.pixel(x: x, y: y)) - luma(without.pixel(x: x, y: y))))
            }
            least = min(least, most)
            rows += 1
        }
        #expect(rows >= 10, "\(rows) rows of the thumb over the bare page")
        return least
    }

    /// On the dark page, the full bar (8 pt, `.always`) in `.default` differs from the page under it by at least
    /// 150 luma levels on every row of its thumb (its light rim: white at 70 % over near-black, about 162), `.light`
    /// by at least 120 (white at 60 %, about 139); `.dark` by under 20 (black at 50 % over near-black, about 12):
    /// the reason `.default` has a rim.
    @Test func theDefaultThumbStandsOutOnTheDarkPage() throws {
        let (window, _, page) = try open()
        page.contentOffset = Point(x: 0, y: 1200)
        let standard = try thumbContrast(window, page, style: .default, visibility: .always)
        let light = try thumbContrast(window, page, style: .light, visibility: .always)
        let dark = try thumbContrast(window, page, style: .dark, visibility: .always)
        #expect(standard >= 150, "default: \(standard)")
        #expect(light >= 120, "light: \(light)")
        #expect(dark < 20, "dark: \(dark)")
        // The thin bar (3 pt, `.automatic`, shown by `flashScrollIndicators()`) keeps its rim: as readable.
        page.scrollbarVisibility = .automatic
        page.flashScrollIndicators()
        let thin = try thumbContrast(window, page, style: .default, visibility: .automatic, flash: true)
        #expect(page.scrollbarThumbFrame(for: .vertical)?.width == 3)
        #expect(thin >= 150, "thin default: \(thin)")
    }

    /// On the light page (the Page setting), `.default` still stands out by at least 120 luma levels (its dark
    /// core: black at 55 % over white, about 140), where `.light` does not (under 5: white on white).
    @Test func theDefaultThumbStandsOutOnTheLightPageToo() throws {
        let (window, gallery, page) = try open()
        let control = try #require(gallery.settingControls.first { $0.title == "Page" })
        let rect = control.segmentRects()[1]
        window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
        #expect(page.backgroundColor == TerminalDemo.lightPage)
        page.contentOffset = Point(x: 0, y: 1200)
        let standard = try thumbContrast(window, page, style: .default, visibility: .always)
        let light = try thumbContrast(window, page, style: .light, visibility: .always)
        #expect(standard >= 120, "default: \(standard)")
        #expect(light < 5, "light: \(light)")
    }

    /// The Style and Bars settings set the page's `indicatorStyle` and `scrollbarVisibility`.
    @Test func settingsSetTheStyleAndTheBars() throws {
        let (window, gallery, page) = try open()
        #expect(page.indicatorStyle == .default && page.scrollbarVisibility == .automatic)
        for (index, style) in [ScrollIndicatorStyle.dark, .light, .default].enumerated() {
            let control = try #require(gallery.settingControls.first { $0.title == "Style" })
            let rect = control.segmentRects()[[1, 2, 0][index]]
            window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
            #expect(page.indicatorStyle == style)
        }
        let bars = try #require(gallery.settingControls.first { $0.title == "Bars" })
        let rect = bars.segmentRects()[1]
        window.tap(bars.convert(Point(x: rect.midX, y: rect.midY), to: nil))
        #expect(page.scrollbarVisibility == .always)
    }
}
