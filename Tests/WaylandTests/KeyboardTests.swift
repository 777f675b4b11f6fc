import CWayland
import Glibc
import Testing

@testable import Toolkit
@testable import ToolkitCore

/// Keysym mapping, XKB state, and key repeat timing on a manual window clock.
@MainActor
@Suite struct KeyboardTests {
    @Test func navigationKeysymsMapToKeys() {
        let cases: [(Int32, Key)] = [
            (XKB_KEY_Up, .up), (XKB_KEY_Down, .down), (XKB_KEY_Left, .left), (XKB_KEY_Right, .right),
            (XKB_KEY_Page_Up, .pageUp), (XKB_KEY_Page_Down, .pageDown), (XKB_KEY_Home, .home), (XKB_KEY_End, .end),
            (XKB_KEY_space, .space), (XKB_KEY_Tab, .tab), (XKB_KEY_Return, .enter), (XKB_KEY_Escape, .escape),
            (XKB_KEY_BackSpace, .backspace),
            // Keypad with NumLock off, Shift+Tab, keypad Enter.
            (XKB_KEY_KP_Up, .up), (XKB_KEY_KP_Page_Down, .pageDown), (XKB_KEY_KP_Home, .home),
            (XKB_KEY_ISO_Left_Tab, .tab), (XKB_KEY_KP_Enter, .enter)
        ]
        for (keysym, key) in cases {
            #expect(KeysymMapping.key(forKeysym: UInt32(keysym)) == key)
        }
        #expect(KeysymMapping.key(forKeysym: UInt32(XKB_KEY_a)) == .other(UInt32(XKB_KEY_a)))
    }

    @Test func evdevCodesMapWithoutAKeymap() {
        #expect(KeysymMapping.key(forEvdevCode: 103) == .up)
        #expect(KeysymMapping.key(forEvdevCode: 109) == .pageDown)
        #expect(KeysymMapping.key(forEvdevCode: 30) == nil)  // KEY_A means nothing without a layout
    }

    /// Compiles a US keymap the way a compositor would share it (as text) and reads it back.
    @Test(.enabled(if: access("/usr/share/X11/xkb/rules", F_OK) == 0, "xkeyboard-config data is not installed"))
    func xkbStateTranslatesKeysAndModifiers() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        var names = xkb_rule_names()
        let keymap = try #require(
            "us".withCString { layout -> OpaquePointer? in
                names.layout = layout
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            })
        defer { xkb_keymap_unref(keymap) }
        let text = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
        defer { free(text) }
        let state = try #require(XkbKeyboardState(context: context, text: text, length: strlen(text) + 1))
        #expect(KeysymMapping.key(forKeysym: state.keysym(evdevCode: 103)) == .up)
        #expect(state.keysym(evdevCode: 30) == UInt32(XKB_KEY_a))
        #expect(state.repeats(evdevCode: 30))
        #expect(!state.repeats(evdevCode: 42))  // Left Shift does not repeat
        #expect(state.modifiers == [])
        let shift = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        let control = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_CTRL)
        state.updateMask(depressed: 1 << shift | 1 << control, latched: 0, locked: 0, group: 0)
        #expect(state.modifiers == [.shift, .control])
        #expect(state.keysym(evdevCode: 30) == UInt32(XKB_KEY_A))
        // A keymap of garbage is refused without crashing.
        #expect(XkbKeyboardState(context: context, text: "not a keymap", length: 12) == nil)
    }

    // MARK: - Repeat

    private final class Recorder {
        var events: [InputEvent] = []
        var repeatTimes: [Duration] {
            events.compactMap {
                if case .key(_, _, _, true, let t) = $0 { return t } else { return nil }
            }
        }
    }

    private func makeRepeater(_ core: WindowCore, _ recorder: Recorder) -> KeyRepeater {
        KeyRepeater(timers: core.timers, now: { core.now }, emit: { recorder.events.append($0) })
    }

    @Test func repeatStartsAfterTheDelayAndKeepsTheRate() {
        let core = WindowCore(size: Size(width: 10, height: 10))
        let recorder = Recorder()
        let repeater = makeRepeater(core, recorder)
        repeater.setRepeatInfo(rate: 25, delayMilliseconds: 600)
        repeater.keyPressed(code: 108, key: .down, at: .milliseconds(100), repeats: true)
        core.fireTimers(upTo: .milliseconds(699))
        #expect(recorder.repeatTimes.isEmpty)
        core.fireTimers(upTo: .milliseconds(700))
        #expect(recorder.repeatTimes == [.milliseconds(700)])
        // Woken late each time: the deadlines stay on the 40 ms grid (no drift).
        core.fireTimers(upTo: .milliseconds(745))
        core.fireTimers(upTo: .milliseconds(787))
        core.fireTimers(upTo: .milliseconds(821))
        #expect(
            recorder.repeatTimes == [
                .milliseconds(700), .milliseconds(740), .milliseconds(780),
                .milliseconds(820)
            ])
        repeater.keyReleased(code: 108)
        core.fireTimers(upTo: .seconds(5))
        #expect(recorder.repeatTimes.count == 4)
        #expect(core.timers.count == 0)
    }

    @Test func repeatsCarryTheKeyAndCurrentModifiers() {
        let core = WindowCore(size: Size(width: 10, height: 10))
        let recorder = Recorder()
        let repeater = makeRepeater(core, recorder)
        repeater.setRepeatInfo(rate: 10, delayMilliseconds: 200)
        repeater.keyPressed(code: 109, key: .pageDown, at: .zero, repeats: true)
        repeater.modifiers = [.shift]
        core.fireTimers(upTo: .milliseconds(200))
        #expect(
            recorder.events == [
                .key(
                    .pageDown, pressed: true, modifiers: [.shift], isRepeat: true,
                    timestamp: .milliseconds(200))
            ])
    }

    @Test func aLongStallSkipsMissedRepeatsOnTheSameGrid() {
        let core = WindowCore(size: Size(width: 10, height: 10))
        let recorder = Recorder()
        let repeater = makeRepeater(core, recorder)
        repeater.setRepeatInfo(rate: 25, delayMilliseconds: 600)
        repeater.keyPressed(code: 103, key: .up, at: .zero, repeats: true)
        core.fireTimers(upTo: .milliseconds(5010))
        // Not 112 stale repeats: the first one, then the grid resumes after now.
        #expect(recorder.repeatTimes == [.milliseconds(600)])
        core.fireTimers(upTo: .milliseconds(5040))
        #expect(recorder.repeatTimes == [.milliseconds(600), .milliseconds(5040)])
    }

    @Test func repeatStopsOnAnotherKeyOnStopAndWhenDisabled() {
        let core = WindowCore(size: Size(width: 10, height: 10))
        let recorder = Recorder()
        let repeater = makeRepeater(core, recorder)
        repeater.setRepeatInfo(rate: 25, delayMilliseconds: 100)
        repeater.keyPressed(code: 103, key: .up, at: .zero, repeats: true)
        repeater.keyPressed(code: 108, key: .down, at: .milliseconds(50), repeats: true)
        core.fireTimers(upTo: .milliseconds(150))
        #expect(
            recorder.events == [
                .key(
                    .down, pressed: true, modifiers: [], isRepeat: true,
                    timestamp: .milliseconds(150))
            ])
        // Releasing the key that no longer repeats changes nothing.
        repeater.keyReleased(code: 103)
        #expect(repeater.isRepeating)
        repeater.stop()  // focus left
        #expect(!repeater.isRepeating)
        repeater.setRepeatInfo(rate: 0, delayMilliseconds: 100)
        repeater.keyPressed(code: 103, key: .up, at: .seconds(1), repeats: true)
        repeater.setRepeatInfo(rate: 25, delayMilliseconds: 100)
        repeater.keyPressed(code: 42, key: .other(0xffe1), at: .seconds(1), repeats: false)
        core.fireTimers(upTo: .seconds(10))
        #expect(recorder.events.count == 1)
    }

    @Test func hostileRepeatInfoIsClamped() {
        let core = WindowCore(size: Size(width: 10, height: 10))
        let recorder = Recorder()
        let repeater = makeRepeater(core, recorder)
        // A negative value (a protocol violation) means no repeat at all.
        for (rate, delay) in [(Int32.max, Int32(-5)), (-1, 100), (Int32.min, Int32.min)] {
            repeater.setRepeatInfo(rate: rate, delayMilliseconds: delay)
            #expect(repeater.rate == 0)
            repeater.keyPressed(code: 103, key: .up, at: .zero, repeats: true)
            #expect(!repeater.isRepeating)
        }
        core.fireTimers(upTo: .seconds(1))
        #expect(recorder.events.isEmpty)
        repeater.setRepeatInfo(rate: Int32.max, delayMilliseconds: 0)
        #expect(repeater.rate == KeyRepeater.maximumRate)
        #expect(repeater.delay == .zero)
        repeater.keyPressed(code: 103, key: .up, at: .seconds(1), repeats: true)
        core.fireTimers(upTo: .seconds(1) + .milliseconds(10))
        // A finite 1 ms interval (no endless loop); the missed ones between are skipped.
        #expect(recorder.repeatTimes == [.seconds(1), .seconds(1) + .milliseconds(10)])
        core.fireTimers(upTo: .seconds(1) + .milliseconds(11))
        #expect(recorder.repeatTimes.last == .seconds(1) + .milliseconds(11))
    }
}
