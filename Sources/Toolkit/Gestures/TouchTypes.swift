/// Kinds of fingers a gesture recognizer takes part in (`GestureRecognizer.allowedTouchTypes`).
public struct TouchTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A finger on a touchscreen.
    public static let direct = TouchTypes(rawValue: 1 << 0)
    /// The pointer's primary button held down (`Touch.pointerID`): a mouse press and drag.
    public static let pointer = TouchTypes(rawValue: 1 << 1)
    /// Both.
    public static let all: TouchTypes = [.direct, .pointer]
}
