import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// How long the soak runs: `SOAK_MINUTES` (positive), or nil when it is not set.
enum SoakSettings {
    static let minutes: Double? = getenv("SOAK_MINUTES").flatMap { Double(String(cString: $0)) }.flatMap {
        $0 > 0 ? $0 : nil
    }
}

/// The soak: the gallery under the test compositor for `SOAK_MINUTES` minutes of injected gestures on
/// every demo (button taps, drags, flings, taps, wheel detents, touchpad pinches), its resident memory and open
/// descriptors read from /proc every 10 s and printed at the end. Not part of the normal run: `scripts/soak`
/// (or `SOAK_MINUTES=10 swift test --filter GallerySoakTests`) runs it. Targets: less than 1 MB of RSS growth after
/// the first minute (warm-up: caches, glyphs, buffers), no descriptor growth.
@Suite(
    .serialized,
    .enabled(
        if: SoakSettings.minutes != nil,
        "the soak runs only with SOAK_MINUTES set (scripts/soak)"))
struct GallerySoakTests {
    /// Resident set size of `pid`, KiB, from /proc/PID/status.
    static func residentKiB(_ pid: pid_t) -> Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
        }
        return nil
    }

    /// Open descriptors of `pid`, from /proc/PID/fd.
    static func descriptorCount(_ pid: pid_t) -> Int? {
        guard let directory = opendir("/proc/\(pid)/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { count += 1 }
        }
        return count
    }

    /// The gallery's demo titles in the bar's order (`Demo.all`; GalleryViewTests checks this list against the
    /// executable's, which this target cannot import).
    static let galleryDemoTitles = [
        "List", "Paging", "Lock", "Canvas", "Fling", "Observers", "Wheel", "Zoom",
        "Contacts", "Terminal", "Nested", "Gestures", "Photos", "Mail"
    ]
    static var demoCount: Int { galleryDemoTitles.count }

    /// The centre of demo `index`'s bar button (GalleryView.buttonLayout: from x 8, 6 pt apart, each its title and
    /// 6 pt each side, at the largest of 14, 13, 12, 11 and 10 pt at which the buttons end by x 740; GalleryViewTests
    /// checks that 10 pt is the size now).
    static func buttonCentre(_ index: Int) -> Double {
        let size =
            [14.0, 13, 12, 11].first { size in
                8 + galleryDemoTitles.reduce(0.0) { $0 + (Font.measure($1, size: size).width + 12).rounded(.up) + 6 }
                    - 6
                    <= 740
            } ?? 10
        func width(_ title: String) -> Double { (Font.measure(title, size: size).width + 12).rounded(.up) }
        let left = 8 + galleryDemoTitles.prefix(index).reduce(0.0) { $0 + width($1) + 6 }
        return left + width(galleryDemoTitles[index]) / 2
    }

    /// One round of gestures on demo `index` (its bar button is tapped first); each gesture follows once the
    /// gallery has drawn what the one before did (a fling may still run: the next drag catches it).
    static func round(_ compositor: TestCompositor, demo index: Int) throws {
        func tap(_ p: Point) {
            compositor.touchDown(id: 0, at: p)
            compositor.touchFrame()
            usleep(30_000)
            compositor.touchUp(id: 0)
            compositor.touchFrame()
        }
        func drag(from start: Point, by delta: Point) {
            compositor.touchDown(id: 1, at: start)
            compositor.touchFrame()
            for step in 1...8 {
                usleep(16_000)
                compositor.touchMotion(
                    id: 1,
                    to: Point(
                        x: start.x + delta.x * Double(step) / 8,
                        y: start.y + delta.y * Double(step) / 8))
                compositor.touchFrame()
            }
            compositor.touchUp(id: 1)
            compositor.touchFrame()
        }
        tap(Point(x: buttonCentre(index), y: 22))
        _ = try compositor.settledImage()
        drag(from: Point(x: 400, y: 500), by: Point(x: 0, y: -240))
        _ = try compositor.settledImage()
        drag(from: Point(x: 400, y: 200), by: Point(x: 0, y: 240))
        _ = try compositor.settledImage()
        drag(from: Point(x: 600, y: 300), by: Point(x: -300, y: 0))
        _ = try compositor.settledImage()
        tap(Point(x: 300, y: 300))
        compositor.pointerMotion(to: Point(x: 400, y: 300))
        compositor.pointerFrame()
        for direction in [1.0, -1.0] {
            for _ in 0..<3 {
                compositor.pointerAxis(dx: 0, dy: 15 * direction, source: .wheel)
                compositor.pointerFrame()
                usleep(30_000)
            }
        }
        compositor.pointerPinchBegin(fingers: 2)
        for step in 1...5 {
            usleep(16_000)
            compositor.pointerPinchUpdate(dx: 0, dy: 0, scale: 1 + 0.1 * Double(step), rotation: 0)
        }
        compositor.pointerPinchEnd(cancelled: step(index))
        _ = try compositor.settledImage()
    }

    /// Every other round cancels its pinch.
    static func step(_ index: Int) -> Bool { index % 2 == 0 }

    @Test func galleryStaysFlatUnderInjectedGestures() throws {
        let minutes = try #require(SoakSettings.minutes)
        let compositor = try TestCompositor()
        let gallery = try GalleryProcess(arguments: ["--demo", "list"], environment: compositor.environment)
        defer { gallery.stop() }
        try compositor.waitForToplevel(timeout: .seconds(20))
        let clock = ContinuousClock()
        let start = clock.now
        let end = start + .seconds(minutes * 60)
        var samples: [(seconds: Int, rssKiB: Int, fds: Int)] = []
        var nextSample = start
        var demo = 0
        while clock.now < end && gallery.isRunning {
            if clock.now >= nextSample {
                if let rss = Self.residentKiB(gallery.pid), let fds = Self.descriptorCount(gallery.pid) {
                    samples.append((Int((clock.now - start).components.seconds), rss, fds))
                }
                nextSample += .seconds(10)
            }
            try Self.round(compositor, demo: demo % Self.demoCount)
            demo += 1
        }
        #expect(gallery.isRunning, "the gallery ended: \(gallery.standardError)")
        print("soak: \(demo) rounds in \(minutes) min; seconds rss_kib fds")
        for s in samples { print("soak: \(s.seconds) \(s.rssKiB) \(s.fds)") }
        let warm = samples.filter { $0.seconds >= 60 }
        let first = try #require(warm.first, "too short a soak to judge: no sample after the first minute")
        let growth = warm.map(\.rssKiB).max()! - first.rssKiB
        let fdGrowth = warm.map(\.fds).max()! - first.fds
        print("soak: RSS after warm-up \(first.rssKiB) KiB, growth \(growth) KiB; fds \(first.fds), growth \(fdGrowth)")
        #expect(growth < 1024, "RSS grew \(growth) KiB after the first minute")
        #expect(fdGrowth == 0, "descriptors grew by \(fdGrowth)")
        #expect(compositor.heldBufferWrites == 0)
    }
}
