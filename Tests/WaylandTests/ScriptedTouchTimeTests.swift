import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// The test compositor's touch events with scripted timestamps reach the client with those times: the spacing a
/// script gives its reports is the spacing the window's core sees, whatever moment each event was sent at.
@MainActor
struct ScriptedTouchTimeTests {
    @Test func touchTimestampsFollowTheScript() throws {
        let compositor = try TestCompositor()
        let window = try WaylandWindow(
            title: "stamps", size: Size(width: 200, height: 300), appID: "org.toolkit.tests",
            connection: .fileDescriptor(compositor.connectClientFD()))
        var events: [InputEvent] = []
        window.onInputEvent = { events.append($0) }
        try #require(try FrameTiming.run(window) { window.presentedFrameCount >= 1 })
        func downs() -> [Duration] {
            events.compactMap { if case .touchDown(_, _, let time) = $0 { time } else { nil } }
        }
        func motions() -> [Duration] {
            events.compactMap { if case .touchMotion(_, _, let time) = $0 { time } else { nil } }
        }
        let start = compositor.clock
        compositor.touchDown(id: 0, at: Point(x: 50, y: 200), time: start)
        compositor.touchFrame()
        try #require(try FrameTiming.run(window) { !downs().isEmpty })
        // Sent together, well after their times (a window never maps an event later than it reads it).
        try FrameTiming.run(window, for: .milliseconds(40))
        compositor.touchMotion(id: 0, to: Point(x: 50, y: 190), time: start + .milliseconds(7))
        compositor.touchFrame()
        compositor.touchMotion(id: 0, to: Point(x: 50, y: 180), time: start + .milliseconds(19))
        compositor.touchFrame()
        try #require(try FrameTiming.run(window) { motions().count >= 2 })
        let down = try #require(downs().first)
        #expect(motions().map { $0 - down } == [.milliseconds(7), .milliseconds(19)])
        compositor.touchUp(id: 0, time: start + .milliseconds(25))
        compositor.touchFrame()
        #expect(compositor.touchObjectCount == 1)
    }
}
