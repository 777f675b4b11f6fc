import CWayland

// The registry's globals: bound when announced (at startup and later: seats, outputs, pointer gestures,
// presentation time), released when withdrawn.

extension WaylandWindow {
    func globalAdded(_ global: WaylandRegistry.Global) {
        guard let registry else { return }
        switch global.interface {
        case "wl_compositor" where compositor == nil:
            compositor = registry.bind(global, interface: cw_compositor_interface())?.proxy
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = registry.bind(global, interface: cw_subcompositor_interface())?.proxy
        case "wl_shm" where shm == nil:
            shm = registry.bind(global, interface: cw_shm_interface())?.proxy
        case "xdg_wm_base" where wmBase == nil:
            if let bound = registry.bind(global, interface: cw_xdg_wm_base_interface()) {
                wmBase = XdgWmBase(proxy: bound.proxy, version: bound.version)
            }
        case "wp_viewporter" where viewporter == nil:
            viewporter = registry.bind(global, interface: cw_viewporter_interface())?.proxy
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = registry.bind(global, interface: cw_fractional_scale_manager_interface())?.proxy
        case "zwp_pointer_gestures_v1" where pointerGestures == nil:
            if let bound = registry.bind(global, interface: cw_pointer_gestures_interface()) {
                pointerGestures = (bound.proxy, global.name, bound.version)
                context.pointerGestures = bound.proxy
                // Pointers made before the global was seen get their pinch now.
                for seat in seats { seat.pointer?.attachPinchGesture() }
            }
        case "wp_presentation" where latency.presentation == nil:
            if let bound = registry.bind(global, interface: cw_presentation_interface()) {
                latency.attach(presentation: bound.proxy, globalName: global.name)
            }
        case "wl_seat":
            if let bound = registry.bind(global, interface: cw_seat_interface()) {
                seats.append(
                    WaylandSeat(
                        proxy: bound.proxy, version: bound.version, globalName: global.name,
                        context: context))
            }
        case "wl_output":
            if let bound = registry.bind(global, interface: cw_output_interface()) {
                let output = WaylandOutput(proxy: bound.proxy, version: bound.version, globalName: global.name)
                output.onScaleChange = { [unowned self] in self.updateBufferScale() }
                outputs.append(output)
            }
        default:
            break
        }
    }

    func globalRemoved(_ global: WaylandRegistry.Global) {
        if let gestures = pointerGestures, gestures.globalName == global.name {
            releasePointerGestures()
        } else if latency.presentation?.globalName == global.name {
            latency.destroy()
        } else if let index = seats.firstIndex(where: { $0.globalName == global.name }) {
            let seat = seats.remove(at: index)
            seat.release()
        } else if let index = outputs.firstIndex(where: { $0.globalName == global.name }) {
            let output = outputs.remove(at: index)
            enteredOutputs.removeAll { output.matches(address: $0) }
            output.release()
            updateBufferScale()
        }
    }

    /// Destroys every pointer's pinch gesture, then the `zwp_pointer_gestures_v1` (`release` from v2).
    func releasePointerGestures() {
        for seat in seats { seat.pointer?.detachPinchGesture() }
        context.pointerGestures = nil
        guard let gestures = pointerGestures else { return }
        pointerGestures = nil
        if gestures.version >= 2 {
            zwp_pointer_gestures_v1_release(gestures.proxy)
        } else {
            zwp_pointer_gestures_v1_destroy(gestures.proxy)
        }
    }
}
