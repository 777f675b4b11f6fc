import CWaylandServer
import Toolkit

// HiDPI observations and switches: the fractional scale (opt-in viewporter + fractional-scale-v1), the viewport
// the toplevel committed, and the cursor the client set.

extension TestCompositor {
    // MARK: Fractional scale

    /// The preferred fractional scale sent to clients (`wp_fractional_scale_v1.preferred_scale`, in 120ths:
    /// 1.5 is sent as 180). nil by default: the compositor then offers neither wp_viewporter nor
    /// wp_fractional_scale_manager_v1, like weston 10 without fractional scaling.
    ///
    /// The first non-nil value creates both globals (v1), so set it before a client connects for the client to
    /// see them at its first roundtrip; later values go to every fractional scale object at once. Setting nil
    /// again stops further announcements (the globals stay). Non-finite values count as nil; the 120ths are
    /// clamped into 1...7680.
    public var fractionalScale: Double? {
        get { perform { $0.fractionalScale } }
        set {
            perform { state in
                state.fractionalScale = newValue.flatMap { $0.isFinite ? $0 : nil }
                guard state.fractionalScale != nil else { return }
                state.createScalingGlobals()
                state.announceFractionalScale()
            }
        }
    }

    /// The viewport destination the active toplevel's surface committed, in points; nil without a viewport or
    /// with the destination unset.
    public var toplevelViewportDestination: Size? {
        perform { state in
            guard let destination = state.activeToplevelSurfaceRecord?.destination else { return nil }
            return Size(width: Double(destination.width), height: Double(destination.height))
        }
    }

    /// Whether the active toplevel's surface has a wp_fractional_scale_v1 object.
    public var toplevelHasFractionalScale: Bool {
        perform { $0.activeToplevelSurfaceRecord?.fractionalScale != nil }
    }

    // MARK: Cursor

    /// The serial of the latest `wl_pointer.enter` sent; nil before the first.
    public var lastPointerEnterSerial: UInt32? { perform { $0.lastPointerEnterSerial } }

    /// The number of `wl_pointer.set_cursor` requests received so far.
    public var cursorRequestCount: Int { perform { $0.cursorRequestCount } }

    /// The latest `wl_pointer.set_cursor`, with the hotspot and what its surface shows now; nil before the first.
    public var lastCursorRequest: CursorRequest? {
        perform { state -> CursorRequest? in
            guard let request = state.lastCursorRequest else { return nil }
            let record = request.surface.flatMap { state.surfaces[$0] }
            return CursorRequest(
                serial: request.serial, hasSurface: record != nil,
                hotspotX: Int(request.hotspotX), hotspotY: Int(request.hotspotY),
                bufferScale: Int(record?.scale ?? 1), image: record?.image)
        }
    }
}

extension CompositorState {
    /// The surface record of the active toplevel, if any.
    var activeToplevelSurfaceRecord: SurfaceRecord? {
        guard let surface = activeToplevel?.xdgSurface.flatMap({ xdgSurfaces[$0] })?.surface else { return nil }
        return surfaces[surface]
    }
}
