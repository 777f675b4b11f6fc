import Toolkit

/// One picture a client showed on its xdg_toplevel: the toplevel's buffer with its subsurfaces composed on top,
/// as of one commit that changed any of them.
///
/// Frames are numbered in the order the compositor applied them, from 1; `TestCompositor.committedFrameCount` is
/// the number of the newest. A test that must see every frame of an animation remembers a number and asks for
/// `waitForCommit(after:timeout:)`: the frames committed while the test thread was busy wait for it (see
/// `TestCompositor.retainedFrameBytes` for how many).
///
/// The compositor copies each attached buffer when it is committed (the client may reuse the memory after the
/// release), but composes the picture only when `image` is first read, on the reading thread and outside the
/// compositor's lock: a debug build's composition of an 800 x 600 window with a subsurface costs milliseconds, and
/// doing it under the lock held back the client and the test thread alike.
public struct CommittedFrame: Sendable {
    /// The frame's place in the order of commits: 1 for the first buffer commit on a toplevel.
    public let number: Int
    /// The CLOCK_MONOTONIC instant the commit was applied (`TestCompositor.monotonicNow`'s clock, that of
    /// `bufferCommitTimes`).
    public let time: Duration
    let composition: FrameComposition

    /// The picture: xrgb buffers read with alpha 0xFF, premultiplied ARGB otherwise, in the toplevel buffer's pixels.
    public var image: Image { composition.image }
}

/// A surface's picture and those of its subsurfaces, as they were at a commit: copies of the attached buffers
/// (shared, not copied again, while a surface keeps its buffer).
struct SurfaceLayers: Sendable {
    struct Child: Sendable {
        /// Where the child's top-left corner lies in the parent's buffer pixels.
        var x: Int
        var y: Int
        var layers: SurfaceLayers
    }

    var image: Image
    var children: [Child]

    /// The bytes of pixels this picture holds (each image counted, even where two layers share storage).
    var byteCount: Int {
        children.reduce(image.width * image.height * 4) { $0 + $1.layers.byteCount }
    }

    /// The image with every child drawn OVER it, children in stacking order.
    func composed() -> Image {
        guard !children.isEmpty else { return image }
        var pixels = image.pixels
        for child in children {
            Self.draw(
                child.layers.composed(), over: &pixels, width: image.width, height: image.height,
                atX: child.x, y: child.y)
        }
        return Image(width: image.width, height: image.height, pixels: pixels)!
    }

    /// Draws premultiplied `source` over `destination` (`width` x `height` pixels, row-major) with its top-left
    /// corner at (x, y), clipped.
    static func draw(
        _ source: Image, over destination: inout [UInt32], width: Int, height: Int,
        atX x0: Int, y y0: Int
    ) {
        let left = max(0, -x0)
        let top = max(0, -y0)
        let right = min(source.width, width - x0)
        let bottom = min(source.height, height - y0)
        guard left < right, top < bottom else { return }
        source.pixels.withUnsafeBufferPointer { from in
            destination.withUnsafeMutableBufferPointer { to in
                for y in top..<bottom {
                    let sourceRow = y * source.width
                    let destinationRow = (y0 + y) * width + x0
                    for x in left..<right {
                        let pixel = from[sourceRow + x]
                        switch pixel >> 24 {
                        case 0xFF: to[destinationRow + x] = pixel
                        case 0: break
                        default: to[destinationRow + x] = over(pixel, to[destinationRow + x])
                        }
                    }
                }
            }
        }
    }

    /// Premultiplied `source` OVER `destination`, per 8-bit channel.
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverse = 255 - (source >> 24)
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let s = (source >> shift) & 0xFF
            let d = (destination >> shift) & 0xFF
            result |= min(255, s + (d * inverse + 127) / 255) << shift
        }
        return result
    }
}

/// Composes a frame's layers once, when the picture is first asked for, then keeps only the result.
final class FrameComposition: @unchecked Sendable {
    private let lock = Lock()
    private var layers: SurfaceLayers?
    private var result: Image?

    init(_ layers: SurfaceLayers) {
        self.layers = layers
    }

    var image: Image {
        lock.withLock {
            if let result { return result }
            let composed = layers!.composed()
            result = composed
            layers = nil
            return composed
        }
    }
}
