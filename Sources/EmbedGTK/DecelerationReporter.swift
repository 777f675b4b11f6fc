import GtkExampleSupport
import ToolkitGTK

/// For `--stats`: says on stderr where the list comes to rest after a fling (`stats: deceleration ended X Y`, points),
/// so that a test can wait for the end of the motion instead of guessing it from a quiet spell.
@MainActor
final class DecelerationReporter: ScrollContainerDelegate {
    func scrollContainerDidEndDecelerating(_ container: ScrollContainer) {
        printError("stats: deceleration ended \(container.contentOffset.x) \(container.contentOffset.y)")
    }
}
