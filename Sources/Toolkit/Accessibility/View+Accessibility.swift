extension View {
    /// What the view is to assistive technologies; by default the superview's answer for it, else the class's.
    public var accessibilityRole: AccessibilityRole {
        get { accessibility.role ?? superview?.defaultAccessibilityRole(forSubview: self) ?? defaultAccessibilityRole }
        set {
            let wasExposed = isAccessibilityElement
            accessibility.role = newValue
            if isAccessibilityElement != wasExposed { hostWindow?.accessibilityDidChange(self, .exposure) }
        }
    }

    /// The name a screen reader says for the view. Default `defaultAccessibilityLabel`; nil returns to it.
    public var accessibilityLabel: String? {
        get { accessibility.label ?? defaultAccessibilityLabel }
        set {
            guard newValue != accessibility.label else { return }
            accessibility.label = newValue
            hostWindow?.accessibilityDidChange(self, .name)
        }
    }

    /// Whether the view is exposed as one element; by default unless its role is `.none` (true then: a `.group`).
    public var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? (accessibilityRole != .none) }
        set {
            let wasExposed = isAccessibilityElement
            accessibility.isElement = newValue
            if newValue != wasExposed { hostWindow?.accessibilityDidChange(self, .exposure) }
        }
    }

    /// The role the tree reports: `.group` for a view exposed with role `.none`.
    var exposedRole: AccessibilityRole {
        let role = accessibilityRole
        return role == .none ? .group : role
    }

    /// The view's accessible id, given now if it has none (counting up from 1).
    var accessibilityID: UInt64 {
        if accessibility.id == 0 {
            View.lastAccessibilityID += 1
            accessibility.id = View.lastAccessibilityID
        }
        return accessibility.id
    }

    private static var lastAccessibilityID: UInt64 = 0
}

/// What a view tells its window about the accessible tree (`ViewHost.accessibilityDidChange(_:_:)`).
enum AccessibilityChange {
    case added
    case willRemove
    /// Its name may have changed.
    case name
    /// It scrolled: its descendants' extents moved.
    case scrolled
    /// Whether it is exposed may have changed (its role or `isAccessibilityElement` was set).
    case exposure
    /// The items it selects changed (a list's `selectedRows`).
    case selection
    /// The view (a list's item) became selected (true) or not.
    case selected(Bool)
    /// The view became the focused item of its container, which holds the focus.
    case focusedItem
}
