// The accessibility properties of every view (<doc:ScrollBehaviour> §17, <doc:Accessibility>). Defaults come from the
// view's class (`defaultAccessibilityRole`, `defaultAccessibilityLabel`) or its superview
// (`defaultAccessibilityRole(forSubview:)`); what the app sets wins.

extension View {
    /// What the view is to assistive technologies. Default: the superview's
    /// `defaultAccessibilityRole(forSubview:)` when it answers one, else the view's `defaultAccessibilityRole`
    /// (`Label`: `.label`, `Button`: `.button`, `ScrollContainer`: `.scrollPane`, other views: `.none`, not
    /// exposed: their children are).
    ///
    /// A change that exposes the view, or stops exposing it, while it is in a window is reported as a child added
    /// to (or removed from) its exposed parent.
    public var accessibilityRole: AccessibilityRole {
        get { accessibility.role ?? superview?.defaultAccessibilityRole(forSubview: self) ?? defaultAccessibilityRole }
        set {
            let wasExposed = isAccessibilityElement
            accessibility.role = newValue
            if isAccessibilityElement != wasExposed { hostWindow?.accessibilityDidChange(self, .exposure) }
        }
    }

    /// The name a screen reader says for the view. Default: `defaultAccessibilityLabel` (a label's text, a
    /// button's title, nil for other views). Setting nil returns to the default.
    public var accessibilityLabel: String? {
        get { accessibility.label ?? defaultAccessibilityLabel }
        set {
            guard newValue != accessibility.label else { return }
            accessibility.label = newValue
            hostWindow?.accessibilityDidChange(self, .name)
        }
    }

    /// Whether the view is exposed to assistive technologies as one element (its exposed descendants become
    /// its children). Default: true when `accessibilityRole` is not `.none`. Set true on a view whose role is
    /// `.none`, it is exposed as a `.group`; set false on a label, it is not exposed (its children would be).
    public var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? (accessibilityRole != .none) }
        set {
            let wasExposed = isAccessibilityElement
            accessibility.isElement = newValue
            if newValue != wasExposed { hostWindow?.accessibilityDidChange(self, .exposure) }
        }
    }

    /// The role the accessible tree reports: `accessibilityRole`, or `.group` for a view exposed with role
    /// `.none` (`isAccessibilityElement` set true).
    var exposedRole: AccessibilityRole {
        let role = accessibilityRole
        return role == .none ? .group : role
    }

    /// The view's accessible id, given now if it has none (ids count up from 1 in the process).
    var accessibilityID: UInt64 {
        if accessibility.id == 0 {
            View.lastAccessibilityID += 1
            accessibility.id = View.lastAccessibilityID
        }
        return accessibility.id
    }

    /// The last id given (`accessibilityID`).
    private static var lastAccessibilityID: UInt64 = 0
}

/// What a view tells its window about the accessible tree (`ViewHost.accessibilityDidChange(_:_:)`).
enum AccessibilityChange {
    /// The view joined the tree (with its subtree).
    case added
    /// The view is about to leave the tree (with its subtree).
    case willRemove
    /// Its name may have changed.
    case name
    /// It scrolled: its descendants' extents moved.
    case scrolled
    /// Whether it is exposed may have changed (its role or `isAccessibilityElement` was set).
    case exposure
    /// The items it selects changed (a list's `selectedRows`).
    case selection
    /// The view (an item of a list) became selected (true) or not.
    case selected(Bool)
    /// The view became the focused item of its container, which holds the keyboard focus.
    case focusedItem
}
