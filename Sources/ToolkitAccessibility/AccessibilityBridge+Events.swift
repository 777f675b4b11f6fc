internal import CAtspiBridge
import ToolkitCore

// The tree's changes as AT-SPI events (`AccessibilityTree.onEvent`, set while the bridge runs).

extension AccessibilityBridge {
    func report(_ event: AccessibilityEvent) {
        // Nothing is computed or sent while no client listens for events (the registry says).
        guard isRunning, tatspi_bridge_has_listeners(handle) != 0 else { return }
        switch event {
        case let .childAdded(parent, child, index):
            tatspi_emit_children_changed(handle, parent.map { tree.id(of: $0) } ?? 0, 1, Int32(clamping: index),
                                         tree.id(of: child))
        case let .childRemoved(parent, child, index):
            tatspi_emit_children_changed(handle, parent.map { tree.id(of: $0) } ?? 0, 0, Int32(clamping: index),
                                         tree.id(of: child))
        case let .nameChanged(view):
            tatspi_emit_name_changed(handle, tree.id(of: view), tree.name(of: view))
        case let .boundsChanged(view):
            let e = tree.extents(of: view)
            tatspi_emit_bounds_changed(handle, tree.id(of: view), AccessibilityBridge.points(e.minX),
                                       AccessibilityBridge.points(e.minY), AccessibilityBridge.points(e.width),
                                       AccessibilityBridge.points(e.height))
        case let .focusChanged(view):
            if let old = focusedID { tatspi_emit_focus(handle, old, 0) }
            focusedID = nil
            if let view, view.isAccessibilityElement {
                let id = tree.id(of: view)
                focusedID = id
                tatspi_emit_focus(handle, id, 1)
            }
        case let .selectionChanged(view):
            tatspi_emit_selection_changed(handle, tree.id(of: view))
        case let .stateChanged(view, state, on):
            if state == .selected { tatspi_emit_state_changed(handle, tree.id(of: view), "selected", on ? 1 : 0) }
        }
    }
}
