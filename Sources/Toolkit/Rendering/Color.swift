/// A color with straight (non-premultiplied) alpha, each component in 0...1, stored as given: clamped (NaN: 0)
/// only when converted to premultiplied 8-bit ARGB pixels.
public struct Color: Hashable, Sendable {
    /// Red intensity, 0...1.
    public var red: Double
    /// Green intensity, 0...1.
    public var green: Double
    /// Blue intensity, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A color from straight-alpha components, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A gray level: 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A color from a straight-alpha hex value `0xAARRGGBB` (so `0xFF00FF00` is opaque green).
    public init(argb: UInt32) {
        self.init(
            red: Double((argb >> 16) & 0xFF) / 255,
            green: Double((argb >> 8) & 0xFF) / 255,
            blue: Double(argb & 0xFF) / 255,
            alpha: Double(argb >> 24) / 255)
    }

    /// The color as one premultiplied `0xAARRGGBB` pixel: each channel `round(component * alpha * 255)`, never above
    /// the alpha byte.
    public var premultipliedARGB: UInt32 {
        let a = Color.unit(alpha)
        let a8 = UInt32((a * 255).rounded())
        let r8 = UInt32((Color.unit(red) * a * 255).rounded())
        let g8 = UInt32((Color.unit(green) * a * 255).rounded())
        let b8 = UInt32((Color.unit(blue) * a * 255).rounded())
        return a8 << 24 | r8 << 16 | g8 << 8 | b8
    }

    /// The color as a straight-alpha hex value `0xAARRGGBB` (the inverse of `init(argb:)`).
    public var argb: UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((Color.unit(v) * 255).rounded()) }
        return byte(alpha) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// True when the color converts to a fully opaque pixel (alpha byte 255): fills can replace pixels outright.
    public var isOpaque: Bool { premultipliedARGB >> 24 == 0xFF }

    /// The same color with its alpha replaced by `alpha` (0...1).
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Clamps to 0...1; NaN becomes 0 so that bad input yields a transparent or black channel, never a trap.
    static func unit(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, 0), 1)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent (premultiplied pixel 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Opaque orange.
    public static let orange = Color(red: 1, green: 0.6, blue: 0)
    /// Opaque mid gray (50%).
    public static let gray = Color(white: 0.5)
    /// Opaque light gray (83%).
    public static let lightGray = Color(white: 0.83)
    /// Opaque dark gray (33%).
    public static let darkGray = Color(white: 0.33)
    /// An opaque blue used for accents such as buttons and scroll indicators (sRGB 0A84FF).
    public static let accent = Color(argb: 0xFF0A_84FF)
}
