import CWaylandServer
import Glibc
import Toolkit

// wl_compositor, wl_surface, wl_region, wl_callback and the buffers: the double-buffered surface state, the
// commit that applies it, and buffer release / frame callback bookkeeping.

/// `wl_compositor` bind: one resource per bind, requests go to `compositorDispatcher`.
let bindCompositor: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_compositor_interface(), version: Int32(version), id: id,
        dispatcher: compositorDispatcher, destroy: nil)
}

/// wl_compositor requests: 0 create_surface(new_id), 1 create_region(new_id).
let compositorDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    let client = wl_resource_get_client(resource)!
    let version = wl_resource_get_version(resource)
    switch opcode {
    case 0:
        if let surface = state.makeResource(
            client: client, interface: cws_surface_interface(), version: version,
            id: args[0].n, dispatcher: surfaceDispatcher, destroy: surfaceDestroyed)
        {
            state.surfaces[surface] = SurfaceRecord(resource: surface)
        }
    case 1:
        state.makeResource(
            client: client, interface: cws_region_interface(), version: 1, id: args[0].n,
            dispatcher: regionDispatcher, destroy: nil)
    default:
        break
    }
    return 0
}

/// wl_region requests: 0 destroy, 1 add, 2 subtract. Regions only need to exist: the compositor draws nothing.
let regionDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

/// wl_surface requests, by opcode (see `CompositorState.surfaceRequest`).
let surfaceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.surfaceRequest(resource, opcode: opcode, args: args)
    return 0
}

let surfaceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    state.forgetSurface(resource)
}

/// A frame callback went away (completed, or its client disconnected).
let callbackDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.committedFrameCallbacks)
    for record in state.surfaces.values { removeFirst(resource, from: &record.pendingFrameCallbacks) }
}

/// A buffer the compositor referenced was destroyed by its client.
let bufferDestroyed: cws_destroy_notify_t = { context, resource in
    guard let context, let resource else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(context).takeUnretainedValue()
    state.forgetBuffer(resource)
}

/// wl_callback has no requests.
let callbackDispatcher: wl_dispatcher_func_t = { _, _, _, _, _ in 0 }

extension CompositorState {
    /// wl_surface v5: 0 destroy, 1 attach(buffer?, x, y), 2 damage, 3 frame(new_id), 4 set_opaque_region,
    /// 5 set_input_region, 6 commit, 7 set_buffer_transform, 8 set_buffer_scale, 9 damage_buffer, 10 offset.
    func surfaceRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        guard let record = surfaces[resource] else { return }
        switch opcode {
        case 0:
            wl_resource_destroy(resource)
        case 1:
            // Since v5 a non-zero offset in attach is an error: it moved to the offset request.
            if wl_resource_get_version(resource) >= 5 && (args[1].i != 0 || args[2].i != 0) {
                postError(
                    resource, code: WL_SURFACE_ERROR_INVALID_OFFSET.rawValue,
                    "attach with a non-zero offset (\(args[1].i), \(args[2].i)) on wl_surface v5+")
                return
            }
            let buffer = args[0].o
            if let buffer { watchBuffer(buffer) }
            record.hasPendingAttach = true
            record.pendingBuffer = buffer
        case 3:
            let client = wl_resource_get_client(resource)!
            if let callback = makeResource(
                client: client, interface: cws_callback_interface(), version: 1,
                id: args[0].n, dispatcher: callbackDispatcher,
                destroy: callbackDestroyed)
            {
                record.pendingFrameCallbacks.append(callback)
            }
        case 6:
            commit(record)
        case 7:
            // Transforms 0...7 are valid (wl_output.transform); the test compositor does not apply them.
            if args[0].i < 0 || args[0].i > 7 {
                postError(
                    resource, code: WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue,
                    "buffer transform \(args[0].i) is not a wl_output.transform")
            }
        case 8:
            if args[0].i < 1 {
                postError(
                    resource, code: WL_SURFACE_ERROR_INVALID_SCALE.rawValue,
                    "buffer scale \(args[0].i) is below 1")
                return
            }
            record.pendingScale = args[0].i
        default:
            // damage, regions, damage_buffer, offset: nothing to keep, the compositor copies whole buffers.
            break
        }
    }

    /// Applies a surface's pending state (wl_surface.commit), with the xdg-shell checks a real compositor makes.
    func commit(_ record: SurfaceRecord) {
        // Before anything of this commit applies: a held buffer (this one's included) must be as it was committed.
        checkHeldContents()
        // A subsurface in sync mode: the state waits for the parent's commit.
        if let subsurface = record.subsurface, subsurface.isSync {
            cacheCommit(record, into: subsurface)
            return
        }
        presentationWillCommit(record)
        let xdg = record.xdgSurface.flatMap { xdgSurfaces[$0] }
        let newBuffer = record.hasPendingAttach ? record.pendingBuffer : record.currentBuffer
        if let xdg, let toplevel = xdg.toplevel.flatMap({ toplevels[$0] }) {
            commitCount += 1
            if record.hasPendingAttach && record.pendingBuffer != nil && !xdg.configured {
                postError(
                    xdg.resource, code: XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue,
                    "buffer committed before the first xdg_surface.configure was acknowledged")
                return
            }
            if !xdg.initialCommitDone {
                xdg.initialCommitDone = true
                if autoConfigure {
                    sendConfigure(toplevel, width: 0, height: 0, states: [.activated])
                }
            }
        } else if let xdg, !xdg.roleAssigned {
            postError(
                xdg.resource, code: XDG_SURFACE_ERROR_NOT_CONSTRUCTED.rawValue,
                "commit on an xdg_surface that has no role yet (get_toplevel first)")
            return
        }
        // Popups (dismissed at once) and surfaces whose role object is gone commit like plain surfaces.
        // The buffer must be a whole number of surface points at the new scale.
        let scale = record.pendingScale
        if let newBuffer, let shm = wl_shm_buffer_get(newBuffer) {
            let width = wl_shm_buffer_get_width(shm)
            let height = wl_shm_buffer_get_height(shm)
            if width % scale != 0 || height % scale != 0 {
                postError(
                    record.resource, code: WL_SURFACE_ERROR_INVALID_SIZE.rawValue,
                    "buffer size \(width)x\(height) is not a multiple of the buffer scale \(scale)")
                return
            }
        }
        record.scale = scale
        if let pending = record.pendingDestination {
            record.destination = pending.width == -1 ? nil : pending
            record.pendingDestination = nil
        }
        var attached = false
        if record.hasPendingAttach {
            attached = record.pendingBuffer != nil
            applyAttach(record, buffer: record.pendingBuffer, xdg: xdg)
            record.hasPendingAttach = false
            record.pendingBuffer = nil
        }
        // Frame callbacks of this commit: completed at the next refresh tick (`serviceFrameTick`, on the
        // dispatch thread), or when the test says so.
        committedFrameCallbacks.append(contentsOf: record.pendingFrameCallbacks)
        record.pendingFrameCallbacks = []
        // Subsurfaces take their cached state with this commit; the toplevel's picture is composed again when
        // anything in it changed.
        let childrenChanged = !record.children.isEmpty
        applyChildren(of: record)
        if attached || childrenChanged || record.subsurface != nil {
            publishComposedImage(of: rootSurface(of: record))
        }
    }

    /// Numbers the toplevel's picture (its buffer with its subsurfaces on top) as the next `CommittedFrame` and
    /// keeps it for the waiters; the pixels are composed later, by whoever reads them. Does nothing for a surface
    /// that is not a mapped toplevel.
    func publishComposedImage(of root: SurfaceRecord) {
        guard let xdg = root.xdgSurface.flatMap({ xdgSurfaces[$0] }), xdg.toplevel.flatMap({ toplevels[$0] }) != nil,
            root.currentBuffer != nil, let layers = layers(of: root)
        else { return }
        bufferCommitCount += 1
        recordCommitTime()
        let frame = CommittedFrame(
            number: bufferCommitCount, time: bufferCommitTimes.last!,
            composition: FrameComposition(layers))
        let bytes = layers.byteCount
        frames.append(frame)
        frameBytes.append(bytes)
        keptFrameBytes += bytes
        // Oldest frames go first once over the budget; the newest stays whatever its size. The arrays hold a few
        // dozen frames at most: shifting them is cheap next to the pixel copy of the commit.
        var drop = 0
        var kept = keptFrameBytes
        while frames.count - drop > 1 && kept > retainedFrameBytes {
            kept -= frameBytes[drop]
            drop += 1
        }
        if drop > 0 {
            frames.removeFirst(drop)
            frameBytes.removeFirst(drop)
            keptFrameBytes = kept
        }
    }

    /// The newest frame, if any.
    var lastFrame: CommittedFrame? { frames.last }

    /// The attach part of a commit: buffer release, pixel copy, mapping and unmapping.
    func applyAttach(_ record: SurfaceRecord, buffer: OpaquePointer?, xdg: XdgSurfaceRecord?) {
        let previous = record.currentBuffer
        record.currentBuffer = buffer
        if let buffer {
            heldBuffers.insert(buffer)
            rememberContents(of: buffer)
        }
        record.bufferSize = buffer.flatMap { wl_shm_buffer_get($0) }.map {
            (wl_shm_buffer_get_width($0), wl_shm_buffer_get_height($0))
        }
        // Every surface keeps its pixels (cursors for tests; a toplevel's are composed with its subsurfaces into
        // each `CommittedFrame`).
        record.image = buffer.flatMap { copyImage($0) }
        // A realistic compositor keeps the current buffer and gives the previous one back.
        if autoReleaseBuffers, let previous, previous != buffer { release(previous) }
        guard let xdg, let toplevel = xdg.toplevel.flatMap({ toplevels[$0] }) else { return }
        guard buffer != nil else {
            // NULL attach unmaps: the xdg_surface starts over with a new initial commit and configure.
            unmap(toplevel, xdg: xdg)
            return
        }
        if !toplevel.mapped {
            toplevel.mapped = true
            if !record.enteredOutputs {
                record.enteredOutputs = true
                for output in resources(outputs, of: wl_resource_get_client(record.resource)) {
                    wl_surface_send_enter(record.resource, output)
                }
            }
        }
    }

    /// Completes frame callbacks with the time `frameCallbackTimes` gives and destroys them (the protocol's
    /// `done` is a destructor event). `tick` is the monotonic instant of the refresh tick that completes them
    /// (nil: now): the callbacks and the presentation feedback carry the tick's time, not the moment the dispatch
    /// thread got round to it, as a compositor's repaint on the output's vblank carries the vblank's.
    func completeFrameCallbacks(_ callbacks: [OpaquePointer], tick: Duration? = nil) {
        let frameTime = tick.map { $0 + clockAdvance } ?? clock
        // The frame that completes the callbacks shows the committed content (wp_presentation).
        presentCommittedContent(at: frameTime)
        guard !callbacks.isEmpty else { return }
        frameCallbackBatches &+= 1
        let time = nextFrameCallbackTime(frameTime)
        for callback in callbacks where committedFrameCallbacks.contains(callback) {
            wl_callback_send_done(callback, time)
            wl_resource_destroy(callback)  // callbackDestroyed removes it from the lists
        }
    }

    /// The time the next batch of `wl_callback.done` carries.
    private func nextFrameCallbackTime(_ frameTime: Duration) -> UInt32 {
        let time: UInt32
        switch frameCallbackTimes {
        case .compositorClock: time = FrameTicks.milliseconds(frameTime)
        case .frozen(let milliseconds): time = milliseconds
        case .jumping(let step): time = lastFrameCallbackTime.map { $0 &+ step } ?? FrameTicks.milliseconds(frameTime)
        case .backwards(let step): time = lastFrameCallbackTime.map { $0 &- step } ?? FrameTicks.milliseconds(frameTime)
        }
        lastFrameCallbackTime = time
        return time
    }

    /// The refresh tick, run by the dispatch thread after every batch of requests and whenever its poll times
    /// out (with the lock held): with `autoFrameCallbacks`, the callbacks committed before the tick that is due
    /// are completed. Returns the monotonic instant of the next tick while callbacks wait for one, else nil.
    func serviceFrameTick() -> Duration? {
        guard autoFrameCallbacks, !committedFrameCallbacks.isEmpty || hasUnpresentedContent else {
            pendingTick = nil
            return nil
        }
        let now = FrameTicks.monotonicNow()
        if let due = pendingTick, now >= due {
            pendingTick = nil
            completeFrameCallbacks(committedFrameCallbacks, tick: due)
            return nil
        }
        // The first tick after the oldest waiting commit (a commit made now waits for the next repaint).
        let due = pendingTick ?? FrameTicks.next(after: now, origin: tickOrigin, interval: refreshInterval)
        pendingTick = due
        return due
    }

    /// Notes the monotonic instant of a buffer commit on a toplevel, keeping the latest
    /// `maximumCommitTimes` (older halves are dropped in one go, so recording stays cheap).
    func recordCommitTime() {
        if bufferCommitTimes.count >= CompositorState.maximumCommitTimes {
            bufferCommitTimes.removeFirst(CompositorState.maximumCommitTimes / 2)
        }
        bufferCommitTimes.append(FrameTicks.monotonicNow())
    }

    /// Sends `wl_buffer.release` for a held buffer.
    func release(_ buffer: OpaquePointer) {
        guard heldBuffers.remove(buffer) != nil else { return }
        checkContents(of: buffer)
        heldContents.removeValue(forKey: buffer)
        wl_buffer_send_release(buffer)
    }

    /// Watches a buffer's destruction once, so that no record keeps a dangling pointer.
    func watchBuffer(_ buffer: OpaquePointer) {
        guard !watchedBuffers.contains(buffer) else { return }
        if cws_watch_destroy(buffer, bufferDestroyed, opaque) == 0 { watchedBuffers.insert(buffer) }
    }

    /// A buffer was destroyed: drop every reference to it. The surface keeps showing its last image (the
    /// pixels were copied at commit), as a compositor that copies shm buffers would.
    func forgetBuffer(_ buffer: OpaquePointer) {
        watchedBuffers.remove(buffer)
        heldBuffers.remove(buffer)
        heldContents.removeValue(forKey: buffer)
        for record in surfaces.values {
            if record.pendingBuffer == buffer { record.pendingBuffer = nil }
            if record.currentBuffer == buffer { record.currentBuffer = nil }
        }
    }

    /// A wl_surface was destroyed: drop it and every focus and role link to it.
    func forgetSurface(_ surface: OpaquePointer) {
        guard let record = surfaces.removeValue(forKey: surface) else { return }
        // Its buffer is no longer used (as weston and wlroots do): released, unless another surface shows it.
        if autoReleaseBuffers, let buffer = record.currentBuffer,
            !surfaces.values.contains(where: { $0.currentBuffer == buffer })
        {
            release(buffer)
        }
        // A destroyed child leaves its parent's picture; a destroyed parent leaves its children without one.
        if let subsurface = record.subsurface, let parent = surfaces[subsurface.parent] {
            parent.children.removeAll { $0 === subsurface }
            parent.pendingRestacks.removeAll { $0.child === subsurface || $0.sibling == surface }
            publishComposedImage(of: rootSurface(of: parent))
        }
        for child in record.children { surfaces[child.surface]?.subsurface = nil }
        forgetScalingObjects(of: record)
        if lastCursorRequest?.surface == surface { lastCursorRequest?.surface = nil }
        if let xdg = record.xdgSurface.flatMap({ xdgSurfaces[$0] }) {
            xdg.surface = nil
            if let toplevel = xdg.toplevel.flatMap({ toplevels[$0] }) { toplevel.mapped = false }
        }
        if pointerFocus == surface { pointerFocus = nil }
        if keyboardFocus == surface { keyboardFocus = nil }
    }

    /// Copies a shm buffer's pixels into an `Image`: argb8888 as is, xrgb8888 with alpha forced to 0xFF.
    /// Returns nil for anything that is not a shm buffer of those formats.
    func copyImage(_ buffer: OpaquePointer) -> Image? {
        guard let shm = wl_shm_buffer_get(buffer) else { return nil }
        let format = wl_shm_buffer_get_format(shm)
        let opaqueFormat = format == WL_SHM_FORMAT_XRGB8888.rawValue
        guard opaqueFormat || format == WL_SHM_FORMAT_ARGB8888.rawValue else { return nil }
        let width = Int(wl_shm_buffer_get_width(shm))
        let height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        guard width > 0, height > 0, stride >= width * 4 else { return nil }
        // begin/end_access turn a SIGBUS from a client that shrank its pool into a protocol error.
        wl_shm_buffer_begin_access(shm)
        defer { wl_shm_buffer_end_access(shm) }
        guard let data = wl_shm_buffer_get_data(shm) else { return nil }
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { storage, count in
            let base = storage.baseAddress!
            for row in 0..<height {
                memcpy(base + row * width, data + row * stride, width * 4)
            }
            if opaqueFormat {
                for index in 0..<(width * height) { base[index] |= 0xFF00_0000 }
            }
            count = width * height
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
