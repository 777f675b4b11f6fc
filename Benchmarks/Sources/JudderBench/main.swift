// judder-bench: one program's judder under the project's test compositor (see Benchmarks/README.md, "Judder").
// It starts the compositor in process (60 Hz refresh ticks), launches the program given after "--" against it,
// waits for the program's list at rest, then drives the seat's real wl_touch with a FingerStream (1,000 pt/s,
// 120 Hz reports with seeded ±3 ms jitter in their timestamps, each report sent at its timestamp) and reads the
// offset every committed frame shows from the frame's pixels (RowPattern). Prints one line per run and the medians.
//
// Usage: judder-bench [--runs N] [--seed S] [--label NAME] [--trace DIR] -- PROGRAM [ARGUMENTS...]
// --trace DIR writes DIR/NAME-RUN.txt (every frame: commit time, the refresh that shows it, offset, finger) and keeps
// the program's stdout and stderr in DIR/NAME-RUN.log.
// The program inherits this process's environment, with XDG_RUNTIME_DIR and WAYLAND_DISPLAY set to the compositor's.
import Foundation
import Glibc
import JudderPattern
import Toolkit
import ToolkitTesting

struct BenchError: Error, CustomStringConvertible {
    var description: String
}

struct Options {
    var runs = 3
    var seed: UInt64 = 38
    var label = "program"
    var trace: String?
    var command: [String] = []

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--":
                command = Array(rest)
                rest = []
            case "--runs", "--seed", "--label", "--trace":
                guard let value = rest.popFirst() else { throw BenchError(description: "\(argument) needs a value") }
                switch argument {
                case "--runs":
                    guard let n = Int(value), n > 0 else { throw BenchError(description: "bad --runs \(value)") }
                    runs = n
                case "--seed":
                    guard let n = UInt64(value) else { throw BenchError(description: "bad --seed \(value)") }
                    seed = n
                case "--label": label = value
                default: trace = value
                }
            default: throw BenchError(description: "unknown argument \(argument)")
            }
        }
        if command.isEmpty {
            throw BenchError(description: "usage: judder-bench [--runs N] [--seed S] [--label NAME] [--trace DIR] -- PROGRAM [ARGS...]")
        }
    }
}

/// Milliseconds of a duration, as a Double.
func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Sleeps until `instant` of CLOCK_MONOTONIC (the compositor clock: nothing advances it here).
func sleep(until instant: Duration) {
    let (seconds, attoseconds) = instant.components
    var target = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
}

/// Where the finger goes down, in the window's surface coordinates: left of the rows' labels, low in the window,
/// so that its 1,000 pt of travel stay inside the list (all three lists fill a 400 x 1200 window; GTK's client-side
/// shadows and title bar move its list by tens of points, and GTK stops following a touch that leaves its window).
let fingerX = 100.0
let fingerY = 1150.0

func runOnce(_ options: Options, run: Int) throws -> JudderFigures {
    let compositor = try TestCompositor(outputSize: Size(width: 800, height: 1300))
    // Every frame of the stream is kept (about 2 MB each): they are read after the lift.
    compositor.retainedFrameBytes = 1 << 30
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.command[0])
    process.arguments = Array(options.command.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(compositor.environment) { $1 }
    let logPath = "\(compositor.runtimeDirectory)-\(options.label)-\(run).log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = FileHandle(forWritingAtPath: logPath)
    process.standardError = log
    process.standardOutput = log
    try process.run()
    defer {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? log?.close()
    }
    func failure(_ what: String) -> BenchError {
        let tail = (try? String(contentsOfFile: logPath, encoding: .utf8))?.split(separator: "\n").suffix(5)
            .joined(separator: "\n") ?? ""
        return BenchError(description: "\(options.label): \(what) (program log \(logPath))\n\(tail)")
    }
    do {
        try compositor.waitForToplevel(timeout: .seconds(30))
    } catch {
        throw failure("no window within 30 s: \(compositor.lastTimeoutReason ?? "\(error)")")
    }
    // Start-up animations and late layout settle; then the list must be at rest at offset 0.
    usleep(1_500_000)
    guard let rest = compositor.lastCommittedImage else { throw failure("no frame") }
    let column = rest.width / 4
    guard let listTop = PatternReader.listTop(inRestingFrame: rest, column: column) else {
        throw failure("no pattern rows in column \(column) of the window's \(rest.width) x \(rest.height) picture")
    }
    if compositor.touchObjectCount == 0 { throw failure("the program holds no wl_touch: it cannot see the finger") }
    let stream = FingerStream(seed: options.seed &+ UInt64(run))
    let reports = stream.reports()
    let first = compositor.committedFrameCount
    // The touch-down on a whole millisecond of the compositor clock, a little ahead.
    let start = Duration.milliseconds(Int64(milliseconds(TestCompositor.monotonicNow).rounded(.up)) + 30)
    sleep(until: start)
    compositor.touchDown(id: 0, at: Point(x: fingerX, y: fingerY), time: start)
    compositor.touchFrame()
    for report in reports {
        let time = start + .milliseconds(report.time)
        sleep(until: time)
        compositor.touchMotion(id: 0, to: Point(x: fingerX, y: fingerY - report.distance), time: time)
        compositor.touchFrame()
    }
    let lift = start + .milliseconds(stream.liftTime)
    sleep(until: lift)
    compositor.touchUp(id: 0, time: lift)
    compositor.touchFrame()
    usleep(300_000)
    var samples: [JudderFigures.Frame] = []
    var unreadable = 0
    var trace = "# ms after the touch-down: commit, refresh that shows it; offset shown (pt); finger's distance (pt)\n"
    for frame in compositor.committedFrames(after: first) {
        let time = milliseconds(frame.time - start)
        guard let offset = PatternReader.offset(in: frame.image, column: column, listTop: listTop) else {
            unreadable += 1
            continue
        }
        let shownAt = milliseconds(compositor.refreshTick(after: frame.time) - start)
        samples.append(JudderFigures.Frame(time: time, shownAt: shownAt, offset: offset))
        trace += "\(time) \(shownAt) \(offset) \(stream.distance(at: time))\n"
    }
    if let directory = options.trace {
        try trace.write(toFile: "\(directory)/\(options.label)-\(run).txt", atomically: true, encoding: .utf8)
    }
    guard
        let figures = JudderFigures.measure(
            frames: samples, stream: stream, refreshInterval: 1000 / 60)
    else { throw failure("too few readable frames (\(samples.count) read, \(unreadable) unreadable)") }
    if unreadable > 0 { say("\(options.label) run \(run): \(unreadable) frames had no row edge in view") }
    if let directory = options.trace {
        try? FileManager.default.removeItem(atPath: "\(directory)/\(options.label)-\(run).log")
        try? FileManager.default.moveItem(atPath: logPath, toPath: "\(directory)/\(options.label)-\(run).log")
    } else {
        try? FileManager.default.removeItem(atPath: logPath)
    }
    return figures
}

/// One line on stdout, written at once (stdout is a pipe under the script: print would hold it back).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

/// The median of `values` and their spread (smallest, largest).
func summary(_ values: [Double], _ digits: Int = 2) -> String {
    let sorted = values.sorted()
    let n = sorted.count
    let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    return "\(format(median, digits)) (\(format(sorted[0], digits))-\(format(sorted[n - 1], digits)))"
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    var all: [JudderFigures] = []
    for run in 1...options.runs {
        let f = try runOnce(options, run: run)
        all.append(f)
        say(
            "\(options.label) run \(run): frames \(f.frames) step sd \(format(f.stepDeviation)) pt "
                + "(mean \(format(f.meanStep)) pt) lag mean \(format(f.meanLag, 1)) ms max \(format(f.maximumLag, 1)) ms "
                + "dropped \(f.dropped) slop \(format(f.slop, 1)) pt")
    }
    if all.count > 1 {
        say(
            "\(options.label) median (min-max) of \(all.count): step sd \(summary(all.map(\.stepDeviation))) pt, "
                + "lag mean \(summary(all.map(\.meanLag), 1)) ms, lag max \(summary(all.map(\.maximumLag), 1)) ms, "
                + "dropped \(summary(all.map { Double($0.dropped) }, 0)), slop \(summary(all.map(\.slop), 1)) pt")
    }
} catch {
    FileHandle.standardError.write(Data("judder-bench: \(error)\n".utf8))
    exit(1)
}
