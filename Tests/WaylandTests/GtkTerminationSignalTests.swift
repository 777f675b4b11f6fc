import Foundation
import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// `GtkSignals.quitOnTerminationSignals`: embed-gtk, launched by a Foundation `Process` (whose children start with
/// SIGINT and SIGTERM blocked, so GLib's own signal sources would never see them), exits with status 0 on either
/// signal. The spec's "within 1 s" is printed, not asserted: a sanitizer build or a loaded machine takes longer
/// without anything being wrong, and a signal that is not handled never ends the app (the deadline catches that).
@Suite(.serialized) struct GtkTerminationSignalTests {
    @Test(
        .enabled(if: GtkAppSession.embedGTK != nil, "embed-gtk is not built: swift build --build-tests"),
        arguments: [SIGTERM, SIGINT])
    func embedGTKLaunchedByAFoundationProcessExitsZeroOnASignal(_ signal: Int32) throws {
        let compositor = try TestCompositor()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(GtkAppSession.embedGTK))
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"] { environment.removeValue(forKey: name) }
        environment.merge(compositor.environment) { $1 }
        environment.merge(["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1"]) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try compositor.waitForToplevel(timeout: .seconds(20))
        let sent = FrameTiming.monotonicNow
        kill(process.processIdentifier, signal)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        try waitUntil("embed-gtk to exit after \(name)", timeout: .seconds(10)) { !process.isRunning }
        let elapsed = FrameTiming.monotonicNow - sent
        print(
            "[GtkTerminationSignalTests] Foundation Process, \(name): exited after "
                + "\(FrameTiming.milliseconds(elapsed)) ms (the spec: within 1 s)")
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "ended by \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
    }
}
