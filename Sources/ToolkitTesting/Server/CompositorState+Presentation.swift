import CWaylandServer
import Glibc
import Toolkit

// wp_presentation v1 (presentation-time): feedback on when a surface's content update reached the screen.
//
// A feedback asked for before a commit belongs to that commit's content update. Updates are shown when the
// compositor completes a frame: at the refresh tick that completes frame callbacks (`serviceFrameTick`), or when a
// test completes them (`sendFrameCallbacks`). Then every committed feedback gets `presented` with the compositor
// clock (CLOCK_MONOTONIC plus `advanceClock`) at that tick (or at that call), the refresh interval and a frame
// counter. An update replaced by a commit that attaches another buffer before it was shown, or whose surface is
// destroyed first, gets `discarded`.
// Both events destroy the feedback resource.

/// The presentation-time bookkeeping of the test compositor (one per `CompositorState`).
final class PresentationRecords {
    /// Feedbacks asked for and not committed yet, with their surface, oldest first.
    var requested: [(feedback: OpaquePointer, surface: OpaquePointer)] = []
    /// Feedbacks committed and not shown yet, with their surface, oldest first.
    var committed: [(feedback: OpaquePointer, surface: OpaquePointer)] = []
    /// Surfaces whose destruction is watched (to discard their feedbacks).
    var watchedSurfaces: Set<OpaquePointer> = []
    /// Feedback resources alive, `presented` and `discarded` events sent so far.
    var liveCount = 0
    var presentedCount = 0
    var discardedCount = 0
    /// The frame counter `presented` carries (one per completed frame that showed something).
    var sequence: UInt64 = 0
}

/// `wp_presentation` bind: sends the clock (CLOCK_MONOTONIC, the clock the compositor clock follows).
let bindPresentation: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    guard
        let resource = state.makeResource(
            client: client, interface: cws_presentation_interface(),
            version: Int32(version), id: id, dispatcher: presentationDispatcher,
            destroy: nil)
    else { return }
    wp_presentation_send_clock_id(resource, UInt32(CLOCK_MONOTONIC))
}

/// wp_presentation: 0 destroy, 1 feedback(surface, new_id).
let presentationDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    switch opcode {
    case 0: wl_resource_destroy(resource)
    case 1: state.makeFeedback(presentation: resource, surface: args[0].o, id: args[1].n)
    default: break
    }
    return 0
}

/// wp_presentation_feedback has no requests.
let presentationFeedbackDispatcher: wl_dispatcher_func_t = { _, _, _, _, _ in 0 }

/// A feedback went away (after its event, or with its client): it leaves the lists.
let presentationFeedbackDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    let records = state.presentation
    records.liveCount -= 1
    records.requested.removeAll { $0.feedback == resource }
    records.committed.removeAll { $0.feedback == resource }
}

/// A surface with feedbacks was destroyed: those not shown yet are discarded.
let presentationSurfaceDestroyed: cws_destroy_notify_t = { context, resource in
    guard let context, let resource else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(context).takeUnretainedValue()
    let surface = resource
    state.presentation.watchedSurfaces.remove(surface)
    let doomed = (state.presentation.requested + state.presentation.committed).filter { $0.surface == surface }
    for entry in doomed { state.discardFeedback(entry.feedback) }
}

extension CompositorState {
    /// `wp_presentation.feedback`: a feedback for the next commit of `surface`.
    func makeFeedback(presentation: OpaquePointer, surface: OpaquePointer?, id: UInt32) {
        guard let client = wl_resource_get_client(presentation),
            let feedback = makeResource(
                client: client, interface: cws_presentation_feedback_interface(),
                version: 1, id: id, dispatcher: presentationFeedbackDispatcher,
                destroy: presentationFeedbackDestroyed)
        else { return }
        self.presentation.liveCount += 1
        guard let surface, surfaces[surface] != nil else {
            discardFeedback(feedback)
            return
        }
        if !self.presentation.watchedSurfaces.contains(surface),
            cws_watch_destroy(surface, presentationSurfaceDestroyed, opaque) == 0
        {
            self.presentation.watchedSurfaces.insert(surface)
        }
        self.presentation.requested.append((feedback, surface))
    }

    /// `record` is about to commit: the feedbacks asked for since its last commit now follow this content
    /// update; if it attaches a buffer, the updates of this surface not shown yet are replaced (discarded).
    func presentationWillCommit(_ record: SurfaceRecord) {
        let records = presentation
        guard !records.requested.isEmpty || !records.committed.isEmpty else { return }
        let surface = record.resource
        if record.hasPendingAttach {
            for entry in records.committed where entry.surface == surface { discardFeedback(entry.feedback) }
        }
        let mine = records.requested.filter { $0.surface == surface }
        records.requested.removeAll { $0.surface == surface }
        records.committed.append(contentsOf: mine)
    }

    /// Whether committed content waits to be shown (the refresh tick must come).
    var hasUnpresentedContent: Bool { !presentation.committed.isEmpty }

    /// A frame was completed: every committed update is shown at `time` (the compositor clock).
    func presentCommittedContent(at time: Duration) {
        let shown = presentation.committed
        guard !shown.isEmpty else { return }
        presentation.committed = []
        presentation.sequence &+= 1
        let (seconds, attoseconds) = time.components
        let secondsBits = UInt64(bitPattern: seconds)
        let nanoseconds = UInt32(attoseconds / 1_000_000_000)
        let refresh = UInt32(clamping: FrameTicks.nanoseconds(refreshInterval))
        let sequence = presentation.sequence
        for entry in shown {
            wp_presentation_feedback_send_presented(
                entry.feedback, UInt32(truncatingIfNeeded: secondsBits >> 32),
                UInt32(truncatingIfNeeded: secondsBits), nanoseconds, refresh,
                UInt32(truncatingIfNeeded: sequence >> 32),
                UInt32(truncatingIfNeeded: sequence),
                WP_PRESENTATION_FEEDBACK_KIND_VSYNC.rawValue)
            presentation.presentedCount += 1
            wl_resource_destroy(entry.feedback)  // presentationFeedbackDestroyed takes it off the lists
        }
    }

    /// Sends `discarded` and destroys the feedback.
    func discardFeedback(_ feedback: OpaquePointer) {
        wp_presentation_feedback_send_discarded(feedback)
        presentation.discardedCount += 1
        wl_resource_destroy(feedback)
    }
}
