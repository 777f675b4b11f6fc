import CWayland
import Glibc

/// The listener structs of `RawWaylandClient`, in heap memory that stays put for the client's lifetime (libwayland
/// keeps the pointers). Every slot of every listener is filled: a NULL slot aborts the client when that event
/// arrives. Each handler gets the client as its data pointer and appends a line to `events`.
final class RawWaylandListeners {
    let registry = allocate(
        wl_registry_listener(
            global: { data, _, name, interface, version in
                let client = RawWaylandClient.from(data)
                client.globals[String(cString: interface!)] = (name, version)
            },
            global_remove: { _, _, _ in }))

    let sync = allocate(wl_callback_listener(done: { data, _, _ in RawWaylandClient.from(data).syncDone = true }))

    let frame = allocate(
        wl_callback_listener(done: { data, callback, time in
            let client = RawWaylandClient.from(data)
            client.frameTimes.append(time)
            client.events.append("frame.done time=\(time)")
            client.forget(callback)
            wl_callback_destroy(callback)
        }))

    let buffer = allocate(
        wl_buffer_listener(release: { data, buffer in
            let client = RawWaylandClient.from(data)
            client.releasedBuffers.append(buffer!)
            client.events.append("buffer.release")
        }))

    let output = allocate(
        wl_output_listener(
            geometry: { data, _, x, y, width, height, _, _, _, _ in
                RawWaylandClient.from(data).events.append("output.geometry x=\(x) y=\(y) mm=\(width)x\(height)")
            },
            mode: { data, _, flags, width, height, refresh in
                RawWaylandClient.from(data).events.append("output.mode flags=\(flags) \(width)x\(height) \(refresh)")
            },
            done: { data, _ in RawWaylandClient.from(data).events.append("output.done") },
            scale: { data, _, factor in RawWaylandClient.from(data).events.append("output.scale \(factor)") },
            name: { _, _, _ in },
            description: { _, _, _ in }))

    let wmBase = allocate(
        xdg_wm_base_listener(ping: { data, base, serial in
            let client = RawWaylandClient.from(data)
            client.events.append("wm_base.ping")
            if client.answerPings {
                xdg_wm_base_pong(base, serial)
                client.answeredPing = serial
            }
        }))

    let xdgSurface = allocate(
        xdg_surface_listener(configure: { data, _, serial in
            let client = RawWaylandClient.from(data)
            client.lastConfigureSerial = serial
            client.events.append("xdg_surface.configure")
        }))

    let toplevel = allocate(
        xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                var values: [UInt32] = []
                if let states, let base = states.pointee.data {
                    let count = states.pointee.size / MemoryLayout<UInt32>.size
                    let typed = base.bindMemory(to: UInt32.self, capacity: count)
                    values = (0..<count).map { typed[$0] }
                }
                RawWaylandClient.from(data).events.append("toplevel.configure \(width)x\(height) states=\(values)")
            },
            close: { data, _ in RawWaylandClient.from(data).events.append("toplevel.close") },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))

    let seat = allocate(
        wl_seat_listener(
            capabilities: { data, _, capabilities in
                let client = RawWaylandClient.from(data)
                client.capabilities = capabilities
                client.events.append("seat.capabilities \(capabilities)")
                client.updateInputObjects()
            },
            name: { data, _, name in
                RawWaylandClient.from(data).events.append("seat.name \(String(cString: name!))")
            }))

    let pointer = allocate(
        wl_pointer_listener(
            enter: { data, _, _, _, x, y in
                RawWaylandClient.from(data).events.append("pointer.enter x=\(f(x)) y=\(f(y))")
            },
            leave: { data, _, _, _ in RawWaylandClient.from(data).events.append("pointer.leave") },
            motion: { data, _, time, x, y in
                RawWaylandClient.from(data).events.append("pointer.motion x=\(f(x)) y=\(f(y)) time=\(time)")
            },
            button: { data, _, _, time, button, state in
                RawWaylandClient.from(data).events.append("pointer.button \(button) state=\(state) time=\(time)")
            },
            axis: { data, _, time, axis, value in
                RawWaylandClient.from(data).events.append("pointer.axis axis=\(axis) value=\(f(value)) time=\(time)")
            },
            frame: { data, _ in RawWaylandClient.from(data).events.append("pointer.frame") },
            axis_source: { data, _, source in RawWaylandClient.from(data).events.append("pointer.axis_source \(source)")
            },
            axis_stop: { data, _, time, axis in
                RawWaylandClient.from(data).events.append("pointer.axis_stop axis=\(axis) time=\(time)")
            },
            axis_discrete: { data, _, axis, discrete in
                RawWaylandClient.from(data).events.append("pointer.axis_discrete axis=\(axis) \(discrete)")
            },
            axis_value120: { data, _, axis, value in
                RawWaylandClient.from(data).events.append("pointer.axis_value120 axis=\(axis) \(value)")
            }))

    let keyboard = allocate(
        wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                let client = RawWaylandClient.from(data)
                if let old = client.keymap { close(old.fd) }
                client.keymap = (format, fd, size)
                client.events.append("keyboard.keymap format=\(format)")
            },
            enter: { data, _, _, _, keys in
                RawWaylandClient.from(data).events.append("keyboard.enter keys=\(keys?.pointee.size ?? 0)")
            },
            leave: { data, _, _, _ in RawWaylandClient.from(data).events.append("keyboard.leave") },
            key: { data, _, _, time, key, state in
                RawWaylandClient.from(data).events.append("keyboard.key \(key) state=\(state) time=\(time)")
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                RawWaylandClient.from(data).events.append(
                    "keyboard.modifiers \(depressed) \(latched) \(locked) \(group)")
            },
            repeat_info: { data, _, rate, delay in
                RawWaylandClient.from(data).events.append("keyboard.repeat_info rate=\(rate) delay=\(delay)")
            }))

    let touch = allocate(
        wl_touch_listener(
            down: { data, _, _, time, _, id, x, y in
                RawWaylandClient.from(data).events.append("touch.down id=\(id) x=\(f(x)) y=\(f(y)) time=\(time)")
            },
            up: { data, _, _, time, id in RawWaylandClient.from(data).events.append("touch.up id=\(id) time=\(time)") },
            motion: { data, _, time, id, x, y in
                RawWaylandClient.from(data).events.append("touch.motion id=\(id) x=\(f(x)) y=\(f(y)) time=\(time)")
            },
            frame: { data, _ in RawWaylandClient.from(data).events.append("touch.frame") },
            cancel: { data, _ in RawWaylandClient.from(data).events.append("touch.cancel") },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))

    deinit {
        registry.deallocate()
        sync.deallocate()
        frame.deallocate()
        buffer.deallocate()
        output.deallocate()
        wmBase.deallocate()
        xdgSurface.deallocate()
        toplevel.deallocate()
        seat.deallocate()
        pointer.deallocate()
        keyboard.deallocate()
        touch.deallocate()
    }
}

/// One listener struct in heap memory.
private func allocate<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return pointer
}

/// A wl_fixed as a double, for event lines.
private func f(_ value: wl_fixed_t) -> Double { wl_fixed_to_double(value) }
