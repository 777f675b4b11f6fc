import Testing

@testable import ToolkitCore

/// Color conversions to premultiplied pixels.
@Suite struct ColorTests {
    @Test func premultipliesAndRounds() {
        #expect(Color.white.premultipliedARGB == 0xFFFF_FFFF)
        #expect(Color.clear.premultipliedARGB == 0)
        #expect(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedARGB == 0x8080_4000)
        #expect(Color(argb: 0x80FF_0000).premultipliedARGB == 0x8080_0000)
        #expect(Color(argb: 0x1234_5678).argb == 0x1234_5678)
    }

    @Test func outOfRangeAndNaNComponentsAreClamped() {
        #expect(Color(red: 2, green: -1, blue: .nan, alpha: 7).premultipliedARGB == 0xFFFF_0000)
        #expect(Color(red: 1, green: 1, blue: 1, alpha: .nan).premultipliedARGB == 0)
        #expect(Color.red.withAlpha(0).isOpaque == false && Color.red.isOpaque)
        #expect(Color.red.withAlpha(0.5).alpha == 0.5 && Color.red.withAlpha(0.5).red == 1)
    }

    @Test func premultipliedChannelsNeverExceedAlpha() {
        for a in stride(from: 0.0, through: 1.0, by: 0.01) {
            let p = Color(red: 1, green: 1, blue: 1, alpha: a).premultipliedARGB
            #expect((p >> 16) & 0xFF <= p >> 24)
        }
    }
}
