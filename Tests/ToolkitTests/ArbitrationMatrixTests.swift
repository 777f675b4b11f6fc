// The behaviour matrix: delaysContentTouches x canCancelContentTouches x isDirectionalLockEnabled x
// isPagingEnabled (16 cells), each running a tap, a slow drag and a fling with the outcome expected there.

import Testing

@testable import ToolkitCore

struct MatrixCell: Sendable, CustomTestStringConvertible {
    var delays: Bool, canCancel: Bool, lock: Bool, paging: Bool
    var testDescription: String { "delays=\(delays) cancel=\(canCancel) lock=\(lock) paging=\(paging)" }

    static let all: [MatrixCell] = {
        var cells: [MatrixCell] = []
        for d in [false, true] {
            for c in [false, true] {
                for l in [false, true] {
                    for p in [false, true] {
                        cells.append(MatrixCell(delays: d, canCancel: c, lock: l, paging: p))
                    }
                }
            }
        }
        return cells
    }()
}

@MainActor @Suite struct ArbitrationMatrixTests {
    let start = Point(x: 200, y: 300)

    /// A 400 x 400 container over 4000 x 4000 content, starting at (1200, 1200) (a page boundary).
    func scene(_ cell: MatrixCell) -> ScrollScene {
        let s = ScrollScene(viewport: Size(width: 400, height: 400), contentSize: Size(width: 4000, height: 4000))
        s.container.delaysContentTouches = cell.delays
        s.container.canCancelContentTouches = cell.canCancel
        s.container.isDirectionalLockEnabled = cell.lock
        s.container.isPagingEnabled = cell.paging
        s.container.contentOffset = Point(x: 1200, y: 1200)
        s.delegate.events.removeAll()
        return s
    }

    func isOnPage(_ v: Double) -> Bool { v.truncatingRemainder(dividingBy: 400) == 0 }

    @Test(arguments: MatrixCell.all)
    func tapIsDeliveredAndNothingScrolls(_ cell: MatrixCell) {
        let s = scene(cell)
        s.window.touchDown(id: 1, at: start)
        #expect(s.content.calls.map(\.kind) == (cell.delays ? [] : [.began]))
        s.window.advance(ms: 50)
        s.window.touchUp(id: 1)
        #expect(s.content.calls.map(\.kind) == [.began, .ended])
        s.window.advance(ms: 500)
        #expect(s.container.contentOffset == Point(x: 1200, y: 1200))
        #expect(s.delegate.events.isEmpty)
    }

    @Test(arguments: MatrixCell.all)
    func slowDragAfterTheDelay(_ cell: MatrixCell) {
        // Down, wait (the content has it in every cell), then a slow mostly-vertical drag, hold, lift.
        let s = scene(cell)
        s.window.touchDown(id: 1, at: start)
        s.window.advance(ms: 200)
        #expect(s.content.calls.first?.kind == .began)
        s.window.moveLinearly(id: 1, from: start, to: start - Point(x: 45, y: 150), steps: 30, durationMS: 1000)
        s.window.advance(ms: 100)
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        let o = s.container.contentOffset
        if !cell.canCancel {
            // The content keeps the touch; the container never scrolls.
            #expect(s.content.summary == [.began, .moved, .ended])
            #expect(o == Point(x: 1200, y: 1200))
            return
        }
        // The first 5.2 pt step stays inside the 10 pt slop and reaches the content; the second crosses it and the
        // container takes the touch.
        #expect(s.content.summary == [.began, .moved, .cancelled])
        if cell.paging {
            #expect(o == Point(x: 1200, y: 1200))  // under half a page: back to the page
        } else {
            #expect(o.y > 1330 && o.y < 1350)
            if cell.lock { #expect(o.x == 1200) } else { #expect(o.x > 1230) }
        }
        #expect(s.delegate.events.first == "willBeginDragging")
    }

    @Test(arguments: MatrixCell.all)
    func flingRightAway(_ cell: MatrixCell) {
        // A fast mostly-vertical flick starting at once.
        let s = scene(cell)
        s.window.touchDown(id: 1, at: start)
        for k in 1...4 {
            s.window.advance(ms: 12.5)
            s.window.touchMove(id: 1, to: start - Point(x: 20 * Double(k), y: 60 * Double(k)))
        }
        s.window.touchUp(id: 1)
        s.window.settle(s.container)
        let o = s.container.contentOffset
        if !cell.delays && !cell.canCancel {
            // The content had the touch from the down and keeps it.
            #expect(s.content.summary == [.began, .moved, .ended])
            #expect(o == Point(x: 1200, y: 1200))
            return
        }
        if cell.delays {
            #expect(s.content.calls.isEmpty)  // the drag started before the delay
        } else {
            #expect(s.content.summary == [.began, .cancelled])
        }
        if cell.paging {
            #expect(o.y == 1600)  // the next page, never further
            #expect(isOnPage(o.x))
            if cell.lock { #expect(o.x == 1200) }
        } else {
            #expect(o.y > 1800)
            if cell.lock { #expect(o.x == 1200) } else { #expect(o.x > 1300) }
        }
        #expect(s.delegate.events.last == "didEndDecelerating")
    }
}
