import CWaylandServer
import Glibc
import Toolkit

/// Everything the test compositor knows, and the protocol logic that keeps it.
///
/// Not thread-safe by itself: every access happens with `TestCompositor`'s monitor held, either on the dispatch
/// thread (libwayland calling the request dispatchers below) or in a public method. Handlers called by libwayland
/// never take the lock themselves, so re-entrant calls (a `wl_client_destroy` in a public method running destroy
/// callbacks) are fine.
///
/// Every resource this compositor creates uses a *dispatcher* (`wl_resource_set_dispatcher`) rather than an
/// implementation struct: one Swift function per interface receives every opcode, so no request can ever land
/// on a NULL slot, and requests from later versions than handled are simply ignored by the `default:` branch.
/// The user data of every resource and global is this object, unretained: it outlives the display.
final class CompositorState {
    /// The `wl_display`.
    let display: OpaquePointer

    // MARK: Switches (see TestCompositor)
    var autoReleaseBuffers = true
    var autoFrameCallbacks = true
    var autoConfigure = true

    // MARK: Clock, frames and seat
    /// Everything `advanceClock` added: the compositor clock is CLOCK_MONOTONIC plus this.
    var clockAdvance: Duration = .zero
    /// The output's refresh rate (Hz) and interval: automatic frame callbacks complete on its ticks
    /// (`serviceFrameTick`).
    var refreshRate: Double = 60
    var refreshInterval: Duration = FrameTicks.defaultInterval
    /// The instant (CLOCK_MONOTONIC) the tick grid starts from: ticks fall at `tickOrigin + k * refreshInterval`.
    var tickOrigin: Duration = FrameTicks.monotonicNow()
    /// What `wl_callback.done` carries (the compositor clock unless a test makes it misbehave).
    var frameCallbackTimes: FrameCallbackTimes = .compositorClock
    /// The time the last `wl_callback.done` carried (for the `.jumping` and `.backwards` modes).
    var lastFrameCallbackTime: UInt32?
    /// wp_presentation feedbacks (CompositorState+Presentation).
    let presentation = PresentationRecords()
    /// How many times committed frame callbacks were completed (each time, all of those committed then).
    var frameCallbackBatches = 0
    /// The tick that completes the waiting automatic frame callbacks (monotonic), once one is chosen.
    var pendingTick: Duration?
    /// The monotonic instants of the latest buffer commits on toplevels, oldest first (see `recordCommitTime`).
    var bufferCommitTimes: [Duration] = []
    /// How many commit instants `bufferCommitTimes` keeps at most.
    static let maximumCommitTimes = 4096
    var capabilities: SeatCapabilities
    var outputSize: Size
    var outputScale: Int32 = 1
    /// The preferred fractional scale (opt-in): nil until a test sets one, which also creates the
    /// wp_viewporter and wp_fractional_scale_manager_v1 globals.
    var fractionalScale: Double?
    var scalingGlobalsCreated = false

    // MARK: Resources, in creation order
    var seats: [OpaquePointer] = []
    var pointers: [OpaquePointer] = []
    var keyboards: [OpaquePointer] = []
    var touches: [OpaquePointer] = []
    var outputs: [OpaquePointer] = []
    var wmBases: [OpaquePointer] = []
    var surfaces: [OpaquePointer: SurfaceRecord] = [:]
    /// Live `wl_subsurface` resources.
    var subsurfaces: [OpaquePointer: SubsurfaceRecord] = [:]

    var xdgSurfaces: [OpaquePointer: XdgSurfaceRecord] = [:]
    var toplevels: [OpaquePointer: ToplevelRecord] = [:]
    /// Live toplevels, oldest first: the last one is the *active* toplevel that shell requests and input target.
    var toplevelOrder: [OpaquePointer] = []
    /// wp_viewport → its wl_surface (nil once the surface is gone: requests then post `no_surface`).
    var viewports: [OpaquePointer: OpaquePointer?] = [:]
    /// wp_fractional_scale_v1 → its wl_surface.
    var fractionalScaleObjects: [OpaquePointer: OpaquePointer] = [:]
    /// zwp_pointer_gesture_pinch_v1 → its wl_pointer (nil once the pointer is gone: see CompositorState+Gestures).
    var pinchGestures: [OpaquePointer: OpaquePointer?] = [:]
    /// Frame callbacks whose commit happened and that were not completed yet, oldest first.
    var committedFrameCallbacks: [OpaquePointer] = []
    /// Buffers committed and not released (`wl_buffer.release` not sent yet).
    var heldBuffers: Set<OpaquePointer> = []
    /// Buffers with a destroy watch, so that no dangling pointer survives a client's `wl_buffer.destroy`.
    var watchedBuffers: Set<OpaquePointer> = []
    /// The bytes of each held shm buffer as committed, to catch a client drawing into a buffer it does not own
    /// (see CompositorState+BufferIntegrity).
    var heldContents: [OpaquePointer: [UInt8]] = [:]

    // MARK: Focus
    var pointerFocus: OpaquePointer?
    var pointerPosition = Point.zero
    var keyboardFocus: OpaquePointer?
    var pressedKeys: [UInt32] = []
    /// Compiled lazily at the first key event: the keymap as an xkb object, for modifiers and keysym lookup.
    var xkbContext: OpaquePointer?
    var xkbKeymap: OpaquePointer?
    var xkbState: OpaquePointer?
    /// The sealed memfd with the keymap text, made at the first `get_keyboard`; -1 before.
    var keymapFD: Int32 = -1
    var keymapSize = 0

    // MARK: What tests observe
    var commitCount = 0
    /// The number of the newest `CommittedFrame` (0 before the first).
    var bufferCommitCount = 0
    /// The newest frames, oldest first, while their pixels fit in `retainedFrameBytes` (the newest always kept).
    var frames: [CommittedFrame] = []
    var frameBytes: [Int] = []
    var keptFrameBytes = 0
    var retainedFrameBytes = 64 << 20
    var protocolErrors: [PostedProtocolError] = []
    var lastAckedSerial: UInt32?
    var pongs: Set<UInt32> = []
    var droppedInputEventCount = 0
    /// The serial of the latest wl_pointer.enter sent.
    var lastPointerEnterSerial: UInt32?
    /// wl_pointer.set_cursor requests so far, and the latest one.
    var cursorRequestCount = 0
    var lastCursorRequest: (serial: UInt32, surface: OpaquePointer?, hotspotX: Int32, hotspotY: Int32)?
    /// Held buffers found written to before their release.
    var heldBufferWrites = 0
    var lastTimeoutReason: String?
    /// Hostile keymaps sent so far (each memfd gets a unique name from it).
    var hostileKeymapCount = 0

    init(display: OpaquePointer, outputSize: Size, capabilities: SeatCapabilities) {
        self.display = display
        self.outputSize = outputSize
        self.capabilities = capabilities
    }

    deinit {
        if xkbState != nil { xkb_state_unref(xkbState) }
        if xkbKeymap != nil { xkb_keymap_unref(xkbKeymap) }
        if xkbContext != nil { xkb_context_unref(xkbContext) }
        if keymapFD >= 0 { close(keymapFD) }
    }

    /// This object as the user data of resources and globals.
    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The state behind a resource made by `makeResource`.
    static func of(_ resource: OpaquePointer) -> CompositorState? {
        guard let data = wl_resource_get_user_data(resource) else { return nil }
        return Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    }

    /// Creates the globals: wl_compositor v5, wl_shm v1 (libwayland's own, with argb8888 and xrgb8888),
    /// wl_output v3, xdg_wm_base v3, wl_seat v8, wl_data_device_manager v3 (GTK 4 binds no seat without one),
    /// zwp_pointer_gestures_v1 v3, wp_presentation v1, wl_subcompositor v1. The scaling globals are opt-in
    /// (`createScalingGlobals`).
    func createGlobals() throws(TestCompositorError) {
        if wl_display_init_shm(display) != 0 { throw .setupFailed("wl_display_init_shm failed") }
        let globals: [(UnsafePointer<wl_interface>?, Int32, wl_global_bind_func_t)] = [
            (cws_compositor_interface(), 5, bindCompositor),
            (cws_output_interface(), 3, bindOutput),
            (cws_xdg_wm_base_interface(), 3, bindWmBase),
            (cws_seat_interface(), 8, bindSeat),
            (cws_data_device_manager_interface(), 3, bindDataDeviceManager),
            (cws_pointer_gestures_interface(), 3, bindPointerGestures),
            (cws_presentation_interface(), 1, bindPresentation),
            (cws_subcompositor_interface(), 1, bindSubcompositor)
        ]
        for (interface, version, bind) in globals
        where wl_global_create(display, interface, version, opaque, bind) == nil {
            let name = interface.map { String(cString: $0.pointee.name) } ?? "?"
            throw .setupFailed("wl_global_create(\(name), v\(version)) failed")
        }
    }

    /// Creates a resource for a client's new_id with this state as user data and `dispatcher` for its requests.
    /// On failure posts no_memory to the client (as libwayland's own objects do) and returns nil.
    @discardableResult
    func makeResource(
        client: OpaquePointer, interface: UnsafePointer<wl_interface>?, version: Int32, id: UInt32,
        dispatcher: wl_dispatcher_func_t, destroy: wl_resource_destroy_func_t?
    ) -> OpaquePointer? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_dispatcher(resource, dispatcher, opaque, opaque, destroy)
        return resource
    }

    /// Records and posts a protocol error; libwayland disconnects the client after the current request.
    func postError(_ resource: OpaquePointer, code: UInt32, _ message: String) {
        let interface = wl_resource_get_class(resource).map { String(cString: $0) } ?? "?"
        protocolErrors.append(
            PostedProtocolError(
                interface: interface, objectID: wl_resource_get_id(resource),
                code: code, message: message))
        cws_post_error(resource, code, message)
    }

    /// The compositor clock: CLOCK_MONOTONIC plus everything `advanceClock` added. It runs by itself, as a real
    /// compositor's does, so a client animating under it never sees time stand still.
    var clock: Duration { FrameTicks.monotonicNow() + clockAdvance }

    /// The compositor clock in milliseconds, as event timestamps carry it (wrapping at 2^32 like the protocol).
    var timeMilliseconds: UInt32 { FrameTicks.milliseconds(clock) }

    /// The next serial of the display.
    func nextSerial() -> UInt32 { wl_display_next_serial(display) }

    /// The resources of `list` that belong to `client`.
    func resources(_ list: [OpaquePointer], of client: OpaquePointer?) -> [OpaquePointer] {
        list.filter { wl_resource_get_client($0) == client }
    }

    /// The number of connected clients.
    var clientCount: Int {
        Int(wl_list_length(wl_display_get_client_list(display)))
    }
}

/// Removes the first occurrence of `element` from `array`.
func removeFirst(_ element: OpaquePointer, from array: inout [OpaquePointer]) {
    if let index = array.firstIndex(of: element) { array.remove(at: index) }
}
