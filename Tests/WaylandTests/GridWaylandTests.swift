import Foundation
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// <doc:ScrollBehaviour> §20 through real protocol: a `GridContainer` of 1,000,000 items in a `WaylandWindow` of this
/// process, driven by the test compositor's `wl_touch`, `wl_pointer` and `wl_keyboard` and read back from the
/// committed pixels.
///
/// Layout: a 400 x 600 window filled by the grid (item size 120, spacing 8): 3 columns of 128 pt, rows 128 pt apart.
/// Each item paints its own colour (its index in the low 24 bits) inside a 12 pt margin that is clear, so the grid's
/// white background, or the selection's highlight behind a selected item, shows there.
@MainActor
@Suite struct GridWaylandTests {
    static let itemCount = 1_000_000
    static let margin = 12.0
    static let highlight = SelectionColors.light.highlight.premultipliedARGB
    static let white = Color.white.premultipliedARGB

    /// The colour item `item` paints.
    static func colour(ofItem item: Int) -> UInt32 { 0xFF00_0000 | UInt32(item & 0xFF_FFFF) }

    private final class Swatch: View {
        var item = 0 { didSet { setNeedsDisplay() } }
        override func draw(in canvas: Canvas) {
            let inner = bounds.insetBy(dx: GridWaylandTests.margin, dy: GridWaylandTests.margin)
            canvas.fill(inner, color: Color(argb: GridWaylandTests.colour(ofItem: item)))
        }
    }

    private final class Swatches: GridDataSource {
        func numberOfItems(in grid: GridContainer) -> Int { GridWaylandTests.itemCount }
        func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
            let view = (grid.dequeueReusableView(kind: "swatch") as? Swatch) ?? Swatch(frame: .zero)
            view.reuseKind = "swatch"
            view.item = item
            return view
        }
    }

    @MainActor private struct Scene {
        let compositor: TestCompositor
        let window: WaylandWindow
        let grid: GridContainer
        let source: Swatches

        /// The window point at `item`'s cell, `dx` from its left edge, half way down.
        func point(inItem item: Int, dx: Double? = nil) -> Point {
            let frame = grid.convert(grid.frameForItem(item), to: nil)
            return Point(x: frame.minX + (dx ?? frame.width / 2), y: frame.midY)
        }

        /// The pixel of `image` at window point `point` (scale 1).
        func pixel(_ image: Image, _ point: Point) -> UInt32 {
            image.pixel(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
        }

        /// The items whose centres lie inside the window, with their expected colour at the centre.
        var itemsInView: [Int] {
            grid.visibleItems.filter {
                let centre = point(inItem: $0)
                return centre.y >= 0 && centre.y < 600
            }
        }

        /// Pumps the window until its newest committed picture satisfies `condition`; returns that picture.
        func waitForPicture(_ what: String, _ condition: (Image) -> Bool) throws -> Image {
            var found: Image?
            try window.pump(what) {
                guard let image = compositor.lastCommittedImage, condition(image) else { return false }
                found = image
                return true
            }
            return found!
        }
    }

    private func mapped(_ compositor: TestCompositor) throws -> Scene {
        let window = try WaylandWindow(
            title: "grid", size: Size(width: 400, height: 600), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        let grid = GridContainer(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        grid.backgroundColor = .white
        grid.selectionMode = .single
        let source = Swatches()
        grid.dataSource = source
        window.rootView.addSubview(grid)
        try window.pump { window.presentedFrameCount >= 1 }
        return Scene(compositor: compositor, window: window, grid: grid, source: source)
    }

    @Test func aFlickMovesAMillionItemsAndTheCommittedPixelsShowTheVisibleOnes() throws {
        let compositor = try TestCompositor()
        let scene = try mapped(compositor)
        let grid = scene.grid
        #expect(grid.numberOfColumns == 3)
        // A flick up: 20 motions of 15 pt about 8 ms apart (stamped by the compositor as it sends them).
        compositor.touchDown(id: 1, at: Point(x: 200, y: 520))
        compositor.touchFrame()
        for step in 1...20 {
            try scene.window.idle(for: .milliseconds(8))
            compositor.touchMotion(id: 1, to: Point(x: 200, y: 520 - 15 * Double(step)))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 1)
        compositor.touchFrame()
        try scene.window.pump("the grid decelerating") { grid.isDecelerating }
        try scene.window.pump("the fling's end", limit: .seconds(20)) { !grid.isDecelerating && !grid.isDragging }
        // The finger alone moved the content 290 pt (300 minus the slop); the fling added more.
        #expect(grid.contentOffset.y > 290, "\(grid.contentOffset)")
        #expect(grid.visibleItems.lowerBound >= 6, "\(grid.visibleItems)")
        #expect(grid.numberOfLiveViews <= 3 * (5 + 2 * 5), "alive: \(grid.numberOfLiveViews)")
        let items = scene.itemsInView
        #expect(items.count >= 12)
        let image = try scene.waitForPicture("every item in view painted in its own colour") { image in
            items.allSatisfy { scene.pixel(image, scene.point(inItem: $0)) == Self.colour(ofItem: $0) }
        }
        // And the margins between the items are the grid's white (no item drawn out of its cell).
        let first = try #require(items.first)
        #expect(scene.pixel(image, scene.point(inItem: first, dx: Self.margin / 2)) == Self.white)
        withExtendedLifetime(scene.source) {}
    }

    @Test func aClickSelectsAnItemAndArrowKeysMoveTheFocusInTwoDimensions() throws {
        let compositor = try TestCompositor()
        let scene = try mapped(compositor)
        let grid = scene.grid
        // Item 4: the middle of the second row.
        let target = scene.point(inItem: 4)
        #expect(grid.item(at: grid.convert(target, from: nil)) == 4)
        compositor.pointerEnter(at: target)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: true)
        compositor.pointerFrame()
        compositor.pointerButton(.left, pressed: false)
        compositor.pointerFrame()
        try scene.window.pump("item 4 selected") { grid.selectedItems == IndexSet(integer: 4) }
        #expect(grid.focusedItem == 4)
        #expect(scene.window.core.focusedView === grid)
        // The highlight shows in item 4's margin (behind it), not in item 3's.
        func margin(_ item: Int) -> Point { scene.point(inItem: item, dx: Self.margin / 2) }
        _ = try scene.waitForPicture("item 4's highlight") { image in
            scene.pixel(image, margin(4)) == Self.highlight && scene.pixel(image, margin(3)) == Self.white
        }
        // Down: same column, next row (7); Right: 8; Up: 5; Left: 4; single selection follows the focus.
        let moves: [(Key, Int)] = [(.down, 7), (.right, 8), (.up, 5), (.left, 4), (.left, 3)]
        for (key, expected) in moves {
            compositor.key(key, pressed: true)
            compositor.key(key, pressed: false)
            try scene.window.pump("the focus on item \(expected) after \(key)") {
                grid.focusedItem == expected && grid.selectedItems == IndexSet(integer: expected)
            }
        }
        _ = try scene.waitForPicture("item 3's highlight after the keys") { image in
            scene.pixel(image, margin(3)) == Self.highlight && scene.pixel(image, margin(4)) == Self.white
        }
        // End goes to the last of a million items in one step, and the pixels show it.
        compositor.key(.end, pressed: true)
        compositor.key(.end, pressed: false)
        let last = Self.itemCount - 1
        try scene.window.pump("the focus on the last item") { grid.focusedItem == last }
        try scene.window.pump("the last item in view") { grid.visibleItems.contains(last) }
        _ = try scene.waitForPicture("the last item painted and highlighted") { image in
            scene.pixel(image, scene.point(inItem: last)) == Self.colour(ofItem: last)
                && scene.pixel(image, margin(last)) == Self.highlight
        }
        withExtendedLifetime(scene.source) {}
    }
}
