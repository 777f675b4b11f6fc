// `Toolkit` is `ToolkitCore` plus the Wayland window: code that says `import Toolkit` sees both, as it did before
// the split (after swift-nio's NIOPosix re-exporting NIOCore).
@_exported import ToolkitCore
