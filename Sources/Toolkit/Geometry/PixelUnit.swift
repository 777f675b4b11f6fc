/// A `GridRegion` in whole pixels (buffer coordinates, ready for `wl_surface.damage_buffer`): `PixelRegion`.
public enum PixelUnit: RegionUnit {}
