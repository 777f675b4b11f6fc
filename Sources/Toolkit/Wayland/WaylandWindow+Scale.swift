import CWayland

// How the window's buffers map to its surface: the outputs it is on (`wl_output.scale`) or the compositor's preferred
// fractional scale through a viewport, fitted to `SurfaceLimits` (see `RenderScale`).

extension WaylandWindow {
    func surfaceOutput(address: UInt, entered: Bool) {
        if entered {
            if !enteredOutputs.contains(address) { enteredOutputs.append(address) }
        } else {
            enteredOutputs.removeAll { $0 == address }
        }
        updateBufferScale()
    }

    /// The fractional path: a viewport and a fractional scale object for the surface, when the compositor
    /// offers both globals (at startup; globals appearing later are not used for an existing surface).
    func setUpFractionalScale(surface: OpaquePointer?) {
        guard let surface, let viewporter, let manager = fractionalScaleManager,
            let viewport = wp_viewporter_get_viewport(viewporter, surface)
        else { return }
        guard let fractional = WaylandFractionalScale(manager: manager, surface: surface) else {
            wp_viewport_destroy(viewport)
            return
        }
        self.viewport = viewport
        fractionalScale = fractional
        fractional.onPreferredScale = { [unowned self] _ in self.updateBufferScale() }
    }

    /// The scale the outputs ask for, lowered when the window's buffer would break `SurfaceLimits` at it.
    func preferredScale() -> RenderScale {
        let entered = outputs.filter { output in enteredOutputs.contains { output.matches(address: $0) } }
        let size = pointSize
        return RenderScale.resolve(
            outputScales: outputs.map(\.scale), enteredScales: entered.map(\.scale),
            preferredFraction120: fractionalScale?.preferred120,
            canSetBufferScale: (xdg?.surfaceVersion ?? 0) >= 3, hasViewport: viewport != nil
        )
        .fitting(width: size.width, height: size.height)
    }

    func updateBufferScale() {
        let scale = preferredScale()
        guard scale != scaling else { return }
        scaling = scale
        // Every pixel changes: redraw all. The new scale is sent with the next buffer (set_buffer_scale and the
        // viewport destination are double-buffered, and a bare commit of the old buffer at the new scale could
        // be invalid).
        core.addDamage(Rect(origin: .zero, size: core.size))
        context.cursorScale = scale.wholeScale
        syncCursors()
    }

    static func points(_ value: Double) -> Int {
        value.isFinite ? max(0, Int(min(value.rounded(.up), 1_000_000))) : 0
    }

    /// The window size in whole points, at least 1 x 1.
    var pointSize: ViewportDestination {
        ViewportDestination(
            width: max(1, WaylandWindow.points(core.size.width)),
            height: max(1, WaylandWindow.points(core.size.height)))
    }

    func pixelConfiguration() -> BufferSlots.Configuration {
        let size = pointSize
        return BufferSlots.Configuration(
            width: scaling.pixels(forPoints: size.width),
            height: scaling.pixels(forPoints: size.height),
            scale: scaling.pixelsPerPoint)
    }

    /// Sets the surface state that goes with the buffer about to be attached: its buffer scale and, on the
    /// fractional path, the surface size in points through the viewport (unset again if the path is ever left).
    /// Only what changed since the last commit is sent.
    func setScaleState(of surface: OpaquePointer) {
        if committedScale != scaling.bufferScale {
            wl_surface_set_buffer_scale(surface, Int32(scaling.bufferScale))
            committedScale = scaling.bufferScale
        }
        if let viewport {
            let destination = scaling.usesViewport ? pointSize : nil
            if destination != committedDestination {
                wp_viewport_set_destination(
                    viewport, Int32(destination?.width ?? -1),
                    Int32(destination?.height ?? -1))
                committedDestination = destination
            }
        }
    }
}
