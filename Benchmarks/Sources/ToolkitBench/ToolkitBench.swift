import CAllocCounter
import Glibc
import Toolkit

/// Entry point: parses the command line, prints the machine, runs the asked groups and prints one table.
///
/// Figures are printed, never asserted: the machines are shared and noisy. Read the median as typical and
/// the minimum as the least disturbed run.
@main
struct ToolkitBench {
    @MainActor
    static func main() {
        guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else { exit(2) }
        printMachine()
        if bench_alloc_counting_works() == 0 {
            printError("warning: the counting allocator is not in use; allocation figures are meaningless")
        }
        var frames: [Measurement] = [], events: [Measurement] = []
        if options.group == .frames || options.group == .all {
            frames = FrameBench.run(options)
            printTable("frames (microseconds per frame; ratio of medians to one pixman copy)", frames,
                       unit: .microseconds, reference: frames.first)
        }
        if options.group == .events || options.group == .all {
            events = EventBench.run(options)
            printTable("events (operations per second: touch events, taps or frames as named)",
                       events, unit: .operationsPerSecond, reference: nil)
            GestureEventBench.printRatios(events)
        }
        if options.group == .regions || options.group == .all {
            printTable("regions (one frame's region operations, same rectangles: frames per second)",
                       RegionBench.run(options), unit: .operationsPerSecond, reference: nil)
        }
        var lists: [(String, Double)] = []
        if options.group == .lists || options.group == .all {
            let results = ListContainerBench.run(options)
            ListContainerBench.printResults(results)
            lists = ListContainerBench.summary(results)
        }
        if options.group == .grids || options.group == .all {
            let results = GridContainerBench.run(options)
            LazyBench.printResults(
                results, title: "grids (GridContainer, one buffer; first frame and heap from creating the window)")
            lists += LazyBench.summary(results, prefix: "grid")
        }
        if options.group == .bars || options.group == .all {
            let results = BarBench.run(options)
            BarBench.printResults(results)
            lists += BarBench.summary(results)
        }
        if options.group == .live || options.group == .all {
            let results = LiveListBench.run(options)
            printTable("live lists (microseconds per operation: one applyDifference, one animation frame)", results,
                       unit: .microseconds, reference: nil)
            lists += LiveListBench.summary(results)
        }
        if options.summary { printSummary(frames: frames, events: events, lists: lists) }
    }

    /// The budget figures as `name value` lines, measured in this run (ratios of medians against this run's
    /// pixman copy of the same size):
    /// - `scroll_frame_vs_copy`: a 7 pt scroll frame on the Wayland window's default path, ring buffers (i), 100 rows;
    /// - `scroll_frame_copy_path_vs_copy`: the same on the copy path (g), the fallback;
    /// - `full_repaint_vs_copy` (b), `pinch_frame_vs_copy` (h);
    /// - `fling_frame_vs_copy`: a fling frame with fractional offsets through the ring buffers (j);
    /// - `fling_frame_upward_vs_copy`: the same fling the other way, towards the title bar (j, upward);
    /// - `fling_frame_one_buffer_vs_copy`: the events group's fling, prepareFrame + draw into one buffer;
    /// - `*_4k`: the same at 3840 x 2160 (scale 2) against a copy of that size (a4, b4, g4, i4, j4);
    /// - `drag_events_per_second` (ScrollContainer drag, motion + frame, 100 rows);
    /// - `drag_vs_touch_motion`, `gesture_drag_vs_drag`, `gesture_drag_vs_touch_motion`, `pan_motion_vs_touch_motion`:
    ///   the rates of the gesture cases against each other (`GestureEventBench.ratios`);
    /// - `allocations_per_frame` (the most of any frame case) and `allocations_per_event` (the most of any event
    ///   case).
    /// A figure whose cases did not run (a group or `--only` left them out) is printed as `nan`.
    /// - `list_*`: the `lists` group (`ListContainerBench.summary`); `grid_*`: the `grids` group, the same figures;
    ///   `bar_*`: the `bars` group (`BarBench.summary`);
    ///   `live_*`: the `live` group (`LiveListBench.summary`).
    static func printSummary(frames: [Measurement], events: [Measurement], lists: [(String, Double)]) {
        func find(_ list: [Measurement], _ prefix: String) -> Measurement? {
            list.first { $0.name.hasPrefix(prefix) && !$0.samples.isEmpty }
        }
        func ratio(_ name: String, _ copyName: String) -> Double {
            (find(frames, name)?.median ?? .nan) / (find(frames, copyName)?.median ?? .nan)
        }
        let copy = find(frames, "(a)")?.median ?? .nan
        let fling = find(events, "ScrollContainer fling: prepareFrame + draw")
        let figures: [(String, Double)] = [
            ("scroll_frame_vs_copy", ratio("(i) ScrollContainer += 7, ring buffers, 100 rows", "(a)")),
            ("scroll_frame_copy_path_vs_copy", ratio("(g) ScrollContainer += 7, two buffers, 100 rows", "(a)")),
            ("full_repaint_vs_copy", ratio("(b)", "(a)")),
            ("fling_frame_vs_copy", ratio("(j)", "(a)")),
            ("fling_frame_upward_vs_copy", ratio("    fling upward", "(a)")),
            ("fling_frame_one_buffer_vs_copy", (fling?.median ?? .nan) / copy),
            ("pinch_frame_vs_copy", ratio("(h)", "(a)")),
            ("scroll_frame_vs_copy_4k", ratio("(i4)", "(a4)")),
            ("scroll_frame_copy_path_vs_copy_4k", ratio("(g4)", "(a4)")),
            ("full_repaint_vs_copy_4k", ratio("(b4)", "(a4)")),
            ("fling_frame_vs_copy_4k", ratio("(j4)", "(a4)")),
            ("drag_events_per_second", 1 / (find(events, "ScrollContainer drag: motion + frame (100 rows)")?.median ?? .nan)),
            ("allocations_per_frame", (frames.filter { !$0.samples.isEmpty && !$0.name.contains("pixman") }
                                        + [fling].compactMap { $0 }).map(\.allocationsPerOperation).max() ?? .nan),
            ("allocations_per_event", events.filter { !$0.samples.isEmpty && !$0.name.contains("fling") }
                                        .map(\.allocationsPerOperation).max() ?? .nan),
        ] + GestureEventBench.ratios(events) + lists
        print("")
        print("== summary")
        for (name, value) in figures {
            let text = value.isNaN ? "nan" : (name.hasSuffix("per_second") ? format(value, 0) : format(value, 3))
            print("\(name) \(text)")
        }
    }

    /// How a table shows its samples.
    enum Unit {
        /// Microseconds per operation.
        case microseconds
        /// Operations per second, with the time per operation in nanoseconds.
        case operationsPerSecond
    }

    static func printTable(_ title: String, _ results: [Measurement], unit: Unit, reference: Measurement?) {
        print("")
        print("== \(title)")
        switch unit {
        case .microseconds:
            print(pad("case", 52, left: false) + pad("median us", 11) + pad("min us", 9) + pad("x copy", 8)
                  + pad("allocs/frame", 14) + pad("bytes/frame", 13))
        case .operationsPerSecond:
            print(pad("case", 52, left: false) + pad("median /s", 13) + pad("max /s", 13) + pad("ns/op", 12)
                  + pad("allocs/op", 11) + pad("bytes/op", 10))
        }
        // Cases skipped by --only have no samples.
        for result in results where !result.samples.isEmpty {
            var line = pad(result.name, 52, left: false)
            switch unit {
            case .microseconds:
                line += pad(format(result.median * 1e6, 2), 11) + pad(format(result.minimum * 1e6, 2), 9)
                // The 3840 x 2160 cases ("(x4) ...") compare with the copy of that size.
                let uhd = result.name.hasPrefix("(") && result.name.dropFirst(2).hasPrefix("4)")
                let base = uhd ? results.first { $0.name.hasPrefix("(a4)") } : reference
                line += pad(base.map { format(result.median / $0.median, 2) } ?? "", 8)
            case .operationsPerSecond:
                // The best rate comes from the fastest run: 1 / minimum time.
                line += pad(format(1 / result.median, 0), 13) + pad(format(1 / result.minimum, 0), 13)
                line += pad(format(result.median * 1e9, 0), 12)
            }
            line += pad(format(result.allocationsPerOperation, 2), unit == .microseconds ? 14 : 11)
            line += pad(format(result.bytesPerOperation, 0), unit == .microseconds ? 13 : 10)
            print(line)
        }
    }

    /// Date (UTC), processor, core count and font: the context the figures belong to.
    static func printMachine() {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let date = "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))"
        print("toolkit-bench  \(date)  \(cpuModel())  \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores")
        print("font: \(Font.loadedPath ?? "none (text draws nothing)")")
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The "model name" line of /proc/cpuinfo, or "unknown CPU".
    private static func cpuModel() -> String {
        guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown CPU" }
        defer { fclose(file) }
        // Lines of /proc/cpuinfo are short; a longer one is read in pieces, which cannot match the prefix.
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix("model name"), let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingPrefix(" ").filter { $0 != "\n" }
            }
        }
        return "unknown CPU"
    }
}
