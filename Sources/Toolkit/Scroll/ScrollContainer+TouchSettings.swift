extension ScrollContainer {
    /// Whether touches scroll the container. When false, touches go straight to the content. Default true.
    public var isScrollEnabled: Bool {
        get { touchSettings.isScrollEnabled }
        set {
            guard newValue != touchSettings.isScrollEnabled else { return }
            touchSettings.isScrollEnabled = newValue
            if !newValue, let arena = attachedWindow?.touchArena {
                drag.isWithdrawingToSettle = true
                arena.withdraw(dragRecognizer)
                drag.isWithdrawingToSettle = false
            }
            finishChange()
        }
    }

    /// Whether a new touch is held back from the content for `contentTouchDelay` (or until a drag starts). Default
    /// true.
    public var delaysContentTouches: Bool {
        get { touchSettings.delaysContentTouches }
        set {
            touchSettings.delaysContentTouches = newValue
            syncConfiguration()
            finishChange()
        }
    }

    /// How long `delaysContentTouches` holds a touch back. Negative values count as zero. Default 150 ms.
    public var contentTouchDelay: Duration {
        get { touchSettings.contentTouchDelay }
        set {
            touchSettings.contentTouchDelay = newValue
            if touchSettings.contentTouchDelay < .zero { touchSettings.contentTouchDelay = .zero }
            syncConfiguration()
            finishChange()
        }
    }

    /// Whether a drag may cancel the content's touches; when false the content keeps a touch until it lifts.
    /// Default true.
    public var canCancelContentTouches: Bool {
        get { touchSettings.canCancelContentTouches }
        set {
            touchSettings.canCancelContentTouches = newValue
            syncConfiguration()
            finishChange()
        }
    }

    /// How far the fingers' centroid may move, in points, before a drag can start. Non-finite or negative
    /// values count as zero. Default 10.
    public var touchSlop: Double {
        get { touchSettings.touchSlop }
        set {
            touchSettings.touchSlop = newValue
            syncConfiguration()
            finishChange()
        }
    }

    /// Whether a drag moves along one axis only, the dominant one at the slop crossing, for the whole drag
    /// and the deceleration after it (strict, diagonals included). Default false.
    public var isDirectionalLockEnabled: Bool {
        get { touchSettings.isDirectionalLockEnabled }
        set {
            touchSettings.isDirectionalLockEnabled = newValue
            syncConfiguration()
            finishChange()
        }
    }

    /// Fewest fingers that drag, at least 1. With 2 or more, one finger goes to the content at once; a second one
    /// within `contentTouchDelay` cancels that touch and the fingers scroll. Default 1.
    public var minimumNumberOfTouches: Int {
        get { touchSettings.minimumNumberOfTouches }
        set {
            touchSettings.minimumNumberOfTouches = newValue
            if touchSettings.minimumNumberOfTouches < 1 { touchSettings.minimumNumberOfTouches = 1 }
            syncConfiguration()
            finishChange()
        }
    }

    /// Most fingers that can start a drag; fingers beyond it do not steer a running drag. At least
    /// `minimumNumberOfTouches` in effect. Default `Int.max`.
    public var maximumNumberOfTouches: Int {
        get { touchSettings.maximumNumberOfTouches }
        set {
            touchSettings.maximumNumberOfTouches = newValue
            if touchSettings.maximumNumberOfTouches < 1 { touchSettings.maximumNumberOfTouches = 1 }
            syncConfiguration()
            finishChange()
        }
    }

    /// Whether a primary-button pointer drag scrolls like one finger, through the same arbitration. Default false:
    /// the pointer's presses go to the content. The window's `pointerEmulatesTouch` turns it on for every container.
    public var pointerDragScrolls: Bool {
        get { touchSettings.pointerDragScrolls }
        set {
            touchSettings.pointerDragScrolls = newValue
            finishChange()
        }
    }

    /// Whether wheel detents and scrolling keys animate (0.1 s per step) or jump at once. Default true.
    public var smoothWheelScrolling: Bool {
        get { touchSettings.smoothWheelScrolling }
        set {
            touchSettings.smoothWheelScrolling = newValue
            finishChange()
        }
    }
}

extension ScrollContainer {
    /// The touch settings of <doc:ScrollBehaviour> §2 to §4, which the arbitration copies (`syncConfiguration`).
    struct TouchSettings {
        var isScrollEnabled: Bool = true
        var delaysContentTouches: Bool = true
        var contentTouchDelay: Duration = .milliseconds(150)
        var canCancelContentTouches: Bool = true
        var touchSlop: Double = 10
        var isDirectionalLockEnabled: Bool = false
        var minimumNumberOfTouches: Int = 1
        var maximumNumberOfTouches: Int = Int.max
        var pointerDragScrolls: Bool = false
        var smoothWheelScrolling: Bool = true
    }
}
