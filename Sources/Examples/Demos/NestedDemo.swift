import Toolkit

/// Scrolling inside scrolling (<doc:ScrollBehaviour> §14, §15): a vertical feed of posts, each with its own
/// vertical comment list (more comments than fit) and a horizontal photo carousel that snaps photos to its centre.
/// A drag that a comment list cannot use any more (it reached its end) moves the feed, flings included; pulling the
/// feed past its top refreshes it, and the new posts arrive at the top while the post being read stays still.
///
/// The layout, in points (tests read it: Tests/GalleryTests, Tests/WaylandTests/NestedEndToEndTests.swift): the
/// feed fills the demo area; post k (from 0) lies at y = 352 k of the feed's content, 344 tall: a 44 pt header, the
/// carousel at 44...184, the comment list at 192...336 inset 16 pt on both sides. Comments are 36 pt, eight of them
/// in a 144 pt list: the list scrolls 144 pt. Photos are 320 x 124 pt, 16 pt apart, with room before the first and
/// after the last for centring: photo i is centred at carousel offset 336 i.
enum NestedDemo {
    static let postStride = 352.0
    static let postHeight = 344.0
    static let carouselTop = 44.0
    static let carouselHeight = 140.0
    static let photoSize = Size(width: 320, height: 124)
    static let photoGap = 16.0
    static let photoCount = 8
    static let commentsTop = 192.0
    static let commentsHeight = 144.0
    static let commentsInset = 16.0
    static let commentHeight = 36.0
    static let commentCount = 8
    static let initialPosts = 12
    /// How long a refresh takes (a network fetch stands in), and how many posts it brings.
    static let refreshDelay: Duration = .milliseconds(1200)
    static let postsPerRefresh = 2

    @MainActor static let demo = Demo(
        id: "nested", title: "Nested",
        caption: "Drag a comment list past its end: the feed takes over. Photos stop centred. Pull down to refresh.",
        make: { context in
            let feed = NestedFeed(frame: context.frame, after: context.after)
            let readout = TouchStateReadout(container: feed.container, label: context.status) { [unowned feed] c in
                feed.readout(following: c)
            }
            feed.readout = readout
            return DemoBuild(
                view: feed.container,
                settings: [
                    // .automatic hands what a comment list cannot use to the feed; .contained keeps it in the list,
                    // which rubber-bands at its end while the feed stays put.
                    DemoSetting(title: "Chain", choices: ["auto", "contained"]) { choice in
                        feed.chaining = choice == 0 ? .automatic : .contained
                    },
                    // Snap: .mandatory ("always": every rest is on a photo's centre), .proximity ("near": only a
                    // rest within 0.3 of the width of one), .none.
                    DemoSetting(title: "Snap", choices: ["always", "near", "off"]) { choice in
                        feed.snapping = [Snapping.mandatory, .proximity, .none][choice]
                    },
                    .toggle("Anchor", isOn: feed.container.maintainsVisibleContentPosition) {
                        feed.container.maintainsVisibleContentPosition = $0
                    }
                ],
                keep: [feed, readout],
                stats: { feed.statsLines() })
        },
        script: { window, frame in
            // Post 0's comment list lies at window y frame.minY + 192 ... + 336. A drag up inside it, held before
            // the lift: the list scrolls to its end (144 pt), the feed takes the rest (190 - 144 = 46 pt).
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + 316), by: Point(x: 0, y: -200),
                duration: .milliseconds(400), steps: 20, lift: false)
            window.advance(by: .milliseconds(200))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
            // Again from inside the list, now at its end: the list is passed over and the feed moves 190 pt.
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + 256), by: Point(x: 0, y: -200),
                duration: .milliseconds(400), steps: 20, lift: false)
            window.advance(by: .milliseconds(200))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
            Snapshots.take(window)
            // A flick on post 1's carousel (window y frame.minY + 352 + 44 - 236 ...): it lands on a photo (the
            // sixth), centred.
            let carouselY = frame.minY + postStride + carouselTop - 236 + carouselHeight / 2
            let flickStart = Point(x: frame.midX + 200, y: carouselY)
            window.drag(from: flickStart, by: Point(x: -150, y: 0), duration: .milliseconds(60), steps: 5)
            // The flick's deceleration reaches the photo's snap offset exactly at its end (a few seconds).
            var view = window.rootView.hitTest(flickStart)
            while let current = view, !(current is ScrollContainer) { view = current.superview }
            for _ in 0..<100 where (view as? ScrollContainer)?.isDecelerating == true {
                window.advance(by: .milliseconds(100))
            }
            Snapshots.take(window)
            // Back to the top (a drag down on post 1's header, past the top: it springs back), then a pull on
            // post 0's header far enough to refresh (a 290 pt pull shows 121 pt of overscroll, past the 80 pt
            // trigger).
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + postStride - 236 + 20), by: Point(x: 0, y: 300),
                duration: .milliseconds(400), steps: 20, lift: false)
            window.advance(by: .milliseconds(200))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(800))
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + 20), by: Point(x: 0, y: 300),
                duration: .milliseconds(500), steps: 20, lift: false)
            window.advance(by: .milliseconds(100))
            Snapshots.take(window)
            window.touchUp(id: 1)
            // The refresh brings two posts: the feed rests at its top edge, so they show (no anchoring there).
            window.advance(by: refreshDelay + .milliseconds(600))
            Snapshots.take(window)
            // Pull again, and read on while it refreshes: the posts arrive above what is read, which stays still.
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + 20), by: Point(x: 0, y: 300),
                duration: .milliseconds(500), steps: 20, lift: false)
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(400))
            window.drag(
                from: Point(x: frame.midX, y: frame.minY + 100), by: Point(x: 0, y: -260),
                duration: .milliseconds(300), steps: 15, lift: false)
            window.advance(by: .milliseconds(100))
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(100))
            Snapshots.take(window)
            window.advance(by: refreshDelay)
            Snapshots.take(window)
        })
}

/// The feed and its posts: the live containers, the settings that apply to the inner ones, and the refresh.
@MainActor
final class NestedFeed {
    let container: ScrollContainer
    /// The posts, top to bottom.
    private(set) var posts: [PostView] = []
    /// Pulls that started a refresh.
    private(set) var refreshes = 0
    private var made = 0
    private var newPosts = 0
    private let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> Void
    private var tokens: [Observation] = []
    private var dragEnded: Observation?
    private var restTokens: [Observation] = []
    /// The status line's readout; follows the containers as they change.
    var readout: TouchStateReadout? {
        didSet {
            tokens = []
            observe(posts.flatMap { [$0.carousel, $0.comments] } + [container])
        }
    }

    /// How the inner containers chain (<doc:ScrollBehaviour> §14): applied to every post, present and future.
    var chaining = ScrollChaining.automatic {
        didSet { for post in posts { post.apply(chaining: chaining, snapping: snapping) } }
    }
    /// How the carousels snap (<doc:ScrollBehaviour> §15).
    var snapping = Snapping.mandatory {
        didSet { for post in posts { post.apply(chaining: chaining, snapping: snapping) } }
    }

    init(frame: Rect, after: @escaping @MainActor (Duration, @escaping @MainActor () -> Void) -> Void) {
        self.after = after
        container = ScrollContainer(frame: frame)
        container.backgroundColor = Theme.background
        // The feed's own chaining stays .automatic: it has no container around it that scrolls vertically.
        container.maintainsVisibleContentPosition = true
        let refresh = RefreshControl()
        container.refreshControl = refresh
        refresh.onRefresh = { [weak self] in self?.refreshBegan() }
        for k in 0..<NestedDemo.initialPosts {
            let post = makePost(
                title: "Post \(k + 1)", subtitle: Self.authors[k % Self.authors.count],
                color: Theme.rowColor(k))
            post.frame.origin.y = Double(k) * NestedDemo.postStride
            posts.append(post)
            container.addSubview(post)
        }
        container.contentSize = Size(width: frame.width, height: Double(posts.count) * NestedDemo.postStride)
        // For tests driving real input (`--stats`): where each drag that moved the feed left it and the comment
        // lists (a chained drag ends on every container it moved at the same lift).
        dragEnded = container.observe(\.isDragging) { [weak self] _, change in
            guard change.newValue == false, let self else { return }
            GalleryEvents.report?(
                "nested drag ended "
                    + self.offsets().map { "\($0.name) \($0.offset.y)" }.joined(separator: ", "))
        }
    }

    static let authors = ["Ada · 2 h", "Hiro · 3 h", "Ines · 5 h", "Kwame · 6 h", "Lena · 8 h", "Mateo · 9 h"]

    private func makePost(title: String, subtitle: String, color: Color) -> PostView {
        made += 1
        let post = PostView(width: container.bounds.width, title: title, subtitle: subtitle, color: color, seed: made)
        post.apply(chaining: chaining, snapping: snapping)
        // For tests driving real input (`--stats`): where a carousel's fling came to rest (a snapping fling ends
        // exactly on its photo, after a few seconds that depend on the flick's speed).
        restTokens.append(
            post.carousel.observe(\.isDecelerating) { [weak self] carousel, change in
                guard change.newValue == false, let self,
                    let k = self.posts.firstIndex(where: { $0.carousel === carousel })
                else { return }
                GalleryEvents.report?("nested photos rest post \(k + 1) offset \(carousel.contentOffset.x)")
            })
        return post
    }

    /// `onRefresh`: the new posts come after `refreshDelay`, as from a network.
    private func refreshBegan() {
        refreshes += 1
        readout?.update()
        GalleryEvents.report?("nested refresh began")
        after(NestedDemo.refreshDelay) { [weak self] in self?.finishRefresh() }
    }

    /// Puts the new posts at the top and ends the refresh. With anchoring on, a feed scrolled into its posts keeps
    /// the post in view where it is (the offset grows by the posts' height); a feed resting at the top of its range
    /// (the refresh control's rest, `minOffset - height`, is that top while refreshing) shows the new posts
    /// (<doc:ScrollBehaviour> §15: anchoring does not apply at the minimum edge), and `endRefreshing()` then brings
    /// the first one to the top.
    private func finishRefresh() {
        insertPostsAtTop(NestedDemo.postsPerRefresh)
        container.refreshControl?.endRefreshing()
        readout?.update()
        GalleryEvents.report?("nested posts \(posts.count) feed offset \(container.contentOffset.y)")
    }

    /// Inserts `count` new posts above the first: the range grows first, then the posts move down (anchoring
    /// follows the one in view), then the new ones are added in the room made.
    func insertPostsAtTop(_ count: Int) {
        guard count > 0 else { return }
        let added = Double(count) * NestedDemo.postStride
        container.contentSize.height += added
        for post in posts { post.frame.origin.y += added }
        var fresh: [PostView] = []
        for k in 0..<count {
            newPosts += 1
            let post = makePost(title: "New post \(newPosts)", subtitle: "just now", color: Theme.accent)
            post.frame.origin.y = Double(k) * NestedDemo.postStride
            fresh.append(post)
            container.addSubview(post)
        }
        posts.insert(contentsOf: fresh, at: 0)
        if readout != nil { observe(fresh.flatMap { [$0.carousel, $0.comments] }) }
    }

    /// Keeps the status line current for `containers` (state and offset).
    private func observe(_ containers: [ScrollContainer]) {
        guard let readout else { return }
        tokens += readout.observe(containers)
        for c in containers {
            tokens.append(c.observe(\.contentOffset) { [weak readout] c, _ in readout?.follow(c) })
        }
    }

    /// The status after the touch state: the feed's offset, the inner container that moved last, the posts the
    /// refreshes brought and whether one runs.
    func readout(following c: ScrollContainer) -> String {
        var text = "feed \(Int(container.contentOffset.y.rounded()))"
        if posts.contains(where: { $0.carousel === c }) {
            let photo = Int((c.contentOffset.x / (NestedDemo.photoSize.width + NestedDemo.photoGap)).rounded())
            text += " · photo \(photo + 1)/\(NestedDemo.photoCount)"
        } else if posts.contains(where: { $0.comments === c }) {
            text += " · comments \(Int(c.contentOffset.y.rounded()))"
        }
        if newPosts > 0 { text += " · \(newPosts) new" }
        if container.refreshControl?.isRefreshing == true { text += " · refreshing" }
        return text
    }

    /// The feed's offset and those of the inner containers not at their origin, by post (1 = the top one).
    func offsets() -> [(name: String, offset: Point)] {
        var found = [(name: "feed", offset: container.contentOffset)]
        for (k, post) in posts.enumerated() {
            if post.comments.contentOffset != .zero {
                found.append(("post \(k + 1) comments", post.comments.contentOffset))
            }
            if post.carousel.contentOffset != .zero {
                found.append(("post \(k + 1) photos", post.carousel.contentOffset))
            }
        }
        return found
    }

    /// `--stats`: `feed offset X Y`, `feed posts N refreshes R`, then `post K comments offset X Y` and `post K photos
    /// offset X Y` for each inner container not at its origin, K counting posts from the top (1).
    func statsLines() -> [String] {
        var lines = offsets().map { "\($0.name) offset \($0.offset.x) \($0.offset.y)" }
        lines.insert("feed posts \(posts.count) refreshes \(refreshes)", at: 1)
        return lines
    }
}

/// One post: a header (avatar, title, author), a photo carousel and a comment list of its own.
final class PostView: View {
    let title: String
    let subtitle: String
    let color: Color
    let carousel: ScrollContainer
    let comments: ScrollContainer

    static let commenters = ["Ada", "Ben", "Chloé", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas"]
    static let remarks = [
        "Lovely light in the third one.", "Where was this taken?", "こんにちは！", "Great shots!",
        "The colours!", "Same place as last year?", "مرحبا", "Saving this for later.",
        "Ha, I was there too.", "Which lens?"
    ]

    /// A post as wide as the feed; `seed` varies its photos and comments.
    init(width: Double, title: String, subtitle: String, color: Color, seed: Int) {
        self.title = title
        self.subtitle = subtitle
        self.color = color
        let photo = NestedDemo.photoSize
        let gap = NestedDemo.photoGap
        // Room before the first photo and after the last, so that each can be centred.
        let margin = (width - photo.width) / 2
        carousel = ScrollContainer(
            frame: Rect(
                x: 0, y: NestedDemo.carouselTop, width: width,
                height: NestedDemo.carouselHeight))
        carousel.contentSize = Size(
            width: 2 * margin + Double(NestedDemo.photoCount) * (photo.width + gap) - gap,
            height: NestedDemo.carouselHeight)
        carousel.showsHorizontalScrollIndicator = false
        for i in 0..<NestedDemo.photoCount {
            let view = PhotoView(
                frame: Rect(
                    x: margin + Double(i) * (photo.width + gap),
                    y: (NestedDemo.carouselHeight - photo.height) / 2,
                    width: photo.width, height: photo.height),
                number: i + 1, color: Theme.rowColor(seed * 3 + i))
            view.snapAlignment = .center
            carousel.addSubview(view)
        }
        let inset = NestedDemo.commentsInset
        comments = ScrollContainer(
            frame: Rect(
                x: inset, y: NestedDemo.commentsTop, width: width - 2 * inset,
                height: NestedDemo.commentsHeight))
        comments.backgroundColor = Color(argb: 0xFFF7_F8FA)
        comments.contentSize = Size(
            width: width - 2 * inset,
            height: Double(NestedDemo.commentCount) * NestedDemo.commentHeight)
        for i in 0..<NestedDemo.commentCount {
            let n = seed * 7 + i
            comments.addSubview(
                CommentView(
                    frame: Rect(
                        x: 0, y: Double(i) * NestedDemo.commentHeight, width: width - 2 * inset,
                        height: NestedDemo.commentHeight),
                    name: PostView.commenters[n % PostView.commenters.count],
                    text: PostView.remarks[(n * 3) % PostView.remarks.count], color: Theme.rowColor(n)))
        }
        super.init(frame: Rect(x: 0, y: 0, width: width, height: NestedDemo.postHeight))
        backgroundColor = .white
        addSubview(carousel)
        addSubview(comments)
    }

    func apply(chaining: ScrollChaining, snapping: Snapping) {
        comments.scrollChaining = chaining
        carousel.scrollChaining = chaining
        carousel.snapping = snapping
    }

    override func draw(in canvas: Canvas) {
        canvas.fillRoundedRect(Rect(x: 16, y: 6, width: 32, height: 32), radius: 16, color: color)
        canvas.drawText(title, at: Point(x: 60, y: 5), size: 16, color: Theme.text)
        canvas.drawText(subtitle, at: Point(x: 60, y: 25), size: 12, color: Theme.secondaryText)
        let list = comments.frame
        canvas.strokeRoundedRect(list.insetBy(dx: -1, dy: -1), radius: 3, color: Theme.separator)
    }
}

/// A photo stand-in: a colored card with a sun, a lighter band for the ground and its number.
final class PhotoView: View {
    let number: Int
    let color: Color

    init(frame: Rect, number: Int, color: Color) {
        self.number = number
        self.color = color
        super.init(frame: frame)
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fillRoundedRect(b, radius: 10, color: color)
        // A ground band and a sun (inside the card's corners), so that the motion reads at a glance.
        canvas.fillRoundedRect(
            Rect(x: 8, y: b.height * 0.62, width: b.width - 16, height: b.height * 0.38 - 8),
            radius: 6, color: Color(white: 1, alpha: 0.3))
        canvas.fillRoundedRect(
            Rect(x: b.width - 56, y: 14, width: 28, height: 28), radius: 14,
            color: Color(white: 1, alpha: 0.8))
        canvas.drawText("\(number)/\(NestedDemo.photoCount)", at: Point(x: 14, y: 10), size: 18, color: .white)
    }
}

/// A comment: a small avatar, the name and the remark on one line, a separator.
final class CommentView: View {
    let name: String
    let text: String
    let color: Color

    init(frame: Rect, name: String, text: String, color: Color) {
        self.name = name
        self.text = text
        self.color = color
        super.init(frame: frame)
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fillRoundedRect(Rect(x: 10, y: 8, width: 20, height: 20), radius: 10, color: color)
        canvas.drawText(name, at: Point(x: 40, y: 9), size: 14, color: Theme.text)
        let nameWidth = Font.measure(name, size: 14).width
        canvas.drawText(text, at: Point(x: 48 + nameWidth, y: 9), size: 14, color: Theme.secondaryText)
        canvas.fill(Rect(x: 40, y: b.height - 1, width: b.width - 40, height: 1), color: Color(white: 0.9))
    }
}
