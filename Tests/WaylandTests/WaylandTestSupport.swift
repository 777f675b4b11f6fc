import Glibc
import Testing
import ToolkitTesting

@testable import Toolkit

// What the Wayland tests share to wait: on a condition with a deadline, never for a fixed time. A wait that misses
// its deadline throws `WaitTimeout` naming what it waited for, so a broken client fails its test instead of
// hanging it, and a slow machine only makes a test slower.

/// A wait that reached its deadline before its condition held.
struct WaitTimeout: Error, CustomStringConvertible {
    var description: String
}

/// CLOCK_MONOTONIC now: the clock of `TestCompositor.bufferCommitTimes` and of every deadline here.
func monotonicClock() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}

/// Polls `condition` every few milliseconds until it holds; throws `WaitTimeout` naming `what` after `timeout`.
/// For state another thread or process changes (a compositor, a child's stderr); a window's own loop is pumped with
/// `WaylandWindow.pump` instead.
func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(10),
    _ condition: () throws -> Bool
) throws {
    let deadline = monotonicClock() + timeout
    while try !condition() {
        guard monotonicClock() < deadline else {
            throw WaitTimeout(description: "timed out after \(timeout): \(what())")
        }
        usleep(5_000)
    }
}

/// Gesture timing the tests share.
enum Gesture {
    /// How long a finger stays still before it lifts when a test wants no fling. The velocity rule drops the
    /// samples before a pause of more than 40 ms, so a held finger lifts with zero velocity; the compositor stamps
    /// each event when it sends it, so the pause is in the event times however late the client reads them.
    static let holdStillMilliseconds = 60

    /// Keeps the test's finger still for `holdStillMilliseconds` (a part of the gesture, not a wait for a result).
    static func holdStill() {
        usleep(UInt32(holdStillMilliseconds) * 1000)
    }
}

// MARK: A window in this process

@MainActor
extension WaylandWindow {
    /// Dispatches the window's loop (real I/O with the compositor) until `condition` holds; throws `WaitTimeout`
    /// naming `what` after `limit`, and rethrows what the loop throws.
    func pump(
        _ what: @autoclosure () -> String = "the awaited condition", limit: Duration = .seconds(10),
        until condition: () -> Bool
    ) throws {
        let deadline = monotonicClock() + limit
        while !condition() {
            guard monotonicClock() < deadline else {
                throw WaitTimeout(description: "timed out after \(limit): \(what())")
            }
            _ = try dispatchOnce(timeout: .milliseconds(10))
        }
    }

    /// Dispatches until `condition` holds or `limit` passed, whichever comes first; returns whether it held. For
    /// tests where either outcome is an answer (a hostile compositor may make the client give up). `step` bounds
    /// each wait in the loop, for tests that check the condition at fine instants (frame timing).
    @discardableResult
    func dispatch(limit: Duration, step: Duration = .milliseconds(10), until condition: () -> Bool) throws -> Bool {
        let deadline = monotonicClock() + limit
        while !condition() {
            guard monotonicClock() < deadline else { return false }
            _ = try dispatchOnce(timeout: step)
        }
        return true
    }

    /// Dispatches for `duration` whatever happens: the window in which a test shows that something does *not*
    /// happen (no frame, no event).
    func idle(for duration: Duration) throws {
        let end = monotonicClock() + duration
        while monotonicClock() < end {
            _ = try dispatchOnce(timeout: max(.zero, min(.milliseconds(10), end - monotonicClock())))
        }
    }
}

// MARK: A client of the test compositor (in this process or another)

extension TestCompositor {
    /// The picture once the client has handled everything sent so far and committed what that changed.
    ///
    /// The client answers a first ping after the input ahead of it, so by then it has asked for the frame that
    /// shows the input (a frame callback, or it was waiting for one already). Once the compositor's next refresh
    /// tick has completed that callback, the client draws and commits the frame as soon as it reads the `done`,
    /// which comes before the answer to a second ping.
    func settledImage(timeout: Duration = .seconds(10)) throws -> Image {
        try waitForPong(serial: sendPing(), timeout: timeout)
        try waitForFrameCallbacks(timeout: timeout)
        try waitForPong(serial: sendPing(), timeout: timeout)
        guard let image = lastCommittedImage else { throw WaitTimeout(description: "no picture was committed") }
        return image
    }

    /// Polls the committed picture until `condition` holds; returns that picture. Throws `WaitTimeout` naming
    /// `what` after `timeout`.
    func waitForImage(
        _ what: @autoclosure () -> String, timeout: Duration = .seconds(10),
        where condition: (Image) -> Bool
    ) throws -> Image {
        var found: Image?
        try waitUntil(what(), timeout: timeout) {
            guard let image = lastCommittedImage, condition(image) else { return false }
            found = image
            return true
        }
        return found!
    }

    /// Waits until the client is at rest (nothing moves; a scroll indicator may still wait out its hold time before
    /// it fades): it answers a ping, commits no picture for `quiet`, and answers a second ping. The pings prove that the client ran at both ends of the quiet
    /// stretch (a stalled client commits nothing either), and one that animates commits at every refresh while it
    /// runs. Returns the picture then. Throws `WaitTimeout` after `timeout` (a client that never stops drawing).
    @discardableResult
    func waitForRest(quiet: Duration = .milliseconds(200), timeout: Duration = .seconds(20)) throws -> Image? {
        let deadline = monotonicClock() + timeout
        while true {
            let frames = committedFrameCount
            try waitForPong(serial: sendPing(), timeout: max(.zero, deadline - monotonicClock()))
            let end = monotonicClock() + quiet
            while committedFrameCount == frames && monotonicClock() < end { usleep(5_000) }
            try waitForPong(serial: sendPing(), timeout: max(.zero, deadline - monotonicClock()))
            if committedFrameCount == frames { return lastCommittedImage }
            guard monotonicClock() < deadline else {
                throw WaitTimeout(
                    description: "the client did not come to rest within \(timeout): it still commits "
                        + "pictures (\(committedFrameCount) so far)")
            }
        }
    }
}

// MARK: A client process under a real compositor (WAYLAND_DEBUG=client)

/// What a client's `WAYLAND_DEBUG=client` log on its stderr says about its frames: every request and event, one
/// line each (`-> wl_surface@3.frame(new id wl_callback@25)` for a request, `wl_callback@25.done(…)` for an event
/// the client dispatched).
struct ProtocolLog {
    let text: String

    /// How many lines contain `fragment`.
    func count(_ fragment: String) -> Int {
        text.split(separator: "\n").reduce(0) { $0 + ($1.contains(fragment) ? 1 : 0) }
    }

    /// Whether the client waits for no frame callback: the newest `frame` request it made has been answered with
    /// its `done` (or it never asked for one).
    var hasNoFramePending: Bool {
        let lines = text.split(separator: "\n")
        guard let index = lines.lastIndex(where: { $0.contains(".frame(new id wl_callback@") }) else { return true }
        let request = lines[index]
        guard let at = request.range(of: "new id wl_callback@") else { return true }
        let id = request[at.upperBound...].prefix { $0.isNumber }
        return lines[(index + 1)...].contains { $0.contains("wl_callback@\(id).done(") }
    }

    /// The number of `commit` requests so far.
    var commits: Int { count(".commit()") }
}

extension GalleryProcess {
    /// The client's protocol log so far (it must run with `WAYLAND_DEBUG=client`).
    var protocolLog: ProtocolLog { ProtocolLog(text: standardError) }

    /// Waits until the client (run with `WAYLAND_DEBUG=client`) has dispatched `count` events containing
    /// `dispatched` (when given: the input the rest must follow) and is at rest: no frame callback pending and no
    /// commit for `quiet`. A client that animates asks for a frame with every commit and draws as soon as the
    /// callback is done, so it never shows both for long; the quiet stretch covers the instants between reading a
    /// `done` and committing the frame it asked for. Throws `WaitTimeout` after `timeout`.
    func waitForRest(
        dispatched: String? = nil, count: Int = 1, quiet: Duration = .milliseconds(300),
        timeout: Duration = .seconds(20)
    ) throws {
        if let dispatched { try waitForLog(dispatched, count: count, timeout: timeout) }
        let deadline = monotonicClock() + timeout
        var stillSince: Duration?
        var lastCommits = -1
        while true {
            let log = protocolLog
            let commits = log.commits
            if log.hasNoFramePending && commits == lastCommits {
                if let since = stillSince, monotonicClock() - since >= quiet { return }
                if stillSince == nil { stillSince = monotonicClock() }
            } else {
                stillSince = nil
            }
            lastCommits = commits
            guard monotonicClock() < deadline, isRunning else {
                throw WaitTimeout(
                    description: "the client did not come to rest within \(timeout) "
                        + "(\(isRunning ? "it still draws" : "it ended")): \(standardError.suffix(2000))")
            }
            usleep(10_000)
        }
    }

    /// Waits until the client's protocol log has `count` lines containing `fragment` (a request it made, an event
    /// it dispatched). Throws `WaitTimeout` after `timeout`, or when the process ended.
    func waitForLog(_ fragment: String, count: Int = 1, timeout: Duration = .seconds(10)) throws {
        try waitUntil("\(count) log lines with '\(fragment)': \(standardError.suffix(2000))", timeout: timeout) {
            guard isRunning else { throw WaitTimeout(description: "the client ended: \(standardError.suffix(2000))") }
            return protocolLog.count(fragment) >= count
        }
    }

    /// Waits until stderr contains `text`. Throws `WaitTimeout` after `timeout`, or when the process ended.
    func waitForOutput(_ text: String, timeout: Duration = .seconds(10)) throws {
        try waitUntil("'\(text)' on stderr: \(standardError.suffix(2000))", timeout: timeout) {
            if standardError.contains(text) { return true }
            guard isRunning else { throw WaitTimeout(description: "the client ended: \(standardError.suffix(2000))") }
            return false
        }
    }
}
