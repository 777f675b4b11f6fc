/// A view that acts on touches itself (a button, a slider): a `ScrollContainer` does not take a touch away from
/// it once it tracks one (`touchesShouldCancel(in:)`). Subclasses track `isHighlighted`.
@MainActor
open class Control: View {
    /// Whether the control is shown pressed (a touch is down on it and inside it).
    open var isHighlighted: Bool = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// A pointing hand. A disabled control is not hit by the pointer, so its superview's cursor shows.
    open override var cursor: Cursor? { .hand }

    /// True: assistive technologies offer the `click` action.
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
