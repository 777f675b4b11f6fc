import Toolkit

/// An inbox of 100,000 messages for the Mail demo, generated from each message's number (sender, subject, a line
/// of preview), so that only the numbers of the messages still in the inbox and a read flag per message are stored.
/// Its swipe actions: trailing Archive (first: a full swipe archives) and Delete (destructive), leading Read or
/// Unread.
@MainActor
final class MailInbox: ListDataSource {
    static let messageCount = 100_000
    static let senders = [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
        "Frances Allen", "Ken Thompson", "Margaret Hamilton", "Niklaus Wirth", "Radia Perlman", "Tony Hoare"
    ]
    static let subjects = [
        "Lunch on Thursday?", "Re: the build is green again", "Slides for the review", "Your order has shipped",
        "Minutes of the meeting", "A question about the parser", "Photos from the trip", "Invoice for March",
        "Re: re: scheduling", "Welcome aboard", "The benchmark numbers", "Weekend plans"
    ]
    static let previews = [
        "I found a table near the window, if that works for you.", "Thanks for looking into the flaky test so fast.",
        "I moved the numbers to the appendix and kept the charts.", "It should arrive on Tuesday between 9 and 12.",
        "Attached are the notes; the action items are at the end.", "Why does it accept a trailing comma there?",
        "The lake was frozen, so we walked across it at dawn.", "Please find the invoice attached as a PDF.",
        "Friday at 3 works, or Monday morning if it must wait.", "Here is everything you need for your first week.",
        "Median down 12 %, the tail is the same as before.", "Hiking if it stays dry, the museum otherwise."
    ]
    /// The actions' colours (whole bytes, so that tests can find them in committed pixels).
    static let archiveColor = Color(argb: 0xFF2F_6FD6)
    static let deleteColor = Color(argb: 0xFFD9_3A2F)
    static let readColor = Color(argb: 0xFF3A_9A55)
    /// A row's height, points.
    static let rowHeight = 76.0

    /// The message each row shows (its number), in inbox order; archived and deleted ones are gone.
    private(set) var ids: [Int32] = (0..<Int32(MailInbox.messageCount)).map { $0 }
    /// Read flags by message number.
    private var read = [Bool](repeating: false, count: MailInbox.messageCount)
    /// What the actions did, for the status line.
    private(set) var archived = 0
    private(set) var deleted = 0
    /// Whether rows offer swipe actions (the demo's setting): without them a horizontal drag is nobody's.
    var swipesEnabled = true
    /// Called after an action changed the inbox (the demo's status line).
    var onChange: (() -> Void)?

    init() {
        // Most of the mail was read; one message in five is new.
        for n in 0..<MailInbox.messageCount where n % 5 != 0 { read[n] = true }
    }

    func numberOfRows(in list: ListContainer) -> Int { ids.count }

    func list(_ list: ListContainer, heightForRow row: Int) -> Double? { MailInbox.rowHeight }

    func list(_ list: ListContainer, viewForRow row: Int) -> View {
        let view = (list.dequeueReusableView(kind: "message") as? MailRowView) ?? MailRowView()
        view.reuseKind = "message"
        let n = Int(ids[row])
        view.show(
            sender: MailInbox.sender(of: n), subject: MailInbox.subject(of: n), preview: MailInbox.preview(of: n),
            time: MailInbox.time(of: n), unread: !read[n])
        return view
    }

    /// Archive, then Delete. The handlers find their message's row when they run: updates may have moved it.
    func list(_ list: ListContainer, trailingSwipeActionsForRow row: Int) -> [SwipeAction] {
        guard swipesEnabled else { return [] }
        let message = ids[row]
        return [
            SwipeAction(title: "Archive", color: MailInbox.archiveColor) { [weak self, weak list] in
                // Not destructive: the app removes the row itself.
                guard let self, let list, let row = self.ids.firstIndex(of: message) else { return }
                self.ids.remove(at: row)
                self.archived += 1
                list.performBatchUpdates(animated: true) { list.deleteRows(at: [row]) }
                GalleryEvents.report?("mail archived message \(message)")
                self.onChange?()
            },
            SwipeAction(title: "Delete", color: MailInbox.deleteColor, isDestructive: true) { [weak self] in
                // Destructive: the model drops the message, the list deletes the row with its animation.
                guard let self, let row = self.ids.firstIndex(of: message) else { return }
                self.ids.remove(at: row)
                self.deleted += 1
                GalleryEvents.report?("mail deleted message \(message)")
                self.onChange?()
            }
        ]
    }

    /// Read or Unread, as the message is.
    func list(_ list: ListContainer, leadingSwipeActionsForRow row: Int) -> [SwipeAction] {
        guard swipesEnabled else { return [] }
        let message = Int(ids[row])
        let title = read[message] ? "Unread" : "Read"
        return [
            SwipeAction(title: title, color: MailInbox.readColor) { [weak self, weak list] in
                guard let self, let list, let row = self.ids.firstIndex(of: Int32(message)) else { return }
                self.read[message].toggle()
                list.reloadRows(at: [row])
                GalleryEvents.report?("mail marked message \(message) \(self.read[message] ? "read" : "unread")")
                self.onChange?()
            }
        ]
    }

    static func sender(of n: Int) -> String { senders[(n * 7 + n / 13) % senders.count] }
    static func subject(of n: Int) -> String { subjects[(n * 5 + n / 11) % subjects.count] }
    static func preview(of n: Int) -> String { previews[(n * 5 + n / 11) % previews.count] }
    /// Newest first: the first message came at 9:41, each next one 7 minutes earlier (round the clock).
    static func time(of n: Int) -> String {
        let day = 24 * 60
        let minutes = ((9 * 60 + 41 - n * 7) % day + day) % day
        let m = minutes % 60
        return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
    }
}

/// A message: an unread dot, the sender (bold when unread), the time, the subject and a line of preview.
final class MailRowView: View {
    private var sender = ""
    private var subject = ""
    private var preview = ""
    private var time = ""
    private var unread = false

    /// White: the row slides over the swipe actions' colours.
    init() {
        super.init(frame: .zero)
        backgroundColor = .white
    }

    func show(sender: String, subject: String, preview: String, time: String, unread: Bool) {
        (self.sender, self.subject, self.preview, self.time, self.unread) = (sender, subject, preview, time, unread)
        setNeedsDisplay()
    }

    override func draw(in canvas: Canvas) {
        let b = bounds
        if unread {
            canvas.fillRoundedRect(
                Rect(x: 10, y: 16, width: 10, height: 10), radius: 5, color: MailInbox.archiveColor)
        }
        let face: Typeface = unread ? Typeface(weight: .bold) : .standard
        canvas.drawText(sender, at: Point(x: 28, y: 8), size: 16, color: Color(white: 0.1), typeface: face)
        let timeWidth = canvas.measureText(time, size: 13).width
        canvas.drawText(time, at: Point(x: b.width - 14 - timeWidth, y: 10), size: 13, color: Color(white: 0.5))
        canvas.drawText(subject, at: Point(x: 28, y: 30), size: 14, color: Color(white: 0.15))
        canvas.drawText(preview, at: Point(x: 28, y: 50), size: 13, color: Color(white: 0.5))
        canvas.fill(Rect(x: 28, y: b.height - 1, width: b.width - 28, height: 1), color: Color(white: 0.88))
    }

    /// A screen reader reads whether it is unread, the sender and the subject (the list item's name).
    override var defaultAccessibilityLabel: String? { "\(unread ? "Unread, " : "")\(sender), \(subject)" }
}
