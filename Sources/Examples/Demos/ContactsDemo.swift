import Toolkit

/// A million contacts in a `ListContainer`: sticky letter headers, rows of two heights, a jump to any letter
/// (`scrollToRow`), new contacts inserted at the top while you read (the rows in view stay still: scroll
/// anchoring), and the row count and the number of live views in the status line (about 20, whatever
/// the row count).
enum ContactsDemo {
    @MainActor static let demo = Demo(
        id: "contacts", title: "Contacts",
        caption: "1,000,000 rows, views made only near the screen. Jump to a letter; +3 adds rows at the top: nothing moves.",
        make: { context in
            let book = ContactBook()
            let holder = View(frame: context.frame)
            let list = ListContainer(frame: Rect(origin: .zero, size: context.frame.size))
            list.backgroundColor = .white
            list.dataSource = book
            holder.addSubview(list)
            let readout = TouchStateReadout(container: list, label: context.status) { container in
                guard let list = container as? ListContainer else { return "" }
                return "rows: \(list.numberOfRows) · live views: \(list.numberOfLiveViews)"
            }
            let add = Button(frame: Rect(x: context.frame.width - 76, y: context.frame.height - 52, width: 64, height: 40),
                             title: "+3") { _ in
                book.insertAtTop(3)
                list.insertRows(at: [1, 2, 3])
                readout.update()
            }
            holder.addSubview(add)
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
                    },
                ],
                keep: [book, token, readout] + readout.observe())
        },
        script: { window, frame in
            // Read a little way into "A", add rows at the top (nothing moves), then fling.
            let start = Point(x: frame.midX, y: frame.maxY - 80)
            window.drag(from: start, by: Point(x: 0, y: -400), duration: .milliseconds(400), steps: 20)
            window.advance(by: .milliseconds(600))
            Snapshots.take(window)
            window.tap(Point(x: frame.maxX - 44, y: frame.maxY - 32))
            window.advance(by: .milliseconds(100))
            Snapshots.take(window)
            window.drag(from: start, by: Point(x: 0, y: -300), duration: .milliseconds(60), steps: 4)
            window.advance(by: .milliseconds(300))
            Snapshots.take(window)
        })
}

/// The contacts: for each letter a header row, then that letter's people (generated from the row number, so that
/// nothing per row is stored); `inserted` new contacts sit right under the "A" header.
@MainActor
final class ContactBook: ListDataSource {
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let jumpLetters = Array("AEJMRW")
    static let rowsPerLetter = 38_461   // rows per letter, its header included
    static let firstNames = ["Ada", "Ben", "Chloé", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas",
                             "Kwame", "Lena", "Mateo", "Nia", "Olaf", "Priya", "Quinn", "Rosa", "Sami", "Tomás"]
    static let lastSyllables = ["ar", "bel", "cor", "dan", "en", "fal", "gor", "hin", "is", "jor", "ka", "lin",
                                "mer", "nor", "os", "pel"]
    private(set) var inserted = 0
    /// Whether rows have two heights (one contact in three has a second line) or all the estimate.
    var variedHeights = true

    func insertAtTop(_ count: Int) { inserted += count }

    /// The generated rows: 1,000,000 (the last letter takes the rest of the division by 26).
    var baseCount: Int { 1_000_000 }

    func numberOfRows(in list: ListContainer) -> Int { baseCount + inserted }

    /// The row of `letter`'s header.
    func headerRow(of letter: Character) -> Int {
        let index = ContactBook.letters.firstIndex(of: letter) ?? 0
        return index == 0 ? 0 : index * ContactBook.rowsPerLetter + inserted
    }

    /// The row's place in the generated book (nil: one of the inserted contacts).
    private func baseRow(_ row: Int) -> Int? {
        if row == 0 { return 0 }
        if row <= inserted { return nil }
        return row - inserted
    }

    /// The letter (index in `letters`) of generated row `base`: the last one takes the rows past 26 full letters.
    static func letterIndex(ofBaseRow base: Int) -> Int { min(letters.count - 1, base / rowsPerLetter) }

    func letter(ofRow row: Int) -> Character {
        guard let base = baseRow(row) else { return "A" }
        return ContactBook.letters[ContactBook.letterIndex(ofBaseRow: base)]
    }

    func list(_ list: ListContainer, isHeaderRow row: Int) -> Bool {
        guard let base = baseRow(row) else { return false }
        return base == ContactBook.letterIndex(ofBaseRow: base) * ContactBook.rowsPerLetter
    }

    func list(_ list: ListContainer, heightForRow row: Int) -> Double? {
        guard variedHeights else { return nil }
        if self.list(list, isHeaderRow: row) { return 30 }
        // One contact in three has a second line.
        guard let base = baseRow(row) else { return 64 }
        return base % 3 == 0 ? 64 : 48
    }

    /// The name of the contact at `base` (a row of the generated book, not a header), in alphabetical order within
    /// its letter as a contacts app sorts: the contact's place among its letter's rows, spread over the 81,920
    /// names three last-name syllables and a first name make (each syllable starts with its own letter and both
    /// lists are sorted, so counting up in that mixed radix counts up alphabetically).
    static func name(ofBaseRow base: Int, letter: Character) -> String {
        let place = base - letterIndex(ofBaseRow: base) * rowsPerLetter - 1
        let names = lastSyllables.count * lastSyllables.count * lastSyllables.count * firstNames.count
        // The last letter holds the most contacts (it takes the rest of the division): no place reaches `names`.
        let mostContacts = 1_000_000 - (letters.count - 1) * rowsPerLetter - 1
        let n = place * names / mostContacts
        let s = lastSyllables.count, f = firstNames.count
        let last = String(letter) + lastSyllables[(n / (f * s * s)) % s] + lastSyllables[(n / (f * s)) % s]
            + lastSyllables[(n / f) % s]
        return "\(last), \(firstNames[n % f])"
    }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        if self.list(list, isHeaderRow: row) {
            let header = list.dequeueReusableView(kind: "header") as? ContactHeaderView ?? ContactHeaderView()
            header.reuseKind = "header"
            header.letter = String(letter(ofRow: row))
            return header
        }
        let view = list.dequeueReusableView(kind: "contact") as? ContactRowView ?? ContactRowView()
        view.reuseKind = "contact"
        if let base = baseRow(row) {
            view.name = ContactBook.name(ofBaseRow: base, letter: letter(ofRow: row))
            view.detail = base % 3 == 0 ? "+1 555 \(100 + base % 900) \(1000 + base % 9000)" : nil
            view.color = Theme.rowColor(base)
        } else {
            view.name = "New contact \(inserted - row + 1)"
            view.detail = "added just now"
            view.color = Theme.accent
        }
        return view
    }
}

/// A letter header: grey band, the letter in bold.
final class ContactHeaderView: View {
    var letter = "" { didSet { setNeedsDisplay() } }

    init() {
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.92)
    }

    override func draw(in canvas: Canvas) {
        canvas.drawText(letter, at: Point(x: 16, y: 6), size: 15, color: Color(white: 0.3))
    }

    /// A screen reader reads the letter (the list item's name).
    override var defaultAccessibilityLabel: String? { letter }
}

/// A contact: a round swatch, the name, and optionally a second line.
final class ContactRowView: View {
    var name = "" { didSet { setNeedsDisplay() } }
    var detail: String? { didSet { setNeedsDisplay() } }
    var color = Color.white { didSet { setNeedsDisplay() } }

    init() {
        super.init(frame: .zero)
        backgroundColor = .white
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        detail = nil
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fillRoundedRect(Rect(x: 16, y: 8, width: 32, height: 32), radius: 16, color: color)
        canvas.drawText(name, at: Point(x: 60, y: 13), size: 17, color: Color(white: 0.1))
        if let detail { canvas.drawText(detail, at: Point(x: 60, y: 38), size: 13, color: Color(white: 0.45)) }
        canvas.fill(Rect(x: 60, y: b.height - 1, width: b.width - 60, height: 1), color: Color(white: 0.88))
    }

    /// A screen reader reads the name, then the number when there is one (the list item's name).
    override var defaultAccessibilityLabel: String? { detail.map { "\(name), \($0)" } ?? name }
}
