// wp_presentation observations (see CompositorState+Presentation for when feedback is sent).

extension TestCompositor {
    /// `wp_presentation_feedback.presented` events sent so far: one per feedback whose content update was shown
    /// (at the refresh tick that completed the frame, or at `sendFrameCallbacks`).
    public var presentedFeedbackCount: Int { perform { $0.presentation.presentedCount } }

    /// `wp_presentation_feedback.discarded` events sent so far: content updates replaced by a newer buffer, or
    /// whose surface went away, before they were shown.
    public var discardedFeedbackCount: Int { perform { $0.presentation.discardedCount } }

    /// Feedback objects alive in the compositor: asked for and neither presented nor discarded yet.
    public var liveFeedbackCount: Int { perform { $0.presentation.liveCount } }
}
