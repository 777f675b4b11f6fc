import Testing
import Toolkit

@testable import Examples

/// The gallery's nested demo driven headless (<doc:ScrollBehaviour> §14, §15): comment lists that hand the drag on
/// to the feed at their end, carousels that land on a photo's centre, pull to refresh with new posts at the top, and
/// anchoring that keeps the post being read in place. Layout facts: `NestedDemo`'s header comment.
@MainActor
struct NestedDemoTests {
    /// The demo in an 800 x 600 headless window: the feed lies at window y 44 ... 542.
    private func open() -> (HeadlessWindow, GalleryView, ScrollContainer) {
        let (window, gallery) = HeadlessGallery.open("nested")
        let feed = firstScrollContainer(in: gallery.demoView!)!
        return (window, gallery, feed)
    }

    /// The feed's posts, top to bottom.
    private func posts(_ feed: ScrollContainer) -> [PostView] {
        feed.subviews.compactMap { $0 as? PostView }.sorted { $0.frame.minY < $1.frame.minY }
    }

    private func choose(_ title: String, _ choice: String, in gallery: GalleryView, window: HeadlessWindow) throws {
        let control = try #require(gallery.settingControls.first { $0.title == title }, "no setting \(title)")
        let index = try #require(control.choices.firstIndex(of: choice), "no choice \(choice) in \(title)")
        let rect = control.segmentRects()[index]
        window.tap(control.convert(Point(x: rect.midX, y: rect.midY), to: nil))
        #expect(control.selectedIndex == index)
    }

    /// A vertical drag by `dy` over 400 ms in 20 moves, held still 200 ms before the lift (no fling).
    private func heldDrag(_ window: HeadlessWindow, from start: Point, dy: Double) {
        window.drag(from: start, by: Point(x: 0, y: dy), duration: .milliseconds(400), steps: 20, lift: false)
        window.advance(by: .milliseconds(200))
        window.touchUp(id: 1)
        window.advance(by: .milliseconds(600))
    }

    @Test func theFeedHoldsPostsWithCommentListsAndCarousels() throws {
        let (_, gallery, feed) = open()
        #expect(feed.frame == gallery.demoFrame)
        #expect(feed.scrollChaining == .automatic && feed.maintainsVisibleContentPosition)
        #expect(feed.refreshControl != nil)
        let all = posts(feed)
        #expect(all.count == NestedDemo.initialPosts)
        #expect(feed.contentSize.height == 12 * 352)
        let first = try #require(all.first)
        #expect(
            first.comments.convert(Rect(origin: .zero, size: first.comments.bounds.size), to: nil)
                == Rect(x: 16, y: 44 + 192, width: 768, height: 144))
        // More comments than fit: 8 x 36 pt in 144 pt.
        #expect(first.comments.contentSize.height - first.comments.bounds.height == 144)
        #expect(first.comments.scrollChaining == .automatic)
        #expect(first.carousel.snapping == .mandatory)
        let photos = first.carousel.subviews.compactMap { $0 as? PhotoView }
        #expect(photos.count == 8 && photos.allSatisfy { $0.snapAlignment == .center })
        // Photo i is centred at carousel offset 336 i: its centre minus the half width (400).
        #expect(photos.map { $0.frame.midX - 400 } == (0..<8).map { Double($0) * 336 })
        #expect(first.carousel.contentSize.width - 800 == 7 * 336)
    }

    /// §14: a drag up inside a comment list moves the list to its end (144 pt), then the feed by what the list could
    /// not use; a second drag starting in the list, now at its end, moves the feed only. The finger's 190 pt past
    /// the 10 pt slop are all accounted for each time.
    @Test func aDragPastTheEndOfACommentListMovesTheFeed() throws {
        let (window, gallery, feed) = open()
        let first = try #require(posts(feed).first)
        var events: [String] = []
        GalleryEvents.report = { events.append($0) }
        defer { GalleryEvents.report = nil }
        heldDrag(window, from: Point(x: 400, y: 44 + 316), dy: -200)
        #expect(first.comments.contentOffset.y == 144)
        #expect(feed.contentOffset.y == 190 - 144)
        // What --stats prints as it happens, for the end-to-end tests.
        #expect(events == ["nested drag ended feed 46.0, post 1 comments 144.0"])
        #expect(gallery.panel?.status.text == "touch: idle  ·  feed 46")
        // The list now lies at window y 44 + 192 - 46 ... : start inside it, at its end.
        heldDrag(window, from: Point(x: 400, y: 44 + 256), dy: -200)
        #expect(first.comments.contentOffset.y == 144)
        #expect(feed.contentOffset.y == 46 + 190)
        #expect(gallery.demoStats().prefix(2) == ["feed offset 0.0 236.0", "feed posts 12 refreshes 0"])
        #expect(gallery.demoStats().contains("post 1 comments offset 0.0 144.0"))
        #expect(gallery.panel?.status.text == "touch: idle  ·  feed 236")
    }

    /// §14, flings: a flick up in a comment list carries it to its end, where the feed takes the fling on; the list
    /// stops there without a bounce.
    @Test func aFlickInACommentListFlingsTheFeedOnAtItsEnd() throws {
        let (window, _, feed) = open()
        let first = try #require(posts(feed).first)
        window.drag(from: Point(x: 400, y: 44 + 316), by: Point(x: 0, y: -100), duration: .milliseconds(60), steps: 5)
        var listPeak = 0.0
        for _ in 0..<300 {
            window.advance(by: .milliseconds(16))
            listPeak = max(listPeak, first.comments.contentOffset.y)
        }
        #expect(listPeak == 144 && first.comments.contentOffset.y == 144)
        #expect(!feed.isDecelerating && feed.contentOffset.y > 100, "the feed rests at \(feed.contentOffset.y)")
    }

    /// `.contained` (the Chain setting): the list keeps the drag, rubber-bands at its end and springs back; the feed
    /// never moves.
    @Test func containedCommentListsKeepTheDrag() throws {
        let (window, gallery, feed) = open()
        try choose("Chain", "contained", in: gallery, window: window)
        let first = try #require(posts(feed).first)
        #expect(first.comments.scrollChaining == .contained && first.carousel.scrollChaining == .contained)
        heldDrag(window, from: Point(x: 400, y: 44 + 316), dy: -200)
        #expect(first.comments.contentOffset.y == 144 && feed.contentOffset.y == 0)
        heldDrag(window, from: Point(x: 400, y: 44 + 300), dy: -200)
        #expect(first.comments.contentOffset.y == 144 && feed.contentOffset.y == 0)
        // Back to .automatic: the same drag moves the feed by all of its 190 pt.
        try choose("Chain", "auto", in: gallery, window: window)
        heldDrag(window, from: Point(x: 400, y: 44 + 300), dy: -200)
        #expect(first.comments.contentOffset.y == 144 && feed.contentOffset.y == 190)
    }

    /// The settings reach every post, those a refresh brings later included.
    @Test func settingsApplyToEveryPostAndToNewOnes() throws {
        let (window, gallery, feed) = open()
        try choose("Snap", "near", in: gallery, window: window)
        #expect(posts(feed).allSatisfy { $0.carousel.snapping == .proximity })
        try choose("Snap", "off", in: gallery, window: window)
        #expect(posts(feed).allSatisfy { $0.carousel.snapping == .none })
        try choose("Chain", "contained", in: gallery, window: window)
        try choose("Anchor", "off", in: gallery, window: window)
        #expect(!feed.maintainsVisibleContentPosition)
        pull(window)
        window.advance(by: .seconds(2))
        let all = posts(feed)
        #expect(all.count == 14)
        #expect(all.allSatisfy { $0.comments.scrollChaining == .contained && $0.carousel.snapping == .none })
    }

    /// §15: a flick on a carousel lands on a photo's centre, exactly; a vertical drag on the carousel moves the feed
    /// (orthogonal nesting).
    @Test func aCarouselFlickLandsCentredOnAPhoto() throws {
        let (window, _, feed) = open()
        let first = try #require(posts(feed).first)
        var events: [String] = []
        GalleryEvents.report = { events.append($0) }
        defer { GalleryEvents.report = nil }
        window.drag(from: Point(x: 600, y: 44 + 114), by: Point(x: -150, y: 0), duration: .milliseconds(60), steps: 5)
        window.advance(by: .seconds(6))
        #expect(!first.carousel.isDecelerating && feed.contentOffset.y == 0)
        let x = first.carousel.contentOffset.x
        #expect(x > 0 && x.truncatingRemainder(dividingBy: 336) == 0, "the carousel rests at \(x)")
        let photo = try #require(first.carousel.subviews.first { abs($0.frame.midX - x - 400) < 0.001 })
        #expect(photo.convert(Point(x: photo.bounds.midX, y: 0), to: nil).x == 400)
        // What --stats prints as it happens, for the mutter test.
        #expect(events == ["nested photos rest post 1 offset \(x)"])
        heldDrag(window, from: Point(x: 400, y: 44 + 114), dy: -100)
        #expect(feed.contentOffset.y == 90 && first.carousel.contentOffset.x == x)
    }

    /// Pulls the feed down from post 0's header by 300 pt (290 past the slop: 121 pt of rubber-banded overscroll, past
    /// the 80 pt trigger) and lifts.
    private func pull(_ window: HeadlessWindow) {
        window.drag(
            from: Point(x: 400, y: 44 + 20), by: Point(x: 0, y: 300), duration: .milliseconds(500), steps: 20,
            lift: false)
        window.advance(by: .milliseconds(100))
        window.touchUp(id: 1)
    }

    /// §15: at the top of its range (while refreshing that is `minOffset - height`, where the control rests)
    /// anchoring does not apply: the new posts show under the spinner, and `endRefreshing()` brings the first one to
    /// the top in 0.3 s.
    @Test func pullToRefreshShowsTheNewPostsAtTheTop() throws {
        let (window, gallery, feed) = open()
        let control = try #require(feed.refreshControl)
        let oldFirst = try #require(posts(feed).first)
        pull(window)
        #expect(control.isRefreshing)
        window.advance(by: .milliseconds(1000))
        #expect(feed.contentOffset.y == -60)
        #expect(gallery.panel?.status.text == "touch: idle  ·  feed -60 · refreshing")
        window.advance(by: .milliseconds(200))  // 1.2 s after the lift: the posts arrive
        let all = posts(feed)
        #expect(all.count == 14 && all[0].title == "New post 1" && all[1].title == "New post 2")
        #expect(all[2] === oldFirst && oldFirst.frame.minY == 704)
        #expect(!control.isRefreshing)
        #expect(feed.contentOffset.y == -60, "not anchored at the top of the range")
        window.advance(by: .milliseconds(320))
        #expect(feed.contentOffset.y == 0)
        #expect(all[0].convert(Point.zero, to: nil).y == 44)
        #expect(gallery.demoStats().prefix(2) == ["feed offset 0.0 0.0", "feed posts 14 refreshes 1"])
        #expect(gallery.panel?.status.text == "touch: idle  ·  feed 0 · 2 new")
    }

    /// §15 with the spinner half in view under a finger when the posts arrive (offset -30, inside the refreshing
    /// range): the anchor is the first subview in view, the refresh control, which the insertion does not move, so
    /// the new posts show under it; at the lift the feed returns to its top edge with the first new post there.
    @Test func postsArrivingWithTheSpinnerInViewShowAtTheTop() throws {
        let (window, _, feed) = open()
        pull(window)
        window.advance(by: .milliseconds(800))
        #expect(feed.contentOffset.y == -60)
        // Push the spinner half away (40 pt: 30 past the slop) and hold there until the posts come (1.2 s after
        // the pull's lift).
        window.drag(
            from: Point(x: 400, y: 44 + 200), by: Point(x: 0, y: -40), duration: .milliseconds(160), steps: 8,
            lift: false)
        #expect(feed.contentOffset.y == -30)
        window.advance(by: .milliseconds(400))
        let all = posts(feed)
        #expect(all.count == 14 && feed.refreshControl?.isRefreshing == false)
        #expect(feed.contentOffset.y == -30)
        #expect(all[0].convert(Point.zero, to: nil).y == 44 + 30)
        window.touchUp(id: 1)
        window.advance(by: .seconds(1))
        #expect(feed.contentOffset.y == 0 && all[0].title == "New post 1")
    }

    /// §15: the posts that arrive while the feed is scrolled into its posts go above what is read, which stays
    /// where it is on screen (the offset grows by the two posts' 704 pt); with Anchor off, it is pushed down.
    @Test func postsArrivingWhileReadingLeaveThePostInView() throws {
        for anchored in [true, false] {
            let (window, gallery, feed) = open()
            if !anchored { try choose("Anchor", "off", in: gallery, window: window) }
            pull(window)
            window.advance(by: .milliseconds(700))
            // Read on while it refreshes: 250 pt up from the control's rest at -60.
            window.drag(
                from: Point(x: 400, y: 44 + 100), by: Point(x: 0, y: -260), duration: .milliseconds(300),
                steps: 15, lift: false)
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            #expect(feed.contentOffset.y == 190 && feed.refreshControl?.isRefreshing == true)
            let read = try #require(posts(feed).first)
            let y = read.convert(Point.zero, to: nil).y
            window.advance(by: .seconds(1))
            #expect(posts(feed).count == 14 && feed.refreshControl?.isRefreshing == false)
            if anchored {
                #expect(feed.contentOffset.y == 190 + 704)
                #expect(read.convert(Point.zero, to: nil).y == y)
            } else {
                #expect(feed.contentOffset.y == 190)
                #expect(read.convert(Point.zero, to: nil).y == y + 704)
            }
        }
    }

    /// The script the headless mode plays (and `scripts/docs-pictures` draws) ends with the anchored insertion.
    @Test func theScriptEndsWithTheNewPostsAboveThePostRead() throws {
        let (window, gallery, feed) = open()
        Demo.named("nested")!.script(window, gallery.demoFrame)
        #expect(posts(feed).count == 16)
        #expect(feed.contentOffset.y == 190 + 704)
        #expect(gallery.demoStats().contains("feed posts 16 refreshes 2"))
        // The carousel flick of the script landed on a photo's centre.
        let second = posts(feed)[5]
        #expect(second.title == "Post 2")
        let x = second.carousel.contentOffset.x
        #expect(x > 0 && x.truncatingRemainder(dividingBy: 336) == 0, "the carousel rests at \(x)")
    }
}
