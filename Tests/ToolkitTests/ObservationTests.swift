import Testing

@testable import ToolkitCore

/// A stand-in for `ScrollContainer`: observable stored properties that report every mutation to a registry,
/// the way the container does (<doc:ScrollBehaviour> §9).
@MainActor
private final class Model {
    let registry = ObserverRegistry<Model>()
    var offset: Point = .zero { didSet { registry.rootDidChange(self) } }
    var flag = false { didSet { registry.rootDidChange(self) } }
    var page = 0 { didSet { registry.rootDidChange(self) } }

    func observe<Value: Equatable>(
        _ keyPath: KeyPath<Model, Value>, options: ObservationOptions = [],
        _ handler: @escaping @MainActor (Model, ObservedChange<Value>) -> Void
    ) -> Observation {
        registry.observe(keyPath, on: self, options: options, handler: handler)
    }
}

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@MainActor @Suite struct ObservationTests {
    // MARK: Delivery of changes

    @Test func handlerRunsOncePerChangeAfterTheChange() {
        let model = Model()
        var changes: [ObservedChange<Point>] = []
        let token = model.observe(\.offset) { m, change in
            // "After the change": the root already holds the new value when the handler runs.
            #expect(m.offset == change.newValue)
            #expect(m === model)
            changes.append(change)
        }
        #expect(changes.isEmpty)  // no .initial: nothing at registration
        model.offset = p(0, 10)
        #expect(changes == [ObservedChange(oldValue: .zero, newValue: p(0, 10))])
        model.offset = p(0, 25)
        #expect(changes.count == 2)
        #expect(changes[1] == ObservedChange(oldValue: p(0, 10), newValue: p(0, 25)))
        withExtendedLifetime(token) {}
    }

    @Test func settingTheSameValueOrAnotherPropertyCallsNobody() {
        let model = Model()
        var calls = 0
        let token = model.observe(\.offset) { _, _ in calls += 1 }
        model.offset = .zero  // equal to the current value
        model.flag = true  // another property
        model.page = 3
        model.registry.rootDidChange(model)  // a spurious notification (per frame, say)
        #expect(calls == 0)
        model.offset = p(1, 0)
        model.offset = p(1, 0)
        #expect(calls == 1)
        withExtendedLifetime(token) {}
    }

    @Test func initialOptionCallsOnceAtRegistrationWithNoOldValue() {
        let model = Model()
        model.page = 4
        var changes: [ObservedChange<Int>] = []
        let token = model.observe(\.page, options: [.initial]) { _, change in changes.append(change) }
        #expect(changes == [ObservedChange(oldValue: nil, newValue: 4)])
        model.page = 5
        #expect(changes == [ObservedChange(oldValue: nil, newValue: 4), ObservedChange(oldValue: 4, newValue: 5)])
        withExtendedLifetime(token) {}
    }

    @Test func eachObserverSeesAnUnbrokenChainOfRealChanges() {
        let model = Model()
        var changes: [ObservedChange<Int>] = []
        let token = model.observe(\.page, options: .initial) { _, change in changes.append(change) }
        for value in [1, 1, 2, 7, 7, 0, 2] { model.page = value }
        #expect(changes.map(\.newValue) == [0, 1, 2, 7, 0, 2])
        for (previous, next) in zip(changes, changes.dropFirst()) {
            #expect(next.oldValue == previous.newValue)
            #expect(next.oldValue != next.newValue)
        }
        withExtendedLifetime(token) {}
    }

    @Test func worksForBoolIntAndNestedKeyPaths() {
        let model = Model()
        var flags: [ObservedChange<Bool>] = []
        var ys: [ObservedChange<Double>] = []
        let t1 = model.observe(\.flag) { _, change in flags.append(change) }
        let t2 = model.observe(\.offset.y) { _, change in ys.append(change) }
        model.flag = true
        model.offset = p(50, 0)  // only x moved: \.offset.y stays silent
        #expect(ys.isEmpty)
        model.offset.y = 8
        model.offset.x = 3
        #expect(ys == [ObservedChange(oldValue: 0, newValue: 8)])
        #expect(flags == [ObservedChange(oldValue: false, newValue: true)])
        withExtendedLifetime((t1, t2)) {}
    }

    @Test func noObserversIsHarmless() {
        let model = Model()
        #expect(model.registry.isEmpty)
        model.offset = p(1, 1)  // rootDidChange with nothing registered
        let token = model.observe(\.page) { _, _ in }
        #expect(!model.registry.isEmpty)
        token.invalidate()
        #expect(model.registry.isEmpty)
    }

    // MARK: Direction

    @Test func directionPerAxis() {
        typealias D = ScrollDirection
        #expect(D(old: p(0, 0), new: p(5, 0)) == D(horizontal: .right, vertical: .none))
        #expect(D(old: p(5, 0), new: p(0, 0)) == D(horizontal: .left, vertical: .none))
        #expect(D(old: p(0, 0), new: p(0, 5)) == D(horizontal: .none, vertical: .down))
        #expect(D(old: p(0, 5), new: p(0, 0)) == D(horizontal: .none, vertical: .up))
        #expect(D(old: p(1, 1), new: p(0, 2)) == D(horizontal: .left, vertical: .down))
        #expect(D(old: p(1, 1), new: p(2, 0)) == D(horizontal: .right, vertical: .up))
        #expect(D(old: p(3, 3), new: p(3, 3)) == D(horizontal: .none, vertical: .none))
        // A tiny move still counts.
        #expect(D(old: p(0, 0), new: p(0, 1e-9)).vertical == .down)
    }

    @Test func directionOfNonFiniteComponentsIsNone() {
        typealias D = ScrollDirection
        #expect(D(old: p(.nan, 0), new: p(5, 5)) == D(horizontal: .none, vertical: .down))
        #expect(D(old: p(0, 0), new: p(.infinity, -.infinity)) == D(horizontal: .none, vertical: .none))
        #expect(D(old: p(0, 9), new: p(-2, .nan)) == D(horizontal: .left, vertical: .none))
    }

    @Test func changeOfPointTellsDirection() {
        let model = Model()
        var directions: [ScrollDirection] = []
        let token = model.observe(\.offset, options: .initial) { _, change in directions.append(change.direction) }
        model.offset = p(0, 40)  // finger moved up: content scrolls, offset.y grows
        model.offset = p(-10, 20)
        #expect(
            directions == [
                ScrollDirection(horizontal: .none, vertical: .none),  // .initial: no old value
                ScrollDirection(horizontal: .none, vertical: .down),
                ScrollDirection(horizontal: .left, vertical: .up)
            ])
        withExtendedLifetime(token) {}
    }

    // MARK: Token lifetime

    @Test func droppingOrInvalidatingTheTokenStopsCalls() {
        let model = Model()
        var a = 0
        var b = 0
        var tokenA: Observation? = model.observe(\.page) { _, _ in a += 1 }
        let tokenB = model.observe(\.page) { _, _ in b += 1 }
        model.page = 1
        tokenA = nil  // deinit invalidates
        tokenB.invalidate()
        tokenB.invalidate()  // idempotent
        model.page = 2
        #expect(a == 1 && b == 1)
        #expect(model.registry.isEmpty)
        #expect(tokenA == nil)
    }

    @Test func endedObservationsLeaveTheOthersInRegistrationOrder() {
        let model = Model()
        var log: [String] = []
        var tokens: [Observation] = []
        for name in ["a", "b", "c", "d", "e"] {
            tokens.append(model.observe(\.page) { _, change in log.append("\(name)\(change.newValue)") })
        }
        tokens[1].invalidate()
        tokens[3].invalidate()
        model.page = 1  // this pass also drops the two ended entries
        model.page = 2
        #expect(log == ["a1", "c1", "e1", "a2", "c2", "e2"])
    }

    @Test func tokenDoesNotKeepTheObservedObjectAlive() {
        var model: Model? = Model()
        weak let weakModel = model
        var calls = 0
        let token = model!.observe(\.page, options: .initial) { _, _ in calls += 1 }
        model = nil
        #expect(weakModel == nil)  // gone although the token lives
        token.invalidate()  // and the orphaned token is still safe to use
        #expect(calls == 1)
    }

    @Test func handlerIsReleasedOnceTheObservationEnds() {
        final class Probe {}
        let model = Model()
        var probe: Probe? = Probe()
        weak let weakProbe = probe
        let token = model.observe(\.page) { [probe] _, _ in _ = probe }
        probe = nil
        #expect(weakProbe != nil)  // the token holds the handler...
        token.invalidate()
        #expect(weakProbe == nil)  // ...and lets go of it when the observation ends
        model.page = 1
        #expect(model.registry.isEmpty)
    }

    /// The lifetime rule of `ScrollContainer.observe`: a handler that captures its container keeps it alive
    /// only while the token lives.
    @Test func aHandlerCapturingItsObjectDoesNotKeepItAliveOnceTheTokenIsGone() {
        weak var weakModel: Model?
        var token: Observation?
        do {
            let model = Model()
            weakModel = model
            token = model.observe(\.page) { _, _ in _ = model.page }
            model.page = 1
        }
        #expect(weakModel != nil)  // the token's handler holds it
        token = nil
        #expect(weakModel == nil)
        #expect(token == nil)
    }

    @Test func tokenCanEndOffTheMainActor() async {
        let model = Model()
        var calls = 0
        let token = model.observe(\.page) { _, _ in calls += 1 }
        await Task.detached { token.invalidate() }.value
        model.page = 1
        #expect(calls == 0)
        #expect(model.registry.isEmpty)
    }

    @Test func invalidatedByAnotherHandlerDuringThePassNeverRuns() {
        let model = Model()
        var log: [String] = []
        var tokenB: Observation?
        let tokenA = model.observe(\.page) { _, change in
            log.append("A\(change.newValue)")
            tokenB?.invalidate()
        }
        tokenB = model.observe(\.page) { _, change in log.append("B\(change.newValue)") }
        model.page = 1  // A and B both found the change; A ends B first
        model.page = 2
        #expect(log == ["A1", "A2"])
        withExtendedLifetime(tokenA) {}
    }

    // MARK: Re-entrancy

    @Test func changesMadeByAHandlerAreDeliveredAfterItReturnsInOrder() {
        let model = Model()
        var log: [String] = []
        var depth = 0
        var maxDepth = 0
        let tokenA = model.observe(\.offset) { m, change in
            depth += 1
            maxDepth = max(maxDepth, depth)
            log.append("A \(change.oldValue!.x)->\(change.newValue.x) begin")
            if change.newValue.x == 1 {
                m.offset.x = 2  // re-entrant: queued, not delivered here
                m.offset.x = 3
            }
            log.append("A end")
            depth -= 1
        }
        let tokenB = model.observe(\.offset) { _, change in
            depth += 1
            maxDepth = max(maxDepth, depth)
            log.append("B \(change.oldValue!.x)->\(change.newValue.x)")
            depth -= 1
        }
        model.offset.x = 1
        #expect(
            log == [
                "A 0.0->1.0 begin", "A end",
                "B 0.0->1.0",  // B still learns of the first change, in order
                "A 1.0->2.0 begin", "A end",
                "B 1.0->2.0",
                "A 2.0->3.0 begin", "A end",
                "B 2.0->3.0"
            ])
        #expect(maxDepth == 1)  // never recursive
        #expect(model.offset.x == 3)
        withExtendedLifetime((tokenA, tokenB)) {}
    }

    @Test func handlerChangingAnotherPropertyReachesItsObserverAfterwards() {
        let model = Model()
        var log: [String] = []
        let t1 = model.observe(\.page) { m, change in
            log.append("page \(change.newValue) begin")
            m.flag = change.newValue > 0
            log.append("page end")
        }
        let t2 = model.observe(\.flag) { _, change in log.append("flag \(change.newValue)") }
        model.page = 2
        #expect(log == ["page 2 begin", "page end", "flag true"])
        withExtendedLifetime((t1, t2)) {}
    }

    @Test func handlerUndoingAChangeReportsBothSteps() {
        // A clamping observer puts the value back; another observer sees the excursion and the return.
        let model = Model()
        var seen: [ObservedChange<Int>] = []
        let clamp = model.observe(\.page) { m, change in if change.newValue > 9 { m.page = 9 } }
        let watcher = model.observe(\.page) { _, change in seen.append(change) }
        model.page = 12
        #expect(seen == [ObservedChange(oldValue: 0, newValue: 12), ObservedChange(oldValue: 12, newValue: 9)])
        withExtendedLifetime((clamp, watcher)) {}
    }

    @Test func observerRegisteredDuringDeliveryStartsFromTheCurrentValue() {
        let model = Model()
        var late: [ObservedChange<Int>] = []
        var lateInitial: [ObservedChange<Int>] = []
        var log: [String] = []
        var lateTokens: [Observation] = []
        let token = model.observe(\.page) { m, change in
            guard change.newValue == 1 else { return }
            m.page = 2  // queued before the late observers exist
            lateTokens.append(m.observe(\.page) { _, c in late.append(c) })
            lateTokens.append(
                m.observe(\.page, options: .initial) { _, c in
                    log.append(c.oldValue == nil ? "initial" : "change")
                    lateInitial.append(c)
                })
            log.append("registering handler returns")
            m.page = 3  // after registration: the late observers get 2 -> 3
        }
        model.page = 1
        #expect(log == ["registering handler returns", "initial", "change"])  // .initial waits its turn too
        #expect(late == [ObservedChange(oldValue: 2, newValue: 3)])
        #expect(lateInitial == [ObservedChange(oldValue: nil, newValue: 2), ObservedChange(oldValue: 2, newValue: 3)])
        withExtendedLifetime((token, lateTokens)) {}
    }

    @Test func initialHandlerMutatingTheRootIsNotRecursive() {
        let model = Model()
        var log: [String] = []
        let token = model.observe(\.page, options: .initial) { m, change in
            log.append("\(String(describing: change.oldValue))->\(change.newValue) begin")
            if change.newValue == 0 { m.page = 1 }
            log.append("end")
        }
        #expect(log == ["nil->0 begin", "end", "Optional(0)->1 begin", "end"])
        withExtendedLifetime(token) {}
    }

    // MARK: Runaway cascades

    @Test func selfTogglingHandlerIsCutAtTheCap() {
        let model = Model()
        var calls = 0
        let toggler = model.observe(\.flag) { m, _ in
            calls += 1
            m.flag.toggle()  // every change causes another, forever
        }
        model.flag = true  // must return
        #expect(calls == ObserverRegistry<Model>.maximumCascadeRounds + 1)
        toggler.invalidate()

        // The registry is not stuck: the next change is reported, chained to the last value delivered.
        var after: [ObservedChange<Bool>] = []
        let watcher = model.observe(\.flag) { _, change in after.append(change) }
        let before = model.flag
        model.flag.toggle()
        #expect(after == [ObservedChange(oldValue: before, newValue: !before)])
        withExtendedLifetime(watcher) {}
    }

    @Test func twoHandlersFightingTerminateAndKeepChainsConsistent() {
        let model = Model()
        var pages: [ObservedChange<Int>] = []
        var xs: [ObservedChange<Double>] = []
        let a = model.observe(\.offset.x) { m, change in
            xs.append(change)
            m.page = Int(change.newValue) + 1
        }
        let b = model.observe(\.page) { m, change in
            pages.append(change)
            m.offset.x = Double(change.newValue + 1)
        }
        model.offset.x = 1  // must return
        #expect(xs.count + pages.count <= 2 * (ObserverRegistry<Model>.maximumCascadeRounds + 2))
        // Once the fight is over, the next pass resumes each chain from the last value delivered, never from a
        // value that was dropped when the cascade was cut.
        b.invalidate()
        model.offset.x = -100
        a.invalidate()
        #expect(xs.last?.newValue == -100)
        for (previous, next) in zip(xs, xs.dropFirst()) { #expect(next.oldValue == previous.newValue) }
        for (previous, next) in zip(pages, pages.dropFirst()) { #expect(next.oldValue == previous.newValue) }
        #expect(xs.last?.newValue == -100)
    }
}
