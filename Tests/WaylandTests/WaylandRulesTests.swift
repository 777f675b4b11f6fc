import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Small documented rules of the Wayland layer: configure sizes, poll timeouts, bind versions, errors.
@MainActor
@Suite struct WaylandRulesTests {
    private let current = Size(width: 320, height: 240)

    @Test func zeroConfigureKeepsOurSizePerDimension() {
        #expect(XdgWindow.resolvedSize(configured: (0, 0), current: current, minimum: .zero) == current)
        #expect(
            XdgWindow.resolvedSize(configured: (800, 0), current: current, minimum: .zero)
                == Size(width: 800, height: 240))
        #expect(
            XdgWindow.resolvedSize(configured: (-5, 600), current: current, minimum: .zero)
                == Size(width: 320, height: 600))
    }

    @Test func configuredSizesRespectTheMinimumAndOnePoint() {
        #expect(
            XdgWindow.resolvedSize(configured: (50, 50), current: current, minimum: Size(width: 100, height: 10))
                == Size(width: 100, height: 50))
        #expect(
            XdgWindow.resolvedSize(configured: (0, 0), current: Size(width: .nan, height: -3), minimum: .zero)
                == Size(width: 1, height: 1))
        #expect(
            XdgWindow.resolvedSize(
                configured: (0, 0), current: Size(width: 10.4, height: 10.6),
                minimum: .zero) == Size(width: 10, height: 11))
    }

    @Test func pollTimeoutsRoundUpToWholeMilliseconds() {
        #expect(WaylandEventLoop.milliseconds(nil) == -1)
        #expect(WaylandEventLoop.milliseconds(.zero) == 0)
        #expect(WaylandEventLoop.milliseconds(.milliseconds(-4)) == 0)
        #expect(WaylandEventLoop.milliseconds(.microseconds(1)) == 1)
        #expect(WaylandEventLoop.milliseconds(.milliseconds(16)) == 16)
        #expect(WaylandEventLoop.milliseconds(.microseconds(16_001)) == 17)
        #expect(WaylandEventLoop.milliseconds(.seconds(Int64.max / 2)) == Int32.max)
    }

    @Test func bindVersionIsTheLowerOfBoth() {
        #expect(WaylandRegistry.bindVersion(advertised: 9, implemented: 8) == 8)
        #expect(WaylandRegistry.bindVersion(advertised: 3, implemented: 5) == 3)
        #expect(WaylandRegistry.implementedVersions["wl_seat"] == 8)
        #expect(WaylandRegistry.implementedVersions["xdg_wm_base"] == 5)
    }

    @Test func badFileDescriptorsAreNoDisplay() {
        #expect(throws: WaylandError.noDisplay("invalid file descriptor -1")) {
            _ = try WaylandWindow(title: "x", size: Size(width: 1, height: 1), connection: .fileDescriptor(-1))
        }
    }

    @Test func tooLongSocketPathsAreRefusedClearly() {
        let long = String(repeating: "d", count: 200)
        do {
            _ = try WaylandWindow(
                title: "x", size: Size(width: 1, height: 1),
                connection: .socket(name: "wayland-0", runtimeDirectory: "/" + long))
            Issue.record("connected")
        } catch let error as WaylandError {
            #expect(error.description.contains("too long"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func errorDescriptionsSayWhatHappened() {
        #expect(WaylandError.missingGlobal("xdg_wm_base").description == "the compositor does not offer xdg_wm_base")
        #expect(
            WaylandError.noDisplay("tried /run/x: No such file or directory").description
                .hasPrefix("no Wayland display: tried /run/x"))
    }
}
