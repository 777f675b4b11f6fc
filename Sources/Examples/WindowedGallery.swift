import Toolkit

/// The gallery in a Wayland window, falling back to the headless mode when no compositor is reachable.
@MainActor
enum WindowedGallery {
    static func run(options: GalleryOptions) -> Int32 {
        let window: WaylandWindow
        do {
            window = try WaylandWindow(
                title: GalleryView.windowTitle(for: options.demo), size: Size(width: 800, height: 600), appID: "gallery"
            )
        } catch let error as WaylandError {
            if case .noDisplay = error {
                printError("gallery: no Wayland compositor reachable (\(error)); running --headless instead")
                var headless = options
                headless.headless = true
                return HeadlessGallery.run(options: headless)
            }
            printError("gallery: \(error)")
            return 1
        } catch {
            printError("gallery: \(error)")
            return 1
        }
        window.pointerEmulatesTouch = options.pointerDrag
        let core = window.core
        let gallery = GalleryView(
            frame: Rect(origin: .zero, size: core.size), selected: options.demo,
            now: { [unowned core] in core.now }, timers: core.timers)
        // The title names the demo shown; Escape closes the window as the compositor's close does.
        window.title = GalleryView.windowTitle(for: gallery.selected)
        gallery.onShow = { [unowned window] demo in window.title = GalleryView.windowTitle(for: demo.id) }
        gallery.onQuit = { [unowned window] in window.close() }
        window.rootView.addSubview(gallery)
        gallery.fillsSuperview = true  // follow the window size (configure)

        var counter: FrameCounter?
        if options.frames != nil {
            // --frames N counts presented frames: keep one small thing changing so that frames keep coming.
            let c = FrameCounter(frame: Rect(x: gallery.bounds.width - 110, y: 12, width: 100, height: 20))
            gallery.addSubview(c)
            window.core.addAnimator(c)
            counter = c
        }
        if options.stats {
            GalleryEvents.report = { printError("stats: \($0)") }
            window.onFirstFrameCommitted = {
                if let s = ProcessStats.secondsSinceStart() {
                    printError("stats: first frame committed \(Int((s * 1000).rounded())) ms after process start")
                }
            }
        }
        do {
            try window.run(maxFrames: options.frames)
        } catch {
            printError("gallery: \(error)")
            return 1
        }
        if options.stats {
            let rss = ProcessStats.residentMiB().map { String(Int($0.rounded())) } ?? "?"
            printError("stats: \(window.presentedFrameCount) frames presented, RSS \(rss) MiB")
            for line in latencyLines(window.frameLatency) { printError(line) }
            if let list = gallery.demoView.flatMap({ firstScrollContainer(in: $0) }) {
                // Lets a smoke test see that real input (e.g. a key sent with wtype under sway) scrolled.
                printError("stats: \(gallery.selected) offset \(list.contentOffset.x) \(list.contentOffset.y)")
                // The vertical bar's geometry, for a test that dragged its thumb to check the mapping
                // (<doc:ScrollBehaviour> §13): shown for a moment so that its frames exist.
                list.flashScrollIndicators()
                if let track = list.scrollbarTrackFrame(for: .vertical),
                    let thumb = list.scrollbarThumbFrame(for: .vertical)
                {
                    let range =
                        list.contentSize.height + list.contentInset.top + list.contentInset.bottom
                        - list.bounds.height
                    printError(
                        "stats: vertical bar track \(track.minX) \(track.minY) \(track.width) \(track.height) "
                            + "thumb \(thumb.height) range \(range)")
                }
                if let rows = list as? ListContainer {
                    // Lets a test see that a list of any length keeps few views.
                    printError(
                        "stats: list rows \(rows.numberOfRows) live views \(rows.numberOfLiveViews) "
                            + "visible \(rows.visibleRows.lowerBound) \(rows.visibleRows.upperBound)")
                    // The selection, as ranges (first last, ...), and the focused row (-1: none).
                    let ranges = rows.selectedRows.rangeView.map { "\($0.lowerBound) \($0.upperBound - 1)" }
                    printError("stats: list selected \(ranges.joined(separator: " ")) focused \(rows.focusedRow ?? -1)")
                }
                if list.maximumZoomScale > list.minimumZoomScale {
                    printError("stats: zoom scale \(list.zoomScale)")
                }
                printNestedOffsets(below: list)
            }
            for line in gallery.demoStats() { printError("stats: \(line)") }
        }
        _ = counter
        return 0
    }
}

/// The `--stats` lines about frame latency (FrameLatencyStats), e.g.
/// `stats: input to commit median 8.1 ms max 16.9 ms (120 frames)`.
func latencyLines(_ stats: FrameLatencyStats) -> [String] {
    func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String((value * 10).rounded() / 10)  // one decimal: the shortest form of a tenth
    }
    func line(_ name: String, _ summary: FrameLatencyStats.Summary?) -> String {
        guard let summary else { return "stats: \(name) no frames" }
        return "stats: \(name) median \(ms(summary.median)) ms max \(ms(summary.maximum)) ms (\(summary.count) frames)"
    }
    return [
        line("input to commit", stats.inputToCommit),
        stats.hasPresentationFeedback
            ? line("commit to present", stats.commitToPresent)
            : "stats: commit to present unavailable (no wp_presentation)",
        "stats: input events late \(stats.inputEventsLate) of \(stats.inputEventsLate + stats.inputEventsOnTime), "
            + "frames discarded \(stats.discardedFrames)"
    ]
}

/// The first scroll container in a breadth-first walk from `root`.
@MainActor
func firstScrollContainer(in root: View) -> ScrollContainer? {
    var queue = [root]
    var index = 0
    while index < queue.count {
        if let container = queue[index] as? ScrollContainer { return container }
        queue.append(contentsOf: queue[index].subviews)
        index += 1
    }
    return nil
}

/// `stats: nested N offset X Y` for each scroll container inside `outer` that is not at its origin, N counting
/// them breadth-first from 0 (the paging demo's lists: which page's list a vertical drag scrolled).
@MainActor
func printNestedOffsets(below outer: ScrollContainer) {
    var queue = outer.subviews
    var index = 0
    var found = 0
    while index < queue.count {
        if let container = queue[index] as? ScrollContainer {
            if container.contentOffset != .zero {
                printError("stats: nested \(found) offset \(container.contentOffset.x) \(container.contentOffset.y)")
            }
            found += 1
        }
        queue.append(contentsOf: queue[index].subviews)
        index += 1
    }
}

/// Shows the number of frames drawn; changes every frame while it runs.
final class FrameCounter: View, FrameAnimator {
    private var count = 0

    func animationFrame(at time: Duration) -> Bool {
        count += 1
        setNeedsDisplay()
        return true
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText("frame \(count)", at: Point(x: bounds.minX, y: bounds.minY), size: 12, color: Theme.barText)
    }
}
