// Notifications after changes (<doc:Design>, "Effects after the mutation"): delegate calls and key-path observers,
// sent from a queue once the state is consistent.

extension ScrollContainer {
    /// Calls `handler` after every real change of the `Equatable` value at `keyPath` (<doc:ScrollBehaviour> §9), with
    /// the old and new values; `.initial` calls it once now. The observation lasts while the returned token lives or
    /// until `invalidate()`; the token owns `handler` and does not keep the container alive, so do not store it in an
    /// object the handler captures strongly.
    @discardableResult
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<ScrollContainer, Value>,
        options: ObservationOptions = [],
        _ handler: @escaping @MainActor (ScrollContainer, ObservedChange<Value>) -> Void
    ) -> Observation {
        notifications.observers.observe(keyPath, on: self, options: options, handler: handler)
    }

    /// Ends a change: sends the queued notifications now, or lets the router send them when its touch event is done.
    func finishChange() {
        notifications.effects.push(.notifyObservers)
        if let arena = attachedWindow?.touchArena, arena.isHandlingInput {
            dragRecognizer.heldDriver = self
            dragRecognizer.isQueuedForEffects = true
            arena.queueEffects(of: dragRecognizer)
        } else {
            drainEffects()
            // The arena is done with the container: its recognizer lets go of it, last, as that may free it.
            if !hasFingers && !dragRecognizer.isQueuedForEffects && dragRecognizer.heldDriver != nil {
                withExtendedLifetime(self) { dragRecognizer.heldDriver = nil }
            }
        }
    }

    /// Sends the queued notifications in order; a re-entrant call returns at once, the running loop takes its effects.
    func drainEffects() {
        guard !notifications.isDraining else { return }
        notifications.isDraining = true
        defer { notifications.isDraining = false }
        while let effect = notifications.effects.pop() {
            switch effect {
            case .didScroll:
                delegate?.scrollContainerDidScroll(self)
            case .willBeginDragging:
                delegate?.scrollContainerWillBeginDragging(self)
            case .didEndDragging(let willDecelerate):
                delegate?.scrollContainerDidEndDragging(self, willDecelerate: willDecelerate)
            case .willBeginDecelerating:
                delegate?.scrollContainerWillBeginDecelerating(self)
            case .didEndDecelerating:
                delegate?.scrollContainerDidEndDecelerating(self)
            case .didEndScrollingAnimation:
                delegate?.scrollContainerDidEndScrollingAnimation(self)
            case .willBeginZooming:
                delegate?.scrollContainerWillBeginZooming(self, with: zoomedView)
            case .didZoom:
                delegate?.scrollContainerDidZoom(self)
            case .didEndZooming(let scale):
                delegate?.scrollContainerDidEndZooming(self, with: zoomedView, atScale: scale)
            case .refresh:
                refreshControl?.onRefresh?()
            case .notifyObservers:
                if !notifications.observers.isEmpty { notifications.observers.rootDidChange(self) }
            }
        }
    }
}

extension ScrollContainer {
    @MainActor
    struct NotificationState {
        var effects = ScrollEffectQueue()
        /// Whether effects are being sent, for a container outside a window; in one, the window's effect runner orders
        /// the drains.
        var isDraining = false
        let observers = ObserverRegistry<ScrollContainer>()
    }
}
