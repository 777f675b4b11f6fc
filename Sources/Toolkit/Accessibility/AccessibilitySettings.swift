/// What a view keeps for accessibility: the app's overrides (nil: the default) and its id.
struct AccessibilitySettings {
    var role: AccessibilityRole?
    var label: String?
    var isElement: Bool?
    /// The accessible id, never reused (unlike an address): a cached path never reaches another view. 0: none yet.
    var id: UInt64 = 0
}
