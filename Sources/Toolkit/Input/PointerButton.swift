/// A pointer button.
public enum PointerButton: Sendable, Hashable {
    /// The primary button (Linux BTN_LEFT, 0x110).
    case left
    /// The secondary button (BTN_RIGHT, 0x111).
    case right
    /// The middle button or wheel click (BTN_MIDDLE, 0x112).
    case middle

    /// The Linux input event code of the button, as carried by `wl_pointer.button`.
    public var linuxCode: UInt32 {
        switch self {
        case .left: return 0x110
        case .right: return 0x111
        case .middle: return 0x112
        }
    }

    /// The button for a Linux input event code, or nil for buttons the toolkit does not name.
    public init?(linuxCode: UInt32) {
        switch linuxCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: return nil
        }
    }
}
