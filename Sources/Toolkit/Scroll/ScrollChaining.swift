/// Whether a scroll container lets a gesture it cannot use go on to the containers around it
/// (`ScrollContainer.scrollChaining`, <doc:ScrollBehaviour> §14; CSS `overscroll-behavior`).
public enum ScrollChaining: Sendable, Equatable {
    /// A touch drag that starts while the container is at its edge in the drag's direction goes to the nearest
    /// container around it that can move that way (the container is passed over).
    case automatic
    /// The container keeps every gesture that starts on it and rubber-bands at its edges, as UIKit's scroll views
    /// do (CSS `overscroll-behavior: contain`).
    case contained
}
