/// One registered observation as `ObserverRegistry` sees it, with the observed value's type erased.
///
/// Erased through this class-bound protocol rather than `Any`, so sampling and delivering never box a value.
@MainActor
protocol ObserverEntry<Root>: AnyObject {
    associatedtype Root: AnyObject

    /// Shared with the `Observation` token; raised when the observation ends.
    var flag: ObservationFlag { get }

    /// Reads the observed value once; when it differs from the last seen, records a pending delivery and returns true
    /// (the caller then queues this entry once).
    func sample(_ root: Root) -> Bool

    /// Queues the `.initial` call (old value `nil`): the caller must queue this entry once for it.
    func queueInitial()

    /// Makes the oldest pending delivery, if any (none is left after `discardPending()` or when invalidated).
    func deliverNext(_ root: Root)

    /// Forgets pending deliveries and takes the last delivered value as the last seen, so the next sample reports any
    /// difference from what the handler last saw.
    func discardPending()
}
