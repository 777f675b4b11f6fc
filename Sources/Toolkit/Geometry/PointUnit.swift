/// A `GridRegion` in whole points (window coordinates): the window's damage (`DamageRegion`).
public enum PointUnit: RegionUnit {}
