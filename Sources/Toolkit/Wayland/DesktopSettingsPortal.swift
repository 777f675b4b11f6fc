internal import CSettingsPortal
import Glibc
@_spi(Backends) import ToolkitCore

/// Follows the desktop's settings through the settings portal (`org.freedesktop.portal.Settings` on the session
/// bus) and sets a window's `colorScheme` and `reducesMotion` from them (<doc:ScrollBehaviour> §22):
/// - `org.freedesktop.appearance color-scheme`: 1 (prefer dark) is `.dark`; 0 (no preference), 2 (prefer light)
///   and unknown values are `.light`;
/// - `org.gnome.desktop.interface enable-animations` false, or `org.freedesktop.appearance reduced-motion` 1
///   (documented by xdg-desktop-portal; portals that lack it answer NotFound, which leaves it off): reduced motion.
///
/// The values are read without waiting (sd-bus, one descriptor in the window's loop) and followed through the
/// portal's `SettingChanged` signal. No session bus, no portal, or an error: the window keeps its defaults, and
/// one `Diagnostics` line per process says so.
@MainActor
final class DesktopSettingsPortal {
    /// How long an initial read may take before it counts as failed (the portal may be started by the bus).
    static let readTimeout: Duration = .seconds(3)

    private let handle: OpaquePointer
    private let box: Box
    /// Whether the one diagnostic line of this process was written.
    private static var reported = false

    /// What the C side calls back into: the window's core, not owned (the window owns both).
    @MainActor final class Box {
        unowned let core: WindowCore
        var enablesAnimations = true
        var prefersReducedMotion = false

        init(core: WindowCore) { self.core = core }

        func receive(key: Int32, value: UInt32) {
            switch Int(key) {
            case Int(TPORTAL_COLOR_SCHEME):
                core.colorScheme = value == 1 ? .dark : .light
            case Int(TPORTAL_ENABLE_ANIMATIONS):
                enablesAnimations = value != 0
            case Int(TPORTAL_REDUCED_MOTION):
                prefersReducedMotion = value == 1
            default:
                return
            }
            core.reducesMotion = !enablesAnimations || prefersReducedMotion
        }
    }

    /// Starts following the settings for `core`, or returns nil (reporting why, once) when no bus is reachable.
    /// `busAddress`: a D-Bus address to use instead of the session bus the environment names.
    init?(core: WindowCore, busAddress: String? = nil) {
        let box = Box(core: core)
        let context = Unmanaged.passUnretained(box).toOpaque()
        let timeout = UInt64(DesktopSettingsPortal.readTimeout.components.seconds) * 1_000_000
        let callback: tportal_setting_fn = { context, key, value in
            guard let context else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            // Called inside `dispatch()`, on the window's thread.
            MainActor.assumeIsolated { box.receive(key: key, value: value) }
        }
        guard let handle = tportal_start(busAddress, timeout, callback, context) else {
            DesktopSettingsPortal.reportOnce(String(cString: tportal_start_error()))
            return nil
        }
        self.handle = handle
        self.box = box
    }

    isolated deinit {
        tportal_free(handle)
    }

    /// The descriptor to poll for reading.
    var fileDescriptor: Int32 { tportal_fd(handle) }

    /// Whether every initial read was answered (or failed or timed out).
    var hasInitialValues: Bool { tportal_pending(handle) == 0 }

    /// Handles what arrived; false once the bus is gone (take the descriptor out of the loop).
    func dispatch() -> Bool {
        let alive = tportal_dispatch(handle) != 0
        if hasInitialValues, let error = tportal_error(handle) {
            DesktopSettingsPortal.reportOnce(String(cString: error))
        }
        return alive
    }

    /// Waits at most `limit` for the initial reads, so that the first frame already has the desktop's colours.
    func awaitInitialValues(for limit: Duration) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !hasInitialValues {
            let left = deadline - clock.now
            guard left > .zero else { return }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno != EINTR { return }
            if !dispatch() { return }
        }
    }

    private static func reportOnce(_ reason: String) {
        guard !reported else { return }
        reported = true
        Diagnostics.reportFromBackend(
            "the desktop's settings portal is not available (\(reason)): light colours and full motion")
    }
}
