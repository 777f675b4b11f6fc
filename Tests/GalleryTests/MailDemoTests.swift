import Foundation
import Testing
import Toolkit

@testable import Examples

/// The gallery's Mail demo driven headless (<doc:ScrollBehaviour> §21): its Edit setting turns the inbox into a
/// list whose rows move by a long press and whose messages a tap selects. Layout: the demo area starts at window
/// y 44, its strip is 40 pt tall, rows are `MailInbox.rowHeight` (76 pt), so row r's middle is at window
/// y 84 + 76 r + 38.
@MainActor
struct MailDemoTests {
    @MainActor
    private final class Scene {
        let window: HeadlessWindow
        let gallery: GalleryView
        var events: [String] = []

        init() throws {
            (window, gallery) = HeadlessGallery.open("mail")
            GalleryEvents.report = { [unowned self] in if $0.hasPrefix("mail ") { events.append($0) } }
        }

        deinit { MainActor.assumeIsolated { GalleryEvents.report = nil } }

        var list: ListContainer {
            get throws { try #require(gallery.demoView?.subviews.compactMap { $0 as? ListContainer }.first) }
        }

        var status: String { gallery.panel?.status.text ?? "" }

        func rowMiddle(_ row: Int) -> Double { 84 + 76 * Double(row) + 38 }

        func choose(_ title: String, _ choice: String) throws {
            let control = try #require(gallery.settingControls.first { $0.title == title }, "no setting \(title)")
            let index = try #require(control.choices.firstIndex(of: choice), "no choice \(choice) in \(title)")
            let rect = control.segmentRects()[index]
            window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
            #expect(control.selectedIndex == index)
        }
    }

    @Test func editModeMovesAMessageByALongPressAndTheInboxFollows() throws {
        let s = try Scene()
        try s.choose("Edit", "on")
        let list = try s.list
        #expect(list.reorderingEnabled)
        #expect(list.selectionMode == .multiple)
        // Hold message 1 (row 1) for 0.6 s, drag it down three rows, hold, lift.
        s.window.touchDown(id: 1, at: Point(x: 300, y: s.rowMiddle(1)))
        s.window.advance(by: .milliseconds(600))
        #expect(list.movingRow == 1)
        for step in 1...30 {
            s.window.advance(by: .milliseconds(16))
            s.window.touchMove(id: 1, to: Point(x: 300, y: s.rowMiddle(1) + 76 * 3 * Double(step) / 30))
        }
        s.window.advance(by: .milliseconds(300))
        s.window.touchUp(id: 1)
        s.window.advance(by: .milliseconds(500))
        #expect(s.events.filter { $0.hasPrefix("mail moved") } == ["mail moved message 1 from 1 to 4"])
        #expect(list.movingRow == nil)
    }

    @Test func editModeSelectsSeveralMessagesAndSwipesWait() throws {
        let s = try Scene()
        try s.choose("Edit", "on")
        let list = try s.list
        s.window.tap(Point(x: 300, y: s.rowMiddle(0)))
        s.window.advance(by: .milliseconds(400))
        s.window.tap(Point(x: 300, y: s.rowMiddle(2)))
        s.window.advance(by: .milliseconds(400))
        #expect(list.selectedRows == IndexSet([0, 2]))
        #expect(s.status.hasSuffix("selected: 2"), "\(s.status)")
        // A swipe in Edit mode opens nothing: the row stays where it is laid out.
        s.window.drag(
            from: Point(x: 600, y: s.rowMiddle(3)), by: Point(x: -200, y: 0), duration: .milliseconds(300),
            steps: 15)
        s.window.advance(by: .milliseconds(400))
        #expect(list.view(forRow: 3)?.frame.minX == 0)
        try s.choose("Edit", "off")
        #expect(list.selectedRows.isEmpty)
        #expect(!list.reorderingEnabled)
    }
}
