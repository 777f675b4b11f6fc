import Testing

@testable import ToolkitCore

@Suite struct GeometryTests {
    @Test func rectContainsIsHalfOpen() {
        let r = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(r.contains(Point(x: 10, y: 10)))
        #expect(!r.contains(Point(x: 30, y: 20)))
        #expect(!Rect(x: 0, y: 0, width: -5, height: 5).contains(Point(x: -1, y: 1)))
    }

    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }

    @Test func imageOutOfRangeReadsTransparent() {
        var img = Image(width: 2, height: 2, fill: 0xFF00_0000)
        img.setPixel(x: 1, y: 1, 0xFFFF_FFFF)
        img.setPixel(x: 5, y: 5, 0xFFFF_FFFF)
        #expect(img.pixel(x: 1, y: 1) == 0xFFFF_FFFF)
        #expect(img.pixel(x: -1, y: 0) == 0)
        #expect(Image(width: 2, height: 2, pixels: [1]) == nil)
    }
}
