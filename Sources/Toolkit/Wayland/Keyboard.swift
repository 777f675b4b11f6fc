import CWayland
import Glibc

/// A seat's keyboard (`wl_keyboard`): the shared keymap, focus, keys through XKB into `Key`, modifiers, and
/// client-side key repeat (`KeyRepeater`) on the window's timers.
///
/// A keymap that cannot be used (format `no_keymap` or unknown, size 0, garbage that does not compile, a
/// descriptor that is not a file, a size over 16 MiB) leaves the keyboard without one, until a usable keymap
/// arrives. Meanwhile keys are read by their evdev codes (`KeysymMapping.key(forEvdevCode:)`): the navigation
/// keys (arrows, page up / down, home, end, space, tab, enter, escape, backspace) work as on a US layout, every
/// other key is dropped, modifiers read as none, and keys repeat. Only the bytes the keymap file really has
/// are read, however large the declared size. Every keymap descriptor is closed.
///
/// Focus: keys reach the window only between an enter on its surface and the leave; an enter on another surface
/// (or a NULL one) counts as a leave. Any press stops the key repeating before it, even one with no symbol.
///
/// Modifiers: every `wl_keyboard.modifiers` that changes the effective Shift / Ctrl / Alt / Super state while the
/// window has the focus goes to the core as `.keyboardModifiers` (Ctrl + wheel zooms by it). Losing the focus,
/// the keymap or the keyboard itself reports no modifiers held: no release will reach the window for them.
@MainActor
final class WaylandKeyboard {
    private(set) var proxy: OpaquePointer?
    /// The version the keyboard was created at (the seat's).
    let version: UInt32
    private let context: WaylandInputContext
    private let xkbContext: OpaquePointer?
    private var xkb: XkbKeyboardState?
    private let repeater: KeyRepeater
    /// Whether the window has the keyboard focus.
    private(set) var hasFocus = false
    /// The modifiers the core was told about last (`.keyboardModifiers`).
    private var reportedModifiers: KeyModifiers = []

    private static let listener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_keyboard_listener(
                keymap: { data, _, format, fd, size in
                    // The fd is ours whatever happens: close it even when the keyboard is gone.
                    guard let data else {
                        close(fd)
                        return
                    }
                    let keyboard = Unmanaged<WaylandKeyboard>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated { keyboard.keymap(format: format, fd: fd, size: size) }
                },
                // The keys already held at enter are ignored on purpose: they were pressed for another window,
                // and acting on them here would fire shortcuts the user never aimed at this one.
                enter: { data, _, _, surface, _ in
                    let address = UInt(bitPattern: surface)
                    WaylandKeyboard.with(data) { keyboard in
                        // Focus on another surface (or a destroyed one: NULL) is not focus on the window: the focus
                        // went there, so the window has lost it (as for the pointer).
                        keyboard.focus(address != 0 && address == keyboard.context.windowSurface)
                    }
                },
                leave: { data, _, _, surface in
                    let address = UInt(bitPattern: surface)
                    WaylandKeyboard.with(data) { keyboard in
                        guard address == keyboard.context.windowSurface else { return }
                        keyboard.focus(false)
                    }
                },
                key: { data, _, _, time, key, state in
                    WaylandKeyboard.with(data) { $0.key(time: time, code: key, state: state) }
                },
                modifiers: { data, _, _, depressed, latched, locked, group in
                    WaylandKeyboard.with(data) {
                        $0.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
                    }
                },
                repeat_info: { data, _, rate, delay in
                    WaylandKeyboard.with(data) { $0.repeater.setRepeatInfo(rate: rate, delayMilliseconds: delay) }
                }))
        return listener
    }()

    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?,
        _ body: @MainActor (WaylandKeyboard) -> Void
    ) {
        guard let data else { return }
        let keyboard = Unmanaged<WaylandKeyboard>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(keyboard) }
    }

    /// Gets the seat's keyboard.
    init?(seat: OpaquePointer, context: WaylandInputContext) {
        guard let proxy = wl_seat_get_keyboard(seat) else { return nil }
        self.proxy = proxy
        self.context = context
        version = wl_proxy_get_version(proxy)
        xkbContext = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        repeater = KeyRepeater(
            timers: context.timers, now: { [unowned context] in context.now },
            emit: { [unowned context] event in
                context.post(event)
                context.flush()
            })
        // Before v4 no repeat_info arrives: the repeater keeps its defaults (25 Hz after 600 ms).
        wl_keyboard_add_listener(proxy, WaylandKeyboard.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Releases the keyboard; a repeating key stops.
    func release() {
        repeater.stop()
        reportModifiers([])
        if hasFocus {
            hasFocus = false
            context.post(.keyboardFocus(false))
        }
        context.flush()
        xkb = nil
        if let xkbContext { xkb_context_unref(xkbContext) }
        guard let proxy else { return }
        self.proxy = nil
        if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
    }

    // MARK: - Events

    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        // A new keymap invalidates key codes in flight: stop repeating a key read with the old one.
        repeater.stop()
        xkb = nil
        // Without a keymap modifiers read as none (the next `modifiers` event reports them again).
        reportModifiers([])
        context.flush()
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let xkbContext,
            let text = WaylandKeyboard.readKeymap(fd: fd, declaredSize: size)
        else { return }
        xkb = text.withUnsafeBufferPointer { bytes in
            XkbKeyboardState(context: xkbContext, text: bytes.baseAddress!, length: bytes.count)
        }
    }

    /// The keymap text: at most `declaredSize` bytes, and only those the file really has (its size from
    /// `fstat`), read with `pread` into memory of our own. Not mapped: a file shorter than its declared size, or
    /// one the compositor truncates while we read, would fault (SIGBUS) on the pages past its end; `pread` just
    /// returns fewer bytes. nil for an empty result, a size over `XkbKeyboardState.maximumKeymapSize`, or a
    /// descriptor that is not a readable file (a pipe, a socket).
    private static func readKeymap(fd: Int32, declaredSize: UInt32) -> [CChar]? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let length = min(Int(declaredSize), Int(info.st_size))
        guard length > 0, length <= XkbKeyboardState.maximumKeymapSize else { return nil }
        var text = [CChar](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = text.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, length - done, off_t(done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        guard done > 0 else { return nil }
        text.removeLast(length - done)
        return text
    }

    private func focus(_ entered: Bool) {
        // Without focus no release will reach us for the repeating key: stop now.
        if !entered {
            repeater.stop()
            reportModifiers([])
        }
        guard entered != hasFocus else {
            context.flush()
            return
        }
        hasFocus = entered
        context.post(.keyboardFocus(entered))
        context.flush()
    }

    private func key(time: UInt32, code: UInt32, state: UInt32) {
        // Keys belong to the surface of the latest enter: none before an enter on the window, none after a leave
        // or an enter elsewhere (the repeater stopped then).
        guard hasFocus else { return }
        let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
        let timestamp = context.eventTime(time)
        let key: Key
        let repeats: Bool
        if let xkb {
            let keysym = xkb.keysym(evdevCode: code)
            // A key without a symbol in this layout (or with several) means nothing to the toolkit, but its press
            // is still the newest key: the previous key stops repeating. Its release goes on below: it has to end
            // a repeat it may have started under another layout group.
            guard keysym != 0 || !pressed else {
                repeater.stop()
                return
            }
            key = KeysymMapping.key(forKeysym: keysym)
            repeats = xkb.repeats(evdevCode: code)
        } else {
            guard let mapped = KeysymMapping.key(forEvdevCode: code) else { return }
            key = mapped
            repeats = true
        }
        // The compositor sends `modifiers` right after a modifier key's `key` event: the state read here is
        // the one in force for this key.
        let modifiers = xkb?.modifiers ?? []
        repeater.modifiers = modifiers
        if pressed {
            repeater.keyPressed(code: code, key: key, at: timestamp, repeats: repeats)
        } else {
            repeater.keyReleased(code: code)
        }
        context.post(.key(key, pressed: pressed, modifiers: modifiers, isRepeat: false, timestamp: timestamp))
        context.flush()
    }

    private func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let xkb else { return }
        xkb.updateMask(depressed: depressed, latched: latched, locked: locked, group: group)
        let modifiers = xkb.modifiers
        repeater.modifiers = modifiers
        // The compositor sends modifiers right after an enter; any other time it means the focused surface.
        guard hasFocus else { return }
        reportModifiers(modifiers)
        context.flush()
    }

    /// Queues `.keyboardModifiers` when `modifiers` differ from what the core heard last (the caller flushes).
    private func reportModifiers(_ modifiers: KeyModifiers) {
        guard modifiers != reportedModifiers else { return }
        reportedModifiers = modifiers
        context.post(.keyboardModifiers(modifiers))
    }
}
