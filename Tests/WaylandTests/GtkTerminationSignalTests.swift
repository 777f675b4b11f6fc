import Foundation
import Glibc
import Testing
import Toolkit
import ToolkitTesting

/// `GtkSignals.quitOnTerminationSignals`: embed-gtk, launched by a Foundation `Process` (whose children start with
/// SIGINT and SIGTERM blocked, so GLib's own signal sources would never see them), exits with status 0 within a
/// second of either signal.
@Suite(.serialized) struct GtkTerminationSignalTests {
    @Test(.enabled(if: GtkAppSession.embedGTK != nil, "embed-gtk is not built: swift build --build-tests"),
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
        while process.isRunning && FrameTiming.monotonicNow - sent < .seconds(3) { usleep(2_000) }
        let elapsed = FrameTiming.monotonicNow - sent
        try #require(!process.isRunning, "embed-gtk ignored \(signal == SIGTERM ? "SIGTERM" : "SIGINT")")
        print("[GtkTerminationSignalTests] Foundation Process, signal \(signal): exited after "
              + "\(FrameTiming.milliseconds(elapsed)) ms")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "ended by \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        #expect(elapsed < .seconds(1))
    }
}
