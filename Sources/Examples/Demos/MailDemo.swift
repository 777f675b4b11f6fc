import Toolkit

/// An inbox of 100,000 messages with swipe actions (<doc:ScrollBehaviour> §21): swipe a message left for Archive
/// and Delete (a full swipe archives), right for Read / Unread; a vertical drag still scrolls, a tap elsewhere or
/// a scroll closes the open row. The strip above the list holds the inbox's title and counts; its right end is kept
/// free for the list's editing controls (reordering, multiple selection).
enum MailDemo {
    /// The strip above the list, points.
    static let stripHeight = 40.0

    @MainActor static let demo = Demo(
        id: "mail", title: "Mail",
        caption: "100,000 messages. Swipe left: Archive, Delete (full swipe archives); right: Read. Scroll closes.",
        make: { context in
            let inbox = MailInbox()
            let holder = View(frame: context.frame)
            let strip = View(frame: Rect(x: 0, y: 0, width: context.frame.width, height: stripHeight))
            strip.backgroundColor = Color(white: 0.96)
            let title = Label(frame: Rect(x: 16, y: 0, width: 260, height: stripHeight), text: "Inbox", fontSize: 17)
            strip.addSubview(title)
            holder.addSubview(strip)
            let list = ListContainer(
                frame: Rect(
                    x: 0, y: stripHeight, width: context.frame.width, height: context.frame.height - stripHeight))
            list.backgroundColor = .white
            list.estimatedRowHeight = MailInbox.rowHeight
            list.dataSource = inbox
            holder.addSubview(list)
            let readout = TouchStateReadout(container: list, label: context.status) { _ in
                "messages: \(inbox.numberOfRows(in: list)) · archived: \(inbox.archived) · deleted: \(inbox.deleted)"
            }
            inbox.onChange = {
                title.text = "Inbox · \(inbox.numberOfRows(in: list))"
                readout.update()
            }
            inbox.onChange?()
            // For tests driving real touch: where a drag of the list ended.
            let dragging = list.observe(\.isDragging) { list, change in
                if change.oldValue == true && !change.newValue {
                    GalleryEvents.report?("mail list drag ended offset \(list.contentOffset.y)")
                }
            }
            return DemoBuild(
                view: holder,
                settings: [
                    DemoSetting.toggle("Swipe actions", isOn: true) { on in inbox.swipesEnabled = on },
                    DemoSetting(title: "Direction", choices: ["left to right", "right to left"]) { index in
                        list.layoutDirection = index == 0 ? .leftToRight : .rightToLeft
                    }
                ],
                keep: [inbox, readout, dragging] + readout.observe())
        },
        script: { window, frame in
            // Open the second message's trailing actions, tap Archive; full-swipe the first one; mark one read.
            let y = frame.minY + stripHeight + 76 * 1.5
            window.drag(
                from: Point(x: frame.maxX - 60, y: y), by: Point(x: -200, y: 0), duration: .milliseconds(500),
                steps: 25)
            window.advance(by: .milliseconds(400))
            Snapshots.take(window)
            window.drag(
                from: Point(x: frame.maxX - 40, y: y + 76), by: Point(x: -120, y: 0), duration: .milliseconds(300),
                steps: 15, lift: false)
            Snapshots.take(window)
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(400))
            Snapshots.take(window)
            window.drag(
                from: Point(x: frame.maxX - 20, y: y), by: Point(x: -(frame.width * 0.75), y: 0),
                duration: .milliseconds(500), steps: 25, lift: false)
            Snapshots.take(window)
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(120))
            Snapshots.take(window)
            window.advance(by: .milliseconds(400))
            window.drag(
                from: Point(x: frame.minX + 40, y: y + 152), by: Point(x: 120, y: 0), duration: .milliseconds(300),
                steps: 15, lift: false)
            Snapshots.take(window)
            window.touchUp(id: 1)
            window.advance(by: .milliseconds(400))
            Snapshots.take(window)
        })
}
