import Foundation
import Synchronization
import Toolkit

/// A million photos whose thumbnails are made off the main thread as they come near (the grid's prefetching), each
/// a few milliseconds of arithmetic, standing in for decoding a file. The way back to the main thread is a mailbox:
/// a background task puts its thumbnail there, and a timer on the window's loop (every 16 ms while work is out)
/// takes what arrived and shows it; the frame never waits. Cells show a placeholder until their thumbnail is there.
@MainActor
final class PhotoLibrary: GridDataSource {
    /// How many photos.
    static let count = 1_000_000
    /// Thumbnail size, pixels.
    nonisolated static let thumbnailSide = 96
    /// The library the gallery shows now, for the headless script (which waits for the thumbnails).
    static weak var current: PhotoLibrary?

    /// Thumbnails made, by item. Trimmed to the items near the grid's visible ones.
    private var thumbnails: [Int: Image] = [:]
    /// Work under way, by item.
    private var loading: [Int: Task<Void, Never>] = [:]
    /// Where the background tasks leave their thumbnails.
    private let mailbox = PhotoMailbox()
    /// Runs the mailbox check later on the window clock (the demo context's `after`).
    private let after: @MainActor (Duration, @escaping @MainActor () -> Void) -> Void
    private var polling = false
    private weak var grid: GridContainer?
    /// Thumbnails asked ahead by the grid, and cancelled, so far (the status line shows them).
    private(set) var prefetchedCount = 0
    private(set) var cancelledCount = 0

    init(after: @escaping @MainActor (Duration, @escaping @MainActor () -> Void) -> Void) {
        self.after = after
        PhotoLibrary.current = self
    }

    /// Whether thumbnails are still being made.
    var isLoading: Bool { !loading.isEmpty }

    func numberOfItems(in grid: GridContainer) -> Int { PhotoLibrary.count }

    func grid(_ grid: GridContainer, viewForItem item: Int) -> View {
        self.grid = grid
        let cell = grid.dequeueReusableView(kind: "photo") as? PhotoCell ?? PhotoCell(frame: .zero)
        cell.reuseKind = "photo"
        cell.item = item
        cell.thumbnail = thumbnails[item]
        // Came into view without being prefetched (a jump, a fling): made now, shown when ready.
        if cell.thumbnail == nil { load(item) }
        return cell
    }

    func grid(_ grid: GridContainer, prefetchItems items: [Int]) {
        self.grid = grid
        prefetchedCount += items.count
        for item in items where thumbnails[item] == nil { load(item) }
    }

    func grid(_ grid: GridContainer, cancelPrefetchingForItems items: [Int]) {
        cancelledCount += items.count
        for item in items {
            guard grid.view(forItem: item) == nil, let task = loading.removeValue(forKey: item) else { continue }
            task.cancel()
        }
    }

    /// Starts making `item`'s thumbnail on a background task.
    private func load(_ item: Int) {
        guard loading[item] == nil else { return }
        let mailbox = mailbox
        loading[item] = Task.detached(priority: .utility) {
            guard !Task.isCancelled, let image = PhotoLibrary.makeThumbnail(item) else { return }
            mailbox.post(item, image)
        }
        poll()
    }

    /// Takes the thumbnails that arrived and shows them; checks again in 16 ms while work is out.
    private func poll() {
        for (item, image) in mailbox.take() {
            loading[item] = nil
            thumbnails[item] = image
            (grid?.view(forItem: item) as? PhotoCell)?.thumbnail = image
        }
        // Cancelled tasks post nothing: forget them once they are done.
        loading = loading.filter { !$0.value.isCancelled }
        trimThumbnails()
        guard !loading.isEmpty, !polling else { return }
        polling = true
        after(.milliseconds(16)) { [weak self] in
            self?.polling = false
            self?.poll()
        }
    }

    /// Keeps the thumbnails of the items within 600 of the first visible one.
    private func trimThumbnails() {
        guard thumbnails.count > 1_200, let grid else { return }
        let center = grid.visibleItems.lowerBound
        thumbnails = thumbnails.filter { abs($0.key - center) <= 600 }
    }

    /// A photo: soft blobs of colour from the item number, a few milliseconds of work; nil when cancelled midway.
    nonisolated static func makeThumbnail(_ item: Int) -> Image? {
        let side = thumbnailSide
        var seed = UInt64(item) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> Double {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Double(seed % 10_000) / 10_000
        }
        var blobs: [(x: Double, y: Double, r: Double, g: Double, b: Double, size: Double)] = []
        for _ in 0..<10 {
            blobs.append((next() * 96, next() * 96, next(), next(), next(), 200 + next() * 900))
        }
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            if y % 16 == 0 && Task.isCancelled { return nil }
            for x in 0..<side {
                var r = 0.15
                var g = 0.15
                var b = 0.2
                for blob in blobs {
                    let dx = Double(x) - blob.x
                    let dy = Double(y) - blob.y
                    let weight = exp(-(dx * dx + dy * dy) / blob.size)
                    r += blob.r * weight
                    g += blob.g * weight
                    b += blob.b * weight
                }
                let channel = { (v: Double) in UInt32(max(0, min(255, v * 130))) }
                pixels[y * side + x] = 0xFF00_0000 | channel(r) << 16 | channel(g) << 8 | channel(b)
            }
        }
        return Image(width: side, height: side, pixels: pixels)
    }
}

/// Where background tasks leave thumbnails for the main thread.
final class PhotoMailbox: Sendable {
    private let box = Mutex<[(Int, Image)]>([])

    func post(_ item: Int, _ image: Image) {
        box.withLock { $0.append((item, image)) }
    }

    func take() -> [(Int, Image)] {
        box.withLock { arrived in
            defer { arrived.removeAll() }
            return arrived
        }
    }
}

/// A photo cell: the thumbnail inset by 3 pt (the grid's selection highlight shows around it), or a placeholder.
final class PhotoCell: View {
    var item = 0
    var thumbnail: Image? {
        didSet { if thumbnail != oldValue { setNeedsDisplay() } }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        thumbnail = nil
    }

    override func draw(in canvas: Canvas) {
        let inner = Rect(x: 3, y: 3, width: max(0, bounds.width - 6), height: max(0, bounds.height - 6))
        if let thumbnail {
            canvas.drawImage(thumbnail, in: inner)
        } else {
            canvas.fill(inner, color: Color(red: 0.88, green: 0.89, blue: 0.91))
            let mark = Rect(x: inner.midX - 12, y: inner.midY - 9, width: 24, height: 18)
            canvas.fillRoundedRect(mark, radius: 3, color: Color(red: 0.78, green: 0.8, blue: 0.83))
        }
    }
}
