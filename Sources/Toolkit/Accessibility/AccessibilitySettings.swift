/// What a view keeps for accessibility: the app's overrides (nil: the view's default) and its id in the
/// accessible tree. A value in every view: about 40 bytes, no allocation until the app sets a label.
struct AccessibilitySettings {
    var role: AccessibilityRole?
    var label: String?
    var isElement: Bool?
    /// The view's accessible id (an AT-SPI object path names it), given the first time one is asked: never
    /// reused in the process, unlike the view's address, so a screen reader's cached path never reaches another
    /// view. 0: none given yet.
    var id: UInt64 = 0
}
