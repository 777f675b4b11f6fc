/// A view that acts on touches itself (a button, a slider).
///
/// A `ScrollContainer` does not take a touch away from a `Control` once it tracks it: its default
/// `touchesShouldCancel(in:)` answers false for controls, so a finger that starts on a slider and moves does
/// not scroll. Subclasses track `isHighlighted` while a touch is inside.
@MainActor
open class Control: View {
    /// Whether the control is shown pressed (a touch is down on it and inside it).
    open var isHighlighted: Bool = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// A disabled control ignores touches. Default true.
    open var isEnabled: Bool = true {
        didSet {
            if isEnabled != oldValue {
                isUserInteractionEnabled = isEnabled
                if !isEnabled { isHighlighted = false }
                setNeedsDisplay()
            }
        }
    }
}
