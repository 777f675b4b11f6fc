import CWayland
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Broken keymaps and repeat info from a hostile compositor. Rules (`WaylandKeyboard`, `KeyRepeater`): a keymap
/// that cannot be used leaves the keyboard without one, and then keys are read by their evdev codes (the
/// navigation keys work, other keys are dropped, no modifiers); only the bytes the file really has are read;
/// every keymap descriptor is closed; negative repeat info means no repeat.
@MainActor
@Suite struct HostileKeyboardTests {
    private static let noKeymap = WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP.rawValue
    private static let xkbV1 = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue
    private static let keysymA = UInt32(XKB_KEY_a)

    /// The key events (not repeats) the client routed, as "key pressed".
    private func keys(_ client: HostileClient) -> [String] {
        client.events.compactMap {
            guard case .key(let key, let pressed, _, let isRepeat, _) = $0, !isRepeat else { return nil }
            return "\(key) \(pressed)"
        }
    }

    /// Presses and releases `key` and pumps until the client saw `expected` more key events (or a second).
    private func tap(_ key: Key, _ client: HostileClient, expecting expected: Int) throws {
        let before = keys(client).count
        client.compositor.key(key, pressed: true)
        client.compositor.key(key, pressed: false)
        try client.dispatch(limit: expected == 0 ? .milliseconds(100) : .seconds(2)) {
            keys(client).count >= before + expected
        }
    }

    /// Sends a keymap, makes sure the client read it (a ping behind it is answered) and that its descriptor is
    /// closed, then checks the degraded keyboard: navigation keys come through, letters do not.
    private func expectDegraded(
        after payload: KeymapPayload, format: UInt32 = xkbV1, declaredSize: UInt32? = nil,
        _ client: HostileClient, comment: Comment
    ) throws {
        let name = try #require(
            client.compositor.sendKeymap(
                format: format, payload: payload,
                declaredSize: declaredSize))
        #expect(try client.answersPing(), comment)
        #expect(FileDescriptorCensus.count(containing: name) == 0, "keymap descriptor left open: \(comment)")
        client.clearEvents()
        try tap(.down, client, expecting: 2)
        try tap(.other(HostileKeyboardTests.keysymA), client, expecting: 0)
        #expect(keys(client) == ["down true", "down false"], comment)
    }

    @Test func unusableKeymapsLeaveTheNavigationKeysWorking() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        // The default keymap works: letters come through.
        try tap(.other(HostileKeyboardTests.keysymA), client, expecting: 2)
        #expect(keys(client).first == "other(\(HostileKeyboardTests.keysymA)) true")

        try expectDegraded(
            after: .bytes(Array("xkb_keymap { this is not a keymap".utf8)), client,
            comment: "garbage text")
        try expectDegraded(
            after: .bytes((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 37) }), client,
            comment: "binary garbage")
        try expectDegraded(after: .bytes([]), declaredSize: 0, client, comment: "empty, size 0")
        try expectDegraded(after: .bytes([]), declaredSize: 4096, client, comment: "empty file, size 4096")
        // A page of text without a NUL, declared far longer: reading on would fault (SIGBUS) past the file's end.
        try expectDegraded(
            after: .bytes([UInt8](repeating: 0x78, count: 4096)), declaredSize: 65536, client,
            comment: "one page, declared 16")
        try expectDegraded(
            after: .bytes([UInt8](repeating: 0x78, count: 10)), declaredSize: UInt32.max, client,
            comment: "declared 4 GiB")
        try expectDegraded(after: .pipe, declaredSize: 4096, client, comment: "a pipe")
        try expectDegraded(
            after: .defaultKeymap, format: HostileKeyboardTests.noKeymap, client,
            comment: "format no_keymap")
        try expectDegraded(after: .defaultKeymap, format: 77, client, comment: "unknown format")
        try expectDegraded(after: .defaultKeymap, declaredSize: 0, client, comment: "valid text, size 0")

        // A valid keymap again: letters are back.
        let name = try #require(compositor.sendKeymap(format: HostileKeyboardTests.xkbV1, payload: .defaultKeymap))
        #expect(try client.answersPing())
        #expect(FileDescriptorCensus.count(containing: name) == 0)
        client.clearEvents()
        try tap(.other(HostileKeyboardTests.keysymA), client, expecting: 2)
        #expect(
            keys(client) == [
                "other(\(HostileKeyboardTests.keysymA)) true",
                "other(\(HostileKeyboardTests.keysymA)) false"
            ])
        #expect(compositor.isClean)
    }

    @Test func aKeymapLargerThanDeclaredIsReadOnlyUpToTheDeclaredSize() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        // The default keymap cut short by its declared size: it no longer compiles.
        try expectDegraded(after: .defaultKeymap, declaredSize: 100, client, comment: "truncated by the size")
        #expect(compositor.isClean)
    }

    @Test func negativeRepeatInfoMeansNoRepeat() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        for (rate, delay) in [(Int32(25), Int32(-1)), (-1, 200), (Int32.min, Int32.min)] {
            compositor.sendRepeatInfo(rate: rate, delay: delay)
            client.clearEvents()
            compositor.key(.down, pressed: true)
            // Long enough for a few repeats at 25 Hz had the delay been read as 0.
            try client.settle(for: .milliseconds(150))
            compositor.key(.down, pressed: false)
            try client.pump { keys(client).contains("down false") }
            let repeats = client.events.filter { if case .key(_, _, _, true, _) = $0 { true } else { false } }
            #expect(repeats.isEmpty, "repeat_info \(rate) \(delay)")
            #expect(keys(client) == ["down true", "down false"])
        }
        // Valid values turn repeat back on.
        compositor.sendRepeatInfo(rate: 50, delay: 20)
        client.clearEvents()
        compositor.key(.down, pressed: true)
        try client.pump { client.events.contains { if case .key(_, _, _, true, _) = $0 { true } else { false } } }
        compositor.key(.down, pressed: false)
        #expect(client.events.contains { if case .key(_, _, _, true, _) = $0 { true } else { false } })
        #expect(try client.answersPing())
    }

    /// An evdev code past the us keymap's last key code: it has no keysym.
    private static let codeWithoutSymbol: UInt32 = 600

    /// Keys reach the window only between an enter on its surface and the leave: none before any enter, none
    /// after an enter on another surface (the focus went there).
    @Test func keysOutsideTheWindowsFocusAreDropped() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        client.clearEvents()
        compositor.sendRawKey(code: 108, pressed: true)  // down, and no enter ever came
        compositor.sendRawKey(code: 108, pressed: false)
        #expect(try client.answersPing())
        #expect(keys(client).isEmpty)
        #expect(client.container.contentOffset == .zero)
        // A regular key enters the window first: it comes through.
        try tap(.down, client, expecting: 2)
        #expect(keys(client) == ["down true", "down false"])
        // The compositor then says the keyboard entered the cursor surface: the window lost the focus.
        compositor.pointerEnter(at: Point(x: 20, y: 20))
        compositor.pointerFrame()
        try client.pump { compositor.lastCursorRequest?.hasSurface == true }
        #expect(compositor.sendKeyboardEnterOnCursorSurface())
        client.clearEvents()
        compositor.sendRawKey(code: 108, pressed: true)
        compositor.sendRawKey(code: 108, pressed: false)
        #expect(try client.answersPing())
        #expect(keys(client).isEmpty)
        #expect(client.events.contains { if case .keyboardFocus(false) = $0 { true } else { false } })
    }

    /// A press of a key with no symbol is still a press: the key repeating before it stops (only the newest
    /// key repeats).
    @Test func aPressWithoutASymbolStopsTheRepeat() throws {
        let compositor = try TestCompositor()
        let client = try HostileClient(compositor: compositor)
        compositor.sendRepeatInfo(rate: 50, delay: 150)
        #expect(try client.answersPing())
        client.clearEvents()
        compositor.key(.down, pressed: true)
        compositor.sendRawKey(code: HostileKeyboardTests.codeWithoutSymbol, pressed: true)
        try client.pump(limit: .seconds(2)) { keys(client) == ["down true"] }
        #expect(keys(client) == ["down true"])
        // Long enough for several repeats at 50 Hz after 150 ms.
        try client.settle(for: .milliseconds(400))
        let repeats = client.events.filter { if case .key(_, _, _, true, _) = $0 { true } else { false } }
        #expect(repeats.isEmpty)
        compositor.sendRawKey(code: HostileKeyboardTests.codeWithoutSymbol, pressed: false)
        compositor.key(.down, pressed: false)
        #expect(try client.answersPing())
    }
}
