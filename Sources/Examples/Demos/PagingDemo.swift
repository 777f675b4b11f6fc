import Toolkit

/// A horizontal pager whose pages are vertical lists: horizontal drags page, vertical drags scroll the list
/// under the finger, with no code in the app to arbitrate between them.
enum PagingDemo {
    @MainActor static let demo = Demo(
        id: "paging", title: "Paging",
        make: { frame in
            let pager = ScrollContainer(frame: frame)
            pager.isPagingEnabled = true
            pager.pagingAxes = [.horizontal]
            pager.contentSize = Size(width: frame.width * 5, height: frame.height)
            for page in 0..<5 {
                let list = Lists.verticalList(
                    frame: Rect(x: Double(page) * frame.width, y: 0, width: frame.width, height: frame.height),
                    count: 40, prefix: ["Page 1 ·", "ページ 2 ·", "الصفحة 3 ·", "Seite 4 ·", "Página 5 ·"][page])
                pager.addSubview(list)
            }
            return pager
        },
        script: { window, frame in
            // A quick horizontal flick: one page to the right, never two.
            window.drag(from: Point(x: frame.maxX - 100, y: frame.midY), by: Point(x: -200, y: 0),
                        duration: .milliseconds(80), steps: 5)
            window.advance(by: .milliseconds(600))
            // Then a vertical drag on the second page scrolls its list only.
            window.drag(from: Point(x: frame.midX, y: frame.maxY - 60), by: Point(x: 0, y: -150),
                        duration: .milliseconds(300), steps: 10)
            window.advance(by: .milliseconds(800))
        })
}
