import ToolkitCore

/// The judder benchmark's row pattern: every row of the measured lists is filled with one colour that names the
/// row's index, so that one pixel column of a committed frame tells which rows it shows and where they start, and
/// so the list's offset to a pixel, whoever drew it.
///
/// The GTK 4 list (Benchmarks/judder/judder-gtk.c) and the Qt Quick list (Benchmarks/judder/judder-qt.qml) paint
/// the same colours from the same rule: red is the index's high byte, green its low byte, blue `tag`.
public enum RowPattern {
    /// The height of every row of the three lists, in points.
    public static let rowHeight = 44.0
    /// The blue component of every row colour: a pixel with another blue is not a row's.
    public static let tag: UInt32 = 0x5A
    /// How many rows the colours can name (the index's two bytes).
    public static let maximumRows = 1 << 16

    /// Row `row`'s colour as 0xRRGGBB (`row` is taken modulo `maximumRows`).
    public static func rgb(row: Int) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: row) & UInt32(maximumRows - 1)
        return (index >> 8) << 16 | (index & 0xFF) << 8 | tag
    }

    /// Row `row`'s colour, opaque (components are exact multiples of 1/255, so every renderer writes `rgb(row:)`).
    public static func color(row: Int) -> Color {
        let rgb = rgb(row: row)
        return Color(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255)
    }

    /// The row an opaque pixel (0xAARRGGBB) names, or nil when it is not a row colour (another blue, or not
    /// opaque).
    public static func row(ofPixel pixel: UInt32) -> Int? {
        guard pixel >> 24 == 0xFF, pixel & 0xFF == tag else { return nil }
        return Int(pixel >> 16 & 0xFF) << 8 | Int(pixel >> 8 & 0xFF)
    }
}
