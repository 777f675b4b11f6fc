/// The unit a `GridRegion` counts in: `PointUnit` or `PixelUnit`. A tag only; it holds nothing.
public protocol RegionUnit: Sendable {}
