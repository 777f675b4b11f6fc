// The AT-SPI bridge (ToolkitAccessibility) driven from a loop of the test's own, as an app on its own loop drives
// it: a WindowCore, a private D-Bus daemon for the accessibility bus (PrivateDBus), busctl as the screen reader.

import CAtspiBridge
import Foundation
import Glibc
import TestSupport
import Testing
import ToolkitAccessibility
import ToolkitCore

/// Component geometry at the clamp: the Swift side sends extents clamped to +-2e9, whose sums and differences
/// leave the int32 range.
@Suite struct AtspiGeometryTests {
    private func node(x: Int32, y: Int32, width: Int32, height: Int32) -> tatspi_node {
        var node = tatspi_node()
        (node.x, node.y, node.width, node.height) = (x, y, width, height)
        return node
    }

    @Test func containsNearTheClampSeesTheWholeExtent() {
        var far = node(x: 2_000_000_000, y: 2_000_000_000, width: 2_000_000_000, height: 2_000_000_000)
        #expect(tatspi_node_contains(&far, 2_000_000_000, 2_000_000_000) == 1)
        #expect(tatspi_node_contains(&far, Int32.max, Int32.max) == 1)
        #expect(tatspi_node_contains(&far, 1_999_999_999, 2_000_000_000) == 0)
        var near = node(x: -2_000_000_000, y: 0, width: 2_000_000_000, height: 10)
        #expect(tatspi_node_contains(&near, -1, 9) == 1)
        #expect(tatspi_node_contains(&near, 0, 9) == 0)
        #expect(tatspi_node_contains(&near, -1, 10) == 0)
    }

    @Test func relativeOriginClampsToInt32() {
        var child = node(x: 2_000_000_000, y: -2_000_000_000, width: 1, height: 1)
        var parent = node(x: -2_000_000_000, y: 2_000_000_000, width: 1, height: 1)
        var x: Int32 = 0
        var y: Int32 = 0
        tatspi_relative_origin(&child, &parent, &x, &y)
        #expect(x == Int32.max && y == Int32.min)
        parent = node(x: 1_999_999_000, y: -1_999_999_000, width: 1, height: 1)
        tatspi_relative_origin(&child, &parent, &x, &y)
        #expect(x == 1000 && y == -1000)
    }
}

@MainActor
@Suite(
    .serialized, .enabled(if: PrivateDBus.isInstalled, "dbus-daemon or busctl is not installed"),
    .enabled(if: PrivateDBus.bridgesAllowed, "NO_AT_BRIDGE=1 is set"))
struct AccessibilityBridgeTests {
    /// The host's loop: polls the bridge's descriptor and dispatches when it is readable, until `done` or the
    /// deadline. Returns whether `done` held.
    private func pump(_ bridge: AccessibilityBridge, seconds: Double = 10, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done() { return true }
            var descriptor = pollfd(fd: bridge.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 20) > 0 { bridge.dispatch() }
        }
        return done()
    }

    /// Runs busctl against `bus` while the loop dispatches the bridge; its output, or nil when it failed.
    private func busctl(_ bus: PrivateDBus, _ bridge: AccessibilityBridge, _ arguments: [String]) throws -> String? {
        let run = try bus.startBusctl(arguments)
        guard pump(bridge, until: { !run.process.isRunning }) else {
            kill(run.process.processIdentifier, SIGKILL)
            run.process.waitUntilExit()
            return nil
        }
        return PrivateDBus.result(of: run)
    }

    @Test func servesTheTreeFromTheHostsLoopAndSeesTheWholeExtentAtTheClamp() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let core = WindowCore(size: Size(width: 400, height: 600))
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40), title: "OK")
        let far = View(frame: Rect(x: 2e9, y: 0, width: 1e9, height: 100))
        far.accessibilityRole = .image
        core.rootView.addSubview(button)
        core.rootView.addSubview(far)
        let bridge = try #require(
            AccessibilityBridge(
                window: core, applicationName: "bridge-test",
                windowTitle: "Test", busAddress: bus.address))
        defer { bridge.stop() }
        let descriptor = bridge.fileDescriptor
        #expect(pump(bridge) { bridge.uniqueName != nil })
        let name = try #require(bridge.uniqueName)
        let prefix = "/org/a11y/atspi/accessible/"

        let frame = try busctl(bus, bridge, ["call", name, prefix + "0", "org.a11y.atspi.Accessible", "GetRole"])
        #expect(frame == "u \(TATSPI_ROLE_FRAME.rawValue)")
        let role = try busctl(
            bus, bridge,
            [
                "call", name, prefix + "\(core.accessibility.id(of: button))",
                "org.a11y.atspi.Accessible", "GetRole"
            ])
        #expect(role == "u \(TATSPI_ROLE_PUSH_BUTTON.rawValue)")

        // The far view spans x 2e9 ..< 3e9 after the clamp: 2.1e9 lies inside, whatever int32 can hold.
        let farPath = prefix + "\(core.accessibility.id(of: far))"
        let inside = try busctl(
            bus, bridge,
            [
                "call", name, farPath, "org.a11y.atspi.Component", "Contains", "iiu",
                "2100000000", "50", "0"
            ])
        #expect(inside == "b true")
        let before = try busctl(
            bus, bridge,
            [
                "call", name, farPath, "org.a11y.atspi.Component", "Contains", "iiu",
                "1999999999", "50", "0"
            ])
        #expect(before == "b false")
        #expect(bridge.fileDescriptor == descriptor)
        #expect(bridge.isRunning && !bridge.isRegistered)  // no registry on a private bus
    }

    /// AT-SPI's Selection on a list of 10,000,000 rows, through D-Bus: child indexes are row indexes, far past the
    /// alive rows; a selected row out of view is the null reference.
    @Test func selectionInterfaceSelectsRowsByIndexOverTenMillion() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let window = HeadlessWindow(size: Size(width: 400, height: 600))
        let core = window.core
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let source = BridgeRows(count: 10_000_000)
        list.dataSource = source
        list.selectionMode = .multiple
        core.rootView.addSubview(list)
        list.reloadData()
        window.advance(by: .milliseconds(16))
        defer { withExtendedLifetime(source) {} }
        let bridge = try #require(
            AccessibilityBridge(window: core, applicationName: "bridge-test", busAddress: bus.address))
        defer { bridge.stop() }
        #expect(pump(bridge) { bridge.uniqueName != nil })
        let name = try #require(bridge.uniqueName)
        let path = "/org/a11y/atspi/accessible/\(core.accessibility.id(of: list))"
        let selection = "org.a11y.atspi.Selection"
        func call(_ method: String, _ arguments: String...) throws -> String? {
            let signature = arguments.isEmpty ? [] : ["i"]
            return try busctl(bus, bridge, ["call", name, path, selection, method] + signature + arguments)
        }
        func selectedCount() throws -> String? {
            try busctl(bus, bridge, ["get-property", name, path, selection, "NSelectedChildren"])
        }

        let interfaces = try busctl(bus, bridge, ["call", name, path, "org.a11y.atspi.Accessible", "GetInterfaces"])
        #expect(interfaces?.contains("\"org.a11y.atspi.Selection\"") == true)
        #expect(try call("SelectChild", "9999999") == "b true")
        #expect(try call("SelectChild", "2") == "b true")
        #expect(list.selectedRows == IndexSet([2, 9_999_999]))
        #expect(try selectedCount() == "i 2")
        #expect(try call("IsChildSelected", "9999999") == "b true")
        #expect(try call("IsChildSelected", "3") == "b false")
        let row2 = try #require(list.view(forRow: 2))
        let row2Path = "/org/a11y/atspi/accessible/\(core.accessibility.id(of: row2))"
        #expect(try call("GetSelectedChild", "0") == "(so) \"\(name)\" \"\(row2Path)\"")
        #expect(try call("GetSelectedChild", "1") == "(so) \"\(name)\" \"/org/a11y/atspi/null\"")
        let states = try busctl(bus, bridge, ["call", name, row2Path, "org.a11y.atspi.Accessible", "GetState"])
        let selected = UInt32(1) << TATSPI_STATE_SELECTED.rawValue
        let selectable = UInt32(1) << TATSPI_STATE_SELECTABLE.rawValue
        let words = states.map { $0.split(separator: " ").compactMap { UInt32($0) } } ?? []
        #expect(words.count == 3 && words[1] & (selected | selectable) == selected | selectable)
        #expect(try call("DeselectChild", "2") == "b true")
        #expect(try call("DeselectSelectedChild", "0") == "b true")
        #expect(try selectedCount() == "i 0")
        #expect(try call("SelectChild", "10000000") == "b false")
        #expect(try call("SelectAll") == "b true")
        #expect(try selectedCount() == "i 10000000")
        #expect(try call("ClearSelection") == "b true")
        #expect(list.selectedRows.isEmpty)
    }

    @Test func aRowsSwipeActionsAreNamedActionsThatRunTheirHandlers() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let core = WindowCore(size: Size(width: 400, height: 600))
        let list = ListContainer(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let source = ActionRows()
        list.dataSource = source
        core.rootView.addSubview(list)
        let row = try #require(list.view(forRow: 2))
        let bridge = try #require(
            AccessibilityBridge(
                window: core, applicationName: "bridge-test",
                windowTitle: "Test", busAddress: bus.address))
        defer { bridge.stop() }
        #expect(pump(bridge) { bridge.uniqueName != nil })
        let name = try #require(bridge.uniqueName)
        let path = "/org/a11y/atspi/accessible/\(core.accessibility.id(of: row))"
        let standard = core.accessibility.actions(of: row).count
        let count = try busctl(
            bus, bridge, ["get-property", name, path, "org.a11y.atspi.Action", "NActions"])
        #expect(count == "i \(standard + 2)")
        let second = try busctl(
            bus, bridge, ["call", name, path, "org.a11y.atspi.Action", "GetName", "i", "\(standard + 1)"])
        #expect(second == "s \"Delete\"")
        let done = try busctl(
            bus, bridge, ["call", name, path, "org.a11y.atspi.Action", "DoAction", "i", "\(standard + 1)"])
        #expect(done == "b true")
        #expect(source.performed == ["Delete2"])
        withExtendedLifetime(source) {}
    }

    @Test func givesUpWhenTheBusGoesAway() throws {
        let bus = try PrivateDBus()
        defer { bus.stop() }
        try #require(bus.waitUntilListening())
        let core = WindowCore(size: Size(width: 400, height: 600))
        let bridge = try #require(
            AccessibilityBridge(
                window: core, applicationName: "bridge-test",
                busAddress: bus.address))
        #expect(pump(bridge) { bridge.uniqueName != nil })
        #expect(core.accessibility.onEvent != nil)
        bus.stop()
        #expect(pump(bridge) { !bridge.isRunning })
        #expect(core.accessibility.onEvent == nil)
        #expect(bridge.fileDescriptor >= 0)
        bridge.stop()
        #expect(bridge.fileDescriptor == -1)
        #expect(!bridge.dispatch())
    }

    @Test func anUnreachableAddressMakesNoBridge() {
        let core = WindowCore(size: Size(width: 100, height: 100))
        #expect(
            AccessibilityBridge(
                window: core, applicationName: "bridge-test",
                busAddress: "unix:path=/nonexistent/atspi-bus") == nil)
    }
}

@MainActor
private final class BridgeRows: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in list: ListContainer) -> Int { count }
    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let label = (list.dequeueReusableView(kind: "row") as? Label) ?? Label(frame: .zero, text: "")
        label.reuseKind = "row"
        label.text = "Row \(row)"
        return label
    }
}

/// Rows with a trailing Archive and Delete, recording what ran.
@MainActor
private final class ActionRows: ListDataSource {
    var performed: [String] = []
    func numberOfRows(in list: ListContainer) -> Int { 100 }
    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let label = (list.dequeueReusableView(kind: "row") as? Label) ?? Label(frame: .zero)
        label.reuseKind = "row"
        label.text = "Row \(row)"
        return label
    }
    func list(_ list: ListContainer, trailingSwipeActionsForRow row: Int) -> [SwipeAction] {
        ["Archive", "Delete"].map { title in
            SwipeAction(title: title, color: .red) { [unowned self] in performed.append("\(title)\(row)") }
        }
    }
}
