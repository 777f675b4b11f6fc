/// Whether a scroll container lets a gesture it cannot use go on to the containers around it
/// (`ScrollContainer.scrollChaining`, <doc:ScrollBehaviour> §14; CSS `overscroll-behavior`).
public enum ScrollChaining: Sendable, Equatable {
    /// A touch drag, touchpad swipe or wheel sequence that starts while the container is at its edge in the
    /// gesture's direction goes to the nearest container around it that can move that way (the container is passed
    /// over), and during a gesture the part of each delta (or fling velocity) the container cannot use goes on to
    /// it.
    case automatic
    /// The container keeps every gesture that starts on it and rubber-bands at its edges, as UIKit's scroll views
    /// do (CSS `overscroll-behavior: contain`).
    case contained
}
