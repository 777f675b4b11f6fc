/// One registered observation as `ObserverRegistry` sees it, with the observed value's type erased.
///
/// The registry keeps a list of these for any mix of value types. Erasure goes through this class-bound
/// protocol (a reference plus a witness table) rather than through `Any`, so sampling and delivering never box a
/// value: each conforming type keeps its values in typed storage (see `TypedObserver`).
@MainActor
protocol ObserverEntry<Root>: AnyObject {
    /// The type of the observed object.
    associatedtype Root: AnyObject

    /// Shared with the `Observation` token; raised when the observation ends.
    var flag: ObservationFlag { get }

    /// Reads the observed value from `root` once. When it differs from the last value seen, remembers it as a
    /// pending delivery and returns true: the caller must then queue this entry once for that delivery.
    func sample(_ root: Root) -> Bool

    /// Queues the `.initial` call (old value `nil`): the caller must queue this entry once for it.
    func queueInitial()

    /// Makes the oldest pending delivery, if any (none is left after `discardPending()` or when invalidated).
    func deliverNext(_ root: Root)

    /// Forgets every pending delivery and takes the last delivered value as the last value seen, so that the
    /// next sample reports any difference from what the handler last saw.
    func discardPending()
}
