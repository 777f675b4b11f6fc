// <doc:ScrollBehaviour> §19, the window's keyboard focus: when the window (a GTK host widget) gains it with no view
// focused, the view that had the focus when it left gets it back, else the first list or grid; while the window
// lacks it no view is focused and no focus ring is drawn.

import Foundation
import Testing

@testable import ToolkitCore

@MainActor
private struct FocusScene {
    let window = HeadlessWindow(size: Size(width: 400, height: 800))
    /// A plain scroll container first in the tree: focusable, but not a list or grid.
    let plain = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 200))
    let first = ListContainer(frame: Rect(x: 0, y: 200, width: 400, height: 300))
    let second = ListContainer(frame: Rect(x: 0, y: 500, width: 400, height: 300))
    let rows = RecordingRows(count: 1000)

    init() {
        plain.contentSize = Size(width: 400, height: 2000)
        for view in [plain, first, second] { window.rootView.addSubview(view) }
        first.dataSource = rows
        second.dataSource = rows
        first.selectionMode = .single
        second.selectionMode = .single
        window.advance(by: .milliseconds(20))
    }

    var core: WindowCore { window.core }

    func focus(_ focused: Bool) {
        core.handle(.keyboardFocus(focused))
        window.advance(by: .milliseconds(20))
    }

    func press(_ key: Key) {
        window.key(key, pressed: true)
        window.key(key, pressed: false)
    }
}

@MainActor @Suite struct WindowKeyboardFocusTests {
    @Test func gainingTheFocusFocusesTheFirstListAndItsKeysMoveTheFocusedRow() {
        let s = FocusScene()
        s.focus(false)
        #expect(s.core.focusedView == nil)
        s.focus(true)
        #expect(s.core.focusedView === s.first)
        s.first.focusedRow = 0
        s.press(.down)
        s.press(.down)
        #expect(s.first.focusedRow == 2)
        #expect(s.plain.contentOffset.y == 0)
    }

    @Test func losingTheFocusUnfocusesAndHidesTheRingThenGivesTheFocusBack() {
        let s = FocusScene()
        s.core.setFocus(s.second)
        s.second.focusedRow = 1
        #expect(s.second.engine.focusRingRect() != nil)
        s.focus(false)
        #expect(s.core.focusedView == nil)
        #expect(s.second.engine.focusRingRect() == nil)
        s.focus(true)
        #expect(s.core.focusedView === s.second)
        #expect(s.second.engine.focusRingRect() != nil)
        s.press(.down)
        #expect(s.second.focusedRow == 2)
    }

    @Test func aViewSetWhileUnfocusedIsKept() {
        let s = FocusScene()
        s.core.setFocus(s.second)
        s.focus(false)
        s.core.setFocus(s.plain)
        s.focus(true)
        #expect(s.core.focusedView === s.plain)
    }

    @Test func aViewThatLeftWhileUnfocusedIsNotGivenTheFocusBack() {
        let s = FocusScene()
        s.core.setFocus(s.second)
        s.focus(false)
        s.second.removeFromSuperview()
        s.focus(true)
        #expect(s.core.focusedView === s.first)
    }

    @Test func withNoListOrGridNoViewIsFocusedAndKeysScrollTheOutermostContainer() {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let plain = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        plain.contentSize = Size(width: 400, height: 4000)
        window.rootView.addSubview(plain)
        window.core.handle(.keyboardFocus(false))
        window.core.handle(.keyboardFocus(true))
        #expect(window.core.focusedView == nil)
        window.key(.down, pressed: true)
        window.key(.down, pressed: false)
        window.advance(by: .milliseconds(300))
        #expect(plain.contentOffset.y == 40)
    }

    @Test func aHiddenListIsPassedOver() {
        let s = FocusScene()
        s.first.isHidden = true
        s.focus(false)
        s.focus(true)
        #expect(s.core.focusedView === s.second)
    }
}
