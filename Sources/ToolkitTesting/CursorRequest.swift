import Toolkit

/// A `wl_pointer.set_cursor` request the test compositor received, with what its cursor surface shows.
public struct CursorRequest: Sendable, Equatable {
    /// The serial the client passed (it must be the serial of the latest `wl_pointer.enter`).
    public var serial: UInt32
    /// False when the client hid the cursor (a NULL surface), or the surface is gone.
    public var hasSurface: Bool
    /// The hotspot, in surface coordinates (points).
    public var hotspotX: Int
    /// The hotspot, in surface coordinates (points).
    public var hotspotY: Int
    /// The buffer scale the cursor surface committed (1 when it never set one).
    public var bufferScale: Int
    /// The pixels of the buffer the cursor surface committed last, nil before its first buffer.
    public var image: Image?

    /// A record of a request; `image` is what the cursor surface showed when it was read.
    public init(serial: UInt32, hasSurface: Bool, hotspotX: Int, hotspotY: Int, bufferScale: Int, image: Image?) {
        self.serial = serial
        self.hasSurface = hasSurface
        self.hotspotX = hotspotX
        self.hotspotY = hotspotY
        self.bufferScale = bufferScale
        self.image = image
    }
}
