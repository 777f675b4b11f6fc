import Testing
import Toolkit

@testable import Examples

/// The gallery's window content driven headless: its settings change the live containers, keys switch demos and
/// quit, and the layouts the end-to-end tests read (Tests/WaylandTests) stay where they are.
@MainActor
struct GalleryViewTests {
    /// A gallery on `demo` in an 800 x 600 headless window, as the gallery executable makes it.
    private func open(_ demo: String) -> (HeadlessWindow, GalleryView) {
        HeadlessGallery.open(demo)
    }

    /// Taps choice `choice` of the setting titled `title`.
    private func choose(_ title: String, _ choice: String, in gallery: GalleryView, window: HeadlessWindow) throws {
        let control = try #require(gallery.settingControls.first { $0.title == title }, "no setting \(title)")
        let index = try #require(control.choices.firstIndex(of: choice), "no choice \(choice) in \(title)")
        let rect = control.segmentRects()[index]
        window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
        #expect(control.selectedIndex == index)
    }

    /// The demo's scroll containers, breadth first (not the tab and settings strips).
    private func containers(_ gallery: GalleryView) -> [ScrollContainer] {
        var queue: [View] = gallery.demoView.map { [$0] } ?? []
        var found: [ScrollContainer] = []
        var i = 0
        while i < queue.count {
            if let c = queue[i] as? ScrollContainer { found.append(c) }
            queue += queue[i].subviews
            i += 1
        }
        return found
    }

    /// The demo buttons end by x 740 (MutterTouchTests taps the bar's empty spot at x 780) and show their whole
    /// titles; GallerySoakTests aims at them with the same rule and its own count of the demos.
    @Test func theDemoButtonsEndBeforeTheBarsEmptySpot() {
        let (window, gallery) = open("list")
        let buttons = gallery.buttons
        #expect(buttons.map(\.title) == Demo.all.map(\.title))
        #expect(
            buttons.map(\.title) == [
                "List", "Paging", "Lock", "Canvas", "Fling", "Observers", "Wheel", "Zoom",
                "Contacts", "Terminal", "Nested", "Gestures", "Photos", "Mail"
            ],
            "GallerySoakTests.galleryDemoTitles needs the new list")
        #expect((buttons.map { $0.convert($0.bounds, to: nil).maxX }.max() ?? 0) <= GalleryView.buttonsEnd)
        let layout = GalleryView.buttonLayout(titles: buttons.map(\.title))
        // Fourteen titles fit at 10 pt, not at 11 (GallerySoakTests aims at them by the same rule).
        #expect(layout.fontSize == 10, "every title at 10 pt still fits the bar")
        var x = 8.0
        for (button, width) in zip(buttons, layout.widths) {
            // Where the window shows it: the tab strip fits the usual width and rests at its start.
            let frame = button.convert(button.bounds, to: nil)
            #expect(frame.minX == x && frame.width == width && button.fontSize == layout.fontSize)
            #expect(window.rootView.hitTest(Point(x: frame.midX, y: 22)) === button)
            #expect(
                Font.measure(button.title, size: button.fontSize).width <= button.frame.width - 12,
                "\(button.title) is cut off")
            x += width + 6
        }
    }

    @Test func everyDemoHasACaptionAndSettings() {
        for demo in Demo.all {
            let (_, gallery) = open(demo.id)
            #expect(!demo.caption.isEmpty)
            #expect(gallery.settingControls.count >= 2, "\(demo.id) has \(gallery.settingControls.count) settings")
            #expect(gallery.panel?.caption.text == demo.caption)
            // The caption fits on its line at the panel's font size.
            #expect(Font.measure(demo.caption, size: 13).width <= 776, "\(demo.id)'s caption is cut off")
            #expect(
                gallery.panel?.status.text.hasPrefix("touch: ") == true,
                "\(demo.id): \(gallery.panel?.status.text ?? "")")
            // The settings fit on their line, with room left for the status.
            let end = gallery.settingControls.map(\.frame.maxX).max() ?? 0
            #expect(end <= 800 - 12 - 60, "\(demo.id)'s settings end at \(end)")
        }
    }

    @Test func listSettingsChangeTheLiveList() throws {
        let (window, gallery) = open("list")
        let list = try #require(containers(gallery).first)
        #expect(list.delaysContentTouches && list.canCancelContentTouches && list.bounces)
        try choose("Delay", "off", in: gallery, window: window)
        #expect(!list.delaysContentTouches)
        try choose("Cancel", "off", in: gallery, window: window)
        #expect(!list.canCancelContentTouches)
        try choose("Bounce", "off", in: gallery, window: window)
        #expect(!list.bounces)
        try choose("Bars", "on", in: gallery, window: window)
        #expect(list.scrollbarVisibility == .always)
        try choose("Style", "light", in: gallery, window: window)
        #expect(list.indicatorStyle == .light)
        // The taps on the panel did not scroll the list.
        #expect(list.contentOffset == .zero)
    }

    /// <doc:ScrollBehaviour> §13: the paging demo read right to left starts at its right end on page 1 (the app put
    /// page 1 there), and a flick with the finger moving right turns to page 2 (the next page is on the left).
    @Test func thePagingDemoReadsRightToLeft() throws {
        let (window, gallery) = open("paging")
        let pager = try #require(containers(gallery).first)
        try choose("Direction", "RTL", in: gallery, window: window)
        #expect(pager.layoutDirection == .rightToLeft)
        let width = pager.bounds.width
        #expect(pager.contentOffset.x == width * Double(PagingDemo.pageCount - 1))
        #expect(pager.currentPage.column == 0)
        // Page 1's list (the pager's first subview) is the one at the right end.
        #expect(containers(gallery)[1].frame.minX == width * 4)
        let y = pager.convert(Point(x: 0, y: pager.bounds.midY), to: nil).y
        window.drag(from: Point(x: 100, y: y), by: Point(x: 200, y: 0), duration: .milliseconds(80), steps: 5)
        window.advance(by: .seconds(1))
        #expect(pager.currentPage.column == 1)
        #expect(pager.contentOffset.x == width * Double(PagingDemo.pageCount - 2))
    }

    @Test func settingsOfTheOtherDemosChangeTheirContainers() throws {
        do {
            let (window, gallery) = open("paging")
            let pager = try #require(containers(gallery).first)
            try choose("Paging", "off", in: gallery, window: window)
            #expect(!pager.isPagingEnabled)
            try choose("Lock", "on", in: gallery, window: window)
            #expect(pager.isDirectionalLockEnabled)
        }
        do {
            let (window, gallery) = open("lock")
            let strict = try #require(containers(gallery).first)
            #expect(strict.isDirectionalLockEnabled)
            try choose("Lock", "off", in: gallery, window: window)
            #expect(!strict.isDirectionalLockEnabled)
        }
        do {
            let (window, gallery) = open("canvas")
            let canvas = try #require(containers(gallery).first)
            #expect(canvas.minimumNumberOfTouches == 2)
            try choose("Scroll with", "1 finger", in: gallery, window: window)
            #expect(canvas.minimumNumberOfTouches == 1)
            try choose("Zoom", "off", in: gallery, window: window)
            #expect(canvas.minimumZoomScale == 1 && canvas.maximumZoomScale == 1)
        }
        do {
            let (window, gallery) = open("fling")
            let lists = containers(gallery)
            #expect(lists.map(\.decelerationRate) == [.normal, .fast])
            try choose("Left", "fast", in: gallery, window: window)
            try choose("Right", "normal", in: gallery, window: window)
            #expect(lists.map(\.decelerationRate) == [.fast, .normal])
        }
        do {
            let (window, gallery) = open("wheel")
            let list = try #require(containers(gallery).first)
            try choose("Smooth wheel", "off", in: gallery, window: window)
            #expect(!list.smoothWheelScrolling)
        }
        do {
            let (window, gallery) = open("zoom")
            let zoom = try #require(containers(gallery).first)
            #expect(zoom.minimumZoomScale == 0.5 && zoom.maximumZoomScale == 6)
            try choose("Zoom limits", "1-3x", in: gallery, window: window)
            #expect(zoom.minimumZoomScale == 1 && zoom.maximumZoomScale == 3)
            try choose("Bounce zoom", "off", in: gallery, window: window)
            #expect(!zoom.bouncesZoom)
        }
    }

    @Test func settingsSurviveAResizeAndADemoSwitch() throws {
        let (window, gallery) = open("list")
        try choose("Bounce", "off", in: gallery, window: window)
        window.core.resize(to: Size(width: 700, height: 500))
        window.advance(by: .milliseconds(16))
        #expect(gallery.demoFrame == Rect(x: 0, y: 44, width: 700, height: 500 - 44 - DemoPanel.height))
        #expect(containers(gallery).first?.bounces == false)
        #expect(containers(gallery).first?.frame.width == 700)
        gallery.show("paging")
        gallery.show("list")
        #expect(containers(gallery).first?.bounces == false)
        #expect(gallery.settingControls.first { $0.title == "Bounce" }?.selectedIndex == 1)
    }

    /// The digit row picks the demos in the bar's order: 1-9, then 0 for the tenth.
    @Test func digitKeysSwitchDemosAndEscapeQuits() {
        let (window, gallery) = open("list")
        var shown: [String] = []
        var quits = 0
        gallery.onShow = { shown.append($0.id) }
        gallery.onQuit = { quits += 1 }
        let digits: [UInt32] = [0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x30]
        #expect(Demo.all.count >= 10)
        for (n, demo) in Demo.all.prefix(digits.count).enumerated() {
            window.key(.other(digits[n]), pressed: true)
            window.key(.other(digits[n]), pressed: false)
            #expect(gallery.selected == demo.id)
        }
        #expect(shown == Demo.all.prefix(digits.count).map(\.id))
        // ':' (after '9') is no demo; Ctrl+1 is not a switch (Ctrl + digits are the zoom demo's keys).
        window.key(.other(0x3A), pressed: true)
        window.key(.other(0x31), pressed: true, modifiers: [.control])
        #expect(gallery.selected == Demo.all[9].id)
        #expect(quits == 0)
        window.key(.escape, pressed: true)
        #expect(quits == 1)
        #expect(GalleryView.windowTitle(for: "zoom") == "Gallery · Zoom")
    }

    /// GalleryEndToEndTests and MutterTouchTests read the list demo's pixels: the list right under the 44 pt bar,
    /// 56 pt rows, and no "dark" pixel (every channel below 0x60) down x = 500 but a pressed row.
    @Test func listDemoKeepsTheLayoutTheEndToEndTestsRead() throws {
        let (window, gallery) = open("list")
        let list = try #require(containers(gallery).first)
        #expect(list.frame.origin == Point(x: 0, y: 44) && list.frame.width == 800)
        #expect(list.subviews.first?.frame.height == 56)
        let image = window.render()
        for y in 44..<600 {
            let p = image.pixel(x: 500, y: y)
            let dark = (p >> 16) & 0xFF < 0x60 && (p >> 8) & 0xFF < 0x60 && p & 0xFF < 0x60
            #expect(!dark, "dark pixel at (500, \(y)): \(String(p, radix: 16))")
        }
        // The empty spot of the bar MutterTouchTests taps (780, 22) is no control.
        #expect(!(window.rootView.hitTest(Point(x: 780, y: 22)) is Control))
        // The paging test's vertical drag starts at y 540: above the panel.
        #expect(gallery.demoFrame.maxY > 540)
    }

    /// The lock demo's two grids under the same diagonal drag (37 degrees from horizontal): the strict one moves
    /// along x only; the UIKit-like one decides "diagonal" and moves along both axes.
    @Test func lockDemoShowsTheLeakNextToTheStrictLock() throws {
        let (window, gallery) = open("lock")
        let grids = containers(gallery)
        try #require(grids.count == 2)
        let (strict, leaky) = (grids[0], grids[1])
        #expect(strict.frame.minX > leaky.frame.minX, "the strict grid is on the right")
        let frame = gallery.demoFrame
        Demo.named("lock")!.script(window, frame)
        #expect(strict.contentOffset.x > 250 && strict.contentOffset.y == 0)
        #expect(leaky.contentOffset.x > 250 && leaky.contentOffset.y > 100)
    }

    @Test func plotsFollowTheFlingAndCountNoMoreThanTheirCapacity() throws {
        let (window, gallery) = open("fling")
        Demo.named("fling")!.script(window, gallery.demoFrame)
        window.advance(by: .seconds(6))  // both flings end
        var plots: [MotionPlot] = []
        var queue: [View] = [gallery]
        while let view = queue.popLast() {
            if let plot = view as? MotionPlot { plots.append(plot) }
            queue += view.subviews
        }
        let plot = try #require(plots.first)
        for series in plot.series {
            #expect(series.offsets.count > 10 && series.offsets.count <= series.offsets.capacity)
            // Flung upwards: the offset grew, and the last velocity is zero (at rest).
            #expect(series.offsets.last!.value > series.offsets[0].value)
            #expect(series.velocities.last?.value == 0)
        }
    }

    /// The status line names the arbitration state of the touch: pending until the 150 ms delay, then the content
    /// (the row shows its press), dragging once the finger moves past the slop, decelerating after a flick.
    @Test func statusFollowsTheArbitrationOfTheTouch() throws {
        let (window, gallery) = open("list")
        let status = try #require(gallery.panel?.status)
        #expect(status.text == "touch: idle")
        window.touchDown(id: 1, at: Point(x: 400, y: 300))
        window.advance(by: .milliseconds(50))
        #expect(status.text == "touch: pending")
        window.advance(by: .milliseconds(150))
        #expect(status.text == "touch: content")
        for step in 1...6 {
            window.advance(by: .milliseconds(10))
            window.touchMove(id: 1, to: Point(x: 400, y: 300 - 30 * Double(step)))
        }
        #expect(status.text == "touch: dragging")
        window.touchUp(id: 1)
        window.advance(by: .milliseconds(16))
        #expect(status.text == "touch: decelerating")
        window.advance(by: .seconds(6))
        #expect(status.text == "touch: idle")
    }

    @Test func sampleRingKeepsTheNewest() {
        var ring = SampleRing(capacity: 4)
        for i in 0..<10 { ring.append(time: Double(i), value: Double(i) * 10) }
        #expect(ring.count == 4)
        #expect((0..<4).map { ring[$0].value } == [60, 70, 80, 90])
        ring.replaceLast(value: 1)
        #expect(ring.last?.value == 1)
    }

    /// The contacts demo: a million rows, a pinned letter header, jumps by letter, rows added at the top while
    /// the rows in view stay still, and a bounded number of live views in the status line.
    @Test func contactsDemoJumpsAndInsertsWithTheRowsStill() throws {
        let (window, gallery) = open("contacts")
        let list = try #require(containers(gallery).first as? ListContainer)
        #expect(list.numberOfRows == 1_000_000)
        #expect(gallery.panel?.status.text.contains("rows: 1000000") == true)
        try choose("Jump", "M", in: gallery, window: window)
        let header = 12 * ContactBook.rowsPerLetter
        #expect(list.visibleRows.lowerBound == header)
        #expect(list.contentOffset.y == list.frameForRow(header).minY)
        // Read a little further: the "M" header stays pinned at the top.
        window.drag(from: Point(x: 400, y: 400), by: Point(x: 0, y: -200), duration: .milliseconds(400), steps: 20)
        window.advance(by: .seconds(6))
        #expect(!list.isDecelerating)
        let pinned = try #require(list.view(forRow: header))
        #expect(pinned.frame.minY == list.contentOffset.y)
        let top = list.visibleRows.lowerBound + 1
        let view = try #require(list.view(forRow: top))
        let y = view.convert(Point.zero, to: nil).y
        // "+3": three rows at the top; the row read moves three rows down in the list, not on screen.
        var queue: [View] = [gallery]
        var index = 0
        while index < queue.count {
            queue += queue[index].subviews
            index += 1
        }
        let plus = try #require(queue.first { ($0 as? Button)?.title == "+3" })
        window.tap(plus.convert(Point(x: 10, y: 10), to: nil))
        #expect(list.numberOfRows == 1_000_003)
        #expect(list.view(forRow: top + 3) === view)
        #expect(view.convert(Point.zero, to: nil).y == y)
        #expect(list.numberOfLiveViews <= 40)
        #expect(gallery.panel?.status.text.contains("rows: 1000003") == true)
    }

    /// "Sync" applies 1,000 changes, some among and above the rows in view, animated: the first row in view that
    /// survives them stays still at every frame; taps select rows and the status line counts them.
    @Test func contactsSyncKeepsTheRowReadStillAndTapsSelect() throws {
        let (window, gallery) = open("contacts")
        let list = try #require(containers(gallery).first as? ListContainer)
        try choose("Jump", "E", in: gallery, window: window)
        window.drag(from: Point(x: 400, y: 400), by: Point(x: 0, y: -300), duration: .milliseconds(400), steps: 20)
        window.advance(by: .seconds(6))
        let shown = list.visibleRows.compactMap { list.view(forRow: $0) }.filter {
            $0.frame.minY >= list.contentOffset.y
        }
        let before = shown.map { $0.convert(Point.zero, to: nil).y }
        var queue: [View] = [gallery]
        var index = 0
        while index < queue.count {
            queue += queue[index].subviews
            index += 1
        }
        let sync = try #require(queue.first { ($0 as? Button)?.title == "Sync" })
        window.tap(sync.convert(Point(x: 10, y: 10), to: nil))
        #expect(list.numberOfRows == 1_000_000 - 400 + 400)
        let survivor = try #require(shown.indices.first { list.accessibilityItemIndex(of: shown[$0]) != nil })
        var worst = 0.0
        for _ in 0..<24 {
            worst = max(worst, abs(shown[survivor].convert(Point.zero, to: nil).y - before[survivor]))
            window.advance(by: .milliseconds(16))
        }
        #expect(worst <= 0.5)
        // Two taps select two rows (multiple selection), counted in the status line.
        let rowY = shown[survivor].convert(Point(x: 200, y: 10), to: nil)
        window.tap(rowY)
        window.advance(by: .milliseconds(100))
        window.tap(Point(x: rowY.x, y: rowY.y + 100))
        window.advance(by: .milliseconds(100))
        #expect(list.selectedRows.count == 2)
        #expect(gallery.panel?.status.text.contains("selected: 2") == true)
    }

    /// A screen reader hears each contact's name and number, and each header's letter, from the list items.
    @Test func contactRowsAndHeadersAreNamedForScreenReaders() throws {
        let (window, gallery) = open("contacts")
        let list = try #require(containers(gallery).first as? ListContainer)
        let tree = window.core.accessibility
        let header = try #require(list.view(forRow: 0))
        #expect(tree.name(of: header) == "A")
        let first = try #require(list.view(forRow: 1))
        #expect(tree.name(of: first) == "Aararar, Ada")
        let withNumber = try #require(list.view(forRow: 3))  // one contact in three has a number
        #expect(tree.name(of: withNumber) == "\(ContactBook.name(ofBaseRow: 3, letter: "A")), +1 555 103 1003")
    }

    /// The contacts come in alphabetical order within each letter, as a contacts app sorts them, and each letter
    /// has exactly one header, the last letter taking the rows past 26 full letters.
    @Test func contactsAreSortedWithinEachLetterAndEachLetterHasOneHeader() {
        let book = ContactBook()
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var headers = 0
        var previous = ""
        for row in 0..<book.numberOfRows(in: list) {
            if book.list(list, isHeaderRow: row) {
                headers += 1
                previous = ""
                continue
            }
            let name = ContactBook.name(ofBaseRow: row, letter: book.letter(ofRow: row))
            #expect(name.hasPrefix(String(book.letter(ofRow: row))))
            if name <= previous {
                Issue.record("row \(row): \(name) after \(previous)")
                return
            }
            previous = name
        }
        #expect(headers == 26)
        #expect(ContactBook.name(ofBaseRow: 1, letter: "A") == "Aararar, Ada")
        #expect(ContactBook.name(ofBaseRow: 999_999, letter: "Z").hasPrefix("Zpelpel"))
    }
}
