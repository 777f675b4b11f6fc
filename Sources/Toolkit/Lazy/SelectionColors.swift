/// The colours a list draws its selection with (<doc:ScrollBehaviour> §19): every colour of the selection in one
/// value, so that a colour scheme swaps them at once.
public struct SelectionColors: Sendable, Hashable {
    /// Fills a selected row, behind it.
    public var highlight: Color
    /// The 2 pt ring around the focused row, on top of it.
    public var focusRing: Color

    /// Colours from their parts.
    public init(highlight: Color, focusRing: Color) {
        self.highlight = highlight
        self.focusRing = focusRing
    }

    /// For light backgrounds: a pale blue highlight, an accent-blue ring.
    public static let light = SelectionColors(highlight: Color(argb: 0xFFCC_E0FF), focusRing: Color(argb: 0xFF0A_84FF))
    /// For dark backgrounds: a deep blue highlight, a light blue ring.
    public static let dark = SelectionColors(highlight: Color(argb: 0xFF1F_3A66), focusRing: Color(argb: 0xFF64_A8FF))
}
