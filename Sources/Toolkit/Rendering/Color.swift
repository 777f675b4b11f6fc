/// A color with straight (non-premultiplied) alpha, components in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// From straight-alpha `0xAARRGGBB`.
    public init(argb: UInt32) {
        self.init(red: Double((argb >> 16) & 0xFF) / 255, green: Double((argb >> 8) & 0xFF) / 255,
                  blue: Double(argb & 0xFF) / 255, alpha: Double(argb >> 24) / 255)
    }
    /// Premultiplied `0xAARRGGBB`.
    public var premultipliedARGB: UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32((min(1, max(0, v.isFinite ? v : 0)) * 255).rounded()) }
        let a = min(1, max(0, alpha.isFinite ? alpha : 0))
        return c(a) << 24 | c(red * a) << 16 | c(green * a) << 8 | c(blue * a)
    }
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
