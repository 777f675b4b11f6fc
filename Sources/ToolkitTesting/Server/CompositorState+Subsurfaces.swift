import CWaylandServer
import Toolkit

// wl_subcompositor v1 and wl_subsurface: subsurfaces with their position, stacking order and sync/desync modes,
// the child's commits cached until the parent's commit in sync mode, and the toplevel's picture (each `CommittedFrame`)
// composed from its own buffer and its subsurfaces' (premultiplied OVER, bottom to top), as a compositor shows
// them. Children are always above their parent here: `place_below` the parent puts a child at the bottom of them.

/// `wl_subcompositor` bind (v1): requests go to `subcompositorDispatcher`.
let bindSubcompositor: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    let state = Unmanaged<CompositorState>.fromOpaque(data).takeUnretainedValue()
    state.makeResource(
        client: client, interface: cws_subcompositor_interface(), version: Int32(version), id: id,
        dispatcher: subcompositorDispatcher, destroy: nil)
}

/// wl_subcompositor: 0 destroy, 1 get_subsurface(new_id, surface, parent).
let subcompositorDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    switch opcode {
    case 0: wl_resource_destroy(resource)
    case 1: state.makeSubsurface(manager: resource, id: args[0].n, surface: args[1].o, parent: args[2].o)
    default: break
    }
    return 0
}

/// wl_subsurface: 0 destroy, 1 set_position(x, y), 2 place_above(sibling), 3 place_below(sibling), 4 set_sync,
/// 5 set_desync.
let subsurfaceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, args in
    guard let target, let args, case let resource = OpaquePointer(target),
        let state = CompositorState.of(resource)
    else { return 0 }
    state.subsurfaceRequest(resource, opcode: opcode, args: args)
    return 0
}

/// A subsurface went away (destroy request, or its client): the child is unmapped from its parent at once.
let subsurfaceDestroyed: wl_resource_destroy_func_t = { resource in
    guard let resource, let state = CompositorState.of(resource) else { return }
    state.forgetSubsurface(resource)
}

extension CompositorState {
    /// `get_subsurface`: checks the roles (a surface with a role, or its own parent, is a bad_surface error).
    func makeSubsurface(manager: OpaquePointer, id: UInt32, surface: OpaquePointer?, parent: OpaquePointer?) {
        guard let surface, let parent, let child = surfaces[surface], let parentRecord = surfaces[parent] else {
            return
        }
        guard surface != parent, child.subsurface == nil, child.xdgSurface == nil else {
            postError(
                manager, code: WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue,
                "wl_surface already has a role, or is its own parent")
            return
        }
        let client = wl_resource_get_client(manager)!
        guard
            let resource = makeResource(
                client: client, interface: cws_subsurface_interface(), version: 1, id: id,
                dispatcher: subsurfaceDispatcher, destroy: subsurfaceDestroyed)
        else {
            return
        }
        let record = SubsurfaceRecord(resource: resource, surface: surface, parent: parent)
        subsurfaces[resource] = record
        child.subsurface = record
        parentRecord.children.append(record)
    }

    func subsurfaceRequest(_ resource: OpaquePointer, opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {
        guard let record = subsurfaces[resource] else {
            if opcode == 0 { wl_resource_destroy(resource) }
            return
        }
        switch opcode {
        case 0:
            wl_resource_destroy(resource)
        case 1:
            record.pendingPosition = (args[0].i, args[1].i)
        case 4:
            record.isSync = true
        case 5:
            // Leaving sync mode applies a cached commit at once.
            record.isSync = false
            if record.hasCachedCommit, let child = surfaces[record.surface] { applyCachedCommit(record, to: child) }
        case 2, 3:
            // The sibling must be a subsurface of the same parent, or the parent itself.
            guard let sibling = args[0].o, let parent = surfaces[record.parent],
                sibling == record.parent || parent.children.contains(where: { $0.surface == sibling }),
                sibling != record.surface
            else {
                postError(
                    resource, code: WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue,
                    "place_above/place_below: the sibling is not a sibling or the parent")
                return
            }
            // Double-buffered: applied with the parent's next commit.
            parent.pendingRestacks.append((record, sibling, opcode == 2))
        default:
            break
        }
    }

    /// The subsurface resource is gone: the child leaves its parent (unmapped) and has no role any more.
    func forgetSubsurface(_ resource: OpaquePointer) {
        guard let record = subsurfaces.removeValue(forKey: resource) else { return }
        if let child = surfaces[record.surface] { child.subsurface = nil }
        if let parent = surfaces[record.parent] {
            parent.children.removeAll { $0 === record }
            parent.pendingRestacks.removeAll { $0.child === record || $0.sibling == record.surface }
            publishComposedImage(of: parent)
        }
    }

    /// A commit of a subsurface's surface in sync mode: its state waits for the parent's commit.
    func cacheCommit(_ record: SurfaceRecord, into subsurface: SubsurfaceRecord) {
        if record.hasPendingAttach {
            subsurface.cachedAttach = true
            subsurface.cachedBuffer = record.pendingBuffer
            record.hasPendingAttach = false
            record.pendingBuffer = nil
        }
        subsurface.cachedScale = record.pendingScale
        subsurface.cachedFrameCallbacks.append(contentsOf: record.pendingFrameCallbacks)
        record.pendingFrameCallbacks = []
        subsurface.hasCachedCommit = true
    }

    /// Applies a cached commit to the child surface.
    func applyCachedCommit(_ subsurface: SubsurfaceRecord, to child: SurfaceRecord) {
        subsurface.hasCachedCommit = false
        child.scale = subsurface.cachedScale
        if subsurface.cachedAttach {
            applyAttach(child, buffer: subsurface.cachedBuffer, xdg: nil)
            subsurface.cachedAttach = false
            subsurface.cachedBuffer = nil
        }
        committedFrameCallbacks.append(contentsOf: subsurface.cachedFrameCallbacks)
        subsurface.cachedFrameCallbacks = []
    }

    /// After a parent's commit: its subsurfaces take their new stacking order, positions and cached commits.
    func applyChildren(of parent: SurfaceRecord) {
        for restack in parent.pendingRestacks {
            guard let from = parent.children.firstIndex(where: { $0 === restack.child }) else { continue }
            parent.children.remove(at: from)
            if restack.sibling == parent.resource {
                parent.children.insert(restack.child, at: 0)
            } else if let at = parent.children.firstIndex(where: { $0.surface == restack.sibling }) {
                parent.children.insert(restack.child, at: restack.above ? at + 1 : at)
            } else {
                // The sibling went meanwhile: the child goes back where it was.
                parent.children.insert(restack.child, at: min(from, parent.children.count))
            }
        }
        parent.pendingRestacks.removeAll()
        for subsurface in parent.children {
            if let position = subsurface.pendingPosition {
                subsurface.position = position
                subsurface.pendingPosition = nil
            }
            if subsurface.isSync, subsurface.hasCachedCommit, let child = surfaces[subsurface.surface] {
                applyCachedCommit(subsurface, to: child)
            }
        }
    }

    /// The toplevel surface `record` belongs to (itself, or the root of its subsurface tree).
    func rootSurface(of record: SurfaceRecord) -> SurfaceRecord {
        var current = record
        var hops = 0
        while let subsurface = current.subsurface, let parent = surfaces[subsurface.parent], hops < 64 {
            current = parent
            hops += 1
        }
        return current
    }

    /// The surface's picture and its subsurfaces' as they are now (copies made at their commits, shared), for
    /// composing later: positions are surface points times the surface's buffer scale. Nil without a buffer.
    func layers(of record: SurfaceRecord) -> SurfaceLayers? {
        guard let image = record.image else { return nil }
        var children: [SurfaceLayers.Child] = []
        for subsurface in record.children {
            guard let child = surfaces[subsurface.surface], let layers = layers(of: child) else { continue }
            children.append(
                SurfaceLayers.Child(
                    x: Int(subsurface.position.x) * Int(record.scale),
                    y: Int(subsurface.position.y) * Int(record.scale), layers: layers))
        }
        return SurfaceLayers(image: image, children: children)
    }
}
