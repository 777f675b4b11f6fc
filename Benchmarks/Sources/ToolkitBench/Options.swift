/// What the command line asked for.
///
/// `toolkit-bench [frames|events|regions|lists|grids|bars|live|all] [--runs N] [--quick] [--trace-allocs[=N]] [--png FILE] [--only TEXT]`
struct Options {
    /// Which benchmark groups run.
    enum Group: String {
        case frames, events, regions, lists, grids, bars, live, all
    }

    /// The groups to run (default: all).
    var group: Group = .all
    /// Timed runs per case; the median and the minimum of their per-operation times are printed.
    var runs = 7
    /// Fewer operations per run (a smoke test of the harness, figures are noisier).
    var quick = false
    /// When positive, print a backtrace for that many allocations in each case's steady state.
    var traceAllocations = 0
    /// When set, the list window as the frame benchmarks draw it is written there as a PNG (to check what is
    /// being measured).
    var snapshotPath: String?
    /// When set, only cases whose name contains it run (for profiling one case).
    var filter: String?
    /// Also print the machine-readable summary (`name value` lines) after the tables.
    var summary = false

    /// Parses `arguments` (without the program name); returns nil and prints usage on a bad argument.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if let group = Group(rawValue: argument) {
                options.group = group
            } else if argument == "--runs", index + 1 < arguments.count, let n = Int(arguments[index + 1]), n > 0 {
                options.runs = n
                index += 1
            } else if argument == "--png", index + 1 < arguments.count {
                options.snapshotPath = arguments[index + 1]
                index += 1
            } else if argument == "--only", index + 1 < arguments.count {
                options.filter = arguments[index + 1]
                index += 1
            } else if argument == "--summary" {
                options.summary = true
            } else if argument == "--quick" {
                options.quick = true
            } else if argument == "--trace-allocs" {
                options.traceAllocations = 3
            } else if argument.hasPrefix("--trace-allocs="), let n = Int(argument.dropFirst(15)), n >= 0 {
                options.traceAllocations = n
            } else {
                print("""
                    usage: toolkit-bench [frames|events|regions|lists|grids|bars|live|all] [--runs N] [--quick] [--trace-allocs[=N]] [--png FILE]
                                         [--only TEXT] [--summary]
                      frames          1080p frame costs against one pixman copy of the frame
                      events          touch event throughput through WindowCore.handle(_:)
                      regions         one frame's region operations: PixelRegion against pixman_region32
                      lists           ListContainer: 10,000,000 rows against 100 (frame, memory, first frame)
                      grids           GridContainer: 10,000,000 items against 100 (frame, memory, first frame)
                      bars            scroll bars: shown, widening, fading bar frames against a plain scroll frame
                      live            live lists: applyDifference of 100,000 ids, an animated batch's frames
                      --runs N        timed runs per case (default 7); median and minimum are printed
                      --quick         fewer operations per run (harness smoke test)
                      --trace-allocs  backtrace of the first N (default 3) steady-state allocations per case
                      --png FILE      write the benchmark window, as drawn, to FILE
                      --only TEXT     run only the cases whose name contains TEXT (for profiling)
                      --summary       after the tables, one `name value` line per budget figure (see README)
                    """)
                return nil
            }
            index += 1
        }
        return options
    }
}
