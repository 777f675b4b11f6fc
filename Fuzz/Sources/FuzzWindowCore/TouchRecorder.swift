import Glibc
import ToolkitCore

/// What a content view checks about the touches it is told of: every touch that begins ends or is cancelled
/// exactly once, and nothing moves or ends that did not begin. A broken rule stops the run (libFuzzer keeps the
/// input that broke it).
@MainActor
final class TouchRules {
    private(set) var active: Set<Int> = []

    func began(_ touches: [Touch]) {
        for touch in touches {
            check(!active.contains(touch.id), "touch \(touch.id) began twice without an end")
            check(touch.location.x.isFinite && touch.location.y.isFinite, "a touch began at a non-finite location")
            active.insert(touch.id)
        }
    }

    func moved(_ touches: [Touch]) {
        for touch in touches {
            check(active.contains(touch.id), "touch \(touch.id) moved without having begun")
            check(touch.location.x.isFinite && touch.location.y.isFinite, "a touch moved to a non-finite location")
        }
    }

    func finished(_ touches: [Touch], _ how: String) {
        for touch in touches {
            check(active.remove(touch.id) != nil, "touch \(touch.id) \(how) without having begun, or twice")
        }
    }
}

/// A content view the container may take touches from (a drag cancels them).
@MainActor
final class ViewRecorder: View {
    let rules = TouchRules()

    override func touchesBegan(_ touches: [Touch]) { rules.began(touches) }
    override func touchesMoved(_ touches: [Touch]) { rules.moved(touches) }
    override func touchesEnded(_ touches: [Touch]) { rules.finished(touches, "ended") }
    override func touchesCancelled(_ touches: [Touch]) { rules.finished(touches, "was cancelled") }
}

/// A control: the container's `touchesShouldCancel(in:)` answers false for it, so a drag keeps away from it.
@MainActor
final class ControlRecorder: Control {
    let rules = TouchRules()

    override func touchesBegan(_ touches: [Touch]) { rules.began(touches) }
    override func touchesMoved(_ touches: [Touch]) { rules.moved(touches) }
    override func touchesEnded(_ touches: [Touch]) { rules.finished(touches, "ended") }
    override func touchesCancelled(_ touches: [Touch]) { rules.finished(touches, "was cancelled") }
}

/// Stops the process with `message` when `condition` is false: libFuzzer reports it as a crash and saves the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let text = "invariant broken: \(message())\n"
    text.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
    abort()
}

/// One line on stderr.
func trace(_ message: String) {
    let text = message + "\n"
    text.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
}
