// Notifications after changes: delegate calls and key-path observers, sent from a queue once the state is
// consistent. Inside a touch event the window's router sends them when the event is fully handled; outside
// (a property set, a timer, a frame) they are sent before the call returns.

extension ScrollContainer {
    /// Calls `handler` after every change of the value at `keyPath` (any `Equatable` property reached from
    /// the container: `\.contentOffset`, `\.contentOffset.y`, `\.isDragging`, `\.currentPage`, ...), with the
    /// old and new values. Never called when a value is set to what it already was; `.initial` calls it once
    /// now, with no old value. The observation lasts while the returned token lives (or until
    /// `invalidate()`); the token does not keep the container alive. A handler may change the container:
    /// it is called again for that change after it returns, never recursively.
    ///
    /// Lifetime rule: the token owns `handler`, the container only refers to it weakly. A handler that captures
    /// the container (or a view holding it) keeps it alive only as long as the token: once the token is
    /// invalidated or released, the handler is released at once and the container lives or dies by its other
    /// owners. Do not store the token in an object the handler captures strongly (that object would then keep
    /// itself alive); the handler's first argument is the container, so it rarely needs to capture it at all.
    @discardableResult
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<ScrollContainer, Value>,
        options: ObservationOptions = [],
        _ handler: @escaping @MainActor (ScrollContainer, ObservedChange<Value>) -> Void
    ) -> Observation {
        notifications.observers.observe(keyPath, on: self, options: options, handler: handler)
    }

    /// Ends a change: observers are due. Sends the queued notifications now, or lets the router send them
    /// when the touch event it is handling is done.
    func finishChange() {
        notifications.effects.push(.notifyObservers)
        if let arena = attachedWindow?.touchArena, arena.isHandlingInput {
            dragRecognizer.heldDriver = self
            dragRecognizer.isQueuedForEffects = true
            arena.queueEffects(of: dragRecognizer)
        } else {
            drainEffects()
            // The arena is done with the container: its recognizer lets go of it (as the last thing: that may
            // free it).
            if !hasFingers && !dragRecognizer.isQueuedForEffects && dragRecognizer.heldDriver != nil {
                withExtendedLifetime(self) { dragRecognizer.heldDriver = nil }
            }
        }
    }

    /// Sends the queued notifications, in order. Re-entrant calls return at once: the running loop takes
    /// what they queued.
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
    /// Notifications owed, sent after the change, and the key-path observers.
    @MainActor
    struct NotificationState {
        var effects = ScrollEffectQueue()
        /// Whether effects are being sent (re-entrant changes only queue). Needed for a container outside a window;
        /// in one, the window's effect runner orders the drains.
        var isDraining = false
        let observers = ObserverRegistry<ScrollContainer>()
    }
}
