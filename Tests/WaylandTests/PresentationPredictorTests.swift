// When a frame drawn now is expected on screen, and the refresh it is drawn for (touch resampling,
// <doc:ScrollBehaviour> §22): the next refresh after now, and the one before, on the grid of the latest
// presentation, else of the frame callbacks, else now.

import Testing

@testable import Toolkit

@Suite struct PresentationPredictorTests {
    @Test func withNothingKnownAFrameIsShownWhenItIsDrawn() {
        let predictor = PresentationPredictor()
        #expect(predictor.presentationTime(forFrameAt: .milliseconds(123)) == .milliseconds(123))
    }

    @Test func presentationFeedbackGivesTheNextRefreshAfterNow() {
        var predictor = PresentationPredictor()
        predictor.framePresented(at: .milliseconds(1000), refresh: .microseconds(16_667))
        #expect(predictor.presentationTime(forFrameAt: .milliseconds(1005)) == .microseconds(1_016_667))
        #expect(predictor.presentationTime(forFrameAt: .milliseconds(1020)) == .microseconds(1_033_334))
        // Exactly on a refresh: the next one (a frame drawn now misses the one happening now).
        #expect(predictor.presentationTime(forFrameAt: .microseconds(1_016_667)) == .microseconds(1_033_334))
    }

    @Test func aFrameIsDrawnForTheLatestRefreshAtOrBeforeNow() {
        var predictor = PresentationPredictor()
        #expect(predictor.refreshTime(forFrameAt: .milliseconds(123)) == .milliseconds(123))
        predictor.framePresented(at: .milliseconds(1000), refresh: .microseconds(16_667))
        #expect(predictor.refreshTime(forFrameAt: .milliseconds(1005)) == .milliseconds(1000))
        #expect(predictor.refreshTime(forFrameAt: .milliseconds(1020)) == .microseconds(1_016_667))
        // Exactly on a refresh: that refresh.
        #expect(predictor.refreshTime(forFrameAt: .microseconds(1_016_667)) == .microseconds(1_016_667))
    }

    @Test func withoutFeedbackTheShortestCallbackIntervalIsTheRefresh() {
        var predictor = PresentationPredictor()
        // Callbacks at 60 Hz with one frame skipped (a 33 ms interval) and one implausible gap.
        for ms in [0, 16, 33, 66, 83, 100, 500] { predictor.frameCallbackDone(at: .milliseconds(1000 + ms)) }
        #expect(predictor.callbackRefresh == .milliseconds(16))
        #expect(predictor.presentationTime(forFrameAt: .milliseconds(1502)) == .milliseconds(1516))
    }

    @Test func anImplausibleRefreshFallsBackToTheCallbacks() {
        var predictor = PresentationPredictor()
        predictor.framePresented(at: .milliseconds(1000), refresh: .zero)  // the compositor did not say
        #expect(predictor.presentationTime(forFrameAt: .milliseconds(1005)) == .milliseconds(1005))
    }
}
