/// Client-side key repeat, as Wayland requires (`wl_keyboard.repeat_info`), driven by the window's timers.
///
/// Timing: the first repeat is due `delay` after the press (the press's window-clock time), then one every
/// `1 s / rate`. Each deadline is computed from the previous deadline, never from the moment the timer
/// actually ran, so late wake-ups do not accumulate drift. When the loop fell behind by whole intervals
/// (the app was busy), the missed repeats are skipped and the next deadline stays on the same grid:
/// one burst of stale repeats would scroll far past what the user meant.
/// A repeat is emitted as a `.key(pressed: true, isRepeat: true)` stamped with its deadline and the
/// modifiers held at that moment. It stops on the key's release, on another key's press (only the newest
/// key repeats), on focus loss, and when `rate` is 0 (also after a repeat_info with a negative value).
@MainActor
final class KeyRepeater {
    /// Repeats per second; 0 disables repeat.
    private(set) var rate: Int = 25
    /// Time from press to the first repeat.
    private(set) var delay: Duration = .milliseconds(600)
    /// The modifiers stamped on repeats (kept current by the keyboard).
    var modifiers: KeyModifiers = []

    private let timers: TimerQueue
    private let now: () -> Duration
    private let emit: (InputEvent) -> Void
    private var timer: TimerQueue.ID?
    private var repeatingCode: UInt32?
    private var repeatingKey: Key = .space
    private var deadline: Duration = .zero
    /// The timer's action, made once: a held key schedules a timer per repeat (25 per second and more), and a
    /// closure made at each would be a heap allocation per repeat.
    private lazy var fireAction: @MainActor () -> Void = { [weak self] in self?.fire() }

    /// - Parameters:
    ///   - timers: the window's timer queue.
    ///   - now: the window clock's current time (for skipping missed repeats).
    ///   - emit: receives the repeat events.
    init(timers: TimerQueue, now: @escaping () -> Duration, emit: @escaping (InputEvent) -> Void) {
        self.timers = timers
        self.now = now
        self.emit = emit
    }

    /// Whether a key is repeating (or waiting for its first repeat).
    var isRepeating: Bool { repeatingCode != nil }

    /// The highest rate honoured, in repeats per second: a bigger (hostile or broken) value would make the
    /// interval round to nothing and the timer fire forever.
    static let maximumRate = 1000

    /// `wl_keyboard.repeat_info`: `rate` in repeats per second (0: none), `delay` in milliseconds. A negative
    /// rate or delay breaks the protocol and means no repeat (rate 0, delay 0): reading a negative delay as 0
    /// would repeat a key the instant it is pressed. Rates above `maximumRate` count as `maximumRate`.
    func setRepeatInfo(rate: Int32, delayMilliseconds: Int32) {
        guard rate >= 0, delayMilliseconds >= 0 else {
            self.rate = 0
            delay = .zero
            stop()
            return
        }
        self.rate = min(KeyRepeater.maximumRate, Int(rate))
        delay = .milliseconds(Int(delayMilliseconds))
        if self.rate == 0 { stop() }
    }

    /// A key went down at `time` (window clock). `repeats`: whether the keymap lets this key repeat.
    func keyPressed(code: UInt32, key: Key, at time: Duration, repeats: Bool) {
        stop()
        guard repeats, rate > 0 else { return }
        repeatingCode = code
        repeatingKey = key
        deadline = time + delay
        schedule()
    }

    /// A key went up: stops repeating when it is the repeating key.
    func keyReleased(code: UInt32) {
        if repeatingCode == code { stop() }
    }

    /// Stops any repeat (focus left, keymap changed, device gone).
    func stop() {
        timers.cancel(timer)
        timer = nil
        repeatingCode = nil
    }

    private func schedule() {
        timer = timers.schedule(at: deadline, fireAction)
    }

    private func fire() {
        guard repeatingCode != nil, rate > 0 else { return }
        emit(.key(repeatingKey, pressed: true, modifiers: modifiers, isRepeat: true, timestamp: deadline))
        // The emit may have stopped us (a view reacting to the key by moving focus, say).
        guard repeatingCode != nil else { return }
        let interval = Duration.seconds(1) / rate
        deadline += interval
        let current = now()
        if deadline < current {
            let missed = ((current - deadline) / interval).rounded(.up)
            deadline += interval * Int(missed)
        }
        schedule()
    }
}
