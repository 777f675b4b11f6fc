import Toolkit

/// Colors shared by the demos.
enum Theme {
    static let background = Color(argb: 0xFFF2_F2F5)
    static let bar = Color(argb: 0xFF20_2430)
    static let barText = Color(argb: 0xFFFF_FFFF)
    static let text = Color(argb: 0xFF1C_1C1E)
    static let secondaryText = Color(argb: 0xFF6C_6C70)
    static let accent = Color(argb: 0xFF0A_84FF)
    /// Caption and status text under a demo. Not darker than 0x60 in every channel: the end-to-end tests read a
    /// pressed row as "dark" (all channels below 0x60) down a column that crosses the panel.
    static let captionText = Color(argb: 0xFF6C_6C70)
    /// A segmented control's track, a pressed segment, and an unselected choice's text (its blue channel keeps
    /// it above the tests' "dark", see `captionText`).
    static let segment = Color(argb: 0xFFE1_E4EA)
    static let segmentPressed = Color(argb: 0xFFC9_CED8)
    static let segmentText = Color(argb: 0xFF3A_4A66)
    static let separator = Color(argb: 0xFFD1_D1D6)
    /// Plot areas, and the second series' trace (the first is `accent`).
    static let plotBackground = Color(argb: 0xFFF6_F7FA)
    static let secondSeries = Color(argb: 0xFFFF_8A00)

    /// A pleasant color for row `index`, cycling through hues.
    static func rowColor(_ index: Int) -> Color {
        let palette: [UInt32] = [
            0xFFFF_6B6B, 0xFFFF_A94D, 0xFFFF_D43B, 0xFF69_DB7C, 0xFF38_D9A9,
            0xFF4D_ABF7, 0xFF74_8FFC, 0xFF9775_FA, 0xFFDA_77F2, 0xFFF7_83AC
        ]
        return Color(argb: palette[((index % palette.count) + palette.count) % palette.count])
    }
}

/// A list row: a colored strip with a title. Highlights while a finger rests on it (delivered after the
/// container's touch delay), and un-highlights when the container takes the touch to scroll.
final class RowView: View {
    let title: String
    let color: Color
    private var isPressed = false {
        didSet {
            if isPressed != oldValue {
                setNeedsDisplay()
                onPress?(isPressed)
            }
        }
    }
    /// Called on a tap (a touch that ended inside without being cancelled).
    var onTap: (() -> Void)?
    /// Called when the row starts or stops showing a press (the content has the touch).
    var onPress: ((Bool) -> Void)?

    init(frame: Rect, title: String, color: Color) {
        self.title = title
        self.color = color
        super.init(frame: frame)
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        canvas.fill(b, color: isPressed ? Color(red: 0.2, green: 0.2, blue: 0.25) : Color.white)
        canvas.fillRoundedRect(
            Rect(x: b.minX + 12, y: b.minY + 8, width: b.height - 16, height: b.height - 16),
            radius: 6, color: color)
        canvas.drawText(
            title, at: Point(x: b.minX + b.height + 8, y: b.minY + (b.height - 18) / 2), size: 16,
            color: isPressed ? Color.white : Theme.text)
        canvas.fill(Rect(x: b.minX, y: b.maxY - 1, width: b.width, height: 1), color: Color(argb: 0xFFD1_D1D6))
    }

    // Screen readers see a list item named by its title, which a tap opens (the `click` action).
    override var defaultAccessibilityRole: AccessibilityRole { .listItem }
    override var defaultAccessibilityLabel: String? { title }
    override var accessibilityHandlesTaps: Bool { true }

    override func touchesBegan(_ touches: [Touch]) { isPressed = true }
    override func touchesMoved(_ touches: [Touch]) {
        if let t = touches.first { isPressed = bounds.insetBy(dx: -20, dy: -20).contains(t.location(in: self)) }
    }
    override func touchesEnded(_ touches: [Touch]) {
        if isPressed {
            onTap?()
            GalleryEvents.report?("row tapped \(title)")
        }
        isPressed = false
    }
    override func touchesCancelled(_ touches: [Touch]) { isPressed = false }
}

/// Helpers to build scrolling lists of rows.
@MainActor
enum Lists {
    static let rowHeight = 56.0

    /// Greetings in several scripts, for titles that show the text stack: Japanese from a fallback face, Arabic
    /// right to left, Greek, a combining accent and a kerning pair.
    static let greetings = [
        "Hello", "こんにちは世界", "مرحبا بالعالم", "Γειά σου κόσμε", "Cafe\u{301} AVATAR",
        "日本語のテキスト", "שלום עולם"
    ]

    /// A vertical list of `count` rows filling `frame`, titled "`prefix` N", each followed by a greeting when
    /// `greetings` is true.
    static func verticalList(
        frame: Rect, count: Int, prefix: String = "Row", greetings: Bool = false,
        onPress: ((Bool) -> Void)? = nil
    ) -> ScrollContainer {
        let list = ScrollContainer(frame: frame)
        list.backgroundColor = Color.white
        list.contentSize = Size(width: frame.width, height: Double(count) * rowHeight)
        for i in 0..<count {
            let title =
                greetings
                ? "\(prefix) \(i + 1) · \(Lists.greetings[i % Lists.greetings.count])"
                : "\(prefix) \(i + 1)"
            let row = RowView(
                frame: Rect(x: 0, y: Double(i) * rowHeight, width: frame.width, height: rowHeight),
                title: title, color: Theme.rowColor(i))
            row.onPress = onPress
            list.addSubview(row)
        }
        return list
    }
}
