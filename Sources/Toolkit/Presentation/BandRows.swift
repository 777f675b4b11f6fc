/// Where the band of a pending full-width scroll starts and ends, for a `FrameBase`
/// (`FramePresenter.bandRowsForPendingMove`): each nil when the band reaches that edge of the window.
@_spi(Presentation)
public struct BandRows: Equatable, Sendable {
    /// The band's first row, in points (the base takes the rows `0 ..< top`).
    public var top: Double?
    /// The row after the band, in points (the base takes the rows from there to the window's bottom).
    public var bottom: Double?
}
