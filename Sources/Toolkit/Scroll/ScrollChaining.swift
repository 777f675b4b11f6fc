/// Whether a scroll container lets a gesture it cannot use go on to the containers around it
/// (`ScrollContainer.scrollChaining`, <doc:ScrollBehaviour> §14; CSS `overscroll-behavior`).
public enum ScrollChaining: Sendable, Equatable {
    /// A gesture that starts at the container's edge in its direction goes to the nearest container around it that can
    /// move that way, and what the container cannot use of a gesture goes on to it.
    case automatic
    /// The container keeps every gesture that starts on it and rubber-bands at its edges, as UIKit's scroll views
    /// do (CSS `overscroll-behavior: contain`).
    case contained
}
