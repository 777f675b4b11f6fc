internal import CGtk4

/// Size, scale and pixels: the core draws what changed into an ARGB32 cairo image surface (premultiplied, native
/// endian: pixman's a8r8g8b8, which `Canvas` draws into) of the widget's size times its scale factor, kept between
/// frames because the core draws only damage; the draw function paints it whole. A new surface (the size or the
/// scale factor changed) comes with the whole widget damaged.
extension GtkViewHost {
    /// The widget's new size (GtkDrawingArea's resize), in points.
    func resize(width: Int32, height: Int32) {
        core.resize(to: Size(width: Double(max(width, 0)), height: Double(max(height, 0))))
        dropSurface()
    }

    /// The widget's scale factor changed (a move to another output, the output's scale changed): draw again at
    /// the new scale.
    func scaleFactorChanged() {
        gtk_widget_queue_draw(area)
    }

    func dropSurface() {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        canvas = nil
    }

    /// The draw function: the core draws the damage into the kept surface, which is then painted whole.
    func draw(_ cr: OpaquePointer, width: Int32, height: Int32) {
        guard width > 0, height > 0 else { return }
        let scale = max(1, gtk_widget_get_scale_factor(area))
        let size = Size(width: Double(width), height: Double(height))
        if core.size != size { resize(width: width, height: height) }
        if scale != surfaceScale {
            dropSurface()
            surfaceScale = scale
        }
        if surface == nil {
            let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)
            cairo_surface_set_device_scale(created, Double(scale), Double(scale))
            surface = created
            if cairo_surface_status(created) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(created) {
                canvas = Canvas(
                    pixels: UnsafeMutableRawPointer(data), width: Int(width * scale),
                    height: Int(height * scale), stride: Int(cairo_image_surface_get_stride(created)),
                    scale: Int(scale))
            }
            core.addDamage(Rect(origin: .zero, size: size))  // a new surface holds nothing yet
        }
        // A surface cairo could not make (out of memory, a size past its limits) draws nothing until the next one.
        guard let surface, let canvas else { return }
        cairo_surface_flush(surface)
        let drawn = core.draw(into: canvas)
        if GtkViewHost.traces {
            GtkViewHost.printError(
                "ToolkitGTK draw \(drawn.isEmpty ? "nothing" : "something") needs frame \(core.needsFrame)")
        }
        cairo_surface_mark_dirty(surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
    }
}
