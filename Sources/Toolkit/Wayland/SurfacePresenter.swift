import CWayland
@_spi(Presentation) import ToolkitCore

/// The Wayland side of the window's presentation: the shm buffers and the surfaces that show them. The window's
/// surface shows its ring buffers; while a list scrolls between a title bar and a toolbar, a band subsurface
/// (`BandSurface`) shows the ring buffers' band rows and the window's surface a base buffer with the rows around
/// it (`FrameBase`); the list's vertical indicator may get an overlay subsurface (`OverlaySurface`). The choice of
/// how each frame is drawn (onward, ring shift, copy-forward, base, overlay) is `FramePresenter`'s; this type makes
/// and retires the surfaces, hands out buffers and commits the subsurfaces. The window's own surface, the pacing
/// and the configure acks stay with `WaylandWindow`.
@MainActor
final class SurfacePresenter {
    /// The drawing strategy over the window's core.
    let frames: FramePresenter
    /// The switches tests and comparisons turn (`usesBand`).
    var options: PresentationOptions
    /// The window's buffers: ring buffers the window's surface shows, or the band surface while there is one.
    let buffers: WaylandBufferPool
    /// While a list scrolls between a title bar and a toolbar: the scrolled band in a surface of its own, and the
    /// buffers the window's surface then shows the rows around it from.
    private(set) var band: BandSurface?
    private var basePool: WaylandBufferPool?
    /// A band left, with its base buffers: destroyed right after the window's commit that no longer shows them
    /// (destroying the band at once would show the base's stale band rows until then).
    private var retiredBand: (surface: BandSurface, pool: WaylandBufferPool?)?
    /// The scrolled list's vertical indicator in a surface of its own over its column (`IndicatorOverlay`), and
    /// whether it has shown a picture yet.
    private(set) var indicatorSurface: OverlaySurface?
    private var indicatorSurfaceShown = false
    /// Called after a `wl_buffer.release` made a buffer of any of the pools available again.
    private let onBufferReleased: () -> Void

    private var core: WindowCore { frames.core }

    /// Presentation for `core` with window buffers of `configuration` from `shm`; `onBufferReleased` runs whenever
    /// a buffer of the window, a base or an overlay is released.
    init(
        core: WindowCore, shm: OpaquePointer, configuration: BufferSlots.Configuration, options: PresentationOptions,
        onBufferReleased: @escaping () -> Void
    ) {
        frames = FramePresenter(core: core)
        self.options = options
        self.onBufferReleased = onBufferReleased
        buffers = WaylandBufferPool(shm: shm, configuration: configuration, ringFrames: options.ringFrames)
        buffers.onBufferReleased = onBufferReleased
    }

    // MARK: - Surfaces

    /// What the band and overlay subsurfaces are made from.
    struct Factory {
        var compositor: OpaquePointer?
        var subcompositor: OpaquePointer?
        var shm: OpaquePointer?
    }

    /// Keeps the buffers at `configuration` and the band and overlay surfaces in step with the window (child
    /// surfaces of `parent`), before a frame is drawn. Bands and overlays are used only on the ring path: with
    /// `options.usesBand`, not through a viewport (`viewportScaling`: the fractional path), with ring buffers and an
    /// opaque window.
    func prepare(
        for configuration: BufferSlots.Configuration, parent: OpaquePointer, viewportScaling: Bool,
        factory: Factory
    ) {
        buffers.reconfigure(configuration)
        let usable =
            options.usesBand && !viewportScaling && buffers.canShowBands
            && core.rootView.backgroundColor?.isOpaque == true
        updateBand(for: configuration, parent: parent, usable: usable, factory: factory)
        updateOverlay(for: configuration, parent: parent, usable: usable, factory: factory)
    }

    /// Retires the band surface when the buffers' size or scale changed or bands are not usable (the window's
    /// buffers then show the whole window again); makes one when a scroll is pending whose band has rows above or
    /// below it (`FramePresenter.bandRowsForPendingMove`), or again when an edge of that band moved.
    private func updateBand(
        for configuration: BufferSlots.Configuration, parent: OpaquePointer, usable: Bool,
        factory: Factory
    ) {
        let wanted = usable ? frames.bandRowsForPendingMove(pixelsPerPoint: configuration.scale) : nil
        let rows = wanted.map { (top: $0.top ?? 0, bottom: $0.bottom ?? core.size.height) }
        if let current = band,
            !usable || current.windowConfiguration != configuration
                || (rows.map { $0.top != current.top || $0.bottom != current.top + current.height } ?? false)
        {
            if current.hasBuffer {
                // An earlier band left with no frame since is not on screen any more (this one replaced it).
                destroyRetiredBand()
                retiredBand = (current, basePool)
            } else {
                // Never shown: it goes now (a band retired before it may still be on screen, and stays retired).
                current.destroy()
                basePool?.destroyAll()
            }
            band = nil
            basePool = nil
            buffers.shownRows = nil
            // The window's buffers hold nothing around the band: everything is drawn again.
            core.addDamage(Rect(origin: .zero, size: core.size))
        }
        if band == nil, let rows, let compositor = factory.compositor, let subcompositor = factory.subcompositor,
            let shm = factory.shm,
            let made = BandSurface(
                compositor: compositor, subcompositor: subcompositor, parent: parent, top: rows.top,
                height: rows.bottom - rows.top, configuration: configuration)
        {
            band = made
            let pool = WaylandBufferPool(shm: shm, configuration: configuration, maximumCount: 3, ringFrames: 1)
            // A frame waiting for a free base buffer goes on when one is released, as for the window's buffers.
            pool.onBufferReleased = onBufferReleased
            basePool = pool
            buffers.shownRows = made.pixelRows
            // The overlay stays above the band (a new subsurface goes on top of its siblings).
            indicatorSurface?.place(above: made.surface)
        }
    }

    /// Drops the overlay surface when it is not usable or its column changed, and makes one over the column of the
    /// pending scroll's container (`FramePresenter.indicatorColumnForPendingMove`), under the band's conditions.
    private func updateOverlay(
        for configuration: BufferSlots.Configuration, parent: OpaquePointer, usable: Bool,
        factory: Factory
    ) {
        let column = usable ? frames.indicatorColumnForPendingMove(pixelsPerPoint: configuration.scale) : nil
        if let current = indicatorSurface,
            !usable || current.windowConfiguration != configuration
                || (column.map {
                    $0 != Rect(x: current.x, y: current.top, width: current.width, height: current.height)
                }
                    ?? false)
        {
            // The window's drawing takes the knob back when no overlay is given (`FramePresenter.draw`).
            current.destroy()
            indicatorSurface = nil
        }
        if indicatorSurface == nil, let column, let compositor = factory.compositor,
            let subcompositor = factory.subcompositor, let shm = factory.shm,
            let made = OverlaySurface(
                compositor: compositor, subcompositor: subcompositor, shm: shm, parent: parent,
                x: column.minX, top: column.minY, width: column.width, height: column.height,
                configuration: configuration)
        {
            made.pool.onBufferReleased = onBufferReleased
            indicatorSurface = made
            indicatorSurfaceShown = false
        }
    }

    /// Destroys a retired band surface and its base buffers (after the window's commit that stopped showing them,
    /// or when another band replaces it first).
    private func destroyRetiredBand() {
        guard let retired = retiredBand else { return }
        retired.surface.destroy()
        retired.pool?.destroyAll()
        retiredBand = nil
    }

    // MARK: - Buffers

    /// The buffers one frame was given: the window's (or none when every one is busy), the presented one while
    /// the compositor holds it (a scroll may go on in its memory), and the base's and overlay's.
    struct FrameBuffers {
        var window: AcquiredBuffer?
        var onward: ShmBuffer?
        var base: AcquiredBuffer?
        var indicator: AcquiredBuffer?
    }

    /// Buffers for the next frame, or nil when one of the surfaces has none free (everything acquired was put back:
    /// the frame waits for a release). Unless the window buffer holds the presented frame already (released
    /// before) or everything is drawn again, the frame may go on in the presented buffer's memory. After the
    /// window's first commit only (`hasCommittedFrame`). Throws when a buffer cannot be made (nothing is kept).
    func acquire(hasCommittedFrame: Bool) throws -> FrameBuffers? {
        var frame = FrameBuffers()
        do {
            frame.window = try buffers.acquire()
            if hasCommittedFrame, frame.window.map({ $0.catchUp != nil }) ?? true {
                frame.onward = buffers.acquireOnward()
            }
            let window = frame.window != nil || frame.onward != nil
            if window, let basePool { frame.base = try basePool.acquire() }
            if window, let indicatorSurface { frame.indicator = try indicatorSurface.pool.acquire() }
        } catch {
            putBack(frame)
            throw error
        }
        // Every surface needs a free buffer (the window's, the base and the overlay), or the frame waits.
        guard frame.window.map({ $0.buffer.proxy != nil }) ?? (frame.onward?.proxy != nil),
            basePool == nil || frame.base?.buffer.proxy != nil,
            indicatorSurface == nil || frame.indicator?.buffer.proxy != nil
        else {
            putBack(frame)
            return nil
        }
        return frame
    }

    /// Gives back whatever `frame` holds (the frame waits, or failed).
    func putBack(_ frame: FrameBuffers) {
        if let buffer = frame.window?.buffer { buffers.putBack(buffer) }
        if let onward = frame.onward { buffers.putBack(onward) }
        if let basePool, let buffer = frame.base?.buffer { basePool.putBack(buffer) }
        if let indicatorSurface, let buffer = frame.indicator?.buffer { indicatorSurface.pool.putBack(buffer) }
    }

    /// Damages what the buffers of `frame` cannot catch up on: everything for a window buffer drawn again in full
    /// (or the window's first frame), every row around the band for a base buffer that holds nothing yet. Before
    /// `WindowCore.prepareFrame(at:)`, so that the core's frame starts with it.
    func addDamage(for frame: FrameBuffers, firstFrame: Bool) {
        if frame.window?.needsFullRedraw == true || firstFrame {
            core.addDamage(Rect(origin: .zero, size: core.size))
        }
        if let band, frame.base?.needsFullRedraw == true {
            core.addDamage(Rect(x: 0, y: 0, width: core.size.width, height: band.top))
            core.addDamage(
                Rect(
                    x: 0, y: band.top + band.height, width: core.size.width,
                    height: core.size.height - band.top - band.height))
        }
    }

    // MARK: - Drawing and committing

    /// A frame drawn into `buffer`, and whether it went on in the presented buffer's memory.
    struct Drawn {
        var frame: WaylandBufferPool.DrawnFrame
        var buffer: ShmBuffer
        var onward: Bool
    }

    /// Draws the core's frame: onward in the presented buffer when the strategy allows it (the window buffer then
    /// goes back), else into the window buffer, which first catches up with the presented frame; the rows around a
    /// band go to the base buffer, the indicator to the overlay's. Nil when the onward frame was declined with no
    /// other buffer free: the frame (its scroll kept by the core) waits for a release; the caller puts `frame`
    /// back. Throws when a `wl_buffer` cannot be made.
    func draw(_ frame: inout FrameBuffers) throws -> Drawn? {
        let base = band.flatMap { band in
            frame.base.map {
                FrameBase(
                    canvas: $0.buffer.canvas, bandTop: band.top, bandBottom: band.top + band.height,
                    previousFrame: $0.catchUp)
            }
        }
        // The indicator overlay: drawn in full into its buffer when its picture changed, or when the surface has
        // not shown one yet.
        let indicators = indicatorSurface.flatMap { surface in
            frame.indicator.map {
                IndicatorOverlay(
                    canvas: $0.buffer.canvas,
                    column: Rect(x: surface.x, y: surface.top, width: surface.width, height: surface.height),
                    needsDrawing: !indicatorSurfaceShown || $0.needsFullRedraw)
            }
        }
        if let presented = frame.onward {
            frame.onward = nil
            // Drawn there only when it writes nothing the compositor holds; else the acquired buffer takes it.
            if let drawn = try buffers.drawOnward(frames, into: presented, base: base, indicators: indicators) {
                if let buffer = frame.window?.buffer { buffers.putBack(buffer) }
                frame.window = nil
                return Drawn(frame: drawn, buffer: presented, onward: true)
            }
            buffers.putBack(presented)
        }
        guard let acquired = frame.window else { return nil }
        let drawn = try buffers.draw(
            frames, into: acquired.buffer, previousFrame: acquired.catchUp, base: base,
            indicators: indicators)
        return Drawn(frame: drawn, buffer: acquired.buffer, onward: false)
    }

    /// What the window's surface attaches with its commit (nil: nothing, the presented buffer stays), and whether
    /// the ring buffer was left as it was (`ringUnchanged`: put back, not committed).
    struct WindowContent {
        var shown: (proxy: OpaquePointer, buffer: ShmBuffer?, damage: DamageRegion)?
        var ringUnchanged: Bool
    }

    /// Commits the subsurfaces of a drawn frame (their commits apply with the window surface's next one): the
    /// overlay when drawn (or drops it when it became unusable), the band with the ring buffer. Returns what the
    /// window's surface shows: the ring buffer, or with a band the base buffer when the frame drew into it. Nil
    /// when the drawn buffer has no `wl_buffer` (never planned): nothing is committed.
    func commitSubsurfaces(
        _ drawn: Drawn, frame: FrameBuffers, bufferScale: Int,
        surfaceVersion: UInt32
    ) -> WindowContent? {
        if let indicatorSurface, let indicatorBuffer = frame.indicator?.buffer {
            if drawn.frame.indicatorsUnusable {
                indicatorSurface.pool.putBack(indicatorBuffer)
                indicatorSurface.destroy()
                self.indicatorSurface = nil
            } else {
                let whole = Rect(
                    x: indicatorSurface.x, y: indicatorSurface.top, width: indicatorSurface.width,
                    height: indicatorSurface.height)
                commitOverlay(
                    indicatorSurface, buffer: indicatorBuffer, bufferScale: bufferScale,
                    damage: drawn.frame.indicatorsDrawn ? DamageRegion(rect: whole) : DamageRegion(),
                    surfaceVersion: surfaceVersion)
                if drawn.frame.indicatorsDrawn { indicatorSurfaceShown = true }
            }
        }
        guard let bufferProxy = drawn.buffer.proxy else { return nil }
        // A frame that went on in the presented buffer and wrote nothing into it (no scroll, no damage in its rows:
        // an overlay's fade, a change in the bars) leaves the presented frame as it is: not attached again, once
        // its `wl_buffer` is the one attached (not one just made for other rows) and a band shows it.
        let ringUnchanged =
            drawn.onward && drawn.frame.damage.isEmpty && drawn.frame.shift == nil
            && drawn.buffer.isProxyAttached && band?.hasBuffer ?? true
        var content = WindowContent(shown: nil, ringUnchanged: ringUnchanged)
        if !ringUnchanged { content.shown = (bufferProxy, drawn.buffer, drawn.frame.damage) }
        if let band {
            if !ringUnchanged {
                commitBand(
                    band, buffer: drawn.buffer, bufferScale: bufferScale, damage: drawn.frame.damage,
                    surfaceVersion: surfaceVersion)
            }
            content.shown = nil
            if let basePool, let baseBuffer = frame.base?.buffer {
                if let proxy = baseBuffer.proxy, !drawn.frame.baseDamage.isEmpty {
                    content.shown = (proxy, baseBuffer, drawn.frame.baseDamage)
                } else {
                    basePool.putBack(baseBuffer)
                }
            }
        }
        return content
    }

    /// The window's surface committed `content` (`shownDamage`: what it reported, in buffer pixels): a band left
    /// is no longer shown and goes; the ring buffer is committed (or put back unchanged), and the base buffer.
    func windowCommitted(_ drawn: Drawn, content: WindowContent, shownDamage: PixelRegion) {
        destroyRetiredBand()
        if content.ringUnchanged {
            buffers.putBack(drawn.buffer)
        } else {
            buffers.commit(drawn.buffer, damage: drawn.frame.lagDamage, shift: drawn.frame.shift)
        }
        if band != nil, let basePool, let shown = content.shown, let baseBuffer = shown.buffer {
            basePool.commit(baseBuffer, damage: shownDamage)
        }
    }

    /// Attaches the ring buffer's band rows (its `wl_buffer` spans only them) to the band surface, with the part of
    /// `damage` (window points) inside the band, and commits it (applied with the window surface's next commit).
    private func commitBand(
        _ band: BandSurface, buffer: ShmBuffer, bufferScale: Int, damage: DamageRegion,
        surfaceVersion: UInt32
    ) {
        guard let proxy = buffer.proxy else { return }
        band.child.setBufferScale(Int32(bufferScale))
        wl_surface_attach(band.surface, proxy, 0, 0)
        buffer.markAttached()
        band.hasBuffer = true
        var inside = DamageRegion()
        let rows = Rect(x: 0, y: band.top, width: core.size.width, height: band.height)
        damage.forEachRectangle { inside.add($0.intersection(rows)) }
        _ = SurfacePresenter.report(
            inside, on: band.surface, originY: band.top, scale: buffer.scale,
            surfaceVersion: surfaceVersion)
        wl_surface_commit(band.surface)
    }

    /// Attaches and commits the overlay's buffer when the frame drew into it (the commit applies with the window
    /// surface's next commit), else gives the buffer back.
    private func commitOverlay(
        _ overlay: OverlaySurface, buffer: ShmBuffer, bufferScale: Int, damage: DamageRegion,
        surfaceVersion: UInt32
    ) {
        guard !damage.isEmpty, let proxy = buffer.proxy else {
            overlay.pool.putBack(buffer)
            return
        }
        overlay.child.setBufferScale(Int32(bufferScale))
        wl_surface_attach(overlay.surface, proxy, 0, 0)
        buffer.markAttached()
        // The damage is in window points; the overlay's surface starts at (x, top).
        let pixelDamage = SurfacePresenter.report(
            damage, on: overlay.surface, originY: overlay.top, x: overlay.x,
            scale: buffer.scale, surfaceVersion: surfaceVersion)
        wl_surface_commit(overlay.surface)
        overlay.pool.commit(buffer, damage: pixelDamage)
    }

    /// Reports `region` (window points) as damage on `target`, whose first row is the window's row `originY`
    /// (points): in buffer pixels from `wl_surface` version 4 on, before that in surface points. Returns it in
    /// buffer pixels (what the target's other buffers now lack).
    static func report(
        _ region: DamageRegion, on target: OpaquePointer, originY: Double, x originX: Double = 0,
        scale: Double, surfaceVersion: UInt32
    ) -> PixelRegion {
        var pixelDamage = PixelRegion()
        region.forEachRectangle { pixelDamage.add($0.offsetBy(Point(x: -originX, y: -originY)), pixelsPerPoint: scale) }
        if surfaceVersion >= 4 {
            pixelDamage.forEachRect { x, y, w, h in
                wl_surface_damage_buffer(target, Int32(x), Int32(y), Int32(w), Int32(h))
            }
        } else {
            // Before v4 damage is in surface coordinates, which are points.
            region.forEachRect { x, y, w, h in
                wl_surface_damage(target, Int32(Double(x) - originX), Int32(Double(y) - originY), Int32(w), Int32(h))
            }
        }
        return pixelDamage
    }

    // MARK: - Diagnostics and teardown

    /// The pixels of the frame presented last (what the compositor shows: with a band surface, the rows around
    /// the band from the base buffer), or nil before the first one. It copies the whole buffer.
    func lastPresentedImage() -> Image? {
        guard var image = buffers.lastPresentedImage() else { return nil }
        guard let band, let base = basePool?.lastPresentedImage(), base.width == image.width,
            base.height == image.height
        else { return image }
        for y in 0..<image.height where !band.pixelRows.contains(y) {
            for x in 0..<image.width { image.setPixel(x: x, y: y, base.pixel(x: x, y: y)) }
        }
        return image
    }

    /// Destroys every surface and buffer (the window's teardown, before the window's surface goes).
    func destroyAll() {
        destroyRetiredBand()
        band?.destroy()
        band = nil
        basePool?.destroyAll()
        basePool = nil
        indicatorSurface?.destroy()
        indicatorSurface = nil
        buffers.destroyAll()
    }
}
