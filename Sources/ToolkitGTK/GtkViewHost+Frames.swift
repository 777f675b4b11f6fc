internal import CGtk4

/// Frames and timers: the widget's frame clock ticks while the core needs frames, and only while the widget is
/// mapped; one GLib timeout waits for the core's next timer (touch delays, indicator fades).
extension GtkViewHost {
    /// Asks the widget's frame clock for ticks (the core's `onNeedsFrame`). Nothing while the widget is unmapped:
    /// `map` asks again.
    func scheduleFrame() {
        guard isAttached, tickID == 0, gtk_widget_get_mapped(area) != 0 else { return }
        tickID = gtk_widget_add_tick_callback(
            area,
            { _, frameClock, data in
                guard let frameClock else { return 0 }
                let frameTime = gdk_frame_clock_get_frame_time(frameClock)
                var more = false
                GtkViewHost.with(data) { more = $0.tick(frameTime: Int(frameTime)) }
                return more ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Removes the tick callback, if any.
    func stopTicking() {
        guard tickID != 0 else { return }
        gtk_widget_remove_tick_callback(area, tickID)
        tickID = 0
    }

    /// One frame clock tick: due timers, motions advanced to the frame's time (GDK frame clock microseconds), a touch
    /// drag resampled for it (the frame clock's time is the refresh the frame is drawn for), a draw of what changed. True while frames
    /// are still needed (G_SOURCE_CONTINUE); the tick removes itself once the core is idle.
    private func tick(frameTime: Int) -> Bool {
        let time = clock.frameTime(frameTime)
        if let deadline = core.nextTimerDeadline, deadline <= time { core.fireTimers(upTo: time) }
        core.prepareFrame(at: time, forRefreshAt: time)
        // A view's handler may have detached the host in there; the tick was removed with everything else.
        guard isAttached, tickID != 0 else { return false }
        if GtkViewHost.traces {
            GtkViewHost.printError(
                "ToolkitGTK tick \(time) needs frame \(core.needsFrame) damage \(core.damage.isEmpty ? "none" : "some")"
            )
        }
        if core.needsFrame { gtk_widget_queue_draw(area) }
        armTimeout()
        if core.needsFrame { return true }
        tickID = 0
        return false
    }

    /// Keeps one GLib timeout armed at the core's next timer deadline.
    func armTimeout() {
        let deadline = core.nextTimerDeadline
        guard isAttached, deadline != timeoutDeadline else { return }
        cancelTimeout()
        timeoutDeadline = deadline
        guard let deadline else { return }
        let wait = max(.zero, deadline - clock.now)
        let milliseconds = guint(min(Double(Int32.max), (wait / .milliseconds(1)).rounded(.up)))
        timeoutID = g_timeout_add(
            milliseconds,
            { data in
                GtkViewHost.with(data) { $0.timeoutFired() }
                return 0  // G_SOURCE_REMOVE: `timeoutFired` arms the next one
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the timeout, if any.
    func cancelTimeout() {
        if timeoutID != 0 { g_source_remove(timeoutID) }
        timeoutID = 0
        timeoutDeadline = nil
    }

    private func timeoutFired() {
        timeoutID = 0
        timeoutDeadline = nil
        core.fireTimers(upTo: clock.now)
        armTimeout()
    }
}
