import ToolkitCore

extension FuzzRun {
    /// Plays every event the bytes describe, checking after each one.
    func play() {
        var count = 0
        while !reader.isAtEnd && count < 2000 {
            step()
            checkAnyTime()
            count += 1
        }
        settle()
        checkAtRest()
    }

    /// A location in the window (with a margin outside it), now and then non-finite.
    private func location() -> Point {
        Point(x: reader.coordinate(in: -20...(size.width + 20)), y: reader.coordinate(in: -20...(size.height + 20)))
    }

    /// The time of the next event: mostly forward by 0-31 ms; now and then backwards (section 10: treated as no
    /// time passing).
    private func nextTime() -> Duration {
        let step = reader.byte()
        if step == 255 { return now - .milliseconds(40) }
        now += .milliseconds(Int(step % 32))
        return now
    }

    private func step() {
        let op = reader.choice(20)
        switch op {
        case 0, 1:
            let id = reader.choice(4), point = location(), time = nextTime()
            send(.touchDown(id: id, location: point, timestamp: time))
            if point.x.isFinite && point.y.isFinite { down.insert(id) }
            if reader.bool() { send(.touchFrame(timestamp: time)) }
        case 2, 3, 4:
            let id = reader.choice(4), point = location(), time = nextTime()
            send(.touchMotion(id: id, location: point, timestamp: time))
            send(.touchFrame(timestamp: time))
        case 5:
            let id = reader.choice(4), time = nextTime()
            send(.touchUp(id: id, timestamp: time))
            down.remove(id)
            if reader.bool() { send(.touchFrame(timestamp: time)) }
        case 6:
            if reader.choice(4) == 0 {
                send(.touchCancel(timestamp: nextTime()))
                down.removeAll()
            } else {
                send(.touchFrame(timestamp: nextTime()))
            }
        case 7:
            switch reader.choice(3) {
            case 0: send(.pointerEnter(location: location(), timestamp: nextTime()))
            case 1: send(.pointerLeave(timestamp: nextTime()))
            default: send(.pointerMotion(location: location(), timestamp: nextTime()))
            }
        case 8:
            let index = reader.choice(3), pressed = reader.bool()
            let button: PointerButton = index == 0 ? .left : index == 1 ? .right : .middle
            send(.pointerButton(button, pressed: pressed, timestamp: nextTime()))
            if pressed { buttons.insert(index) } else { buttons.remove(index) }
        case 9, 10:
            let sources: [AxisSource] = [.wheel, .finger, .continuous]
            let source = sources[reader.choice(3)]
            let stop = reader.byte()
            let scale = source == .wheel ? 240.0 : 60.0
            send(.axis(AxisEvent(source: source, dx: reader.delta(scale), dy: reader.delta(scale),
                                        stopHorizontal: stop & 1 != 0, stopVertical: stop & 2 != 0,
                                        timestamp: nextTime())))
        case 11:
            let keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space, .tab]
            let key = keys[reader.choice(keys.count)]
            send(.key(key, pressed: reader.bool(), modifiers: KeyModifiers(rawValue: reader.byte() & 0x0F),
                             isRepeat: reader.bool(), timestamp: nextTime()))
        case 12:
            switch reader.choice(3) {
            case 0:
                send(.pointerPinchBegin(fingers: 2 + reader.choice(3), timestamp: nextTime()))
                pinching = true
            case 1:
                send(.pointerPinchUpdate(dx: reader.delta(40), dy: reader.delta(40),
                                                scale: reader.coordinate(in: 0...6), rotation: reader.delta(90),
                                                timestamp: nextTime()))
            default:
                send(.pointerPinchEnd(cancelled: reader.bool(), timestamp: nextTime()))
                pinching = false
            }
        case 13, 14, 15:
            // Time passes: timers, then a frame (drawn now and then).
            now += .milliseconds(Int(reader.byte()) * 4)
            frame(draw: reader.choice(4) == 0)
        case 16:
            switch reader.choice(4) {
            case 0: send(.keyboardFocus(reader.bool()))
            case 1: send(.keyboardModifiers(KeyModifiers(rawValue: reader.byte() & 0x0F)))
            default: break
            }
        case 17:
            // The window changes size, to zero too (section 10).
            size = Size(width: Double(reader.byte()) * 2, height: Double(reader.byte()) * 2)
            if FuzzRun.traces { trace("resize to \(size)") }
            core.resize(to: size)
            moved.removeAll()
        case 18:
            programmaticMove()
        default:
            // A content view leaves the tree, maybe while it tracks a touch (section 10: cancelled once), and
            // comes back elsewhere or not at all.
            guard !recorders.isEmpty else { return }
            let index = reader.choice(recorders.count)
            let view = recorders[index].view
            let parent = view.superview
            if FuzzRun.traces { trace("content view \(index) leaves the tree") }
            view.removeFromSuperview()
            if reader.bool(), let parent { parent.addSubview(view) }
        }
    }

    /// A programmatic move inside the scroll range (setting an offset outside it is the app's business and stays
    /// there, as in UIKit, so at-rest checks would not hold), or a zoom.
    private func programmaticMove() {
        let container = containers[reader.choice(containers.count)]
        let (lower, upper) = range(of: container)
        let target = Point(x: lower.x + (upper.x - lower.x) * reader.unit(),
                           y: lower.y + (upper.y - lower.y) * reader.unit())
        let kind = reader.choice(4), animated = reader.bool()
        let rect = Rect(x: reader.coordinate(in: -100...2000), y: reader.coordinate(in: -100...4000), width: 80,
                        height: reader.coordinate(in: 0...300))
        let scale = reader.coordinate(in: 0...8)
        if FuzzRun.traces {
            let what = ["setContentOffset(\(target))", "scrollRectToVisible(\(rect))", "setZoomScale(\(scale))",
                        "zoom(to: \(rect))"][kind]
            trace("container \(containers.firstIndex { $0 === container }!): \(what) animated \(animated)")
        }
        switch kind {
        case 0: container.setContentOffset(target, animated: animated)
        case 1: container.scrollRectToVisible(rect, animated: animated)
        case 2: container.setZoomScale(scale, animated: animated)
        default: container.zoom(to: rect, animated: animated)
        }
    }

    /// Hands `event` to the window (and prints it with FUZZ_TRACE=1, for replaying a failing input).
    func send(_ event: InputEvent) {
        core.handle(event)
        if FuzzRun.traces {
            trace("\(event) -> " + containers.map { "\($0.contentOffset) zoom \($0.zoomScale)" }.joined(separator: ", "))
        }
    }

    /// Due timers, then a frame at `now`, drawn into a small canvas when `draw`.
    func frame(draw: Bool) {
        if FuzzRun.traces {
            trace("frame at \(now): " + containers.map { "\($0.contentOffset) zoom \($0.zoomScale)" }.joined(separator: ", "))
        }
        core.fireTimers(upTo: now)
        core.prepareFrame(at: now)
        if draw { _ = core.draw(into: canvas) } else { core.discardDamage() }
    }
}
