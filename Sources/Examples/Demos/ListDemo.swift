import Toolkit

/// A long vertical list of rows: drag, fling, rubber band at the ends, rows that highlight on a held press and
/// un-highlight when the finger starts scrolling. The settings change the touch arbitration live.
enum ListDemo {
    @MainActor static let demo = Demo(
        id: "list", title: "List",
        caption: "Hold a row: it lights up after 150 ms. Flick, then tap: the tap stops the list and opens nothing.",
        make: { context in
            // The list starts right under the bar and its rows are 56 pt with swatches at x 12...52: the
            // end-to-end tests (GalleryEndToEndTests, MutterTouchTests) read those pixels.
            var readout: TouchStateReadout?
            let list = Lists.verticalList(frame: context.frame, count: 200, greetings: true) { pressed in
                readout?.contentHasTouch = pressed
            }
            let state = TouchStateReadout(container: list, label: context.status)
            readout = state
            return DemoBuild(
                view: list,
                settings: [
                    .toggle("Delay", isOn: list.delaysContentTouches) { list.delaysContentTouches = $0 },
                    .toggle("Cancel", isOn: list.canCancelContentTouches) { list.canCancelContentTouches = $0 },
                    .toggle("Bounce", isOn: list.bounces) { list.bounces = $0 },
                    // (The deceleration rate is a setting of the lock, paging, observers and wheel demos: the bars
                    // need this one's room.)
                    // Scroll bars (<doc:ScrollBehaviour> §13): hover the right edge to widen the bar, drag its thumb, click
                    // its track (Shift: one page). Bars: .automatic, .always ("on"), .never ("off"); Style:
                    // .default ("std"), .dark, .light.
                    DemoSetting(title: "Bars", choices: ["auto", "on", "off"]) {
                        list.scrollbarVisibility = [ScrollbarVisibility.automatic, .always, .never][$0]
                    },
                    DemoSetting(title: "Style", choices: ["std", "dark", "light"]) {
                        list.indicatorStyle = [ScrollIndicatorStyle.default, .dark, .light][$0]
                    }
                ],
                keep: [state] + state.observe())
        },
        script: { window, frame in
            // A 300 pt upward drag over 100 ms, released while moving: the list keeps going after lift-off.
            let start = Point(x: frame.midX, y: frame.maxY - 100)
            window.drag(from: start, by: Point(x: 0, y: -300), duration: .milliseconds(100), lift: false)
            Snapshots.take(window)
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(150))
            Snapshots.take(window)
            window.advance(by: .milliseconds(250))
            Snapshots.take(window)
            // Scroll bars (<doc:ScrollBehaviour> §13): once the list rests, the pointer comes near the right edge and the bar
            // widens (8 pt with its trough); then the thumb is dragged 150 pt down with the primary button.
            window.advance(by: .seconds(3))
            var view = window.rootView.hitTest(Point(x: frame.midX, y: frame.midY))
            while let current = view, !(current is ScrollContainer) { view = current.superview }
            guard let list = view as? ScrollContainer else { return }
            window.pointerMove(to: Point(x: frame.maxX - 40, y: frame.midY))
            window.pointerMove(to: Point(x: frame.maxX - 12, y: frame.midY))
            window.advance(by: .milliseconds(200))
            Snapshots.take(window)
            guard let thumb = list.scrollbarThumbFrame(for: .vertical) else { return }
            window.pointerMove(to: Point(x: thumb.midX, y: thumb.midY))
            window.pointerButton(.left, pressed: true)
            for k in 1...10 {
                window.advance(by: .milliseconds(16))
                window.pointerMove(to: Point(x: thumb.midX, y: thumb.midY + 15 * Double(k)))
            }
            window.advance(by: .milliseconds(16))
            Snapshots.take(window)
            window.pointerButton(.left, pressed: false)
        })
}
