import CAllocCounter
import Glibc

/// The timings and allocation count of one benchmark case.
///
/// Each timed run performs `operationsPerRun` operations; its time divided by that count is one sample. The
/// median of the samples is the typical figure on a noisy machine, the minimum the least disturbed one.
/// Allocations are counted over every timed run (after warm-up) and divided by the operations performed.
struct Measurement {
    /// What was measured.
    var name: String
    /// Seconds per operation, one sample per timed run.
    var samples: [Double]
    /// Heap allocations per operation in steady state (over all timed runs).
    var allocationsPerOperation: Double
    /// Bytes requested per operation in steady state.
    var bytesPerOperation: Double

    /// The median sample, in seconds per operation.
    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The fastest sample, in seconds per operation.
    var minimum: Double { samples.min() ?? .nan }

    /// Runs `warmUp` untimed runs, then optionally a traced run, then `runs` timed runs of `body`, which
    /// performs `operationsPerRun` operations each time it is called (run index given). `setUp`, when given,
    /// runs before every run of `body`, outside the timing and the allocation count.
    /// Skipped (no samples) when `options.filter` is set and not in `name`.
    static func measure(_ name: String, runs: Int, operationsPerRun: Int, warmUp: Int = 2, options: Options,
                        setUp: ((Int) -> Void)? = nil, _ body: (Int) -> Void) -> Measurement {
        if let filter = options.filter, !name.contains(filter) {
            return Measurement(name: name, samples: [], allocationsPerOperation: .nan, bytesPerOperation: .nan)
        }
        let traceAllocations = options.traceAllocations
        var run = 0
        for _ in 0..<warmUp {
            setUp?(run)
            body(run)
            run += 1
        }
        if traceAllocations > 0 {
            setUp?(run)
            // Arm first: arming loads the unwinder, which allocates.
            bench_alloc_trace(Int32(traceAllocations))
            let before = bench_alloc_count()
            body(run)
            bench_alloc_trace(0)
            run += 1
            let seen = bench_alloc_count() - before
            printError("[trace] \(name): \(seen) allocation(s) in one steady-state run"
                       + (seen > 0 ? " (backtraces above)" : ""))
        }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        var allocations: UInt64 = 0
        var bytes: UInt64 = 0
        for _ in 0..<runs {
            setUp?(run)
            let allocationsBefore = bench_alloc_count()
            let bytesBefore = bench_alloc_bytes()
            let start = Stopwatch.nanoseconds()
            body(run)
            let end = Stopwatch.nanoseconds()
            allocations += bench_alloc_count() - allocationsBefore
            bytes += bench_alloc_bytes() - bytesBefore
            samples.append(Double(end - start) / 1e9 / Double(operationsPerRun))
            run += 1
        }
        if getenv("BENCH_SAMPLES") != nil { printError("\(name): \(samples)") }
        let operations = Double(runs * operationsPerRun)
        return Measurement(name: name, samples: samples, allocationsPerOperation: Double(allocations) / operations,
                           bytesPerOperation: Double(bytes) / operations)
    }
}
