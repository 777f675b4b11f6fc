// ToolkitGTK re-exports ToolkitCore: `import ToolkitGTK` is all an app needs for the host and the views.
// GTK itself stays an internal import: the public API passes GTK objects as OpaquePointer, so that an app that
// reaches GTK through another module (SwiftCrossUI's CGtk, its own system library) can hand its pointers in.
@_exported import ToolkitCore
