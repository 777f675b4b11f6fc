// The pointer's cursor: the theme (`cursorSettings`) and every pointer's cursor surface, at the window's scale.

extension WaylandWindow {
    /// Lets every pointer on the window show the core's current cursor at the current scale.
    func syncCursors() {
        for seat in seats { seat.pointer?.syncCursor() }
    }

    /// (Re)loads the cursor theme from `cursorSettings` and sets the cursor again.
    func installCursorTheme() {
        guard let shm, !isTornDown else { return }
        destroyCursorSurfacesAndTheme()
        let theme = WaylandCursorTheme(shm: shm, settings: cursorSettings)
        cursorTheme = theme
        context.cursorTheme = theme
        syncCursors()
    }

    /// Cursor surfaces go before the theme whose buffers they show.
    func destroyCursorSurfacesAndTheme() {
        for seat in seats { seat.pointer?.releaseCursorSurface() }
        context.cursorTheme = nil
        cursorTheme?.destroy()
        cursorTheme = nil
    }
}
