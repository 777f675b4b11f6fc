import Testing

@testable import Toolkit
@testable import ToolkitCore

/// The rule mapping protocol milliseconds onto the window clock.
@Suite struct EventTimeMapperTests {
    private func ms(_ value: Int) -> Duration { .milliseconds(value) }

    @Test func theFirstEventMapsToNowAndSpacingIsKept() {
        var mapper = EventTimeMapper()
        #expect(mapper.map(milliseconds: 1000, now: ms(5000)) == ms(5000))
        // Read 4 ms after it happened: the 16 ms spacing survives, the read latency does not.
        #expect(mapper.map(milliseconds: 1016, now: ms(5020)) == ms(5016))
        #expect(mapper.map(milliseconds: 1032, now: ms(5032)) == ms(5032))
    }

    @Test func aMappedTimeAheadOfNowResyncs() {
        var mapper = EventTimeMapper()
        _ = mapper.map(milliseconds: 1000, now: ms(5000))
        // 100 ms of compositor time passed but only 50 ms here: clamp to now and re-anchor.
        #expect(mapper.map(milliseconds: 1100, now: ms(5050)) == ms(5050))
        #expect(mapper.map(milliseconds: 1110, now: ms(5070)) == ms(5060))
    }

    @Test func lagBeyondOneSecondResyncs() {
        var mapper = EventTimeMapper()
        _ = mapper.map(milliseconds: 1000, now: ms(5000))
        // Exactly one second behind is still trusted.
        #expect(mapper.map(milliseconds: 1200, now: ms(6200)) == ms(5200))
        #expect(mapper.map(milliseconds: 1300, now: ms(7000)) == ms(7000))
        #expect(mapper.map(milliseconds: 1310, now: ms(7015)) == ms(7010))
    }

    @Test func theThirtyTwoBitWrapIsAStepForward() {
        var mapper = EventTimeMapper()
        _ = mapper.map(milliseconds: UInt32.max - 15, now: ms(10_000))
        #expect(mapper.map(milliseconds: 16, now: ms(10_040)) == ms(10_032))
    }

    @Test func aSlightlyOlderEventMapsEarlier() {
        var mapper = EventTimeMapper()
        _ = mapper.map(milliseconds: 1000, now: ms(5000))
        #expect(mapper.map(milliseconds: 995, now: ms(5001)) == ms(4995))
    }

    @Test func resetReanchors() {
        var mapper = EventTimeMapper()
        _ = mapper.map(milliseconds: 1000, now: ms(5000))
        mapper.reset()
        #expect(mapper.map(milliseconds: 1010, now: ms(9000)) == ms(9000))
    }
}
