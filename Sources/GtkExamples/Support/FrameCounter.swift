public import CGtk4

/// Counts the frames of a widget's frame clock for `--frames N` and `--stats`: it keeps frames coming (a draw
/// of the widget every tick, so that each one is painted and presented even when the content rests), says when
/// the first one was painted, and calls `onLimit` after `limit` of them.
@MainActor
public final class FrameCounter {
    public private(set) var frames = 0
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let limit: Int?
    private let onFirstFrame: () -> Void
    private let onLimit: () -> Void
    private var tickID: guint = 0

    public init(
        widget: UnsafeMutablePointer<GtkWidget>, limit: Int?, onFirstFrame: @escaping () -> Void,
        onLimit: @escaping () -> Void
    ) {
        self.widget = widget
        self.limit = limit
        self.onFirstFrame = onFirstFrame
        self.onLimit = onLimit
        g_object_ref(UnsafeMutableRawPointer(widget))
        tickID = gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                guard let data else { return 0 }
                return MainActor.assumeIsolated {
                    Unmanaged<FrameCounter>.fromOpaque(data).takeUnretainedValue().tick() ? 1 : 0
                }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One tick; false once nothing more is needed (no limit, first frame seen).
    private func tick() -> Bool {
        frames += 1
        // A tick comes before its frame's paint: at the second tick the first frame was painted.
        if frames == 2 { onFirstFrame() }
        if let limit, frames > limit { onLimit() }
        guard limit != nil || frames < 2 else {
            tickID = 0
            return false
        }
        gtk_widget_queue_draw(widget)
        return true
    }

    isolated deinit {
        if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
        g_object_unref(UnsafeMutableRawPointer(widget))
    }
}
