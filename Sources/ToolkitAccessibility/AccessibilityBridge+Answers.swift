internal import CAtspiBridge
import ToolkitCore

#if canImport(Glibc)
    import Glibc
#endif

// What the bridge answers the C side (CAtspiBridge.h's callbacks): the window is id 0, views have their ids.

/// Holds the bridge for the C callbacks (their context), unowned: the host owns the bridge, and the bridge frees
/// the C side (which holds the context) before it goes.
@MainActor
final class CallbackBox {
    unowned(unsafe) var bridge: AccessibilityBridge?

    static func bridge(_ context: UnsafeMutableRawPointer?) -> AccessibilityBridge? {
        guard let context else { return nil }
        return Unmanaged<CallbackBox>.fromOpaque(context).takeUnretainedValue().bridge
    }

    /// The callbacks, with `box` as their context (not retained: the bridge keeps the box).
    static func callbacks(context box: CallbackBox) -> tatspi_callbacks {
        var callbacks = tatspi_callbacks()
        callbacks.context = Unmanaged.passUnretained(box).toOpaque()
        callbacks.describe = { context, id, out in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.describe(id, into: out) ?? 0 }
        }
        callbacks.children = { context, id, out, capacity in
            MainActor.assumeIsolated {
                CallbackBox.bridge(context)?.children(of: id, into: out, capacity: capacity) ?? -1
            }
        }
        callbacks.do_action = { context, id, action in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.perform(action, on: id) ?? 0 }
        }
        callbacks.custom_action_name = { context, id, index in
            // The malloc'd name crosses the isolation boundary as its address.
            let address = MainActor.assumeIsolated {
                CallbackBox.bridge(context)?.customActionName(index, of: id).map { UInt(bitPattern: $0) } ?? 0
            }
            return UnsafeMutablePointer<CChar>(bitPattern: address)
        }
        callbacks.do_custom_action = { context, id, index in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.performCustomAction(index, on: id) ?? 0 }
        }
        callbacks.scroll_to = { context, id in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.scrollTo(id) ?? 0 }
        }
        callbacks.grab_focus = { context, id in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.grabFocus(id) ?? 0 }
        }
        callbacks.element_at = { context, id, x, y, out in
            MainActor.assumeIsolated { CallbackBox.bridge(context)?.element(in: id, x: x, y: y, out: out) ?? 0 }
        }
        callbacks.selection = { context, id, request, index, out in
            MainActor.assumeIsolated {
                CallbackBox.bridge(context)?.selection(request, on: id, index: index, out: out) ?? -1
            }
        }
        return callbacks
    }
}

extension AccessibilityBridge {
    private func view(_ id: UInt64) -> View? {
        id == 0 ? nil : tree.view(withID: id)
    }

    func describe(_ id: UInt64, into out: UnsafeMutablePointer<tatspi_node>?) -> Int32 {
        guard let out else { return 0 }
        if id == 0 {
            let size = window.size
            out.pointee.role = TATSPI_ROLE_FRAME.rawValue
            out.pointee.name = strdup(windowTitle)
            out.pointee.parent = UInt64.max  // TATSPI_APPLICATION
            out.pointee.index_in_parent = 0
            out.pointee.child_count = Int32(clamping: tree.childCount(of: nil))
            let states = AccessibilityBridge.stateBits([.visible, .showing, .enabled, .sensitive])
            out.pointee.states = (states | AccessibilityBridge.bit(TATSPI_STATE_ACTIVE), 0)
            out.pointee.x = 0
            out.pointee.y = 0
            out.pointee.width = AccessibilityBridge.points(size.width)
            out.pointee.height = AccessibilityBridge.points(size.height)
            out.pointee.actions = 0
            return 1
        }
        guard let view = tree.view(withID: id) else { return 0 }
        out.pointee.role = AccessibilityBridge.atspiRole(tree.role(of: view))
        out.pointee.name = strdup(tree.name(of: view))
        out.pointee.parent = tree.parent(of: view).map { tree.id(of: $0) } ?? 0
        out.pointee.index_in_parent = Int32(clamping: tree.indexInParent(of: view) ?? -1)
        out.pointee.child_count = Int32(clamping: tree.childCount(of: view))
        out.pointee.states = (AccessibilityBridge.stateBits(tree.states(of: view)), 0)
        let e = tree.extents(of: view)
        out.pointee.x = AccessibilityBridge.points(e.minX)
        out.pointee.y = AccessibilityBridge.points(e.minY)
        out.pointee.width = AccessibilityBridge.points(e.width)
        out.pointee.height = AccessibilityBridge.points(e.height)
        var bits: UInt32 = 0
        for action in tree.actions(of: view) {
            if let bit = AccessibilityAction.allCases.firstIndex(of: action) { bits |= 1 << UInt32(bit) }
        }
        out.pointee.actions = bits
        out.pointee.custom_actions = Int32(clamping: tree.customActions(of: view).count)
        if let item = tree.itemPosition(of: view) {
            out.pointee.position_in_set = Int32(clamping: item.index + 1)
            out.pointee.set_size = Int32(clamping: item.count)
        }
        out.pointee.selects_children = tree.selectsItems(view) ? 1 : 0
        return 1
    }

    /// A request of AT-SPI's Selection interface (`tatspi_selection_request`) on `id`, `index` an item index (or
    /// the rank among the selected items); -1 when `id` selects no items.
    func selection(_ request: UInt32, on id: UInt64, index: Int32, out: UnsafeMutablePointer<UInt64>?) -> Int32 {
        guard let view = view(id), tree.selectsItems(view) else { return -1 }
        let item = Int(index)
        func answer(_ done: Bool) -> Int32 { done ? 1 : 0 }
        switch tatspi_selection_request(rawValue: request) {
        case TATSPI_SELECTION_COUNT:
            return Int32(clamping: tree.selectedItemCount(of: view) ?? 0)
        case TATSPI_SELECTION_SELECTED_CHILD:
            guard let selected = tree.selectedItem(item, of: view)?.view, let out else { return 0 }
            out.pointee = tree.id(of: selected)
            return 1
        case TATSPI_SELECTION_SELECT:
            return answer(tree.selectItem(item, of: view))
        case TATSPI_SELECTION_DESELECT:
            return answer(tree.deselectItem(item, of: view))
        case TATSPI_SELECTION_IS_SELECTED:
            return answer(tree.isItemSelected(item, of: view))
        case TATSPI_SELECTION_SELECT_ALL:
            return answer(tree.selectAllItems(of: view))
        case TATSPI_SELECTION_CLEAR:
            return answer(tree.clearSelection(of: view))
        case TATSPI_SELECTION_DESELECT_SELECTED:
            return answer(tree.deselectSelectedItem(item, of: view))
        default:
            return -1
        }
    }

    func children(of id: UInt64, into out: UnsafeMutablePointer<UInt64>?, capacity: Int32) -> Int32 {
        if id != 0 && view(id) == nil { return -1 }
        let list = tree.children(of: view(id))
        if let out {
            for (i, child) in list.prefix(Int(max(0, capacity))).enumerated() { out[i] = tree.id(of: child) }
        }
        return Int32(clamping: list.count)
    }

    func perform(_ bit: UInt32, on id: UInt64) -> Int32 {
        guard let view = view(id), Int(bit) < AccessibilityAction.allCases.count else { return 0 }
        return tree.perform(AccessibilityAction.allCases[Int(bit)], on: view) ? 1 : 0
    }

    /// The name of `id`'s custom action `index`, malloc'd for the C side (which frees it), or nil.
    func customActionName(_ index: Int32, of id: UInt64) -> UnsafeMutablePointer<CChar>? {
        guard let view = view(id) else { return nil }
        let actions = tree.customActions(of: view)
        guard actions.indices.contains(Int(index)) else { return nil }
        return strdup(actions[Int(index)].name)
    }

    func performCustomAction(_ index: Int32, on id: UInt64) -> Int32 {
        guard let view = view(id) else { return 0 }
        return tree.performCustomAction(at: Int(index), on: view) ? 1 : 0
    }

    func scrollTo(_ id: UInt64) -> Int32 {
        guard let view = view(id) else { return 0 }
        return tree.scrollToVisible(view) ? 1 : 0
    }

    func grabFocus(_ id: UInt64) -> Int32 {
        guard let view = view(id), view.acceptsKeyboardFocus else { return 0 }
        window.setFocus(view)
        return 1
    }

    func element(in id: UInt64, x: Int32, y: Int32, out: UnsafeMutablePointer<UInt64>?) -> Int32 {
        guard let out, let found = tree.element(at: Point(x: Double(x), y: Double(y))) else { return 0 }
        if id != 0 && id != UInt64.max {
            guard let within = view(id), found !== within, found.isDescendant(of: within) else { return 0 }
        }
        out.pointee = tree.id(of: found)
        return 1
    }

    // MARK: - AT-SPI's numbers, named in CAtspiBridge.h

    /// The AT-SPI role of `role`; a group is a panel, as GTK 4 exposes its groups.
    static func atspiRole(_ role: AccessibilityRole) -> UInt32 {
        switch role {
        case .none, .group: return TATSPI_ROLE_PANEL.rawValue
        case .label: return TATSPI_ROLE_LABEL.rawValue
        case .button: return TATSPI_ROLE_PUSH_BUTTON.rawValue
        case .scrollPane: return TATSPI_ROLE_SCROLL_PANE.rawValue
        case .list: return TATSPI_ROLE_LIST.rawValue
        case .listItem: return TATSPI_ROLE_LIST_ITEM.rawValue
        case .image: return TATSPI_ROLE_IMAGE.rawValue
        }
    }

    static func bit(_ state: tatspi_state) -> UInt32 {
        1 << state.rawValue
    }

    /// The AT-SPI state bits of `states` (the first word: all below 32).
    static func stateBits(_ states: AccessibilityStates) -> UInt32 {
        var bits: UInt32 = 0
        if states.contains(.enabled) { bits |= bit(TATSPI_STATE_ENABLED) }
        if states.contains(.focusable) { bits |= bit(TATSPI_STATE_FOCUSABLE) }
        if states.contains(.focused) { bits |= bit(TATSPI_STATE_FOCUSED) }
        if states.contains(.multiselectable) { bits |= bit(TATSPI_STATE_MULTISELECTABLE) }
        if states.contains(.selectable) { bits |= bit(TATSPI_STATE_SELECTABLE) }
        if states.contains(.selected) { bits |= bit(TATSPI_STATE_SELECTED) }
        if states.contains(.sensitive) { bits |= bit(TATSPI_STATE_SENSITIVE) }
        if states.contains(.showing) { bits |= bit(TATSPI_STATE_SHOWING) }
        if states.contains(.visible) { bits |= bit(TATSPI_STATE_VISIBLE) }
        return bits
    }

    /// A coordinate in whole points for AT-SPI's integers: rounded, clamped to +-2e9, non-finite: 0. The C side
    /// adds and subtracts these in 64 bits.
    static func points(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(-2e9, min(2e9, value.rounded())))
    }
}
