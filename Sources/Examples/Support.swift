#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line to stderr.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
}

/// Things the demos report as they happen, for `--stats` (a tapped row, a finished stroke): the windowed gallery
/// prints each as a `stats: ...` line on stderr at once, so a test driving real input sees what it activated.
@MainActor
enum GalleryEvents {
    /// Receives each report; nil (the default) drops them.
    static var report: ((String) -> Void)?
}

/// Figures for `--stats`, read from /proc (Linux).
enum ProcessStats {
    /// Seconds since this process started, from /proc/self/stat's start time and CLOCK_BOOTTIME.
    static func secondsSinceStart() -> Double? {
        guard let stat = readFile("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name; the start time is field 22 overall, the 20th after ")".
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return now - ticks / hz
    }

    /// Resident set size, in MiB, from /proc/self/status.
    static func residentMiB() -> Double? {
        guard let status = readFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            return kb.map { $0 / 1024 }
        }
        return nil
    }

    private static func readFile(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// `value` with two decimals ("1.50"), without Foundation's formatting.
    init(format2 value: Double) {
        guard value.isFinite else {
            self = "\(value)"
            return
        }
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        self =
            (value < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "")
            + "\(fraction)"
    }
}
