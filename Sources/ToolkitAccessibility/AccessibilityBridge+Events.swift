internal import CAtspiBridge
import ToolkitCore

// The tree's changes as AT-SPI events (`AccessibilityTree.onEvent`, set while the bridge runs).

extension AccessibilityBridge {
    func report(_ event: AccessibilityEvent) {
        // Nothing is computed or sent while no client listens for events (the registry says).
        guard isRunning, tatspi_bridge_has_listeners(handle) != 0 else { return }
        switch event {
        case .childAdded(let parent, let child, let index):
            tatspi_emit_children_changed(
                handle, parent.map { tree.id(of: $0) } ?? 0, 1, Int32(clamping: index),
                tree.id(of: child))
        case .childRemoved(let parent, let child, let index):
            tatspi_emit_children_changed(
                handle, parent.map { tree.id(of: $0) } ?? 0, 0, Int32(clamping: index),
                tree.id(of: child))
        case .nameChanged(let view):
            tatspi_emit_name_changed(handle, tree.id(of: view), tree.name(of: view))
        case .boundsChanged(let view):
            let e = tree.extents(of: view)
            tatspi_emit_bounds_changed(
                handle, tree.id(of: view), AccessibilityBridge.points(e.minX),
                AccessibilityBridge.points(e.minY), AccessibilityBridge.points(e.width),
                AccessibilityBridge.points(e.height))
        case .focusChanged(let view):
            if let old = focusedID { tatspi_emit_focus(handle, old, 0) }
            focusedID = nil
            if let view, view.isAccessibilityElement {
                let id = tree.id(of: view)
                focusedID = id
                tatspi_emit_focus(handle, id, 1)
            }
        case .selectionChanged(let view):
            tatspi_emit_selection_changed(handle, tree.id(of: view))
        case .stateChanged(let view, let state, let on):
            if state == .selected { tatspi_emit_state_changed(handle, tree.id(of: view), "selected", on ? 1 : 0) }
        }
    }
}
