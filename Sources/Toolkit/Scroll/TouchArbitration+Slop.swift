extension TouchArbitration {
    // MARK: - Geometry helpers

    /// The slop as used: non-finite or negative values count as zero.
    static func sanitizedSlop(_ slop: Double) -> Double {
        slop.isFinite ? max(0, slop) : 0
    }

    /// Where the segment from `p0` (inside the slop circle) to `p1` (outside) crosses the circle of radius
    /// `slop` around the origin.
    ///
    /// Solving |p0 + s d|² = slop² with d = p1 - p0 for the larger root in [0, 1]:
    /// s = (-(p0·d) + sqrt((p0·d)² - |d|² (|p0|² - slop²))) / |d|². The first drag delta measured from there
    /// loses no distance and makes no jump.
    static func slopCrossing(from p0: Point, to p1: Point, slop: Double) -> Point {
        let d = p1 - p0
        let dd = d.x * d.x + d.y * d.y
        guard dd > 0 else { return p1 }
        let pd = p0.x * d.x + p0.y * d.y
        let c = p0.x * p0.x + p0.y * p0.y - slop * slop
        let disc = pd * pd - dd * c
        guard disc >= 0, c <= 0 else { return p0 }
        let s = min(1, max(0, (-pd + disc.squareRoot()) / dd))
        return p0 + d * s
    }
}
