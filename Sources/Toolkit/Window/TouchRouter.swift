/// Delivers touches to the views they landed on.
///
/// Each touch id is bound at its down to the deepest view under it (`hitTest`) and every later event for that
/// id goes to the same view, which gets exactly one end (`touchesEnded` or `touchesCancelled`). Events for ids
/// that are not down are dropped; a second down for an id that is down ends the first one first.
@MainActor
final class TouchRouter {
    private struct Tracked {
        var touch: Touch
        weak var view: View?
    }

    private var tracked: [Tracked] = []

    init() {
        tracked.reserveCapacity(10)
    }

    func touchDown(id: Int, at location: Point, time: Duration, in window: WindowCore) {
        if tracked.contains(where: { $0.touch.id == id }) {
            touchUp(id: id, time: time, in: window)
        }
        window.updateFocus(at: location)
        let touch = Touch(id: id, location: location, timestamp: time)
        guard let view = window.rootView.hitTest(location) else { return }
        tracked.append(Tracked(touch: touch, view: view))
        view.touchesBegan([touch])
    }

    func touchMoved(id: Int, to location: Point, time: Duration, in window: WindowCore) {
        guard let index = tracked.firstIndex(where: { $0.touch.id == id }) else { return }
        tracked[index].touch.location = location
        tracked[index].touch.timestamp = time
        tracked[index].view?.touchesMoved([tracked[index].touch])
    }

    func touchUp(id: Int, time: Duration, in window: WindowCore) {
        guard let index = tracked.firstIndex(where: { $0.touch.id == id }) else { return }
        var entry = tracked.remove(at: index)
        entry.touch.timestamp = time
        entry.view?.touchesEnded([entry.touch])
    }

    func frame(time: Duration, in window: WindowCore) {}

    func cancelAll(time: Duration, in window: WindowCore) {
        let all = tracked
        tracked.removeAll(keepingCapacity: true)
        for var entry in all {
            entry.touch.timestamp = time
            entry.view?.touchesCancelled([entry.touch])
        }
    }

    func viewWillLeave(_ view: View, time: Duration, in window: WindowCore) {
        var index = 0
        while index < tracked.count {
            if let target = tracked[index].view, target.isDescendant(of: view) {
                var entry = tracked.remove(at: index)
                entry.touch.timestamp = time
                target.touchesCancelled([entry.touch])
            } else {
                index += 1
            }
        }
    }
}
