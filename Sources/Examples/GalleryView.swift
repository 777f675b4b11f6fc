import Toolkit

/// The gallery window's content: a bar of demo buttons on top and the selected demo below.
final class GalleryView: View {
    static let barHeight = 44.0
    private var buttons: [Button] = []
    private var content: View?
    private(set) var selected: String

    init(frame: Rect, selected: String) {
        self.selected = selected
        super.init(frame: frame)
        backgroundColor = Theme.background
        var x = 8.0
        for demo in Demo.all {
            let width = 86.0
            let button = Button(frame: Rect(x: x, y: 6, width: width, height: GalleryView.barHeight - 12),
                                title: demo.title) { [weak self] _ in self?.show(demo.id) }
            button.fontSize = 14
            buttons.append(button)
            addSubview(button)
            x += width + 6
        }
        show(selected)
    }

    /// The content area, in window coordinates (the gallery fills the window).
    var contentFrame: Rect {
        Rect(x: 0, y: GalleryView.barHeight, width: bounds.width, height: max(0, bounds.height - GalleryView.barHeight))
    }

    /// Replaces the content with the demo `id`.
    func show(_ id: String) {
        guard let demo = Demo.named(id) else { return }
        selected = id
        content?.removeFromSuperview()
        let view = demo.make(contentFrame)
        content = view
        addSubview(view)
        for (button, d) in zip(buttons, Demo.all) {
            button.tintColor = d.id == id ? Theme.accent : Color(argb: 0xFF3A_3F4B)
        }
        setNeedsDisplay()
    }

    override func boundsSizeDidChange() {
        // Demos lay out for their size when built: rebuild, keeping where the first list was scrolled to (the
        // container clamps it into the new range when it next settles).
        let offset = content.flatMap { firstScrollContainer(in: $0) }?.contentOffset
        show(selected)
        if let offset, let list = content.flatMap({ firstScrollContainer(in: $0) }) {
            list.contentOffset = offset
        }
    }

    override func draw(in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: GalleryView.barHeight), color: Theme.bar)
    }
}
