// Compile-time check: the lines of shared/spec/conformance/ScrollBehaviourConformance.swift for the names this
// part of SCROLL.md 14-15 implements (chaining, snapping, retargeting, pull to refresh), so that the test target
// holds their exact API.md spelling before the whole `--bars` check can pass (bars and anchoring come from other
// work).
import ToolkitCore

@MainActor
func snapRetargetRefreshConformance(_ c: ScrollContainer, _ content: View) {
    c.scrollChaining = .automatic
    c.scrollChaining = .contained
    c.snapping = .none
    c.snapping = .proximity
    c.snapping = .mandatory
    content.snapAlignment = .start
    content.snapAlignment = .center
    content.snapAlignment = .end
    content.snapAlignment = nil
    c.setContentOffset(Point(x: 0, y: 10), animation: .none)
    c.setContentOffset(Point(x: 0, y: 20), animation: .easeOut(duration: .milliseconds(300)))
    c.setContentOffset(Point(x: 0, y: 30), animation: .spring(response: .milliseconds(400), dampingRatio: 1))
    let refresh = RefreshControl()
    refresh.onRefresh = { refresh.endRefreshing() }
    refresh.triggerDistance = 80
    refresh.height = 60
    let _: Bool = refresh.isRefreshing
    refresh.beginRefreshing()
    c.refreshControl = refresh
    c.refreshControl = nil
}
