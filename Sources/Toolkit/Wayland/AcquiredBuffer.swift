@_spi(Presentation) import ToolkitCore

/// A buffer `WaylandBufferPool.acquire()` handed out for the next frame, and how it stands against the frame
/// presented last.
@MainActor
struct AcquiredBuffer {
    /// The buffer to draw into.
    let buffer: ShmBuffer
    /// Where to take the pixels it lacks (the last presented buffer and the region, with a ring buffer's pending
    /// band move); nil when it lacks nothing or nothing can provide them.
    let previousFrame: PreviousFrame?
    /// No buffer could provide what it lacks: the whole window is drawn again.
    let needsFullRedraw: Bool

    /// What the frame drawn into it catches up from: `previousFrame`, unless everything is drawn again.
    var catchUp: PreviousFrame? { needsFullRedraw ? nil : previousFrame }
}
