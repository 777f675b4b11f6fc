extension Duration {
    /// This duration in seconds, for the physics' closed forms (exact to about 1e-16 s at scroll time spans).
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
