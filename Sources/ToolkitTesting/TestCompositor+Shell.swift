import CWaylandServer
import Toolkit

// Window management and compositor behaviour switches, in the spirit of Qt's test compositor: each automatic
// behaviour can be turned off and then performed by the test at the moment it chooses.

extension TestCompositor {
    // MARK: Switches

    /// Release the previous buffer when a surface commits a new one (default true), like a compositor that
    /// keeps the current buffer. When false, buffers stay held until `releaseBuffers(keepingCurrent:)`.
    public var autoReleaseBuffers: Bool {
        get { perform { $0.autoReleaseBuffers } }
        set { perform { $0.autoReleaseBuffers = newValue } }
    }

    /// Complete committed frame callbacks at the output's next refresh tick (`refreshRate`, 60 Hz by default),
    /// with the compositor clock, as a compositor repainting its output does (default true). When false they
    /// wait for `sendFrameCallbacks()`; turning it back on completes the waiting ones at the next tick.
    public var autoFrameCallbacks: Bool {
        get { perform { $0.autoFrameCallbacks } }
        set {
            perform { $0.autoFrameCallbacks = newValue }
            wakeDispatchThread()
        }
    }

    /// Answer a toplevel's initial commit with `xdg_toplevel.configure(0, 0, [activated])` and
    /// `xdg_surface.configure` (default true). When false the client waits for `sendConfigure(size:states:)`.
    public var autoConfigure: Bool {
        get { perform { $0.autoConfigure } }
        set { perform { $0.autoConfigure = newValue } }
    }

    /// The output's scale (`wl_output.scale`), at least 1; setting it announces the new scale (and the mode,
    /// which keeps the logical size at the `outputSize` given to init) to every bound output.
    public var outputScale: Int32 {
        get { perform { $0.outputScale } }
        set {
            perform { state in
                state.outputScale = max(1, newValue)
                for output in state.outputs { state.sendOutputDescription(output, geometry: false) }
            }
        }
    }

    // MARK: Shell requests

    /// Sends `xdg_toplevel.configure` with `size` (points, rounded; 0 lets the client choose; negative or
    /// non-finite count as 0) and `states`, then `xdg_surface.configure`, to the active toplevel. Returns the
    /// configure serial, or nil when there is no toplevel.
    @discardableResult
    public func sendConfigure(size: Size, states: [ToplevelState] = [.activated]) -> UInt32? {
        func points(_ value: Double) -> Int32 {
            guard value.isFinite, value > 0 else { return 0 }
            return Int32(min(value.rounded(), Double(Int32.max)))
        }
        return perform { state in
            guard let toplevel = state.activeToplevel else { return nil }
            return state.sendConfigure(
                toplevel, width: points(size.width), height: points(size.height),
                states: states)
        }
    }

    /// Sends `xdg_toplevel.close` to the active toplevel (the user asked to close the window). Returns false when
    /// there is no toplevel.
    @discardableResult
    public func sendClose() -> Bool {
        perform { state in
            guard let toplevel = state.activeToplevel else { return false }
            xdg_toplevel_send_close(toplevel.resource)
            return true
        }
    }

    /// Sends `xdg_wm_base.ping` to every bound xdg_wm_base; returns the serial to pass to `waitForPong`.
    @discardableResult
    public func sendPing() -> UInt32 {
        perform { state in
            let serial = state.nextSerial()
            for base in state.wmBases { xdg_wm_base_send_ping(base, serial) }
            return serial
        }
    }

    /// Waits until a client answered the ping with `serial`; throws `TestCompositorError.timeout` otherwise.
    public func waitForPong(serial: UInt32, timeout: Duration) throws {
        try perform { state in
            if monitor.wait(until: Lock.deadline(after: timeout), for: { state.pongs.contains(serial) }) { return }
            state.lastTimeoutReason =
                "waitForPong: no pong for ping \(serial) within \(timeout) "
                + "(clients: \(state.clientCount), xdg_wm_base objects: \(state.wmBases.count))"
            throw TestCompositorError.timeout
        }
    }

    /// Completes every committed frame callback now (`wl_callback.done` with the compositor clock), for tests
    /// that run with `autoFrameCallbacks` off.
    public func sendFrameCallbacks() {
        perform { state in state.completeFrameCallbacks(state.committedFrameCallbacks) }
    }

    /// Releases held buffers (`wl_buffer.release`); with `keepingCurrent` the buffer each surface shows stays
    /// held, as a compositor that keeps displaying it would.
    public func releaseBuffers(keepingCurrent: Bool = true) {
        perform { state in
            let current = Set(state.surfaces.values.compactMap(\.currentBuffer))
            for buffer in state.heldBuffers where !(keepingCurrent && current.contains(buffer)) {
                state.release(buffer)
            }
        }
    }

    // MARK: Observations

    /// Commits on xdg_toplevel surfaces so far (with or without a buffer).
    public var commitCount: Int { perform { $0.commitCount } }

    /// Frame callbacks committed and not completed yet.
    public var frameCallbacksPending: Int { perform { $0.committedFrameCallbacks.count } }

    /// Buffers committed and not released yet.
    public var buffersHeld: Int { perform { $0.heldBuffers.count } }

    /// How many times a client wrote into a shm buffer the compositor held (between the commit that attached
    /// it and its `wl_buffer.release`): 0 for a correct client. The compositor compares each held buffer with
    /// its bytes at commit time on every commit, before every release, and on every read of this property;
    /// each write found counts once.
    public var heldBufferWrites: Int {
        perform { state in
            state.checkHeldContents()
            return state.heldBufferWrites
        }
    }

    /// The serial of the last valid `xdg_surface.ack_configure`, if any.
    public var lastAckedSerial: UInt32? { perform { $0.lastAckedSerial } }

    /// Every protocol error the compositor posted, oldest first.
    public var protocolErrors: [PostedProtocolError] { perform { $0.protocolErrors } }

    /// True when the compositor posted no protocol error: check it at the end of every test. (Errors that
    /// libwayland posts by itself, such as a bad shm stride, are not seen here.)
    public var isClean: Bool { perform { $0.protocolErrors.isEmpty } }

    /// The active toplevel's title (`set_title`), if it set one.
    public var toplevelTitle: String? { perform { $0.activeToplevel?.title } }

    /// The active toplevel's app id (`set_app_id`), if it set one.
    public var toplevelAppID: String? { perform { $0.activeToplevel?.appID } }

    /// The buffer scale the active toplevel's surface committed (1 when it never set one or there is none).
    public var toplevelBufferScale: Int32 {
        perform { state in
            guard let surface = state.activeToplevel?.xdgSurface.flatMap({ state.xdgSurfaces[$0] })?.surface
            else { return 1 }
            return state.surfaces[surface]?.scale ?? 1
        }
    }
}
