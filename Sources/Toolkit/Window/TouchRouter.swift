/// The window's touch arena: delivers touches to the views they landed on, with the participants above them
/// competing for them (<doc:ScrollBehaviour> §2, §18). Participants are asked innermost first, and a claim makes
/// the others tracking the same fingers give them up.
///
/// Every touch the content receives ends exactly once, and nothing follows the end. Content deliveries wait in an
/// outbox until the outermost input is done (<doc:Design>, "Effects after the mutation"), so re-entering view code
/// sees a consistent state. Moves are grouped per touch frame, so fingers moving together give one decision.
///
/// Bad input: unknown ids are ignored; a second down for an id that is down ends the first one first; time
/// running backwards counts as no time passing; non-finite positions never get here (`WindowCore` drops them).
@MainActor
final class TouchRouter: TouchArena {
    /// What a participant wants for the content touch of a finger that just touched down.
    typealias Disposition = ContentTouchDisposition

    /// How far a touch got with its content view.
    enum ContentPhase {
        /// Not delivered yet: a container holds it back.
        case waiting
        /// `touchesBegan` was delivered; an end is owed.
        case began
        /// Ended, cancelled, or never to be delivered.
        case finished
    }

    struct TrackedTouch {
        /// Latest position and time.
        var touch: Touch
        /// Where and when it touched down (the content's `touchesBegan` carries these).
        var downLocation: Point
        var downTime: Duration
        /// The content view, while the content may still hear of the touch. Owning, not weak (slow retains): a content
        /// view that leaves the window finishes its touches (`viewWillLeave`), so no view is kept alive.
        var view: View?
        var phase: ContentPhase
        /// Moved since the content last heard of it.
        var contentMoved: Bool
        /// The participant whose gesture won this finger, if any.
        var owner: (any TouchParticipant)? = nil

        /// The content hears no more of this touch.
        mutating func finish() {
            phase = .finished
            view = nil
        }
    }

    /// One call owed to a content view.
    private struct Delivery {
        enum Kind { case began, moved, ended, cancelled }
        var kind: Kind
        var touch: Touch
        var view: View
    }

    var touches: [TrackedTouch] = []
    /// Participants with fingers on them, deepest first (so inner ones decide first).
    var containers: [any TouchParticipant] = []
    var containerDepths: [Int] = []
    private var outbox: [Delivery] = []
    /// Snapshots of `containers` for the loops that call into containers (`forEachRegistered`), stacked so a
    /// re-entrant input can push its own above the one being walked. Reserved once: no allocation per event.
    private var walk: [any TouchParticipant] = []
    /// Reused for the `[Touch]` argument of view calls (no array allocated per event).
    private var argument: [Touch] = []
    @exclusivity(unchecked) private var pendingMoves = false
    @exclusivity(unchecked) var lastTime: Duration = .zero
    /// Counts removals from `containers` (a walk skips removed participants only when there were any).
    @exclusivity(unchecked) var removals = 0

    /// The window owning this router, set once by its `init` (the router is one of its constants).
    unowned var window: WindowCore!
    /// The window's effect runner, reached on every event (the window owns both).
    unowned(unsafe) var effects: EffectRunner!

    init() {
        touches.reserveCapacity(16)
        containers.reserveCapacity(8)
        containerDepths.reserveCapacity(8)
        outbox.reserveCapacity(32)
        walk.reserveCapacity(16)
        argument.reserveCapacity(16)
    }

    /// Whether an input is being handled (participants then leave their notifications to the arena).
    var isHandlingInput: Bool { effects.isHandlingInput }

    /// The window clock's latest time.
    var now: Duration { window.now }

    /// Number of touches down (for tests and diagnostics).
    var activeTouchCount: Int { touches.count }

    // MARK: - Inputs from the window

    func touchDown(id: Int, at location: Point, time: Duration) {
        effects.run {
            let t = monotonic(time)
            processMoves(time: t)
            if index(of: id) != nil { lift(id: id, time: t) }
            // One hit test serves the focus and the touch.
            let hit = window.rootView.hitTest(location)
            window.updateFocus(from: hit)
            if let view = hit {
                begin(id: id, at: location, time: t, view: view)
            }
        }
    }

    func touchMoved(id: Int, to location: Point, time: Duration) {
        guard let i = index(of: id) else { return }
        effects.run {
            let t = monotonic(time)
            touches[i].touch.location = location
            touches[i].touch.timestamp = t
            touches[i].contentMoved = true
            for container in containers where container.tracksFinger(id) {
                container.fingerMoved(id, to: location)
            }
            pendingMoves = true
        }
    }

    func touchUp(id: Int, time: Duration) {
        effects.run {
            let t = monotonic(time)
            processMoves(time: t)
            lift(id: id, time: t)
        }
    }

    func frame(time: Duration) {
        effects.run {
            processMoves(time: monotonic(time))
        }
    }

    /// The compositor took every touch away: the content's are cancelled, the containers settle. The pointer's
    /// press (`pointerTouchID`) is not a compositor touch and goes on, and so do the containers tracking it.
    func cancelAll(time: Duration) {
        effects.run {
            let t = monotonic(time)
            pendingMoves = false
            for i in touches.indices where touches[i].touch.id != WindowCore.pointerTouchID {
                touches[i].touch.timestamp = t
                if touches[i].phase == .began, let view = touches[i].view {
                    post(.cancelled, touches[i].touch, to: view)
                }
                touches[i].finish()
            }
            touches.removeAll { $0.touch.id != WindowCore.pointerTouchID }
            forEachRegistered { container in
                guard !container.tracksFinger(WindowCore.pointerTouchID) else { return }
                container.allFingersCancelled(at: t)
            }
            dropIdleContainers()
            resolveWaiting()
        }
    }

    /// `view` is leaving the window: touches its subtree tracks are cancelled (or never delivered), and
    /// containers in it stop tracking.
    func viewWillLeave(_ view: View, time: Duration) {
        effects.run {
            let t = monotonic(time)
            for i in touches.indices {
                guard let target = touches[i].view, target.isDescendant(of: view) else { continue }
                touches[i].touch.timestamp = t
                if touches[i].phase == .began { post(.cancelled, touches[i].touch, to: target) }
                touches[i].finish()
            }
            var k = 0
            while k < containers.count {
                let container = containers[k]
                if container.arbitratedView.map({ $0.isDescendant(of: view) }) ?? true {
                    containers.remove(at: k)
                    removals &+= 1
                    containerDepths.remove(at: k)
                    container.leaveArena(at: t)
                } else {
                    k += 1
                }
            }
            resolveWaiting()
        }
    }

    // MARK: - Steps

    private func begin(id: Int, at location: Point, time: Duration, view: View) {
        touches.append(
            TrackedTouch(
                touch: Touch(id: id, location: location, timestamp: time),
                downLocation: location, downTime: time, view: view, phase: .waiting,
                contentMoved: false))
        var disposition = Disposition.deliver
        var suppressor: (any TouchParticipant)?
        var current: View? = view
        var depth = 0
        var v = view.superview
        while let s = v {
            depth += 1
            v = s.superview
        }
        while let candidate = current {
            if !candidate.recognizers.isEmpty {
                var r = 0
                while r < candidate.recognizers.count {
                    let recognizer = candidate.recognizers[r]
                    r += 1
                    if recognizer.takesPart(inTouch: id) {
                        register(recognizer, depth: depth)
                        disposition = max(disposition, recognizer.fingerDown(id, at: location, time: time))
                    }
                }
            }
            if let participant = candidate.touchParticipant, participant.takesPart(inTouch: id) {
                register(participant, depth: depth)
                let answer = participant.fingerDown(id, at: location, time: time)
                if answer == .suppress && suppressor == nil { suppressor = participant }
                disposition = max(disposition, answer)
            }
            current = candidate.superview
            depth -= 1
        }
        guard let i = index(of: id) else { return }
        switch disposition {
        case .deliver:
            resolveWaiting()
        case .hold:
            break
        case .suppress:
            finishContent(at: i)
            // A moving container caught the finger, or a drag owns it: no recognizer may make a gesture of it.
            if let suppressor { announce(TouchClaim(claimant: suppressor, kind: .caughtMotion)) }
        }
    }

    private func lift(id: Int, time: Duration) {
        guard let i = index(of: id) else { return }
        touches[i].touch.timestamp = time
        forEachRegistered { container in
            if container.tracksFinger(id) { container.fingerLifted(id, at: time) }
        }
        dropIdleContainers()
        // A quick tap: the content gets began then ended in the same turn.
        resolveWaiting()
        guard let j = index(of: id) else { return }
        let record = touches.remove(at: j)
        switch record.phase {
        case .began:
            if let view = record.view { post(.ended, record.touch, to: view) }
        case .waiting, .finished:
            break
        }
    }

    /// Acts on the moves since the last frame: containers decide (innermost first), then the content hears
    /// of the moves of touches it still has.
    private func processMoves(time: Duration) {
        guard pendingMoves else { return }
        pendingMoves = false
        forEachRegistered { $0.touchFrameEnded(at: time) }
        for i in touches.indices where touches[i].contentMoved {
            guard touches[i].phase == .began, let view = touches[i].view else {
                if touches[i].phase != .waiting { touches[i].contentMoved = false }
                continue
            }
            touches[i].contentMoved = false
            post(.moved, touches[i].touch, to: view)
        }
    }

    /// Delivers `touchesBegan` for every waiting touch no container holds back any more.
    func resolveWaiting() {
        var i = 0
        while i < touches.count {
            let id = touches[i].touch.id
            if touches[i].phase == .waiting && !isHeld(id) {
                deliverBegan(id: id)
            }
            i += 1
        }
    }

    private func deliverBegan(id: Int) {
        guard let i = index(of: id) else { return }
        guard let view = touches[i].view, view.hostWindow === window else {
            touches[i].finish()
            return
        }
        let original = Touch(id: id, location: touches[i].downLocation, timestamp: touches[i].downTime)
        // Every container above the view may veto (touchesShouldBegin). The ancestors are walked, not the active list:
        // on a quick tap the containers have let go of the finger already and must still be asked (§2.1, §2.4).
        var ancestor = view.superview
        while let candidate = ancestor {
            ancestor = candidate.superview
            guard let container = candidate.touchParticipant, container.takesPart(inTouch: id) else { continue }
            argument.removeAll(keepingCapacity: true)
            argument.append(original)
            if !container.contentMayBegin(argument, in: view) {
                if let j = index(of: id) { touches[j].finish() }
                return
            }
        }
        guard let j = index(of: id), touches[j].phase == .waiting else { return }
        touches[j].phase = .began
        post(.began, original, to: view)
        if touches[j].touch.location != touches[j].downLocation {
            post(.moved, touches[j].touch, to: view)
        }
        touches[j].contentMoved = false
    }

    /// The content loses touch `i`: cancelled if it had begun, never delivered if it had not.
    func finishContent(at i: Int) {
        switch touches[i].phase {
        case .began:
            if let view = touches[i].view { post(.cancelled, touches[i].touch, to: view) }
        case .waiting, .finished:
            break
        }
        touches[i].finish()
    }

    // MARK: - Bookkeeping

    func index(of id: Int) -> Int? {
        // By index: `firstIndex(where:)` copies each record (and retains its view) into the closure.
        var i = 0
        while i < touches.count {
            if touches[i].touch.id == id { return i }
            i += 1
        }
        return nil
    }

    /// Calls `body` for every container registered now, deepest first. The calls run app code that may remove a
    /// container while the loop runs, and walking `containers` by index would then skip the next one; so the loop
    /// walks a snapshot and skips a container no longer registered. Containers registered meanwhile are not visited.
    func forEachRegistered(_ body: @MainActor (any TouchParticipant) -> Void) {
        // One container (a drag's every frame): nothing comes after it to skip, so no snapshot is needed.
        if containers.count == 1 {
            body(containers[0])
            return
        }
        let base = walk.count
        walk.append(contentsOf: containers)
        let end = walk.count
        let removalsBefore = removals
        var k = base
        while k < end {
            let container = walk[k]
            k += 1
            // Only a participant removed during the walk is skipped: with none removed, all are still there.
            if removals == removalsBefore || containers.contains(where: { $0 === container }) { body(container) }
        }
        walk.removeLast(walk.count - base)
    }

    private func isHeld(_ id: Int) -> Bool {
        var k = 0
        while k < containers.count {
            if containers[k].holdsContentBack && containers[k].tracksFinger(id) { return true }
            k += 1
        }
        return false
    }

    func sharesFinger(_ a: any TouchParticipant, _ b: any TouchParticipant) -> Bool {
        touches.contains { a.tracksFinger($0.touch.id) && b.tracksFinger($0.touch.id) }
    }

    /// Adds a participant at view depth `d` to the active list, deepest first (after those of the same depth).
    private func register(_ container: any TouchParticipant, depth d: Int) {
        guard !containers.contains(where: { $0 === container }) else { return }
        var k = 0
        while k < containers.count && containerDepths[k] >= d { k += 1 }
        containers.insert(container, at: k)
        containerDepths.insert(d, at: k)
    }

    private func dropIdleContainers() {
        var k = 0
        while k < containers.count {
            if containers[k].tracksAnyFinger {
                k += 1
            } else {
                containers.remove(at: k)
                removals &+= 1
                containerDepths.remove(at: k)
            }
        }
    }

    /// Time never runs backwards: an earlier timestamp counts as no time passing.
    func monotonic(_ time: Duration) -> Duration {
        if time > lastTime { lastTime = time }
        return lastTime
    }

    private func post(_ kind: Delivery.Kind, _ touch: Touch, to view: View) {
        outbox.append(Delivery(kind: kind, touch: touch, view: view))
    }

    // MARK: - Acting after deciding

    /// Delivers the outbox (consecutive calls of one kind to one view go as one array); returns whether there was
    /// anything to deliver. The window's effect runner calls it until nothing is left.
    func deliverPending() -> Bool {
        guard !outbox.isEmpty else { return false }
        deliverOutbox()
        return true
    }

    /// Tells every participant from `view` up that the content touches `outbox[range]` ended (read from the
    /// outbox, which view code only appends to while it is delivered).
    private func contentTouchesEnded(_ range: Range<Int>, in view: View) {
        var current: View? = view
        while let candidate = current {
            if let participant = candidate.touchParticipant {
                for k in range { participant.contentTouchEnded(outbox[k].touch, in: view) }
            }
            current = candidate.superview
        }
    }

    /// Delivers the outbox, and what view code adds to it meanwhile, in order; then empties it.
    private func deliverOutbox() {
        var i = 0
        while i < outbox.count {
            let first = outbox[i]
            let start = i
            argument.removeAll(keepingCapacity: true)
            while i < outbox.count, outbox[i].kind == first.kind, outbox[i].view === first.view {
                argument.append(outbox[i].touch)
                i += 1
            }
            switch first.kind {
            case .began: first.view.touchesBegan(argument)
            case .moved: first.view.touchesMoved(argument)
            case .ended:
                first.view.touchesEnded(argument)
                contentTouchesEnded(start..<i, in: first.view)
            case .cancelled: first.view.touchesCancelled(argument)
            }
        }
        outbox.removeAll(keepingCapacity: true)
    }
}
