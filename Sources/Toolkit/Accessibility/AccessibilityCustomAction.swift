/// An action of a view beyond the standard ones (`AccessibilityAction`), offered to assistive technologies by
/// name: AT-SPI lists it among the view's actions after the standard ones (as iOS's custom actions). A view's
/// superview gives them (`View.accessibilityCustomActions(forSubview:)`).
public struct AccessibilityCustomAction {
    /// What a screen reader says for it (the AT-SPI action's name).
    public var name: String
    /// Does it; returns whether it was done (false: it can no longer be, the view's item is gone).
    public var perform: @MainActor () -> Bool

    /// An action named `name` that runs `perform`.
    public init(name: String, perform: @escaping @MainActor () -> Bool) {
        self.name = name
        self.perform = perform
    }
}
