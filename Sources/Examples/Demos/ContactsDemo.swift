import Toolkit

/// A million contacts in a `ListContainer`: sticky letter headers, rows of two heights, a jump to any letter
/// (`scrollToRow`), new contacts inserted at the top while you read (the rows in view stay still: scroll
/// anchoring), multiple selection (tap or click toggles, Shift + click a range, Ctrl + click, the keys once a row is
/// focused, Ctrl + A), "Sync": a batch of 1,000 random changes, animated, some of them above the rows in view (which
/// stay still); and the row count, the live views and the selected count in the status line.
enum ContactsDemo {
    @MainActor static let demo = Demo(
        id: "contacts", title: "Contacts",
        caption:
            "1,000,000 rows. Tap, Shift/Ctrl-click, keys select; Sync animates 1,000 changes: what you read stays.",
        make: { context in
            let book = ContactBook()
            let list = ListContainer(frame: Rect(origin: .zero, size: context.frame.size))
            let holder = ContactsHolder(frame: context.frame, list: list)
            list.selectionMode = .multiple
            list.dataSource = book
            let readout = TouchStateReadout(container: list, label: context.status) { container in
                guard let list = container as? ListContainer else { return "" }
                return
                    "rows: \(list.numberOfRows) · live views: \(list.numberOfLiveViews) · selected: \(list.selectedRows.count)"
            }
            list.onSelectionChange = { _ in readout.update() }
            let add = Button(
                frame: Rect(x: context.frame.width - 76, y: context.frame.height - 52, width: 64, height: 40),
                title: "+3"
            ) { _ in
                book.insertAtTop(3)
                list.insertRows(at: [1, 2, 3])
                readout.update()
            }
            holder.addSubview(add)
            let sync = Button(
                frame: Rect(x: context.frame.width - 160, y: context.frame.height - 52, width: 76, height: 40),
                title: "Sync"
            ) { _ in
                book.sync(list, changes: 1_000)
                readout.update()
            }
            holder.addSubview(sync)
            let token = list.observe(\.contentOffset) { _, _ in readout.update() }
            return DemoBuild(
                view: holder,
                settings: [
                    DemoSetting(title: "Jump", choices: ContactBook.jumpLetters.map { String($0) }) { index in
                        list.scrollToRow(book.headerRow(of: ContactBook.jumpLetters[index]), at: .top, animated: false)
                        readout.update()
                    },
                    DemoSetting(title: "Heights", choices: ["varied", "equal"]) { index in
                        book.variedHeights = index == 0
                        list.reloadData()
                        readout.update()
                    }
                ],
                keep: [book, token, readout] + readout.observe())
        },
        script: { window, frame in
            // Read a little way into "A", add rows at the top (nothing moves), select three rows, then the strip:
            // Sync's batch of 1,000 changes animating, frame by frame over its 0.3 s (rows slide, grow and fade;
            // the rows read stay still), then a fling for the end picture.
            let start = Point(x: frame.midX, y: frame.maxY - 80)
            window.drag(from: start, by: Point(x: 0, y: -400), duration: .milliseconds(400), steps: 20)
            window.advance(by: .milliseconds(600))
            window.tap(Point(x: frame.maxX - 44, y: frame.maxY - 32))
            window.advance(by: .milliseconds(100))
            for y in [120.0, 220, 320] {
                window.tap(Point(x: frame.midX, y: frame.minY + y))
                window.advance(by: .milliseconds(100))
            }
            Snapshots.take(window)
            // The tap lands on Sync at its lift (16 ms before `tap` returns); then a picture every 50 ms.
            window.tap(Point(x: frame.maxX - 122, y: frame.maxY - 32))
            for _ in 0..<5 {
                window.advance(by: .milliseconds(50))
                Snapshots.take(window)
            }
            window.advance(by: .milliseconds(100))
            Snapshots.take(window)
            window.drag(from: start, by: Point(x: 0, y: -300), duration: .milliseconds(60), steps: 4)
            window.advance(by: .milliseconds(300))
        })
}

/// The demo's view: it gives the list the window's colour scheme's background (white, or near black when the
/// desktop prefers dark), now and whenever the scheme changes; the list's own selection colours follow by themselves.
final class ContactsHolder: View {
    let list: ListContainer

    init(frame: Rect, list: ListContainer) {
        self.list = list
        super.init(frame: frame)
        addSubview(list)
        list.backgroundColor = ContactsHolder.listBackground(.light)
    }

    static func listBackground(_ scheme: ColorScheme) -> Color {
        scheme == .dark ? Color(white: 0.11) : .white
    }

    override func didMoveToWindow() { list.backgroundColor = ContactsHolder.listBackground(colorScheme) }
    override func colorSchemeDidChange() { list.backgroundColor = ContactsHolder.listBackground(colorScheme) }
}

/// A letter header: grey band, the letter in bold; darker greys in a dark window.
final class ContactHeaderView: View {
    var letter = "" { didSet { setNeedsDisplay() } }

    init() {
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.92)
    }

    override func didMoveToWindow() { followScheme() }
    override func colorSchemeDidChange() { followScheme() }

    private func followScheme() {
        backgroundColor = Color(white: colorScheme == .dark ? 0.2 : 0.92)
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText(letter, at: Point(x: 16, y: 6), size: 15, color: Color(white: colorScheme == .dark ? 0.8 : 0.3))
    }

    /// A screen reader reads the letter (the list item's name).
    override var defaultAccessibilityLabel: String? { letter }
}

/// A contact: a round swatch, the name, and optionally a second line.
final class ContactRowView: View {
    var name = "" { didSet { setNeedsDisplay() } }
    var detail: String? { didSet { setNeedsDisplay() } }
    var color = Color.white { didSet { setNeedsDisplay() } }

    /// Clear: the list draws the selection's highlight behind its rows (and the list itself is white).
    init() {
        super.init(frame: .zero)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        detail = nil
    }

    /// Text and separator greys follow the window's colour scheme.
    override func colorSchemeDidChange() { setNeedsDisplay() }

    override func draw(in canvas: Canvas) {
        let b = bounds
        let dark = colorScheme == .dark
        canvas.fillRoundedRect(Rect(x: 16, y: 8, width: 32, height: 32), radius: 16, color: color)
        canvas.drawText(name, at: Point(x: 60, y: 13), size: 17, color: Color(white: dark ? 0.92 : 0.1))
        if let detail {
            canvas.drawText(detail, at: Point(x: 60, y: 38), size: 13, color: Color(white: dark ? 0.65 : 0.45))
        }
        canvas.fill(
            Rect(x: 60, y: b.height - 1, width: b.width - 60, height: 1), color: Color(white: dark ? 0.25 : 0.88))
    }

    /// A screen reader reads the name, then the number when there is one (the list item's name).
    override var defaultAccessibilityLabel: String? { detail.map { "\(name), \($0)" } ?? name }
}
