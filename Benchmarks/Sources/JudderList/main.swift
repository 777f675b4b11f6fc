// judder-list: the toolkit's list for the judder benchmark: a 400 x 1200 Wayland window filled by a ListContainer
// of 2,000 RowPattern rows (44 pt). Prints "judder-list: first frame" to stderr once the first frame is committed.
// Usage: judder-list [--resample on|off]   (WindowCore.resamplesTouches; default: the toolkit's default, on)
import JudderPattern
import Toolkit

#if canImport(Glibc)
    import Glibc
#endif

/// One line on stderr, unbuffered.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let resamples: Bool?
switch arguments {
case []: resamples = nil
case ["--resample", "on"]: resamples = true
case ["--resample", "off"]: resamples = false
default:
    printError("usage: judder-list [--resample on|off]")
    exit(2)
}

let status: Int32 = MainActor.assumeIsolated {
    let window: WaylandWindow
    do {
        window = try WaylandWindow(title: "judder-list", size: Size(width: 400, height: 1200), appID: "judder-list")
    } catch {
        printError("judder-list: \(error)")
        return 1
    }
    if let resamples { window.core.resamplesTouches = resamples }
    let rows = PatternRows(count: 2000)
    let list = ListContainer(frame: Rect(origin: .zero, size: window.core.size))
    list.dataSource = rows
    list.fillsSuperview = true
    window.rootView.addSubview(list)
    window.onFirstFrameCommitted = { printError("judder-list: first frame") }
    do {
        try window.run()
    } catch {
        printError("judder-list: \(error)")
        return 1
    }
    withExtendedLifetime(rows) {}
    return 0
}
exit(status)
