// <doc:ScrollBehaviour> §14, latching: a touch drag goes to the innermost container under it that can move in the
// drag's initial direction; an `.automatic` container at its edge that way is passed over, a `.contained` one keeps
// the drag and rubber-bands.

import Testing

@testable import ToolkitCore

@MainActor @Suite struct ScrollChainingTests {
    /// A vertical feed (400 x 800 over 4000 pt) holding, at content y 600, a comment list 400 x 300 over 1000 pt (its
    /// range 0...700). With the feed at 500 the list shows at window y 100...400.
    @MainActor struct Feed {
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let feed = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let comments = ScrollContainer(frame: Rect(x: 0, y: 600, width: 400, height: 300))
        let feedDelegate = RecordingDelegate()
        let commentsDelegate = RecordingDelegate()

        init() {
            feed.contentSize = Size(width: 400, height: 4000)
            comments.contentSize = Size(width: 400, height: 1000)
            comments.addSubview(RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 1000)))
            feed.addSubview(comments)
            feed.delegate = feedDelegate
            comments.delegate = commentsDelegate
            window.rootView.addSubview(feed)
        }

        /// A slow drag of the finger by `dy` starting at the middle of the comment list, held before lifting (no
        /// fling). The delegates' records start here.
        func drag(by dy: Double, lift: Bool = true) {
            feedDelegate.events = []
            commentsDelegate.events = []
            let y = 750 - feed.contentOffset.y
            window.drag(
                from: Point(x: 200, y: y), to: Point(x: 200, y: y + dy), steps: 10, durationMS: 200,
                holdMS: 100, lift: lift)
        }
    }

    @Test func aDragStartingInAListAtItsBottomEdgeMovesTheFeed() {
        let f = Feed()
        f.comments.contentOffset = Point(x: 0, y: 700)  // at its bottom edge
        f.feed.contentOffset = Point(x: 0, y: 500)
        // The finger goes up 120 pt: the content would move down the range, which the list cannot.
        f.drag(by: -120, lift: false)
        #expect(f.feed.isDragging && !f.comments.isDragging)
        #expect(f.feed.contentOffset.y == 610)  // 120 less the 10 pt slop
        #expect(f.comments.contentOffset.y == 700)
        f.window.touchUp(id: 1)
        f.window.advance(ms: 1000)
        #expect(f.feed.contentOffset.y == 610 && f.comments.contentOffset.y == 700)
        #expect(f.commentsDelegate.events.isEmpty)
        #expect(f.feedDelegate.milestones == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
    }

    @Test func theSameListTakesADragAwayFromItsEdge() {
        let f = Feed()
        f.comments.contentOffset = Point(x: 0, y: 700)
        f.feed.contentOffset = Point(x: 0, y: 500)
        f.drag(by: 120)  // finger down: the list can move up its range
        #expect(f.comments.contentOffset.y == 590 && f.feed.contentOffset.y == 500)
        f.window.advance(ms: 1000)
        // In the middle of its range the list takes drags both ways.
        f.drag(by: -60)
        #expect(f.comments.contentOffset.y == 640 && f.feed.contentOffset.y == 500)
    }

    @Test func aListAtItsTopEdgePassesAPullDownToTheFeed() {
        let f = Feed()
        f.feed.contentOffset = Point(x: 0, y: 500)
        f.drag(by: 100)
        #expect(f.feed.contentOffset.y == 410 && f.comments.contentOffset.y == 0)
    }

    @Test func aContainedListKeepsTheDragAndRubberBands() {
        let f = Feed()
        f.comments.scrollChaining = .contained
        f.comments.contentOffset = Point(x: 0, y: 700)
        f.feed.contentOffset = Point(x: 0, y: 500)
        f.drag(by: -120, lift: false)
        #expect(f.comments.isDragging && !f.feed.isDragging)
        #expect(f.comments.contentOffset.y > 700)  // the rubber band
        #expect(f.feed.contentOffset.y == 500)
        f.window.touchUp(id: 1)
        f.window.advance(ms: 1000)
        #expect(f.comments.contentOffset.y == 700)
    }

    @Test func withNothingAroundAbleToMoveTheListKeepsTheDragAndTheOutermostStretches() {
        let f = Feed()
        f.feed.contentOffset = Point(x: 0, y: 0)  // the feed at its top edge, the list too (window 600...900)
        f.window.drag(
            from: Point(x: 200, y: 650), to: Point(x: 200, y: 770), steps: 10, durationMS: 200,
            holdMS: 100, lift: false)
        // The list latched; what nobody can use (110 pt) rubber-bands on the outermost container that bounces.
        #expect(f.comments.isDragging && f.feed.isDragging)
        #expect(f.comments.contentOffset.y == 0)
        #expect(abs(f.feed.contentOffset.y + (1 - 1 / (110 * 0.55 / 800 + 1)) * 800) < 1e-9)
        f.window.touchUp(id: 1)
        f.window.advance(ms: 1000)
        #expect(f.comments.contentOffset.y == 0 && f.feed.contentOffset.y == 0)
    }

    @Test func aContainedContainerAroundTakesThePassedOverDragEvenAtItsEdge() {
        // feed > section (contained, at its edge) > list (automatic, at its edge): the list is passed over, the
        // section takes the drag and rubber-bands; the feed, which could move, is not reached.
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let feed = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        feed.contentSize = Size(width: 400, height: 4000)
        let section = ScrollContainer(frame: Rect(x: 0, y: 100, width: 400, height: 600))
        section.contentSize = Size(width: 400, height: 1200)
        section.scrollChaining = .contained
        let list = ScrollContainer(frame: Rect(x: 0, y: 100, width: 400, height: 300))
        list.contentSize = Size(width: 400, height: 900)
        section.addSubview(list)
        feed.addSubview(section)
        window.rootView.addSubview(feed)
        feed.contentOffset = Point(x: 0, y: 500)
        section.contentOffset = Point(x: 0, y: 600)
        list.contentOffset = Point(x: 0, y: 600)
        list.frame = Rect(x: 0, y: 700, width: 400, height: 300)  // section content y 700...1000: on screen
        feed.contentOffset = Point(x: 0, y: 0)
        // Window y of the list: 0 (feed) + 100 (section) + 700 - 600 = 200...500.
        window.drag(
            from: Point(x: 200, y: 450), to: Point(x: 200, y: 330), steps: 10, durationMS: 200, holdMS: 100,
            lift: false)
        #expect(section.isDragging && !feed.isDragging && !list.isDragging)
        #expect(section.contentOffset.y > 600 && feed.contentOffset.y == 0 && list.contentOffset.y == 600)
        window.touchUp(id: 1)
    }

    @Test func orthogonalNestingIsUnchanged() {
        // A horizontal carousel at its right edge inside the vertical feed: a vertical drag scrolls the feed, a
        // horizontal drag toward the edge is not given to the feed (which cannot scroll horizontally).
        let window = HeadlessWindow(size: Size(width: 400, height: 800))
        let feed = ScrollContainer(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        feed.contentSize = Size(width: 400, height: 4000)
        let carousel = ScrollContainer(frame: Rect(x: 0, y: 200, width: 400, height: 200))
        carousel.contentSize = Size(width: 1200, height: 200)
        feed.addSubview(carousel)
        window.rootView.addSubview(feed)
        carousel.contentOffset = Point(x: 800, y: 0)
        window.drag(
            from: Point(x: 300, y: 300), to: Point(x: 100, y: 300), steps: 10, durationMS: 200, holdMS: 100,
            lift: false)
        #expect(carousel.isDragging && carousel.contentOffset.x > 800)  // rubber band: nobody else scrolls x
        #expect(feed.contentOffset.y == 0)
        window.touchUp(id: 1)
        window.advance(ms: 1000)
        window.drag(from: Point(x: 200, y: 350), to: Point(x: 200, y: 250), steps: 10, durationMS: 200, holdMS: 100)
        #expect(feed.contentOffset.y == 90 && carousel.contentOffset.x == 800)
    }
}
