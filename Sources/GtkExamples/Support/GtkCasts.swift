public import CGtk4

/// GTK's type-cast macros (GTK_WINDOW, GTK_BOX ...) do not import: a GObject pointer is the same address
/// whatever class it is viewed as, so a cast is a pointer conversion.
public func gtkCast<T>(_ pointer: UnsafeMutablePointer<some Any>, to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// A `GtkWidget*` from the OpaquePointer ToolkitGTK hands out (`GtkViewHost.widget`).
public func gtkWidget(_ pointer: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
    UnsafeMutablePointer<GtkWidget>(pointer)
}

/// The same for GTK classes whose struct is private (GtkLabel, GtkHeaderBar ...): Swift sees those as
/// OpaquePointer.
public func gtkCast(_ pointer: UnsafeMutablePointer<some Any>) -> OpaquePointer {
    OpaquePointer(pointer)
}
