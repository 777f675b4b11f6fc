/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width, no height.
    public static let zero = Size(width: 0, height: 0)

    /// True when both dimensions are finite.
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The dimension along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Both dimensions multiplied by `factor`.
    public static func * (size: Size, factor: Double) -> Size {
        Size(width: size.width * factor, height: size.height * factor)
    }

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}
