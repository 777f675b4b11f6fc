import CWaylandServer
import Toolkit

// wl_output v3: one output of `outputSize` points at `outputScale`, announced on bind and again when the
// scale changes.

let bindOutput: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    guard
        let output = state.makeResource(
            client: client, interface: cws_output_interface(), version: Int32(version),
            id: id, dispatcher: outputDispatcher, destroy: outputDestroyed)
    else { return }
    state.outputs.append(output)
    state.sendOutputDescription(output, geometry: true)
}

/// wl_output: 0 release (v3).
let outputDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, _ in
    if opcode == 0, let target { wl_resource_destroy(OpaquePointer(target)) }
    return 0
}

let outputDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    removeFirst(resource, from: &state.outputs)
}

extension CompositorState {
    /// The output mode in hardware pixels: the logical size times the scale, so that the logical size (what
    /// clients lay out in) stays `outputSize` at every scale. Non-finite or negative sizes count as 0.
    var outputPixelSize: (width: Int32, height: Int32) {
        func pixels(_ points: Double) -> Int32 {
            guard points.isFinite, points > 0 else { return 0 }
            return Int32(min(points * Double(outputScale), Double(Int32.max)).rounded())
        }
        return (pixels(outputSize.width), pixels(outputSize.height))
    }

    /// The refresh rate in mHz, as `wl_output.mode` carries it.
    var refreshMillihertz: Int32 {
        Int32((refreshRate * 1000).rounded())
    }

    /// geometry (on bind), mode, scale (v2+), done (v2+).
    func sendOutputDescription(_ output: OpaquePointer, geometry: Bool) {
        let (width, height) = outputPixelSize
        if geometry {
            // Physical size at 96 dpi (25.4 mm per inch), so DPI-guessing clients land on scale 1.
            let millimetres = { (pixels: Int32) in Int32(Double(pixels) * 25.4 / 96) }
            wl_output_send_geometry(
                output, 0, 0, millimetres(width), millimetres(height),
                Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue), "ToolkitTesting", "TestCompositor",
                Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
        }
        wl_output_send_mode(
            output, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
            width, height, refreshMillihertz)
        if wl_resource_get_version(output) >= 2 {
            wl_output_send_scale(output, outputScale)
            wl_output_send_done(output)
        }
    }
}
