// What participants tell the touch arena and ask it (`TouchArena`): claims, releases, withdrawal, effects.

extension TouchRouter {
    // MARK: - Inputs from participants (TouchArena)

    /// `participant` leaves (it was disabled or removed): it is told `leaveArena(at:)`, and what it held back may
    /// go to the content.
    func withdraw(_ participant: any TouchParticipant) {
        guard let k = containers.firstIndex(where: { $0 === participant }) else {
            participant.leaveArena(at: monotonic(window.now))
            return
        }
        effects.run {
            containers.remove(at: k)
            removals &+= 1
            containerDepths.remove(at: k)
            participant.leaveArena(at: monotonic(window.now))
            resolveWaiting()
        }
    }

    /// `participant` stopped holding its fingers back: deliver whatever no other participant holds.
    func releaseContent(of participant: any TouchParticipant) {
        effects.run {
            resolveWaiting()
        }
    }

    /// `participant`'s gesture began: the content's touches of its fingers end when `cancellingContent`, and
    /// every other participant tracking one of them hears the claim.
    @discardableResult
    func claimFingers(of participant: any TouchParticipant, cancellingContent: Bool) -> Bool {
        // A finger another participant won already (a dependent that began while that claim was being told) is
        // not for the taking, unless the two recognize simultaneously.
        for i in touches.indices where participant.tracksFinger(touches[i].touch.id) {
            if let owner = touches[i].owner, owner !== participant,
                !GestureRecognizer.recognizeSimultaneously(owner, participant)
            {
                return false
            }
        }
        for i in touches.indices where participant.tracksFinger(touches[i].touch.id) && touches[i].owner == nil {
            touches[i].owner = participant
        }
        effects.run {
            if cancellingContent {
                for i in touches.indices where participant.tracksFinger(touches[i].touch.id) {
                    finishContent(at: i)
                }
            }
            announce(TouchClaim(claimant: participant, kind: .gesture))
            resolveWaiting()
        }
        return true
    }

    /// `participant` leaves its fingers to the content: the other participants tracking them hear it.
    func leaveFingersToContent(of participant: any TouchParticipant) {
        effects.run {
            announce(TouchClaim(claimant: participant, kind: .content))
            resolveWaiting()
        }
    }

    /// The content's touches of `participant`'s fingers end (a second finger came in time for a two-finger
    /// drag): began ones are cancelled, waiting ones are never delivered.
    func cancelContent(of participant: any TouchParticipant) {
        effects.run {
            for i in touches.indices where participant.tracksFinger(touches[i].touch.id) {
                finishContent(at: i)
            }
        }
    }

    /// Runs `body` as one input (a participant's timer): what it causes is delivered when it returns.
    func performAsInput(_ body: () -> Void) {
        effects.run(body)
    }

    /// Tells every registered participant but the claimant that shares one of its fingers.
    func announce(_ claim: TouchClaim) {
        let claimant = claim.claimant
        forEachRegistered { other in
            guard other !== claimant, sharesFinger(other, claimant) else { return }
            other.fingersClaimed(claim, at: lastTime)
        }
    }

    /// The content view tracking finger `id`, if the content has begun it and not ended it.
    func deliveredView(forTouch id: Int) -> View? {
        guard let i = index(of: id), touches[i].phase == .began else { return nil }
        return touches[i].view
    }

    /// `participant` queued notifications during an input; they are sent when the input is done (at once when
    /// no input is being handled).
    func queueEffects(of participant: any TouchParticipant) {
        effects.queueEffects(of: participant)
    }
}
