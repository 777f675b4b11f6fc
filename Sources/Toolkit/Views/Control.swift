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

    /// A pointing hand: controls are pressed. Subclasses may answer another shape (a text field: `.text`), or
    /// nil to show the superview's. A disabled control is not hit by the pointer, so its superview's shows.
    open override var cursor: Cursor? { .hand }

    /// True: a control acts on taps (assistive technologies offer it the `click` action).
    open override var accessibilityHandlesTaps: Bool { true }

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
