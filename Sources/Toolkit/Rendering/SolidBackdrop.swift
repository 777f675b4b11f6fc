/// What a canvas knows of pixels it wrote: a box filled with one pixel value and the boxes drawn over it since,
/// so that text over it can be copied as finished pixels (`LineRasters`).
///
/// Conservative: every write reports its box (`touch`) or forgets the record; only `set` makes one, and
/// `pixel(under:)` answers only inside it where nothing touched. A fifth touched box merges into the one it grows
/// least, which only enlarges the touched area.
struct SolidBackdrop {
    /// The filled box, in pixels of the canvas's surface; empty when nothing is known.
    private(set) var box = PixelBox.empty
    /// The premultiplied pixel every pixel of `box` was set to.
    private(set) var pixel: UInt32 = 0
    /// Boxes drawn over `box` since it was filled (`count` of the four are in use).
    private var touched0 = PixelBox.empty, touched1 = PixelBox.empty
    private var touched2 = PixelBox.empty, touched3 = PixelBox.empty
    private var count = 0

    /// Records that every pixel of `box` (inside the surface) was just set to `pixel`.
    mutating func set(_ box: PixelBox, pixel: UInt32) {
        self.box = box.isEmpty ? .empty : box
        self.pixel = pixel
        count = 0
    }

    /// Forgets the record: something changed pixels without saying where.
    mutating func forget() {
        box = .empty
        count = 0
    }

    /// Notes that pixels inside `written` may have changed.
    mutating func touch(_ written: PixelBox) {
        guard !box.isEmpty, !written.isEmpty, SolidBackdrop.meet(written, box) else { return }
        let part = written.intersection(box)
        if part == box {
            forget()
            return
        }
        switch count {
        case 0: touched0 = part
        case 1: touched1 = part
        case 2: touched2 = part
        case 3: touched3 = part
        default:
            var best = 0
            var bestGrowth = Int.max
            for slot in 0..<4 {
                let current = touched(slot)
                let grown = SolidBackdrop.union(current, part)
                let growth = grown.width * grown.height - current.width * current.height
                if growth < bestGrowth {
                    best = slot
                    bestGrowth = growth
                }
            }
            setTouched(best, SolidBackdrop.union(touched(best), part))
            return
        }
        count += 1
    }

    /// The pixel every pixel of `target` is known to hold (inside the record, untouched since), or nil.
    func pixel(under target: PixelBox) -> UInt32? {
        guard !box.isEmpty, !target.isEmpty,
            target.x0 >= box.x0, target.y0 >= box.y0, target.x1 <= box.x1, target.y1 <= box.y1
        else { return nil }
        for slot in 0..<count where SolidBackdrop.meet(touched(slot), target) { return nil }
        return pixel
    }

    private func touched(_ slot: Int) -> PixelBox {
        switch slot {
        case 0: touched0
        case 1: touched1
        case 2: touched2
        default: touched3
        }
    }

    private mutating func setTouched(_ slot: Int, _ value: PixelBox) {
        switch slot {
        case 0: touched0 = value
        case 1: touched1 = value
        case 2: touched2 = value
        default: touched3 = value
        }
    }

    private static func meet(_ a: PixelBox, _ b: PixelBox) -> Bool {
        a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
    }

    private static func union(_ a: PixelBox, _ b: PixelBox) -> PixelBox {
        PixelBox(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }
}
