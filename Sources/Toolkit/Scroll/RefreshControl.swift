// Pull to refresh (<doc:ScrollBehaviour> §15). The container does the work (`ScrollContainer+Refresh.swift`); the
// spinner's dots show the pull's share of `triggerDistance`, then turn once every `spinPeriod` while refreshing.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pull-to-refresh control for a `ScrollContainer` (set it as the container's `refreshControl`): a spinner drawn
/// by the toolkit above the content's top edge.
///
/// A pull past the top edge by at least `triggerDistance` starts refreshing at the lift: `onRefresh` runs once and the
/// content rests `height` points below the edge until `endRefreshing()`.
@MainActor
public final class RefreshControl: View {
    static let spokeCount = 8
    static let spinPeriod: Duration = .milliseconds(800)
    /// The spokes' grey level (0 black, 1 white) in a `.light` window and in a `.dark` one.
    static let lightSchemeSpokeWhite = 0.35
    static let darkSchemeSpokeWhite = 0.75
    /// How long `endRefreshing()` takes to bring the content back.
    static let endAnimationDuration: Duration = .milliseconds(300)

    /// Runs once when a pull starts refreshing, after the lift; it may call `endRefreshing()` at once or later. Not
    /// called by `beginRefreshing()`.
    public var onRefresh: (() -> Void)?

    /// Whether a refresh runs (from the triggering lift or `beginRefreshing()` until `endRefreshing()`).
    public private(set) var isRefreshing = false

    /// How far past the top edge (the rubber-banded overscroll at the lift, points) a pull starts refreshing.
    /// Non-finite or negative values count as zero. Default 80.
    public var triggerDistance: Double = 80 {
        didSet { if !(triggerDistance.isFinite && triggerDistance >= 0) { triggerDistance = 0 } }
    }

    /// The height of the control, in points: while refreshing the content rests this far below the top edge.
    /// Non-finite or negative values count as zero. Default 60.
    public var height: Double = 60 {
        didSet {
            if !(height.isFinite && height >= 0) { height = 0 }
            if height != oldValue { container?.refreshControlDidChange(oldHeight: oldValue) }
        }
    }

    /// The spinner's phase, 0..<1 of a turn (set by the container's frame animator while refreshing).
    var spinPhase = 0.0 {
        didSet { if spinPhase != oldValue { setNeedsDisplay() } }
    }

    var container: ScrollContainer? { superview as? ScrollContainer }

    /// A control of `height` points; give it to a container as its `refreshControl`.
    public init() {
        super.init(frame: .zero)
    }

    /// Starts refreshing without a pull (`onRefresh` does not run); content resting at the top edge moves down over
    /// 0.3 s to show the control. Does nothing while refreshing.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        setNeedsDisplay()
        container?.refreshingDidBegin(byPull: false)
    }

    /// Ends refreshing: content resting above the top edge returns to it over 0.3 s. Does nothing when not refreshing.
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinPhase = 0
        setNeedsDisplay()
        container?.refreshingDidEnd()
    }

    /// A pull crossed the trigger at the lift: refreshing starts (the container runs `onRefresh` afterwards).
    func beginRefreshingFromPull() {
        isRefreshing = true
        setNeedsDisplay()
    }

    /// Draws the spinner at the centre of the control.
    public override func draw(in canvas: Canvas) {
        let progress: Double
        if isRefreshing {
            progress = 1
        } else if let container, triggerDistance > 0 {
            progress = min(1, max(0, container.refreshPull / triggerDistance))
        } else {
            progress = 0
        }
        let shown = Int((progress * Double(RefreshControl.spokeCount)).rounded(.down))
        guard shown > 0 else { return }
        let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
        let radius = max(0, min(12, bounds.height / 2 - 6))
        let dot = 5.0
        // Grey dots on light surfaces, light grey on dark ones (the window's colour scheme, <doc:ScrollBehaviour> §22).
        let spokeWhite =
            colorScheme == .dark ? RefreshControl.darkSchemeSpokeWhite : RefreshControl.lightSchemeSpokeWhite
        let bright = Int((spinPhase * Double(RefreshControl.spokeCount)).rounded(.down)) % RefreshControl.spokeCount
        for k in 0..<shown {
            // Clockwise from the top; the brightest trails off behind the moving head.
            let angle = Double(k) / Double(RefreshControl.spokeCount) * 2 * Double.pi
            let p = Point(x: centre.x + radius * sin(angle), y: centre.y - radius * cos(angle))
            let behind = (bright - k + RefreshControl.spokeCount) % RefreshControl.spokeCount
            let alpha = isRefreshing ? 1 - 0.1 * Double(behind) : 0.6
            canvas.fillRoundedRect(
                Rect(x: p.x - dot / 2, y: p.y - dot / 2, width: dot, height: dot),
                radius: dot / 2, color: Color(white: spokeWhite, alpha: alpha))
        }
    }
}
