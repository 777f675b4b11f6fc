import Foundation
import Testing

@testable import Toolkit
@testable import ToolkitCore

/// A wlroots compositor: a seat with no capabilities, a tiling configure that sets the size, and a close
/// request from the compositor (`swaymsg kill`). Skipped when sway is not installed.
@MainActor
@Suite(.serialized, .enabled(if: SwayHarness.isInstalled, "sway is not installed: sway tests skipped"))
struct SwayWindowTests {
    @Test func runsWithACapabilitylessSeatAndReturnsOnClose() throws {
        let sway = try SwayHarness(width: 800, height: 600)
        defer { sway.stop() }
        let window = try WaylandWindow(
            title: "sway test", size: Size(width: 300, height: 200),
            connection: .socket(
                name: sway.socketName,
                runtimeDirectory: sway.runtimeDirectory))
        window.rootView.backgroundColor = .white
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        // Sway tiles the only window over the output: a non-zero configure resizes it.
        while (window.presentedFrameCount < 1 || window.size == Size(width: 300, height: 200))
            && clock.now < deadline
        {
            _ = try window.dispatchOnce(timeout: .milliseconds(100))
        }
        #expect(window.presentedFrameCount >= 1)
        print(
            "sway: configured to \(window.size), first commit after "
                + "\(window.timeToFirstCommit.map { "\($0)" } ?? "never")")
        #expect(window.size != Size(width: 300, height: 200))
        #expect(window.size.width <= 800 && window.size.height <= 600)
        #expect(window.hasSeat)
        #expect(!window.hasPointer && !window.hasKeyboard && !window.hasTouch)
        // The compositor asks the window to close: run returns normally.
        try sway.message(["kill"])
        var returned = false
        while !returned && clock.now < deadline {
            returned = try !window.dispatchOnce(timeout: .milliseconds(100))
        }
        #expect(returned)
        #expect(window.isClosed)
        try window.run()
    }
}
