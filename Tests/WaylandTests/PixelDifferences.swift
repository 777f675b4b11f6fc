import ToolkitCore

/// The number of pixels that differ between two images of the same size (all of them when the sizes differ): the
/// Wayland tests compare what a compositor got or showed with a headless render.
func pixelDifferences(_ a: Image, _ b: Image) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
    }
    return count
}
