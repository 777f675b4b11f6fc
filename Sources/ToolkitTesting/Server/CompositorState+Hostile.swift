import CWaylandServer
import Glibc
import Toolkit

// The state side of the hostile knobs (see TestCompositor+Hostile).

extension CompositorState {
    /// `wl_output.scale(factor)` + `done` to every output, the mode unchanged.
    func sendRawOutputScale(_ factor: Int32) {
        for output in outputs where wl_resource_get_version(output) >= 2 {
            wl_output_send_scale(output, factor)
            wl_output_send_done(output)
        }
    }

    /// A keymap event with a descriptor made from `payload`; see `TestCompositor.sendKeymap`.
    func sendHostileKeymap(format: UInt32, payload: KeymapPayload, declaredSize: UInt32?) -> String? {
        guard !keyboards.isEmpty else { return nil }
        hostileKeymapCount += 1
        let fd: Int32
        let name: String
        var realSize = 0
        switch payload {
        case .bytes(let bytes):
            name = "toolkit-hostile-keymap-\(hostileKeymapCount)"
            fd = cws_create_memfd(name, 0)
            guard fd >= 0 else { return nil }
            realSize = bytes.count
            guard CompositorState.writeAll(bytes, to: fd) else {
                close(fd)
                return nil
            }
        case .defaultKeymap:
            guard let text = DefaultKeymap.text else { return nil }
            name = "toolkit-hostile-keymap-\(hostileKeymapCount)"
            realSize = text.utf8.count + 1
            fd = cws_create_memfd(name, 0)
            guard fd >= 0 else { return nil }
            guard CompositorState.writeAll(Array(text.utf8) + [0], to: fd) else {
                close(fd)
                return nil
            }
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            close(ends[1])
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            fd = ends[0]
            var info = stat()
            fstat(fd, &info)
            name = "pipe:[\(info.st_ino)]"
        }
        let size = declaredSize ?? UInt32(clamping: realSize)
        // libwayland duplicates the descriptor into the message and closes the duplicate once it is sent (the
        // caller's `perform` flushes); this copy is closed now.
        for keyboard in keyboards { wl_keyboard_send_keymap(keyboard, format, fd, size) }
        close(fd)
        return name
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = write(fd, raw.baseAddress! + done, raw.count - done)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                done += written
            }
            return true
        }
    }

    /// enter on the input surface without a leave first; the pointer's focus becomes that surface.
    func sendUnpairedPointerEnter(at point: Point) {
        guard capabilities.contains(.pointer), let surface = inputSurface else {
            droppedInputEventCount += 1
            return
        }
        let serial = nextSerial()
        lastPointerEnterSerial = serial
        pointerFocus = surface
        pointerPosition = point
        for pointer in resources(pointers, of: wl_resource_get_client(surface)) {
            wl_pointer_send_enter(pointer, serial, surface, fixed(point.x), fixed(point.y))
        }
    }

    /// leave for the input surface whatever the focus; the pointer's focus ends.
    func sendUnpairedPointerLeave() {
        guard capabilities.contains(.pointer), let surface = inputSurface else {
            droppedInputEventCount += 1
            return
        }
        pointerFocus = nil
        let serial = nextSerial()
        for pointer in resources(pointers, of: wl_resource_get_client(surface)) {
            wl_pointer_send_leave(pointer, serial, surface)
        }
    }

    /// The client's cursor surface (its latest set_cursor), when it still exists.
    private var cursorSurface: OpaquePointer? {
        guard let surface = lastCursorRequest?.surface, surfaces[surface] != nil else { return nil }
        return surface
    }

    /// enter on the cursor surface, as if it were a window (no leave from the toplevel first).
    func sendPointerEnterOnCursorSurface(at point: Point) -> Bool {
        guard let surface = cursorSurface else { return false }
        let serial = nextSerial()
        for pointer in resources(pointers, of: wl_resource_get_client(surface)) {
            wl_pointer_send_enter(pointer, serial, surface, fixed(point.x), fixed(point.y))
        }
        return true
    }

    /// touch down on the cursor surface.
    func sendTouchDownOnCursorSurface(id: Int, at point: Point) -> Bool {
        guard let surface = cursorSurface else { return false }
        let serial = nextSerial()
        let time = timeMilliseconds
        for touch in resources(touches, of: wl_resource_get_client(surface)) {
            wl_touch_send_down(touch, serial, time, surface, Int32(clamping: id), fixed(point.x), fixed(point.y))
        }
        return true
    }

    /// key with a raw code to the input surface's client, whatever the focus.
    func sendRawKey(code: UInt32, pressed: Bool) {
        guard capabilities.contains(.keyboard), let surface = inputSurface else {
            droppedInputEventCount += 1
            return
        }
        let serial = nextSerial()
        let time = timeMilliseconds
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        for keyboard in resources(keyboards, of: wl_resource_get_client(surface)) {
            wl_keyboard_send_key(keyboard, serial, time, code, state.rawValue)
        }
    }

    /// keyboard enter on the cursor surface, as if it were a window (no leave from the toplevel first).
    func sendKeyboardEnterOnCursorSurface() -> Bool {
        guard let surface = cursorSurface else { return false }
        var keys = wl_array()
        wl_array_init(&keys)
        let serial = nextSerial()
        for keyboard in resources(keyboards, of: wl_resource_get_client(surface)) {
            wl_keyboard_send_enter(keyboard, serial, surface, &keys)
        }
        wl_array_release(&keys)
        return true
    }

    /// One hand-made event on every client's socket (header: object id, then size << 16 | opcode).
    func sendRawEvent(objectID: UInt32, opcode: UInt16, arguments: [UInt32]) -> Int {
        let size = UInt32(8 + 4 * arguments.count)
        let words = [objectID, size << 16 | UInt32(opcode)] + arguments
        var count = 0
        let list = wl_display_get_client_list(display)!
        var link = list.pointee.next
        while let current = link, current != list {
            let client = wl_client_from_link(current)
            link = current.pointee.next
            // What libwayland queued goes first, so the raw event lands after it, in order.
            wl_client_flush(client)
            let fd = wl_client_get_fd(client)
            let written = words.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written == Int(size) { count += 1 }
        }
        return count
    }
}
