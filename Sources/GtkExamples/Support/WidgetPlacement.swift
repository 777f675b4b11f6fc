public import CGtk4

/// Where a widget is in its window's surface (the coordinates the compositor's input events use), for the
/// `layout:` lines tests aim by: the widget's bounds in its native (GTK 4.8 has no gtk_widget_compute_point),
/// shifted by the native's surface transform (client-side shadows). Nil before the widget is laid out.
@MainActor
public func surfaceBounds(of widget: UnsafeMutablePointer<GtkWidget>) -> (
    x: Double, y: Double, width: Double, height: Double
)? {
    guard let native = gtk_widget_get_native(widget) else { return nil }
    let nativeWidget = UnsafeMutablePointer<GtkWidget>(native)  // GtkNative is an interface of the widget
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, nativeWidget, &bounds) != 0 else { return nil }
    var sx = 0.0
    var sy = 0.0
    gtk_native_get_surface_transform(native, &sx, &sy)
    return (
        Double(bounds.origin.x) + sx, Double(bounds.origin.y) + sy,
        Double(bounds.size.width), Double(bounds.size.height)
    )
}

/// `name x y width height`, the line tests read.
@MainActor
public func placementLine(_ name: String, _ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    guard let b = surfaceBounds(of: widget) else { return "layout: \(name) unplaced" }
    return "layout: \(name) \(b.x) \(b.y) \(b.width) \(b.height)"
}
