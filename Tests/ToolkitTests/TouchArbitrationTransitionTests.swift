// The arbitration machine, state by state: every input from every state, the action it returns and the state
// it reaches (<doc:ScrollBehaviour> §2 numbers: slop 10 pt, content-touch delay 150 ms). One table per input;
// a changed transition fails the row that names its start state.

import Testing

@testable import ToolkitCore

/// The states a test can start from, each reached through the machine's own inputs from a fresh machine whose
/// first finger touched down at time zero.
private enum Start: CaseIterable, CustomStringConvertible {
    case idle, pending, content, holding, declined, dragging, decelerating, settling, settlingProgrammatic,
        pointerScrolling

    var description: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .content: "content"
        case .holding: "holding"
        case .declined: "declined"
        case .dragging: "dragging"
        case .decelerating: "decelerating"
        case .settling: "settling"
        case .settlingProgrammatic: "settlingProgrammatic"
        case .pointerScrolling: "pointerScrolling"
        }
    }

    /// The state the machine is in after `machine(_:)`.
    var state: TouchArbitration.State {
        switch self {
        case .idle: .idle
        case .pending: .pending(since: .zero)
        case .content: .content(since: .zero)
        case .holding: .holding
        case .declined: .declined
        case .dragging: .dragging(.none)
        case .decelerating: .decelerating(.none)
        case .settling: .settling(programmatic: false)
        case .settlingProgrammatic: .settling(programmatic: true)
        case .pointerScrolling: .pointerScrolling
        }
    }
}

/// A default-configured machine in `start`; the path there is checked too, so a broken setup cannot pass.
private func machine(
    _ start: Start, configuration: TouchArbitration.Configuration = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> TouchArbitration {
    var m = TouchArbitration()
    m.configuration = configuration
    switch start {
    case .idle:
        break
    case .pending:
        _ = m.touchDown(at: .zero, fingers: 1)
    case .content:
        _ = m.touchDown(at: .zero, fingers: 1)
        _ = m.delayElapsed(at: .milliseconds(150))
    case .holding:
        m = machine(.decelerating, configuration: configuration, sourceLocation: sourceLocation)
        _ = m.touchDown(at: .seconds(1), fingers: 1)
    case .declined:
        _ = m.touchDown(at: .zero, fingers: 1)
        _ = m.otherContainerClaimed()
    case .dragging:
        _ = m.touchDown(at: .zero, fingers: 1)
        _ = m.touchMoved(
            translation: Point(x: 0, y: -15), fingers: 1, scrollable: [.vertical],
            contentCancellable: true)
    case .decelerating:
        m = machine(.dragging, configuration: configuration, sourceLocation: sourceLocation)
        _ = m.touchUp(at: .milliseconds(300), fingers: 0, release: .moves)
    case .settling:
        _ = m.stepAnimation()
    case .settlingProgrammatic:
        _ = m.programmaticAnimation()
    case .pointerScrolling:
        _ = m.pointerScrollBegan()
    }
    #expect(m.state == start.state, "setup of \(start)", sourceLocation: sourceLocation)
    return m
}

/// One row: from `start`, `input` returns `action` and leaves the machine in `state`.
private func transition<Action: Equatable>(
    _ start: Start, _ input: (inout TouchArbitration) -> Action,
    _ action: Action, _ state: TouchArbitration.State,
    configuration: TouchArbitration.Configuration = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var m = machine(start, configuration: configuration, sourceLocation: sourceLocation)
    let got = input(&m)
    #expect(got == action, "action from \(start)", sourceLocation: sourceLocation)
    #expect(m.state == state, "state from \(start)", sourceLocation: sourceLocation)
}

/// The translation 15 pt up: past the 10 pt slop on the vertical axis, crossing it at (0, -10).
private let up15 = Point(x: 0, y: -15)

@Suite struct TouchArbitrationTransitionTests {
    // MARK: touchDown

    @Test func touchDownFromEveryState() {
        let down = { (m: inout TouchArbitration) in m.touchDown(at: .milliseconds(100), fingers: 1) }
        let second = { (m: inout TouchArbitration) in m.touchDown(at: .milliseconds(100), fingers: 2) }
        transition(.idle, down, .hold(delayUntil: .milliseconds(250)), .pending(since: .milliseconds(100)))
        transition(.pending, second, .hold(delayUntil: nil), .pending(since: .zero))
        transition(.content, second, .deliver, .content(since: .zero))
        transition(.holding, second, .suppress, .holding)
        transition(.declined, second, .deliver, .declined)
        transition(.dragging, second, .suppress, .dragging(.none))
        transition(.decelerating, down, .catchAnimation, .holding)
        transition(.settling, down, .catchAnimation, .holding)
        transition(.settlingProgrammatic, down, .catchAnimation, .holding)
        transition(.pointerScrolling, down, .catchAnimation, .holding)
    }

    @Test func touchDownWithoutDelayGoesToTheContent() {
        var c = TouchArbitration.Configuration()
        c.delaysContentTouches = false
        transition(
            .idle, { $0.touchDown(at: .milliseconds(100), fingers: 1) }, .deliver,
            .content(since: .milliseconds(100)), configuration: c)
    }

    @Test func touchDownWithTwoFingerMinimum() {
        var c = TouchArbitration.Configuration()
        c.minimumNumberOfTouches = 2
        c.maximumNumberOfTouches = 2
        // One finger can never drag: the content gets it at once, delay or not.
        transition(.idle, { $0.touchDown(at: .zero, fingers: 1) }, .deliver, .content(since: .zero), configuration: c)
        var m = machine(.idle, configuration: c)
        _ = m.touchDown(at: .zero, fingers: 1)
        // The second finger within the 150 ms delay: the content's touches are cancelled.
        var inTime = m
        #expect(inTime.touchDown(at: .milliseconds(150), fingers: 2) == .cancelContentAndHold)
        #expect(inTime.state == .holding)
        // Too late: the content keeps the sequence.
        var late = m
        #expect(late.touchDown(at: .milliseconds(151), fingers: 2) == .deliver)
        #expect(late.state == .declined)
        // More fingers than the maximum: nothing changes.
        var many = m
        #expect(many.touchDown(at: .milliseconds(100), fingers: 3) == .deliver)
        #expect(many.state == .content(since: .zero))
    }

    // MARK: delayElapsed

    @Test func delayElapsedFromEveryState() {
        let due = { (m: inout TouchArbitration) in m.delayElapsed(at: .milliseconds(150)) }
        for start in Start.allCases where start != .pending {
            transition(start, due, .none, start.state)
        }
        transition(.pending, due, .releaseContent, .content(since: .zero))
        // Early (or stale from an earlier sequence): ignored.
        transition(.pending, { $0.delayElapsed(at: .milliseconds(149)) }, .none, .pending(since: .zero))
    }

    // MARK: touchMoved

    @Test func touchMovedPastTheSlopFromEveryState() {
        let move = { (m: inout TouchArbitration) in
            m.touchMoved(translation: up15, fingers: 1, scrollable: [.vertical], contentCancellable: true)
        }
        transition(.idle, move, .none, .idle)
        transition(
            .pending, move, .beginDrag(lock: .none, origin: Point(x: 0, y: -10), cancelsContent: false),
            .dragging(.none))
        transition(
            .content, move, .beginDrag(lock: .none, origin: Point(x: 0, y: -10), cancelsContent: true),
            .dragging(.none))
        transition(
            .holding, move, .beginDrag(lock: .none, origin: Point(x: 0, y: -10), cancelsContent: false),
            .dragging(.none))
        transition(.declined, move, .none, .declined)
        transition(.dragging, move, .drag(lock: .none), .dragging(.none))
        transition(.decelerating, move, .none, .decelerating(.none))
        transition(.settling, move, .none, .settling(programmatic: false))
        transition(.settlingProgrammatic, move, .none, .settling(programmatic: true))
        transition(.pointerScrolling, move, .none, .pointerScrolling)
    }

    @Test func touchMovedWithinTheSlopDecidesNothing() {
        // Exactly 10 pt is not past the slop.
        let move = { (m: inout TouchArbitration) in
            m.touchMoved(
                translation: Point(x: 6, y: -8), fingers: 1, scrollable: [.vertical, .horizontal],
                contentCancellable: true)
        }
        for start in [Start.pending, .content, .holding] {
            transition(start, move, .none, start.state)
        }
    }

    @Test func touchMovedAlongAnAxisThatCannotScrollDeclines() {
        let move = { (m: inout TouchArbitration) in
            m.touchMoved(
                translation: Point(x: 15, y: 4), fingers: 1, scrollable: [.vertical],
                contentCancellable: true)
        }
        transition(.pending, move, .decline(releasesContent: true), .declined)
        transition(.content, move, .decline(releasesContent: false), .declined)
        transition(.holding, move, .decline(releasesContent: false), .declined)
    }

    @Test func touchMovedOnAnExactTieTakesTheVerticalAxis() {
        var c = TouchArbitration.Configuration()
        c.isDirectionalLockEnabled = true
        var m = machine(.pending, configuration: c)
        let a = m.touchMoved(
            translation: Point(x: 12, y: 12), fingers: 1, scrollable: [.vertical, .horizontal],
            contentCancellable: true)
        guard case .beginDrag(.locked(.vertical), _, false) = a else {
            Issue.record("got \(a)")
            return
        }
        #expect(m.state == .dragging(.locked(.vertical)))
        #expect(m.lock == .locked(.vertical))
        // The drag keeps its lock.
        #expect(
            m.touchMoved(
                translation: Point(x: 40, y: 20), fingers: 1, scrollable: [.vertical, .horizontal],
                contentCancellable: true) == .drag(lock: .locked(.vertical)))
    }

    @Test func touchMovedWhenTheContentWillNotGiveUpItsTouches() {
        transition(
            .content,
            {
                $0.touchMoved(translation: up15, fingers: 1, scrollable: [.vertical], contentCancellable: false)
            }, .keepContent, .declined)
        var c = TouchArbitration.Configuration()
        c.canCancelContentTouches = false
        transition(
            .content,
            {
                $0.touchMoved(translation: up15, fingers: 1, scrollable: [.vertical], contentCancellable: true)
            }, .keepContent, .declined, configuration: c)
        // Held fingers the content never saw need no consent.
        transition(
            .pending,
            {
                $0.touchMoved(translation: up15, fingers: 1, scrollable: [.vertical], contentCancellable: false)
            }, .beginDrag(lock: .none, origin: Point(x: 0, y: -10), cancelsContent: false), .dragging(.none))
    }

    @Test func touchMovedWithTooManyFingersDecidesNothing() {
        var c = TouchArbitration.Configuration()
        c.maximumNumberOfTouches = 1
        transition(
            .pending,
            {
                $0.touchMoved(translation: up15, fingers: 2, scrollable: [.vertical], contentCancellable: true)
            }, .none, .pending(since: .zero), configuration: c)
    }

    @Test func touchMovedPinchClaimsBeforeTheSlop() {
        transition(
            .pending,
            {
                $0.touchMoved(
                    translation: Point(x: 0, y: -3), fingers: 2, scrollable: [], contentCancellable: true,
                    pinches: true)
            }, .beginDrag(lock: .none, origin: Point(x: 0, y: -3), cancelsContent: false), .dragging(.none))
    }

    // MARK: otherContainerClaimed

    @Test func otherContainerClaimedFromEveryState() {
        let claimed = { (m: inout TouchArbitration) in m.otherContainerClaimed() }
        transition(.pending, claimed, .releaseContent, .declined)
        transition(.content, claimed, .none, .declined)
        transition(.holding, claimed, .none, .declined)
        for start in [
            Start.idle, .declined, .dragging, .decelerating, .settling, .settlingProgrammatic,
            .pointerScrolling
        ] {
            transition(start, claimed, .none, start.state)
        }
    }

    // MARK: touchUp

    @Test func lastTouchUpFromEveryState() {
        let stays = { (m: inout TouchArbitration) in
            m.touchUp(at: .milliseconds(100), fingers: 0, release: .stays)
        }
        let moves = { (m: inout TouchArbitration) in
            m.touchUp(at: .milliseconds(100), fingers: 0, release: .moves)
        }
        for start in [Start.idle, .decelerating, .settling, .settlingProgrammatic, .pointerScrolling] {
            transition(start, stays, .none, start.state)
            transition(start, moves, .none, start.state)
        }
        // A tap before the delay is never lost.
        transition(.pending, stays, .releaseContent, .idle)
        transition(.pending, moves, .releaseContentAndSettle, .settling(programmatic: false))
        for start in [Start.content, .holding, .declined] {
            transition(start, stays, .none, .idle)
            transition(start, moves, .settle, .settling(programmatic: false))
        }
        transition(.dragging, stays, .endDrag(willDecelerate: false), .idle)
        transition(.dragging, moves, .endDrag(willDecelerate: true), .decelerating(.none))
    }

    @Test func touchUpWithFingersLeftFromEveryState() {
        let up = { (m: inout TouchArbitration) in
            m.touchUp(at: .milliseconds(100), fingers: 1, release: .moves)
        }
        transition(.pending, up, .releaseContent, .content(since: .zero))
        for start in Start.allCases where start != .pending {
            transition(start, up, .none, start.state)
        }
    }

    // MARK: touchesCancelled

    @Test func touchesCancelledFromEveryState() {
        let stays = { (m: inout TouchArbitration) in m.touchesCancelled(release: .stays) }
        let moves = { (m: inout TouchArbitration) in m.touchesCancelled(release: .moves) }
        for start in [Start.idle, .decelerating, .settling, .settlingProgrammatic, .pointerScrolling] {
            transition(start, stays, .none, start.state)
            transition(start, moves, .none, start.state)
        }
        for start in [Start.pending, .content, .holding, .declined] {
            transition(start, stays, .none, .idle)
            transition(start, moves, .settle, .settling(programmatic: false))
        }
        transition(.dragging, stays, .endDrag(willDecelerate: false), .idle)
        transition(.dragging, moves, .endDrag(willDecelerate: true), .decelerating(.none))
    }

    // MARK: animationFinished

    @Test func animationFinishedFromEveryState() {
        let finished = { (m: inout TouchArbitration) in m.animationFinished() }
        transition(.decelerating, finished, .endDeceleration, .idle)
        transition(.settling, finished, .endSettling(programmatic: false), .idle)
        transition(.settlingProgrammatic, finished, .endSettling(programmatic: true), .idle)
        for start in [Start.idle, .pending, .content, .holding, .declined, .dragging, .pointerScrolling] {
            transition(start, finished, .none, start.state)
        }
    }

    // MARK: programmaticAnimation, offsetAssigned, reset

    @Test func programmaticAnimationFromEveryState() {
        let animate = { (m: inout TouchArbitration) in m.programmaticAnimation() }
        for start in [Start.idle, .decelerating, .settling, .settlingProgrammatic, .pointerScrolling] {
            transition(start, animate, .startAnimation, .settling(programmatic: true))
        }
        for start in [Start.pending, .content, .holding, .declined, .dragging] {
            transition(start, animate, .applyImmediately, start.state)
        }
    }

    @Test func offsetAssignedFromEveryState() {
        let assigned = { (m: inout TouchArbitration) in m.offsetAssigned() }
        for start in [Start.decelerating, .settling, .settlingProgrammatic] {
            transition(start, assigned, .stopAnimation, .idle)
        }
        transition(.dragging, assigned, .rebaseDrag, .dragging(.none))
        for start in [Start.idle, .pending, .content, .holding, .declined, .pointerScrolling] {
            transition(start, assigned, .none, start.state)
        }
    }

    @Test func resetFromEveryState() {
        let reset = { (m: inout TouchArbitration) in m.reset() }
        transition(.dragging, reset, .endDrag, .idle)
        for start in [Start.decelerating, .settling, .settlingProgrammatic] {
            transition(start, reset, .stopAnimation, .idle)
        }
        for start in [Start.idle, .pending, .content, .holding, .declined, .pointerScrolling] {
            transition(start, reset, .none, .idle)
        }
    }

    // MARK: Pointer and keyboard

    @Test func pointerScrollBeganFromEveryState() {
        let began = { (m: inout TouchArbitration) in m.pointerScrollBegan() }
        transition(.idle, began, .none, .pointerScrolling)
        transition(.pointerScrolling, began, .none, .pointerScrolling)
        for start in [Start.decelerating, .settling, .settlingProgrammatic] {
            transition(start, began, .stopAnimation, .pointerScrolling)
        }
        for start in [Start.pending, .content, .holding, .declined, .dragging] {
            transition(start, began, .ignore, start.state)
        }
    }

    @Test func pointerScrollEndedFromEveryState() {
        let stays = { (m: inout TouchArbitration) in m.pointerScrollEnded(release: .stays) }
        let moves = { (m: inout TouchArbitration) in m.pointerScrollEnded(release: .moves) }
        transition(.pointerScrolling, stays, .endPointerScroll(willDecelerate: false), .idle)
        transition(.pointerScrolling, moves, .endPointerScroll(willDecelerate: true), .decelerating(.none))
        for start in Start.allCases where start != .pointerScrolling {
            transition(start, stays, .none, start.state)
            transition(start, moves, .none, start.state)
        }
    }

    @Test func stepAnimationFromEveryState() {
        let step = { (m: inout TouchArbitration) in m.stepAnimation() }
        for start in [Start.idle, .decelerating, .settling, .settlingProgrammatic, .pointerScrolling] {
            transition(start, step, .startAnimation, .settling(programmatic: false))
        }
        for start in [Start.pending, .content, .holding, .declined, .dragging] {
            transition(start, step, .ignore, start.state)
        }
    }

    // MARK: Queries

    @Test func queriesInEveryState() {
        // isTracking, isDragging, isDecelerating, isAnimating, isMovingWithoutFingers, isPointerScrolling,
        // isAnimatingProgrammatically, holdsContent, contentTracksUndecided.
        let expected: [(Start, [Bool])] = [
            (.idle, [false, false, false, false, false, false, false, false, false]),
            (.pending, [true, false, false, false, false, false, false, true, false]),
            (.content, [true, false, false, false, false, false, false, false, true]),
            (.holding, [true, false, false, false, false, false, false, false, false]),
            (.declined, [true, false, false, false, false, false, false, false, false]),
            (.dragging, [true, true, false, false, false, false, false, false, false]),
            (.decelerating, [false, false, true, true, true, false, false, false, false]),
            (.settling, [false, false, false, true, true, false, false, false, false]),
            (.settlingProgrammatic, [false, false, false, true, true, false, true, false, false]),
            (.pointerScrolling, [false, false, false, false, true, true, false, false, false])
        ]
        #expect(expected.count == Start.allCases.count)
        for (start, flags) in expected {
            let m = machine(start)
            let got = [
                m.isTracking, m.isDragging, m.isDecelerating, m.isAnimating, m.isMovingWithoutFingers,
                m.isPointerScrolling, m.isAnimatingProgrammatically, m.holdsContent,
                m.contentTracksUndecided
            ]
            #expect(got == flags, "queries in \(start)")
        }
    }
}
