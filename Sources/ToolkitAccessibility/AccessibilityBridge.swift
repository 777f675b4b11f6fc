internal import CAtspiBridge
import ToolkitCore

/// Serves a window's accessible tree (`WindowCore.accessibility`) to screen readers over AT-SPI, the Linux
/// accessibility bus (<doc:Accessibility>), from any loop: the host polls one descriptor (`fileDescriptor`) for
/// reading and calls `dispatch()` when it is readable. The Wayland window runs one by itself; an app on a loop of
/// its own (a `WindowCore` it drives, a GTK main loop) starts one and adds the descriptor to that loop.
///
/// ```swift
/// if let bridge = AccessibilityBridge(window: core, applicationName: "mail", windowTitle: "Inbox") {
///     // in the loop's poll set, for reading, as long as the bridge lives:
///     //     pollfd(fd: bridge.fileDescriptor, events: Int16(POLLIN), revents: 0)
///     // when poll says it is readable:
///     //     if !bridge.dispatch() { /* take the descriptor out of the poll set */ bridge.stop() }
/// }
/// ```
///
/// The route: AT-SPI spoken directly over D-Bus, as GTK 4 and Qt do, with sd-bus (libsystemd) rather than GDBus or
/// ATK + atk-bridge. The reasons:
/// - sd-bus is single-threaded and starts no thread: D-Bus requests are answered on the host's thread, inside
///   `dispatch()`, between its input events, never on another thread touching views. GDBus reads on a worker thread
///   and dispatches through a GLib main context the host would have to iterate; ATK + atk-bridge needs a running
///   GLib main loop and a GObject subclass per kind of object.
/// - The tree is derived from the views on demand, so a fallback object path (`/org/a11y/atspi/accessible/<id>`)
///   answered from the view ids needs no object kept per view, no registration per view, and no cache to keep in
///   step with the views.
/// - What it costs when nobody listens: with `NO_AT_BRIDGE=1` nothing is done at all; with no session bus the
///   bridge is not made (the initializer returns nil at once). Otherwise the accessibility bus's address is asked
///   without waiting (`org.a11y.Bus.GetAddress`) and the host goes on while the answer comes (or an error: no
///   at-spi2-core installed, and `dispatch()` returns false). Events are sent only while some client listens for
///   events (the registry's `GetRegisteredEvents` and its `EventListenerRegistered` / `Deregistered` signals, as
///   GTK 4 asks): with the accessibility bus running but no screen reader, a scroll sends nothing.
///
/// Registration follows GTK: connect to the accessibility bus, serve `org.a11y.atspi.Accessible`, `Component`,
/// `Action`, `Selection` (lists and grids, by item index) and (on the root) `Application`, then `org.a11y.atspi.Socket.Embed` on the registry's root. The
/// application's one child is the window (a frame named `windowTitle`); the exposed views follow with their ids.
/// Window and screen coordinates are both window coordinates (a Wayland client does not know where its window is
/// on screen; GTK 4 does the same).
///
/// While it runs, the bridge is the tree's listener (`AccessibilityTree.onEvent`). Limits: each bridge is its own
/// AT-SPI application (one connection per window); a list's rows that are not alive cannot be reached by
/// `ScrollTo` (scroll-down is the way there, <doc:ScrollBehaviour> §17).
@MainActor
public final class AccessibilityBridge {
    /// The window whose accessible tree the bridge serves.
    public let window: WindowCore

    /// The window's name for screen readers (the frame's name): set it with the window's title.
    public var windowTitle: String {
        didSet {
            guard isRunning, windowTitle != oldValue else { return }
            tatspi_emit_name_changed(handle, 0, windowTitle)
        }
    }

    let handle: OpaquePointer
    let box: CallbackBox
    /// Whether `dispatch()` found the bus gone (or never reached): the bridge answers nothing more.
    private var gaveUp = false
    /// The exposed view that holds the focus, as last reported (for the focus-lost event).
    var focusedID: UInt64?

    var tree: AccessibilityTree { window.accessibility }

    /// Starts serving `window` as the AT-SPI application `applicationName` (an app id: "gallery"), or returns nil
    /// at once, having done nothing, when `NO_AT_BRIDGE=1`, when no session bus is reachable, or when `busAddress`
    /// is given and cannot be reached.
    ///
    /// - Parameter busAddress: the accessibility bus's D-Bus address, for a host that knows it (a private bus in a
    ///   test). Nil (the default): `AT_SPI_BUS_ADDRESS` if set, else the session bus is asked for it.
    public init?(window: WindowCore, applicationName: String, windowTitle: String = "", busAddress: String? = nil) {
        // The C side keeps the callbacks' context (the box) from the start; the box learns the bridge below.
        let box = CallbackBox()
        var callbacks = CallbackBox.callbacks(context: box)
        guard let handle = tatspi_bridge_start(&callbacks, applicationName, busAddress) else { return nil }
        self.window = window
        self.windowTitle = windowTitle
        self.handle = handle
        self.box = box
        box.bridge = self
        window.accessibility.onEvent = { [unowned self] event in self.report(event) }
    }

    isolated deinit {
        stop()
    }

    /// The descriptor to poll for reading: the same one for the bridge's whole life (sd-bus's connections and
    /// timeouts sit behind it), readable whenever `dispatch()` has work; -1 after `stop()`. The bridge owns it:
    /// never read, write or close it.
    public var fileDescriptor: Int32 {
        isStopped ? -1 : tatspi_bridge_fd(handle)
    }

    /// Handles what arrived on `fileDescriptor` (requests from screen readers, the registry's answers, timeouts),
    /// without blocking; call it when the descriptor is readable. Returns false once the bridge gave up for good
    /// (no accessibility bus after all, or the bus went away): take the descriptor out of the poll set, then call
    /// `stop()` or release the bridge. Calling it when nothing is ready does no harm.
    @discardableResult
    public func dispatch() -> Bool {
        guard isRunning else { return false }
        if tatspi_bridge_dispatch(handle) == 0 {
            gaveUp = true
            tree.onEvent = nil
            return false
        }
        return true
    }

    /// Whether the bridge serves the window: started, and neither given up nor stopped.
    public var isRunning: Bool { !isStopped && !gaveUp }

    /// Whether the registry took the application (`Socket.Embed` answered): a screen reader can find it.
    public var isRegistered: Bool { isRunning && tatspi_bridge_is_registered(handle) != 0 }

    /// The bridge's unique name on the accessibility bus, once connected (":1.42").
    public var uniqueName: String? {
        guard isRunning, let name = tatspi_bridge_unique_name(handle) else { return nil }
        return String(cString: name)
    }

    /// Leaves the bus (the registry sees the application go), stops reporting and closes `fileDescriptor`: take
    /// it out of the poll set first. Safe to call twice; the bridge's release does it too.
    public func stop() {
        guard !isStopped else { return }
        box.bridge = nil
        if !gaveUp { tree.onEvent = nil }
        tatspi_bridge_free(handle)
    }

    private var isStopped: Bool { box.bridge == nil }
}
