// Which rows are sticky headers, as far as the list has asked: the answer to "which header is pinned while row r is
// at the top" for any row count, right after a jump or a reload, without asking the data source about every row
// on every frame.
//
// The data source only answers "is row r a header?". The header pinned for top row r is the last header at or
// before r, which may be any distance up. The index remembers spans of rows whose answers are known (disjoint,
// sorted) with the header rows among them. A query looks inside the span holding r (a binary search), and only
// where it meets rows not asked yet does it ask about them, backwards, until a header, row 0 or an earlier span.
// So every row is asked about at most once between updates: scrolling asks about the rows coming into view (and
// extends the span in place), a jump asks back to the previous header once (for a list without headers: back to
// row 0, once), and the frames after it are O(log n). Updates renumber the spans instead of forgetting them, so
// rows inserted at the top of a long list cost no new scan.

/// Known header rows of a list, in spans of rows already asked about; see the derivation above.
struct HeaderIndex {
    /// Rows `low ..< high` have been asked about; `headers` are the header rows among them, ascending.
    struct Span {
        var low: Int
        var high: Int
        var headers: [Int]
    }

    /// Disjoint spans, ascending (touching spans are allowed: they are merged when a scan joins them).
    private(set) var spans: [Span] = []

    /// Forgets everything (after a reload).
    mutating func reset() {
        spans.removeAll(keepingCapacity: true)
    }

    /// The last header row at or before `row`, or nil when there is none, asking `isHeader` about rows not known
    /// yet (each at most once).
    mutating func header(atOrBefore row: Int, isHeader: (Int) -> Bool) -> Int? {
        var current = row
        while current >= 0 {
            let index = firstSpan(endingAfter: current)
            if index < spans.count, spans[index].low <= current {
                // Known: the last header of the span at or before `current`, else keep looking above the span.
                if let header = lastHeader(in: spans[index].headers, atOrBefore: current) { return header }
                current = spans[index].low - 1
                continue
            }
            // Unknown from `current` up to the previous span's end (or row 0): ask backwards.
            let floor = index > 0 ? spans[index - 1].high : 0
            var scan = current
            var found: Int?
            while scan >= floor {
                if isHeader(scan) {
                    found = scan
                    break
                }
                scan -= 1
            }
            record(low: found ?? floor, high: current + 1, header: found, at: index)
            if let found { return found }
            current = floor - 1
        }
        return nil
    }

    /// Rows inserted at `rows` (ascending, indices after the insertion): known rows move with their numbers, the
    /// new rows are unknown (a span with new rows inside is cut around them).
    mutating func insert(_ rows: [Int]) {
        guard !rows.isEmpty, !spans.isEmpty else { return }
        var result: [Span] = []
        var inserted = 0  // new rows before the old row being mapped (an old row r lands at r + inserted)
        for span in spans {
            var old = span.low
            var headerIndex = 0
            // Piece by piece: the old rows that stay consecutive after the insertion, in O(pieces + headers).
            while old < span.high {
                while inserted < rows.count, rows[inserted] <= old + inserted { inserted += 1 }
                let end = inserted < rows.count ? min(span.high, rows[inserted] - inserted) : span.high
                var headers: [Int] = []
                while headerIndex < span.headers.count, span.headers[headerIndex] < end {
                    headers.append(span.headers[headerIndex] + inserted)
                    headerIndex += 1
                }
                result.append(Span(low: old + inserted, high: end + inserted, headers: headers))
                old = end
            }
        }
        spans = result
    }

    /// Rows deleted at `rows` (ascending, indices before the deletion): their answers go, later rows move up;
    /// what is known stays known.
    mutating func delete(_ rows: [Int]) {
        guard !rows.isEmpty, !spans.isEmpty else { return }
        var result: [Span] = []
        for span in spans {
            let low = span.low - countBelow(span.low, in: rows)
            let high = span.high - countBelow(span.high, in: rows)
            guard high > low else { continue }
            var headers: [Int] = []
            for header in span.headers where !contains(header, in: rows) {
                headers.append(header - countBelow(header, in: rows))
            }
            result.append(Span(low: low, high: high, headers: headers))
        }
        spans = result
    }

    /// One splice: at `position`, `removed` rows go with their answers and `added` rows not asked yet come; the
    /// answers after move with their rows. O(spans + headers in them).
    mutating func splice(at position: Int, removed: Int, added: Int) {
        guard !spans.isEmpty, removed > 0 || added > 0 else { return }
        let end = position + removed
        let shift = added - removed
        var result: [Span] = []
        result.reserveCapacity(spans.count + 1)
        for span in spans {
            if span.high <= position {
                result.append(span)
            } else if span.low >= end {
                result.append(
                    Span(low: span.low + shift, high: span.high + shift, headers: span.headers.map { $0 + shift }))
            } else {
                if span.low < position {
                    result.append(Span(low: span.low, high: position, headers: span.headers.filter { $0 < position }))
                }
                if span.high > end {
                    result.append(
                        Span(
                            low: end + shift, high: span.high + shift,
                            headers: span.headers.filter { $0 >= end }.map { $0 + shift }))
                }
            }
        }
        spans = result
    }

    /// The answers for `rows` (ascending) are forgotten (reloaded rows may have changed): spans are cut there.
    mutating func forget(_ rows: [Int]) {
        guard !rows.isEmpty, !spans.isEmpty else { return }
        var result: [Span] = []
        for span in spans {
            var low = span.low
            var cut = firstIndex(atOrAfter: span.low, in: rows)
            while low < span.high {
                let end = cut < rows.count ? min(rows[cut], span.high) : span.high
                if end > low {
                    result.append(
                        Span(
                            low: low, high: end,
                            headers: span.headers.filter { $0 >= low && $0 < end }))
                }
                low = end + 1
                cut += 1
            }
        }
        spans = result
    }

    // MARK: - Helpers

    /// Adds the rows `low ..< high` (asked: `header` is the only header among them, at `low`, or none) before
    /// `spans[index]`, joining the span before and the one after when they touch. In place when it extends the
    /// span before: scrolling down allocates nothing here.
    private mutating func record(low: Int, high: Int, header: Int?, at index: Int) {
        let joinsBefore = index > 0 && spans[index - 1].high == low
        let joinsAfter = index < spans.count && spans[index].low == high
        if joinsBefore {
            spans[index - 1].high = high
            if let header { spans[index - 1].headers.append(header) }
            if joinsAfter {
                spans[index - 1].high = spans[index].high
                spans[index - 1].headers.append(contentsOf: spans[index].headers)
                spans.remove(at: index)
            }
        } else if joinsAfter {
            spans[index].low = low
            if let header { spans[index].headers.insert(header, at: 0) }
        } else {
            spans.insert(Span(low: low, high: high, headers: header.map { [$0] } ?? []), at: index)
        }
    }

    /// The index of the first span whose end is after `row` (`spans.count` when none).
    private func firstSpan(endingAfter row: Int) -> Int {
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].high <= row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last of `headers` (ascending) at or before `row`.
    private func lastHeader(in headers: [Int], atOrBefore row: Int) -> Int? {
        let index = firstIndex(atOrAfter: row + 1, in: headers)
        return index > 0 ? headers[index - 1] : nil
    }

    /// The index of the first of `values` (ascending) at or after `value`.
    private func firstIndex(atOrAfter value: Int, in values: [Int]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many of `values` (ascending) are below `value`.
    private func countBelow(_ value: Int, in values: [Int]) -> Int {
        firstIndex(atOrAfter: value, in: values)
    }

    /// Whether `values` (ascending) holds `value`.
    private func contains(_ value: Int, in values: [Int]) -> Bool {
        let index = firstIndex(atOrAfter: value, in: values)
        return index < values.count && values[index] == value
    }
}
