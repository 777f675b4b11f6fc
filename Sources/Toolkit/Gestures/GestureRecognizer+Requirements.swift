// `require(toFail:)` between recognizers (<doc:ScrollBehaviour> §18): who waits for whom, and what a
// requirement's outcome does to those waiting.

extension GestureRecognizer {
    // MARK: - Requirements

    enum RequirementGate { case go, wait, fail }

    /// Whether the requirements let it begin now: `.fail` when one began or was recognized, `.wait` while one is
    /// undecided, `.go` when every one failed (or is not involved).
    func requirementGate() -> RequirementGate {
        guard !requirements.isEmpty else { return .go }
        var verdict = RequirementGate.go
        for entry in requirements {
            guard let other = entry.recognizer else { continue }
            switch other.requirementStatus {
            case .won: return .fail
            case .undecided: verdict = .wait
            case .lost: break
            }
        }
        return verdict
    }

    enum RequirementStatus { case undecided, won, lost }

    /// How this recognizer stands for those that require it to fail.
    var requirementStatus: RequirementStatus {
        guard isEnabled, attachedView != nil else { return .lost }
        switch currentState {
        case .began, .changed: return .won
        case .ended: return .won
        case .failed, .cancelled: return .lost
        case .possible: return isDeciding ? .undecided : .lost
        }
    }

    func notifyDependents(at time: Duration) {
        guard !dependents.isEmpty else { return }
        var i = 0
        while i < dependents.count {
            let dependent = dependents[i].recognizer
            i += 1
            dependent?.requirementChanged(at: time)
        }
        dependents.removeAll { $0.recognizer == nil }
    }

    /// A requirement began, was recognized or failed: fail if one won, go on if every one lost.
    func requirementChanged(at time: Duration) {
        guard currentState == .possible, isDeciding else { return }
        switch requirementGate() {
        case .fail:
            requirementWon(at: time)
        case .wait:
            break
        case .go:
            guard awaitingRequirements else { return }
            requirementsFailed(at: time)
        }
    }

    /// Whether this recognizer waits for `other`, directly or through its requirements.
    func waits(for other: GestureRecognizer) -> Bool {
        var seen: [ObjectIdentifier] = []
        var stack: [GestureRecognizer] = [self]
        while let current = stack.popLast() {
            if current === other { return true }
            let id = ObjectIdentifier(current)
            guard !seen.contains(id) else { continue }
            seen.append(id)
            for entry in current.requirements { if let next = entry.recognizer { stack.append(next) } }
        }
        return false
    }

    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        recognizesSimultaneously?(self, other) == true || other.recognizesSimultaneously?(other, self) == true
    }

    /// Whether two participants may both win the same fingers: two recognizers (a container's pan included) of
    /// which one says so.
    static func recognizeSimultaneously(_ a: any TouchParticipant, _ b: any TouchParticipant) -> Bool {
        guard let a = a as? GestureRecognizer, let b = b as? GestureRecognizer else { return false }
        return a.recognizesSimultaneously(with: b)
    }
}
