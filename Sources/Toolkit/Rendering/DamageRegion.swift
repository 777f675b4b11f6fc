/// Temporary bounding-box damage (replaced by the rendering branch).
public struct DamageRegion: Sendable {
    public private(set) var bounds: Rect = .zero
    public init() {}
    public var isEmpty: Bool { bounds.isEmpty }
    public mutating func add(_ rect: Rect, scale: Int = 1) {
        let s = Double(scale)
        let r = Rect(x: (rect.minX * s).rounded(.down), y: (rect.minY * s).rounded(.down),
                     width: (rect.maxX * s).rounded(.up) - (rect.minX * s).rounded(.down),
                     height: (rect.maxY * s).rounded(.up) - (rect.minY * s).rounded(.down))
        bounds = bounds.union(r)
    }
    public mutating func formUnion(_ other: DamageRegion) { bounds = bounds.union(other.bounds) }
    public mutating func removeAll() { bounds = .zero }
    public func forEachRect(_ body: (Int32, Int32, Int32, Int32) -> Void) {
        if !isEmpty { body(Int32(bounds.minX), Int32(bounds.minY), Int32(bounds.width), Int32(bounds.height)) }
    }
}
