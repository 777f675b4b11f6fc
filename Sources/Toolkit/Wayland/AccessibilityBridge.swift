internal import CAtspiBridge
import Glibc

/// Serves a window's accessible tree (`WindowCore.accessibility`) to screen readers over AT-SPI, the Linux
/// accessibility bus (<doc:Accessibility>).
///
/// The route: AT-SPI spoken directly over D-Bus, as GTK 4 and Qt do, with sd-bus (libsystemd) rather than GDBus or
/// ATK + atk-bridge. The reasons:
/// - The window runs its own poll loop on the Wayland socket. sd-bus is single-threaded and gives one descriptor to
///   poll and a function to call when it is readable, so the bridge is one more watch in that loop: D-Bus
///   requests are answered on the main thread between input events, never on another thread touching views.
///   GDBus reads on a worker thread of its own and dispatches through a GLib main context that the loop would have
///   to iterate too; ATK + atk-bridge needs a running GLib main loop and a GObject subclass per kind of object.
/// - The tree is derived from the views on demand, so a fallback object path (`/org/a11y/atspi/accessible/<id>`)
///   answered from the view ids needs no object kept per view, no registration per view, and no cache to keep in
///   step with the views.
/// - What it costs when nobody listens: with `NO_AT_BRIDGE=1` nothing is done at all; with no session bus the
///   connection attempt fails at once, silently. Otherwise the accessibility bus's address is asked without waiting
///   (`org.a11y.Bus.GetAddress`), and the window goes on while the answer comes (or an error, silently: no
///   at-spi2-core installed). Events are sent only while some client listens for events (the registry's
///   `GetRegisteredEvents` and its `EventListenerRegistered` / `Deregistered` signals, as GTK 4 asks): with the
///   accessibility bus running but no screen reader, a scroll sends nothing.
///
/// Registration follows GTK: connect to the accessibility bus, serve `org.a11y.atspi.Accessible`, `Component`,
/// `Action` and (on the root) `Application`, then `org.a11y.atspi.Socket.Embed` on the registry's root. The
/// application's one child is the window (a frame named by the window title, object id 0); the exposed views
/// follow with their ids. Window and screen coordinates are both window coordinates: a Wayland client does not
/// know where its window is on screen (GTK 4 does the same).
///
/// Limits: each window is its own AT-SPI application (one connection per window); a list's rows that are not
/// alive cannot be reached by `ScrollTo` (scroll-down is the way there, <doc:ScrollBehaviour> §17).
@MainActor
final class AccessibilityBridge {
    private let handle: OpaquePointer
    // The window's core and loop, not the window: the window stops the bridge from its deinit, when it can no
    // longer be reached through a reference.
    private let core: WindowCore
    private let loop: WaylandEventLoop
    /// The window title: the frame's name.
    private var title: String
    private var watch: Int?
    /// The exposed view that holds the focus, as last reported (for the focus-lost event).
    private var focusedID: UInt64?

    private var tree: AccessibilityTree { core.accessibility }

    /// Starts the bridge for `window`, or returns nil (at once, silently) when `NO_AT_BRIDGE=1` or no session bus
    /// is reachable.
    static func start(for window: WaylandWindow, applicationName: String) -> AccessibilityBridge? {
        // The bridge object must exist before C holds its address; the C side copies the callbacks.
        let box = CallbackBox()
        var callbacks = tatspi_callbacks()
        callbacks.context = Unmanaged.passUnretained(box).toOpaque()
        callbacks.describe = { context, id, out in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.describe(id, into: out) ?? 0 }
        }
        callbacks.children = { context, id, out, capacity in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.children(of: id, into: out, capacity: capacity) ?? -1 }
        }
        callbacks.do_action = { context, id, action in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.perform(action, on: id) ?? 0 }
        }
        callbacks.scroll_to = { context, id in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.scrollTo(id) ?? 0 }
        }
        callbacks.grab_focus = { context, id in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.grabFocus(id) ?? 0 }
        }
        callbacks.element_at = { context, id, x, y, out in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.element(in: id, x: x, y: y, out: out) ?? 0 }
        }
        guard let handle = tatspi_bridge_start(&callbacks, applicationName) else { return nil }
        let bridge = AccessibilityBridge(handle: handle, core: window.core, loop: window.loop, title: window.title,
                                         box: box)
        box.bridge = bridge
        return bridge
    }

    /// Holds the bridge for the C callbacks (their context), unowned: the window owns the bridge, and the bridge
    /// frees the C side (which holds the context) before it goes.
    private final class CallbackBox {
        unowned(unsafe) var bridge: AccessibilityBridge?

        static func bridge(_ context: UnsafeMutableRawPointer?) -> AccessibilityBridge? {
            guard let context else { return nil }
            return Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue().bridge
        }
    }
    private let box: CallbackBox

    private init(handle: OpaquePointer, core: WindowCore, loop: WaylandEventLoop, title: String, box: CallbackBox) {
        self.handle = handle
        self.core = core
        self.loop = loop
        self.title = title
        self.box = box
        watchDescriptor()
        tree.onEvent = { [unowned self] event in self.report(event) }
    }

    isolated deinit {
        stop()
    }

    /// Leaves the bus (the registry sees the application go) and stops reporting.
    func stop() {
        guard box.bridge != nil else { return }
        box.bridge = nil
        if let watch { loop.removeWatch(watch) }
        watch = nil
        tree.onEvent = nil
        tatspi_bridge_free(handle)
    }

    /// Whether the registry took the application (for tests).
    var isRegistered: Bool { box.bridge != nil && tatspi_bridge_is_registered(handle) != 0 }

    /// The bridge's unique name on the accessibility bus, once connected (for tests).
    var uniqueName: String? {
        guard box.bridge != nil, let name = tatspi_bridge_unique_name(handle) else { return nil }
        return String(cString: name)
    }

    private func watchDescriptor() {
        if let watch { loop.removeWatch(watch) }
        watch = nil
        let fd = tatspi_bridge_fd(handle)
        guard fd >= 0 else {
            // No accessibility bus after all: nothing more to do for this window.
            stop()
            return
        }
        watch = loop.addWatch(fd, events: Int16(POLLIN)) { [unowned self] _ in self.process() }
    }

    private func process() {
        guard box.bridge != nil else { return }
        if tatspi_bridge_process(handle) != 0 { watchDescriptor() }
    }

    /// The window title changed: the frame's name.
    func titleDidChange(_ title: String) {
        self.title = title
        guard box.bridge != nil else { return }
        tatspi_emit_name_changed(handle, 0, title)
    }

    // MARK: - Answers

    private func view(_ id: UInt64) -> View? {
        id == 0 ? nil : tree.view(withID: id)
    }

    private func describe(_ id: UInt64, into out: UnsafeMutablePointer<tatspi_node>?) -> Int32 {
        guard let out else { return 0 }
        if id == 0 {
            let size = core.size
            out.pointee.role = 23   // frame
            out.pointee.name = strdup(title)
            out.pointee.parent = UInt64.max   // TATSPI_APPLICATION
            out.pointee.index_in_parent = 0
            out.pointee.child_count = Int32(clamping: tree.childCount(of: nil))
            out.pointee.states = (AccessibilityBridge.stateBits([.visible, .showing, .enabled, .sensitive]) | 1 << 1,
                                  0)   // and active (bit 1)
            out.pointee.x = 0
            out.pointee.y = 0
            out.pointee.width = AccessibilityBridge.points(size.width)
            out.pointee.height = AccessibilityBridge.points(size.height)
            out.pointee.actions = 0
            return 1
        }
        guard let view = tree.view(withID: id) else { return 0 }
        out.pointee.role = AccessibilityBridge.atspiRole(tree.role(of: view))
        out.pointee.name = strdup(tree.name(of: view))
        out.pointee.parent = tree.parent(of: view).map { tree.id(of: $0) } ?? 0
        out.pointee.index_in_parent = Int32(clamping: tree.indexInParent(of: view) ?? -1)
        out.pointee.child_count = Int32(clamping: tree.childCount(of: view))
        out.pointee.states = (AccessibilityBridge.stateBits(tree.states(of: view)), 0)
        let e = tree.extents(of: view)
        out.pointee.x = AccessibilityBridge.points(e.minX)
        out.pointee.y = AccessibilityBridge.points(e.minY)
        out.pointee.width = AccessibilityBridge.points(e.width)
        out.pointee.height = AccessibilityBridge.points(e.height)
        var bits: UInt32 = 0
        for action in tree.actions(of: view) {
            if let bit = AccessibilityAction.allCases.firstIndex(of: action) { bits |= 1 << UInt32(bit) }
        }
        out.pointee.actions = bits
        if let item = tree.itemPosition(of: view) {
            out.pointee.position_in_set = Int32(clamping: item.index + 1)
            out.pointee.set_size = Int32(clamping: item.count)
        }
        return 1
    }

    private func children(of id: UInt64, into out: UnsafeMutablePointer<UInt64>?, capacity: Int32) -> Int32 {
        if id != 0 && view(id) == nil { return -1 }
        let list = tree.children(of: view(id))
        if let out {
            for (i, child) in list.prefix(Int(max(0, capacity))).enumerated() { out[i] = tree.id(of: child) }
        }
        return Int32(clamping: list.count)
    }

    private func perform(_ bit: UInt32, on id: UInt64) -> Int32 {
        guard let view = view(id), Int(bit) < AccessibilityAction.allCases.count else { return 0 }
        return tree.perform(AccessibilityAction.allCases[Int(bit)], on: view) ? 1 : 0
    }

    private func scrollTo(_ id: UInt64) -> Int32 {
        guard let view = view(id) else { return 0 }
        return tree.scrollToVisible(view) ? 1 : 0
    }

    private func grabFocus(_ id: UInt64) -> Int32 {
        guard let view = view(id), view.acceptsKeyboardFocus else { return 0 }
        core.setFocus(view)
        return 1
    }

    private func element(in id: UInt64, x: Int32, y: Int32, out: UnsafeMutablePointer<UInt64>?) -> Int32 {
        guard let out, let found = tree.element(at: Point(x: Double(x), y: Double(y))) else { return 0 }
        if id != 0 && id != UInt64.max {
            guard let within = view(id), found !== within, found.isDescendant(of: within) else { return 0 }
        }
        out.pointee = tree.id(of: found)
        return 1
    }

    // MARK: - Events

    private func report(_ event: AccessibilityEvent) {
        // Nothing is computed or sent while no client listens for events (the registry says).
        guard box.bridge != nil, tatspi_bridge_has_listeners(handle) != 0 else { return }
        switch event {
        case let .childAdded(parent, child, index):
            tatspi_emit_children_changed(handle, parent.map { tree.id(of: $0) } ?? 0, 1, Int32(clamping: index),
                                         tree.id(of: child))
        case let .childRemoved(parent, child, index):
            tatspi_emit_children_changed(handle, parent.map { tree.id(of: $0) } ?? 0, 0, Int32(clamping: index),
                                         tree.id(of: child))
        case let .nameChanged(view):
            tatspi_emit_name_changed(handle, tree.id(of: view), tree.name(of: view))
        case let .boundsChanged(view):
            let e = tree.extents(of: view)
            tatspi_emit_bounds_changed(handle, tree.id(of: view), AccessibilityBridge.points(e.minX),
                                       AccessibilityBridge.points(e.minY), AccessibilityBridge.points(e.width),
                                       AccessibilityBridge.points(e.height))
        case let .focusChanged(view):
            if let old = focusedID { tatspi_emit_focus(handle, old, 0) }
            focusedID = nil
            if let view, view.isAccessibilityElement {
                let id = tree.id(of: view)
                focusedID = id
                tatspi_emit_focus(handle, id, 1)
            }
        case let .selectionChanged(view):
            tatspi_emit_selection_changed(handle, tree.id(of: view))
        case let .stateChanged(view, state, on):
            if state == .selected { tatspi_emit_state_changed(handle, tree.id(of: view), "selected", on ? 1 : 0) }
        }
    }

    // MARK: - Numbers of the AT-SPI specification

    /// AT-SPI role numbers (`AtspiRole`); a group is a panel, as GTK 4 exposes its groups.
    static func atspiRole(_ role: AccessibilityRole) -> UInt32 {
        switch role {
        case .none, .group: return 39   // panel
        case .label: return 29
        case .button: return 43         // push button
        case .scrollPane: return 49
        case .list: return 31
        case .listItem: return 32
        case .image: return 27
        }
    }

    /// AT-SPI state bits (`AtspiStateType`, all below 32).
    static func stateBits(_ states: AccessibilityStates) -> UInt32 {
        var bits: UInt32 = 0
        if states.contains(.enabled) { bits |= 1 << 8 }
        if states.contains(.focusable) { bits |= 1 << 11 }
        if states.contains(.focused) { bits |= 1 << 12 }
        if states.contains(.multiselectable) { bits |= 1 << 18 }
        if states.contains(.selectable) { bits |= 1 << 22 }
        if states.contains(.selected) { bits |= 1 << 23 }
        if states.contains(.sensitive) { bits |= 1 << 24 }
        if states.contains(.showing) { bits |= 1 << 25 }
        if states.contains(.visible) { bits |= 1 << 30 }
        return bits
    }

    /// A coordinate in whole points for AT-SPI's integers (rounded; non-finite: 0).
    static func points(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(clamping: Int64(max(-2e9, min(2e9, value.rounded()))))
    }
}
