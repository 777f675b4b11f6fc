import CWayland

// Pacing and drawing: configures, frame callbacks and buffer releases go through `FramePacer`, which says when to
// draw; a frame is acquired, drawn and committed through `SurfacePresenter`, the window's surface committed here.

extension WaylandWindow {
    func configured(serial: UInt32) {
        guard let xdg else { return }
        isBusy = true
        let previousSize = core.size
        core.resize(
            to: XdgWindow.resolvedSize(
                configured: xdg.configuredSize, current: core.size,
                minimum: minimumSize))
        // The scale that fits `SurfaceLimits` depends on the size.
        updateBufferScale()
        isBusy = false
        execute(pacer.configure(serial: serial, needsFrame: core.needsFrame, resized: core.size != previousSize))
    }

    func frameDone() {
        latency.frameCallbackDone()
        let (presented, action) = pacer.callbackDone(needsFrame: core.needsFrame)
        if presented { presentedFrameCount += 1 }
        let commits = latency.frameCommits
        execute(action)
        if latency.frameCommits == commits { latency.frameOpportunityMissed(stillWanted: core.needsFrame) }
    }

    /// Draws the frame asked for since the loop last looked, if the pacer lets it (idle: at once; a callback
    /// pending: its done draws it).
    func serviceFrameWant() {
        guard frameWantPending else { return }
        frameWantPending = false
        execute(pacer.frameWanted())
    }

    func execute(_ action: FramePacer.Action) {
        guard !isTornDown, pendingError == nil else { return }
        switch action {
        case .none: break
        case .draw: drawFrame()
        case .requestCallback: requestCallback()
        case .drawWithoutCallback: drawFrame(requestingCallback: false)
        }
    }

    /// A commit without a new buffer, carrying a frame callback (and the latest configure's ack).
    func requestCallback() {
        guard let xdg, let surface = xdg.surface else { return }
        if let serial = pacer.takeSerialToAck() { xdg.ackConfigure(serial) }
        xdg.requestFrameCallback()
        wl_surface_commit(surface)
        latency.frameOpportunityMissed(stillWanted: core.needsFrame)
        pacer.didCommit(withBuffer: false)
    }

    /// A failure to get or fill a buffer, as the error the loop throws: a `WaylandError` as it is, anything else
    /// as `bufferAllocationFailed` with its description.
    static func bufferError(_ error: any Error) -> WaylandError {
        (error as? WaylandError) ?? .bufferAllocationFailed("\(error)")
    }

    /// Draws the core's damage into a free buffer (or onward in the presented one) and commits it with its damage
    /// and, with `requestingCallback`, a frame callback (without: the ack of a resize while a callback is pending,
    /// see `FramePacer`). With a band surface the ring buffer goes to the band and the window's surface takes the
    /// base buffer when the bars changed; a frame that changed nothing in the ring buffer attaches nothing there.
    ///
    /// Order matters: the buffer is acquired (and the damage a fresh buffer needs is added) before
    /// `prepareFrame`, so that everything the core is told before drawing happens before its frame starts
    /// and the core's frame request state ends consistent.
    func drawFrame(requestingCallback: Bool = true) {
        guard !isBusy, let xdg, let surface = xdg.surface, let surfaces else { return }
        isBusy = true
        defer { isBusy = false }
        let configuration = pixelConfiguration()
        surfaces.prepare(
            for: configuration, parent: surface, viewportScaling: scaling.usesViewport,
            factory: SurfacePresenter.Factory(
                compositor: compositor, subcompositor: subcompositor,
                shm: shm))
        var buffers: SurfacePresenter.FrameBuffers
        do {
            guard let acquired = try surfaces.acquire(hasCommittedFrame: pacer.hasCommittedFrame) else {
                // A surface has no free buffer: the frame waits for a release.
                pacer.bufferUnavailable()
                return
            }
            buffers = acquired
        } catch {
            pendingError = WaylandWindow.bufferError(error)
            return
        }
        surfaces.addDamage(for: buffers, firstFrame: !pacer.hasCommittedFrame)
        // A touch drag shows the finger for the refresh this frame is drawn for (<doc:ScrollBehaviour> §22): on the
        // display's grid, so the moment the loop gets to draw does not move what it shows.
        let now = clock.now
        core.prepareFrame(at: now, forRefreshAt: latency.predictor.refreshTime(forFrameAt: now))
        // Animations may have moved content under a still pointer: its cursor may have changed.
        syncCursors()
        guard core.needsFrame else {
            // The animations ended without changing anything: the buffers go back untouched.
            surfaces.putBack(buffers)
            latency.nothingToReflect()
            execute(pacer.nothingToDraw())
            return
        }
        let drawn: SurfacePresenter.Drawn
        do {
            guard let frame = try surfaces.draw(&buffers) else {
                // Declined onward with no other buffer free: the frame (its scroll kept by the core) waits.
                surfaces.putBack(buffers)
                pacer.bufferUnavailable()
                return
            }
            drawn = frame
        } catch {
            pendingError = WaylandWindow.bufferError(error)
            return
        }
        guard
            let content = surfaces.commitSubsurfaces(
                drawn, frame: buffers, bufferScale: scaling.bufferScale,
                surfaceVersion: xdg.surfaceVersion)
        else { return }
        if let serial = pacer.takeSerialToAck() { xdg.ackConfigure(serial) }
        setScaleState(of: surface)
        var shownDamage = PixelRegion()
        if let shown = content.shown {
            wl_surface_attach(surface, shown.proxy, 0, 0)
            shown.buffer?.markAttached()
            shownDamage = SurfacePresenter.report(
                shown.damage, on: surface, originY: 0, scale: configuration.scale,
                surfaceVersion: xdg.surfaceVersion)
        }
        if requestingCallback { xdg.requestFrameCallback() }
        latency.frameWillCommit(surface: surface)
        wl_surface_commit(surface)
        surfaces.windowCommitted(drawn, content: content, shownDamage: shownDamage)
        let first = !pacer.hasCommittedFrame
        pacer.didCommit(withBuffer: true, requestedCallback: requestingCallback)
        onFrameCommitted?(clock.now)
        if first {
            timeToFirstCommit = clock.now - startTime
            onFirstFrameCommitted?()
        }
    }
}
