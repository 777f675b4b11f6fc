extension GridRegion where Unit == PointUnit {
    /// A region covering `rect` (points), rounded outward to whole points.
    public init(rect: Rect) {
        self.init()
        add(rect)
    }

    /// Adds `rect` (points), rounded outward to whole points; empty or non-finite rects add nothing.
    public mutating func add(_ rect: Rect) {
        guard let box = RegionBox.outward(rect, factor: 1) else { return }
        addBox(box)
    }

    /// The buffer pixels these points cover at `scale` pixels per point (values below 1 count as 1).
    public func pixels(scale: Int) -> PixelRegion {
        pixels(pixelsPerPoint: Double(max(scale, 1)))
    }

    /// The buffer pixels these points cover at a fractional `pixelsPerPoint` (non-finite or non-positive: 1).
    public func pixels(pixelsPerPoint: Double) -> PixelRegion {
        var result = PixelRegion()
        forEachRectangle { result.add($0, pixelsPerPoint: pixelsPerPoint) }
        return result
    }
}

extension GridRegion where Unit == PixelUnit {
    /// A region covering `rect` (points) at `scale` pixels per point, rounded outward to whole pixels.
    public init(rect: Rect, scale: Int) {
        self.init()
        add(rect, scale: scale)
    }

    /// Adds `rect` (points) times `scale` (below 1: 1), rounded outward to whole pixels.
    public mutating func add(_ rect: Rect, scale: Int) {
        add(rect, pixelsPerPoint: Double(max(scale, 1)))
    }

    /// Adds `rect` (points) times a fractional `pixelsPerPoint` (non-finite or non-positive: 1), rounded outward.
    public mutating func add(_ rect: Rect, pixelsPerPoint: Double) {
        guard let box = RegionBox.outward(rect, factor: pixelsPerPoint) else { return }
        addBox(box)
    }

    /// Adds every pixel `points` covers at `pixelsPerPoint`.
    public mutating func add(_ points: DamageRegion, pixelsPerPoint: Double) {
        points.forEachRectangle { add($0, pixelsPerPoint: pixelsPerPoint) }
    }
}
