import Toolkit

/// A horizontal pager whose pages are vertical lists: horizontal drags page, vertical drags scroll the list
/// under the finger, with no code in the app to arbitrate between them.
enum PagingDemo {
    static let pageCount = 5

    @MainActor static let demo = Demo(
        id: "paging", title: "Paging",
        caption: "Flick sideways: one page per flick, never two. Drag up or down: only the list under you scrolls.",
        make: { context in
            let frame = context.frame
            let pager = ScrollContainer(frame: frame)
            pager.isPagingEnabled = true
            pager.pagingAxes = [.horizontal]
            pager.contentSize = Size(width: frame.width * Double(pageCount), height: frame.height)
            var lists: [View] = []
            for page in 0..<pageCount {
                let list = Lists.verticalList(
                    frame: Rect(x: Double(page) * frame.width, y: 0, width: frame.width, height: frame.height),
                    count: 40, prefix: ["Page 1 ·", "ページ 2 ·", "الصفحة 3 ·", "Seite 4 ·", "Página 5 ·"][page])
                pager.addSubview(list)
                lists.append(list)
            }
            let readout = TouchStateReadout(container: pager, label: context.status) { pager in
                "page \(pager.currentPage.column + 1)/\(pageCount)"
            }
            let page = pager.observe(\.currentPage) { [weak readout] _, _ in readout?.update() }
            return DemoBuild(
                view: pager,
                settings: [
                    DemoSetting(title: "Paging", choices: ["sideways", "off"]) { pager.isPagingEnabled = $0 == 0 },
                    .toggle("Bounce", isOn: pager.bounces) { pager.bounces = $0 },
                    .toggle("Lock", isOn: pager.isDirectionalLockEnabled) {
                        pager.isDirectionalLockEnabled = $0
                    },
                    DemoSetting(title: "Rate", choices: ["normal", "fast"]) {
                        pager.decelerationRate = $0 == 0 ? .normal : .fast
                    },
                    // Right to left: the app places its pages from the right (page 1 at the right end); the pager
                    // starts there, counts pages from the right and puts its vertical bar on the left.
                    DemoSetting(title: "Direction", choices: ["LTR", "RTL"]) { choice in
                        let rightToLeft = choice == 1
                        for (page, list) in lists.enumerated() {
                            let column = rightToLeft ? pageCount - 1 - page : page
                            list.frame.origin.x = Double(column) * frame.width
                        }
                        pager.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
                    }
                ],
                keep: [readout, page] + readout.observe())
        },
        script: { window, frame in
            // A quick horizontal flick: one page to the right, never two.
            window.drag(
                from: Point(x: frame.maxX - 100, y: frame.midY), by: Point(x: -200, y: 0),
                duration: .milliseconds(80), steps: 5, lift: false)
            Snapshots.take(window)
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(50))
            Snapshots.take(window)
            window.advance(by: .milliseconds(550))
            Snapshots.take(window)
            // Then a vertical drag on the second page scrolls its list only.
            window.drag(
                from: Point(x: frame.midX, y: frame.maxY - 60), by: Point(x: 0, y: -150),
                duration: .milliseconds(300), steps: 10)
            window.advance(by: .milliseconds(800))
            Snapshots.take(window)
        })
}
