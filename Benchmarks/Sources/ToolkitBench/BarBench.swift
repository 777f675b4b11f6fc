import Toolkit

/// `toolkit-bench bars`: what a scroll bar costs per frame (issue 26, SCROLL.md 13), on the Wayland window's
/// default path: the 1080p list of the frame cases in ring buffers, its title bar in a base, the vertical bar in
/// the indicator overlay once a scroll bound it (`ListScene(band:overlay:)`, as case (i)).
///
/// Cases, each against the plain scroll frame measured first in the same run:
/// - (k) a 7 pt scroll frame with no bar (`.never`): the reference;
/// - (k1) the same with the bar shown full (`.always`: 8 pt with its trough) and (k2) thin (`.automatic`, moving);
/// - (k3) a bar widening under the pointer (it enters the bar's 16 pt zone; 0.15 s, the frames until it is full),
///   nothing scrolling; (k4) a bar fading out (after `flashScrollIndicators()` and its hold time; 0.25 s);
/// - (k3w), (k4w): the same two with the bar drawn in the window's pixels (no overlay: a compositor without
///   subsurfaces, or a container whose column is not on whole pixels).
/// Per case: time per frame, allocations per frame (0 is the rule), and the points each frame drew into the
/// window's buffers and into the overlay (the damage: the bar's own strip, never the list under it).
@MainActor
enum BarBench {
    static let scrollStep = 7.0
    static let frameInterval = Duration.nanoseconds(16_666_667)

    /// A measurement and the mean points drawn per frame into the window's buffers and into the overlay.
    struct Result {
        var measurement: Measurement
        var windowPoints: Double
        var overlayPoints: Double
    }

    static func run(_ options: Options) -> [Result] {
        let runs = options.runs
        let scrollFrames = options.quick ? 3 : FrameBench.ringWrapPeriod
        var results: [Result] = []

        func scene(_ visibility: ScrollbarVisibility, overlay: Bool = true) -> ListScene {
            let scene = ListScene(rowCount: 100, scrolling: true, band: true, overlay: overlay)
            scene.scrollContainer?.scrollbarVisibility = visibility
            scene.presentRingFrame()
            return scene
        }
        // One frame at the next tick: timers first (the hold time), then the frame, its areas added up.
        var windowPoints = 0.0, overlayPoints = 0.0, framesCounted = 0
        func frame(_ scene: ListScene) {
            scene.window.fireTimers(upTo: scene.clock + frameInterval)
            scene.presentRingFrame()
            windowPoints += scene.lastChangedArea
            overlayPoints += scene.lastOverlayArea
            framesCounted += 1
        }
        func result(_ measurement: Measurement) -> Result {
            defer { windowPoints = 0; overlayPoints = 0; framesCounted = 0 }
            let n = Double(max(1, framesCounted))
            return Result(measurement: measurement, windowPoints: windowPoints / n, overlayPoints: overlayPoints / n)
        }

        // Scroll frames, back and forth within the first 100 rows' range (every step 7 pt).
        func scrolling(_ name: String, _ scene: ListScene) -> Result {
            let range = 100 * RowView.height - scene.container.bounds.height
            var offset = scene.container.bounds.origin.y, direction = 1.0
            return result(Measurement.measure(name, runs: runs, operationsPerRun: scrollFrames, options: options) { _ in
                for _ in 0..<scrollFrames {
                    if offset + direction * scrollStep > range || offset + direction * scrollStep < 0 {
                        direction = -direction
                    }
                    offset += direction * scrollStep
                    scene.scroll(to: offset)
                    frame(scene)
                }
            })
        }
        results.append(scrolling("(k) += 7, ring buffers, no bar (.never)", scene(.never)))
        results.append(scrolling("(k1) += 7, bar shown full (.always)", scene(.always)))
        results.append(scrolling("(k2) += 7, bar thin (.automatic)", scene(.automatic)))

        // The bar's own animations, nothing scrolling. A scroll first binds the overlay (as after any scroll).
        let trackX = Double(ListScene.width) - 2 - 8
        let zone = Point(x: trackX - 6, y: 500), away = Point(x: 900, y: 500)
        let widenFrames = options.quick ? 3 : 10, fadeFrames = options.quick ? 3 : 16
        for overlay in [true, false] {
            let bars = scene(.automatic, overlay: overlay)
            bars.scroll(to: 7)
            frame(bars)
            let suffix = overlay ? "" : "w"
            let place = overlay ? "overlay" : "window"
            bars.window.handle(.pointerEnter(location: away, timestamp: bars.clock))
            let widening = Measurement.measure("(k3\(suffix)) bar widening under the pointer, \(place)", runs: runs,
                                               operationsPerRun: widenFrames, options: options, setUp: { _ in
                // Away from the bar until it narrowed and faded (untimed, not counted).
                bars.window.handle(.pointerMotion(location: away, timestamp: bars.clock))
                for _ in 0..<90 {
                    bars.window.fireTimers(upTo: bars.clock + frameInterval)
                    bars.presentRingFrame()
                }
                windowPoints = 0; overlayPoints = 0; framesCounted = 0
                bars.window.handle(.pointerMotion(location: zone, timestamp: bars.clock))
            }) { _ in
                for _ in 0..<widenFrames { frame(bars) }
            }
            // (The counts above cover the last run only: setUp cleared them before it.)
            results.append(result(widening))
            bars.window.handle(.pointerLeave(timestamp: bars.clock))
            let fading = Measurement.measure("(k4\(suffix)) bar fading out, \(place)", runs: runs,
                                             operationsPerRun: fadeFrames, options: options, setUp: { _ in
                // Shown thin, then held for `indicatorHoldTime` (untimed, not counted).
                bars.scrollContainer?.flashScrollIndicators()
                for _ in 0..<31 {
                    bars.window.fireTimers(upTo: bars.clock + frameInterval)
                    bars.presentRingFrame()
                }
                windowPoints = 0; overlayPoints = 0; framesCounted = 0
            }) { _ in
                for _ in 0..<fadeFrames { frame(bars) }
            }
            results.append(result(fading))
        }
        return results
    }

    /// The table: per case the median and minimum time per frame, the ratio of medians to (k), allocations per
    /// frame, and the mean points drawn per frame into the window's buffers and into the overlay.
    static func printResults(_ results: [Result]) {
        print("")
        print("== bars (microseconds per frame; ratio of medians to (k), the plain scroll frame of this run)")
        print(pad("case", 52, left: false) + pad("median us", 11)
              + pad("min us", 9) + pad("x (k)", 8) + pad("allocs/frame", 14)
              + pad("window pt2", 12) + pad("overlay pt2", 13))
        let reference = results.first { $0.measurement.name.hasPrefix("(k)") && !$0.measurement.samples.isEmpty }
        for result in results where !result.measurement.samples.isEmpty {
            let m = result.measurement
            var line = pad(m.name, 52, left: false)
            line += pad(format(m.median * 1e6, 2), 11)
            line += pad(format(m.minimum * 1e6, 2), 9)
            line += pad(reference.map { format(m.median / $0.measurement.median, 2) } ?? "", 8)
            line += pad(format(m.allocationsPerOperation, 2), 14)
            line += pad(format(result.windowPoints, 0), 12)
            line += pad(format(result.overlayPoints, 0), 13)
            print(line)
        }
    }

    /// `bar_*` summary figures: each case's ratio of medians to (k), and the most allocations per frame.
    static func summary(_ results: [Result]) -> [(String, Double)] {
        let reference = results.first { $0.measurement.name.hasPrefix("(k)") }?.measurement.median ?? .nan
        func ratio(_ prefix: String) -> Double {
            (results.first { $0.measurement.name.hasPrefix(prefix) }?.measurement.median ?? .nan) / reference
        }
        return [
            ("bar_shown_scroll_frame_vs_plain", ratio("(k1)")),
            ("bar_widening_frame_vs_plain_scroll", ratio("(k3)")),
            ("bar_fading_frame_vs_plain_scroll", ratio("(k4)")),
            ("bar_allocations_per_frame", results.filter { !$0.measurement.samples.isEmpty }
                .map(\.measurement.allocationsPerOperation).max() ?? .nan),
        ]
    }
}
