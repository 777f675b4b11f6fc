import Toolkit

/// The contacts: for each letter a header row, then that letter's people, generated from their place in the
/// original book (`base`), so that nothing but that number is stored per row; new contacts (from "+3" and "Sync")
/// have negative numbers. `ids[row]` is the contact a row shows.
@MainActor
final class ContactBook: ListDataSource {
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let jumpLetters = Array("AEJMRW")
    static let rowsPerLetter = 38_461  // rows per letter, its header included
    static let firstNames = [
        "Ada", "Ben", "Chloé", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas",
        "Kwame", "Lena", "Mateo", "Nia", "Olaf", "Priya", "Quinn", "Rosa", "Sami", "Tomás"
    ]
    static let lastSyllables = [
        "ar", "bel", "cor", "dan", "en", "fal", "gor", "hin", "is", "jor", "ka", "lin",
        "mer", "nor", "os", "pel"
    ]
    /// The generated rows: 1,000,000 (the last letter takes the rest of the division by 26).
    static let baseCount = 1_000_000

    /// The contact of each row: its place in the generated book, or -n for the n-th new contact.
    private(set) var ids: [Int32] = (0..<Int32(ContactBook.baseCount)).map { $0 }
    /// New contacts made so far.
    private var made: Int32 = 0
    /// Whether rows have two heights (one contact in three has a second line) or all the estimate.
    var variedHeights = true
    /// The random changes of "Sync" (fixed seed: the demo does the same each run).
    private var random: UInt64 = 0x5EED

    /// `count` new contacts right under the "A" header.
    func insertAtTop(_ count: Int) {
        ids.insert(contentsOf: (0..<count).map { _ in newID() }, at: 1)
    }

    func numberOfRows(in list: ListContainer) -> Int { ids.count }

    /// The row of `letter`'s header.
    func headerRow(of letter: Character) -> Int {
        let index = ContactBook.letters.firstIndex(of: letter) ?? 0
        return ids.firstIndex(of: Int32(index * ContactBook.rowsPerLetter)) ?? 0
    }

    /// The row's place in the generated book (nil: a new contact).
    private func baseRow(_ row: Int) -> Int? {
        let id = ids[row]
        return id >= 0 ? Int(id) : nil
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
        let mostContacts = baseCount - (letters.count - 1) * rowsPerLetter - 1
        let n = place * names / mostContacts
        let s = lastSyllables.count
        let f = firstNames.count
        let last =
            String(letter) + lastSyllables[(n / (f * s * s)) % s] + lastSyllables[(n / (f * s)) % s]
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
            view.name = "New contact \(-ids[row])"
            view.detail = "added just now"
            view.color = Theme.accent
        }
        return view
    }

    // MARK: - Sync

    /// A sync with a server: `changes` random changes in one animated batch (about 40% deletes, 40% new contacts,
    /// 20% moves; a fifth of them among and above the rows in view, the rest anywhere). Headers stay.
    func sync(_ list: ListContainer, changes: Int) {
        let count = ids.count
        let near = list.visibleRows
        let nearLow = max(1, near.lowerBound - 60)
        let nearHigh = min(count, near.upperBound + 20)
        func pick(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(max(1, high - low))) }
        func pickRow(_ k: Int) -> Int { k % 5 == 0 && nearHigh > nearLow ? pick(nearLow, nearHigh) : pick(1, count) }
        var taken = Set<Int>()
        var deletes: [Int] = []
        var sources: [Int] = []
        var k = 0
        while deletes.count + sources.count < changes * 3 / 5 {
            let row = pickRow(k)
            k += 1
            guard baseRow(row).map({ !isHeader(base: $0) }) ?? true, taken.insert(row).inserted else { continue }
            if deletes.count < changes * 2 / 5 { deletes.append(row) } else { sources.append(row) }
        }
        let inserts = changes - deletes.count - sources.count
        let newCount = count - deletes.count + inserts
        // Where the moved and new contacts go (never row 0, the "A" header).
        var targets = Set<Int>()
        while targets.count < sources.count + inserts { targets.insert(pick(1, newCount)) }
        var slots = Array(targets)
        var moved: [(from: Int, to: Int)] = []
        for source in sources { moved.append((source, slots.removeLast())) }
        // The new order: kept rows in order, moved and new contacts at their places.
        var arriving = [Int32](repeating: 0, count: newCount)
        var arrives = [Bool](repeating: false, count: newCount)
        for move in moved {
            arriving[move.to] = ids[move.from]
            arrives[move.to] = true
        }
        for slot in slots {
            arriving[slot] = newID()
            arrives[slot] = true
        }
        var kept = ids.indices.lazy.filter { !taken.contains($0) }.makeIterator()
        var newIDs: [Int32] = []
        newIDs.reserveCapacity(newCount)
        for row in 0..<newCount { newIDs.append(arrives[row] ? arriving[row] : ids[kept.next()!]) }
        ids = newIDs
        list.performBatchUpdates(animated: true) {
            list.deleteRows(at: deletes)
            list.insertRows(at: slots)
            for move in moved { list.moveRow(move.from, to: move.to) }
        }
    }

    private func isHeader(base: Int) -> Bool {
        base == ContactBook.letterIndex(ofBaseRow: base) * ContactBook.rowsPerLetter
    }

    private func newID() -> Int32 {
        made += 1
        return -made
    }

    /// SplitMix64.
    private func next() -> UInt64 {
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
