// The physics (Physics/) runs in seconds as Double, where the closed forms live; everything that names a time
// elsewhere holds a `Duration`. This is the one crossing between the two.

extension Duration {
    /// This duration in seconds, for the physics' closed forms (exact to about 1e-16 s at scroll time spans).
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
