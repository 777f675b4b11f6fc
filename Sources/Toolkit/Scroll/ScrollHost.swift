/// What a scroll container needs from its window beyond what every view needs: the touch arbitration it takes
/// part in, and whether the pointer stands in for a finger.
///
/// `WindowCore` implements it; the container never names the window or its router (<doc:Design>).
@MainActor
protocol ScrollHost: ViewHost {
    /// The arbitration of the window's touches between content views and scroll containers.
    var touchArbiter: any TouchArbiter { get }
    /// Whether a primary-button drag scrolls every container like one finger (`WindowCore.pointerEmulatesTouch`).
    var pointerEmulatesTouch: Bool { get }
    /// The modifier keys held now (a list's Ctrl + click and Shift + click).
    var keyboardModifiers: KeyModifiers { get }
}

/// What a container tells the window's touch arbitration, and asks it (<doc:ScrollBehaviour> §2). The window's touch
/// router implements it.
@MainActor
protocol TouchArbiter: AnyObject {
    /// Whether an input event is being handled right now (effects then wait for the end of it).
    var isHandlingEvent: Bool { get }
    /// The container stops taking part in the arbitration of its current fingers (scrolling was turned off).
    func detach(_ container: any TouchParticipant)
    /// The container lets the content have the touches it held back.
    func containerReleasedContent(_ container: any TouchParticipant)
    /// The container claims its fingers (for a drag when `drags`); the others tracking them decline.
    func containerClaimed(_ container: any TouchParticipant, drags: Bool)
    /// The container cancels the content's touches (a drag took over past the slop).
    func containerCancelsContent(_ container: any TouchParticipant)
    /// The content view that received touch `id` (its `touchesBegan` was delivered), if any.
    func deliveredView(forTouch id: Int) -> View?
    /// The container has notifications queued: the arbitration sends them once the current event is handled.
    func containerHasEffects(_ container: any TouchParticipant)
}

/// What a container wants for the content touch of a finger that just touched down.
enum ContentTouchDisposition: Int, Comparable {
    /// The content may have it now.
    case deliver = 0
    /// The content must wait (a container's delay runs).
    case hold = 1
    /// The content never gets it.
    case suppress = 2

    static func < (a: ContentTouchDisposition, b: ContentTouchDisposition) -> Bool { a.rawValue < b.rawValue }
}
