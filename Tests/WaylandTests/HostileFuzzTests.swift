import CWayland
import Glibc
import TestSupport
import Testing
import ToolkitTesting

@testable import Toolkit
@testable import ToolkitCore

/// Seeded random sequences of hostile compositor actions (impossible sizes and scales, broken keymaps and repeat
/// info, unpaired and extreme input, capability flapping, withheld frame callbacks and buffers, unknown
/// objects, and at most one disconnect or malformed message) against a live window with a scroll container.
/// After every step the client must answer a ping (unless the connection was ended on purpose, when it must
/// throw `connectionLost`) and its state must be sane: size within `SurfaceLimits`, at most 4 buffers, a finite
/// content offset. Every run prints its seed; `TOOLKIT_FUZZ_SEED=<hex>` replays one seed alone.
@MainActor
@Suite struct HostileFuzzTests {
    /// Steps per seed: enough to hit every action many times, few enough for the whole file to stay near 10 s.
    private static let steps = 150

    private static var seeds: [UInt64] {
        if let raw = getenv("TOOLKIT_FUZZ_SEED"), let seed = UInt64(String(cString: raw), radix: 16) {
            return [seed]
        }
        // Chosen to cover each ending: recovery on the integer and the fractional path, a disconnect, and a
        // malformed message.
        return [0x0BAD_C0DE_F00D, 0xE, 0xB, 0x1]
    }

    private static let keysymA = UInt32(XKB_KEY_a)

    /// One hostile step (that keeps the connection); returns its description.
    private func step(_ rng: inout SplitMix64, _ compositor: TestCompositor) -> String {
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        func coordinate() -> Double {
            pick([Double(rng.next() % 200), -Double(rng.next() % 50), 1e9, -1e9, 8_388_607, .nan, .infinity])
        }
        func point() -> Point { Point(x: coordinate(), y: coordinate()) }
        let touchID = pick([0, 1, 2, 7, Int(Int32.max), Int(Int32.min), -1])
        switch rng.next() % 100 {
        case 0..<8:
            func side() -> Int32 { pick([Int32(rng.next() % 120) + 1, 0, -1, Int32.min, Int32.max, 100_000]) }
            let width = side()
            var height = side()
            // Huge in both directions is its own test (a 128 MiB buffer); here one side stays small.
            if width > 16384 && height > 16384 { height = Int32(rng.next() % 60) + 1 }
            compositor.sendRawConfigure(width: width, height: height, states: pick([[], [.activated], [.maximized]]))
            return "configure \(width)x\(height)"
        case 8..<11:
            let factor = pick([Int32(0), -1, 1, 2, 3, 1000, Int32.max, Int32.min])
            compositor.sendRawOutputScale(factor)
            return "output scale \(factor)"
        case 11..<13:
            // Reaches the client only on the fractional path (every other seed).
            let scale120 = pick([UInt32(0), 1, 90, 150, 180, 240, 10_000, UInt32.max])
            compositor.sendRawPreferredScale(scale120)
            return "preferred scale \(scale120)/120"
        case 13..<21:
            let location = point()
            compositor.touchDown(id: touchID, at: location)
            return "touch down \(touchID) \(location)"
        case 21..<29:
            let location = point()
            compositor.touchMotion(id: touchID, to: location)
            return "touch motion \(touchID) \(location)"
        case 29..<34:
            compositor.touchUp(id: touchID)
            return "touch up \(touchID)"
        case 34..<40:
            compositor.touchFrame()
            return "touch frame"
        case 40..<42:
            compositor.touchCancel()
            return "touch cancel"
        case 42..<45:
            let location = point()
            if rng.next() % 2 == 0 {
                compositor.pointerEnter(at: location)
            } else {
                compositor.sendUnpairedPointerEnter(at: location)
            }
            return "pointer enter \(location)"
        case 45..<47:
            compositor.sendUnpairedPointerLeave()
            return "pointer leave"
        case 47..<52:
            let location = point()
            compositor.pointerMotion(to: location)
            return "pointer motion \(location)"
        case 52..<55:
            let pressed = rng.next() % 2 == 0
            compositor.pointerButton(pick([.left, .right, .middle]), pressed: pressed)
            return "pointer button \(pressed)"
        case 55..<60:
            let value = pick([Double(rng.next() % 240) - 120, 1e12, -1e12, 8_388_607, .nan])
            let source: AxisSource = pick([.wheel, .finger, .continuous])
            compositor.pointerAxis(dx: pick([0, value]), dy: value, source: source)
            if rng.next() % 3 == 0 { compositor.pointerAxisStop() }
            return "axis \(source) \(value)"
        case 60..<66:
            compositor.pointerFrame()
            return "pointer frame"
        case 66..<70:
            let key: Key = pick([.down, .up, .space, .pageDown, .end, .other(HostileFuzzTests.keysymA)])
            let pressed = rng.next() % 2 == 0
            compositor.key(key, pressed: pressed)
            return "key \(key) \(pressed)"
        case 70..<73:
            let xkb = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue
            let choice = rng.next() % 6
            switch choice {
            case 0: compositor.sendKeymap(format: xkb, payload: .bytes(Array("garbage{".utf8)))
            case 1: compositor.sendKeymap(format: xkb, payload: .bytes([]), declaredSize: 4096)
            case 2: compositor.sendKeymap(format: xkb, payload: .pipe, declaredSize: 100)
            case 3: compositor.sendKeymap(format: WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP.rawValue, payload: .defaultKeymap)
            case 4:
                compositor.sendKeymap(
                    format: xkb, payload: .bytes([UInt8](repeating: 0x41, count: 4096)),
                    declaredSize: UInt32.max)
            default: compositor.sendKeymap(format: xkb, payload: .defaultKeymap)
            }
            return "keymap \(choice)"
        case 73..<75:
            let rate = pick([Int32(25), 0, -1, Int32.max, Int32.min])
            let delay = pick([Int32(300), 0, -5, Int32.max])
            compositor.sendRepeatInfo(rate: rate, delay: delay)
            return "repeat info \(rate) \(delay)"
        case 75..<79:
            let all: [SeatCapabilities] = [[], [.pointer], [.touch], [.keyboard], [.pointer, .touch, .keyboard]]
            let flaps = Int(rng.next() % 3) + 1
            for _ in 0..<flaps { compositor.setCapabilities(pick(all)) }
            return "capabilities x\(flaps) -> \(compositor.capabilities.rawValue)"
        case 79..<83:
            let on = rng.next() % 3 != 0
            compositor.autoFrameCallbacks = on
            if on { compositor.sendFrameCallbacks() }
            return "frame callbacks \(on)"
        case 83..<87:
            let on = rng.next() % 3 != 0
            compositor.autoReleaseBuffers = on
            if on { compositor.releaseBuffers() }
            return "buffer release \(on)"
        case 87..<90:
            let id = pick([UInt32(0xFF00_1234), 0x00F0_0000])
            compositor.sendRawEvent(objectID: id, opcode: UInt16(rng.next() % 4), arguments: [1, 2, 3])
            return "event for unknown object \(id)"
        case 90..<93:
            compositor.advanceClock(by: .milliseconds(Int64(rng.next() % 2000)))
            return "clock"
        default:
            // Nothing hostile: let the client draw what it has.
            return "idle"
        }
    }

    /// Ends the connection on purpose: the compositor goes away, or sends a message libwayland cannot parse.
    private func end(_ rng: inout SplitMix64, _ compositor: TestCompositor) -> String {
        if rng.next() % 2 == 0 {
            compositor.disconnectAllClients()
            return "disconnect"
        }
        compositor.sendRawEvent(objectID: 1, opcode: 9)
        return "malformed message"
    }

    private func run(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let fractional = rng.next() % 2 == 0
        let name = "seed 0x\(String(seed, radix: 16))\(fractional ? " (fractional scale)" : "")"
        print("[HostileFuzzTests] \(name) (replay: TOOLKIT_FUZZ_SEED=\(String(seed, radix: 16)))")
        let compositor = try TestCompositor()
        if fractional { compositor.fractionalScale = 1.25 }
        let client = try HostileClient(compositor: compositor, size: Size(width: 160, height: 120))
        // Two runs in three end the connection on purpose, somewhere in the second half.
        let steps = HostileFuzzTests.steps
        let endStep: Int? = rng.next() % 3 == 0 ? nil : steps / 2 + Int(rng.next() % UInt64(steps / 2))
        var trail: [String] = []
        for index in 0..<steps {
            let ends = index == endStep
            let action = ends ? end(&rng, compositor) : step(&rng, compositor)
            trail.append("\(index): \(action)")
            if trail.count > 12 { trail.removeFirst() }
            let context = "\(name), recent steps:\n" + trail.joined(separator: "\n")
            if ends {
                let error = client.pumpUntilError()
                guard case .connectionLost? = error as? WaylandError else {
                    Issue.record("expected connectionLost, got \(String(describing: error)); \(context)")
                    return
                }
                let socket = try #require(client.socketIdentity)
                client.window = nil
                #expect(FileDescriptorCensus.count(containing: socket) == 0, "socket leaked; \(context)")
                print("[HostileFuzzTests] \(name): connection ended at step \(index) by \(action): \(error!)")
                return
            }
            do {
                let answered = try client.answersPing()
                #expect(answered, "no pong; \(context)")
                if !answered { return }
            } catch {
                Issue.record("the loop threw \(error); \(context)")
                return
            }
            guard let window = client.window else { return }
            let size = window.size
            let sane =
                size.width >= 1 && size.height >= 1 && size.width <= Double(SurfaceLimits.maximumSide)
                && size.height <= Double(SurfaceLimits.maximumSide)
                && size.width * size.height <= Double(SurfaceLimits.maximumPixels)
            #expect(sane, "window size \(size); \(context)")
            #expect(window.liveBufferCount <= 4, "\(window.liveBufferCount) buffers; \(context)")
            #expect(client.container.contentOffset.isFinite, "offset \(client.container.contentOffset); \(context)")
            if !sane || !client.container.contentOffset.isFinite { return }
        }
        try expectRecovery(client, name)
        print(
            "[HostileFuzzTests] \(name): \(steps) steps, \(client.window?.presentedFrameCount ?? 0) frames, recovered")
    }

    /// A sane compositor again: the client presents a frame of the size it is given, no touch or button is
    /// left hanging, and a finger and a key still scroll the container.
    private func expectRecovery(_ client: HostileClient, _ name: String) throws {
        let compositor = client.compositor
        guard let window = client.window else { return }
        compositor.autoFrameCallbacks = true
        compositor.sendFrameCallbacks()
        compositor.autoReleaseBuffers = true
        compositor.releaseBuffers()
        compositor.sendRawOutputScale(1)
        compositor.sendRawPreferredScale(120)
        compositor.setCapabilities([.pointer, .touch, .keyboard])
        compositor.sendKeymap(format: WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, payload: .defaultKeymap)
        compositor.sendRepeatInfo(rate: 0, delay: 0)
        let serial = compositor.sendConfigure(size: Size(width: 140, height: 100))
        try client.pump {
            compositor.lastAckedSerial == serial && compositor.lastCommittedImage?.width == 140
                && window.hasPointer && window.hasTouch && window.hasKeyboard
        }
        #expect(window.size == Size(width: 140, height: 100), "\(name)")
        #expect(compositor.lastCommittedImage?.height == 100, "\(name)")
        // A ping answered after the client made its devices: the compositor has seen them.
        #expect(try client.answersPing(), "\(name)")
        // Whatever was down is taken away the way a compositor would.
        compositor.touchCancel()
        compositor.touchFrame()
        compositor.sendUnpairedPointerLeave()
        compositor.pointerFrame()
        let container = client.container
        try client.pump {
            window.core.pointerLocation == nil && window.core.touchRouter.activeTouchCount == 0
                && !container.arbitration.isAnimating
        }
        #expect(window.core.touchRouter.activeTouchCount == 0, "\(name): a touch is left hanging")
        #expect(window.core.pointerLocation == nil, "\(name)")
        // A drag of 60 points up scrolls the content.
        container.contentOffset = .zero
        compositor.touchDown(id: 0, at: Point(x: 70, y: 80))
        compositor.touchFrame()
        for step in 1...6 {
            compositor.advanceClock(by: .milliseconds(16))
            compositor.touchMotion(id: 0, to: Point(x: 70, y: 80 - Double(step) * 10))
            compositor.touchFrame()
        }
        try client.pump { container.contentOffset.y >= 40 }
        #expect(container.contentOffset.y >= 40, "\(name): a drag no longer scrolls")
        compositor.touchUp(id: 0)
        compositor.touchFrame()
        try client.pump { !container.arbitration.isAnimating && window.core.touchRouter.activeTouchCount == 0 }
        // The End key takes it to the bottom (the keyboard works again with the valid keymap).
        compositor.key(.end, pressed: true)
        compositor.key(.end, pressed: false)
        let bottom = container.contentSize.height - container.bounds.height
        try client.pump { container.contentOffset.y == bottom }
        #expect(container.contentOffset.y == bottom, "\(name): the End key no longer scrolls")
        #expect(compositor.heldBufferWrites == 0, "\(name)")
        #expect(compositor.isClean, "\(name): \(compositor.protocolErrors)")
    }

    @Test func randomHostileSequencesNeverBreakTheClient() throws {
        let clock = ContinuousClock()
        for seed in HostileFuzzTests.seeds {
            let start = clock.now
            try run(seed: seed)
            print("[HostileFuzzTests] seed 0x\(String(seed, radix: 16)) done in \(clock.now - start)")
        }
    }
}
