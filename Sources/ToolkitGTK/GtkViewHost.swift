internal import CGtk4
internal import CToolkitGTK

#if canImport(Glibc)
    internal import Glibc
#endif

/// Hosts a view tree in a GTK 4 widget: a `GtkDrawingArea` anywhere in any GTK widget tree (a window, boxes,
/// `GtkFixed`, a `GtkScrolledWindow`, SwiftCrossUI's or Adwaita for Swift's containers).
///
/// The host owns a `WindowCore` and drives it from GTK:
/// - input: touch (one id per `GdkEventSequence`, claimed so that no ancestor's gesture takes it unless
///   `deniesTouchesToAncestors` is off), pointer hover (the seat's pointer only: a finger never hovers) and
///   buttons (compressed motion's history replayed with its own times), wheel (120 units per detent,
///   high-resolution where GDK gives it), touchpad scrolling with its stop event (never GTK's kinetic flag: the
///   container's own physics run), touchpad pinch, and keys while the widget has the keyboard focus (it takes the
///   focus on a click or touch; Tab moves the focus on, as in any GTK widget);
/// - time: one monotonic clock (`g_get_monotonic_time`) for events, timers and frames;
/// - frames: ticks from the widget's frame clock while something moves, none while idle or unmapped;
/// - pixels: the core draws what changed into a cairo image surface at the widget's scale factor (crisp at 2x),
///   kept between frames, which the draw function paints;
/// - coordinates: events are mapped into the widget wherever it sits in its window;
/// - the cursor the view under the pointer asks for, as a named GDK cursor;
/// - the desktop's motion and colour settings from the widget's GtkSettings (`WindowCore.reducesMotion`,
///   `colorScheme`), followed while attached.
///
/// Nothing is global: several hosts live in one app. `detach()`, the widget's destruction or the host's release
/// disconnects every signal handler, controller, tick and timeout the host added.
@MainActor
public final class GtkViewHost {
    /// The window core behind the widget: input, timers, frames and drawing of `rootView`'s tree.
    public let core: WindowCore

    /// The root of the hosted view tree, always the widget's size (points). Add your views here.
    public var rootView: View { core.rootView }

    /// The hosting widget (a `GtkWidget*`, a `GtkDrawingArea`): add it to any GTK container. The host keeps a
    /// reference to it for its whole life, so this pointer stays valid as long as the host does.
    public var widget: OpaquePointer { OpaquePointer(area) }

    /// What assistive technologies call the widget (its accessible label). Default: "Scrollable content".
    public var accessibleLabel: String {
        didSet { applyAccessibleLabel() }
    }

    /// Whether a finger that lands on the widget is denied, at once, to every gesture of the widget's ancestors
    /// that has not decided on it yet. Default: true.
    ///
    /// True: the host's containers keep every finger that lands on them. An enclosing `GtkScrolledWindow`'s drag,
    /// a swipe-back (a navigation view's or leaflet's swipe gesture), an outer carousel, a long press on a parent
    /// never see the touch, even when the host's content cannot scroll in the finger's direction. False: those
    /// gestures compete for it as GTK arbitrates: one that claims the finger (a `GtkScrolledWindow` at GTK's drag
    /// threshold) takes it, and the host's containers see that touch cancelled. Read at each touch-down.
    public var deniesTouchesToAncestors = true

    /// The widget, as GTK's own functions take it.
    let area: UnsafeMutablePointer<GtkWidget>
    /// Whether the host still drives the widget (false after `detach()` or the widget's destruction).
    private(set) var isAttached = false
    /// Whether `init(adopting:)` made the widget focusable (undone by `detach()`).
    private var madeFocusable = false
    /// Whether the host holds a reference to the widget (given back in deinit, never earlier: GTK may destroy
    /// the widget first, and the pointer must stay valid for `detach()`).
    private var holdsReference = false

    var clock = GtkEventClock()

    // Signals and controllers, to disconnect or remove on detach.
    var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []
    var controllers: [OpaquePointer] = []
    /// The controller that reports crossings, and the idle that replaces it after a finger's crossing (+Pointer).
    var motionController: OpaquePointer?
    var motionRenewalID: guint = 0

    // Frames and timers (GtkViewHost+Frames.swift).
    var tickID: guint = 0
    var timeoutID: guint = 0
    var timeoutDeadline: Duration?

    // Pixels (GtkViewHost+Drawing.swift).
    var surface: OpaquePointer?
    /// The canvas over `surface`'s pixels, made with it (no allocation per frame).
    var canvas: Canvas?
    var surfaceScale: Int32 = 1

    // Input state (the +Touch, +Pointer, +Keys extensions).
    var touches = TouchSequenceTable()
    /// Whether the core was told the pointer is in the widget, and where.
    var pointerInside = false
    var pointerLocation: Point?
    /// The modifier keys the core was told last.
    var modifiers: KeyModifiers = []
    /// Whether the core was told it has the keyboard focus.
    var hasKeyboardFocus = false
    /// Whether a touchpad pinch the core was told about is in progress.
    var pinching = false

    // The views' AT-SPI bridge (GtkViewHost+Accessibility.swift).
    var accessibilityBridgeWanted = true
    var accessibilitySource: GtkAccessibilityBridgeSource?

    /// TOOLKIT_GTK_TRACE=1 prints every GDK event a host gets, on stderr (diagnostics).
    nonisolated static let traces = getenv("TOOLKIT_GTK_TRACE") != nil

    /// A host with a widget of its own: a focusable `GtkDrawingArea` that expands in both directions (change
    /// that with `gtk_widget_set_hexpand` / `_vexpand`), whose accessible role is `GTK_ACCESSIBLE_ROLE_GROUP`.
    /// Call after GTK is initialized (in the application's `activate`, or after `gtk_init`).
    public convenience init() {
        let area = tgtk_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_GROUP)!
        g_object_ref_sink(UnsafeMutableRawPointer(area))  // the host owns the new widget's first reference
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        self.init(area: area, adopted: false)
    }

    /// A host in an existing `GtkDrawingArea` (a `GtkWidget*`), e.g. the one a SwiftCrossUI
    /// `GtkWidgetRepresentable` makes. The host takes a reference to it, sets its draw function (replacing any
    /// other), makes it focusable, and adds its own event controllers; `detach()` undoes all of that. The
    /// accessible role is whatever the area was created with (a construct-only property in GTK 4.8).
    ///
    /// Rule for bad input: a GObject that is not a `GtkDrawingArea` (another widget, any other object) is not
    /// hosted (there is no draw function to set): the host says so once on stderr and stays detached, asking
    /// nothing of it; `widget` is the pointer given. The pointer must be a live GObject.
    public convenience init(adopting widget: OpaquePointer) {
        let area = UnsafeMutablePointer<GtkWidget>(widget)
        self.init(area: area, adopted: true)
    }

    private init(area: UnsafeMutablePointer<GtkWidget>, adopted: Bool) {
        self.area = area
        accessibleLabel = "Scrollable content"
        // Nothing is asked of a widget that is not a drawing area (it may not even be a widget).
        let hostable = !adopted || tgtk_is_drawing_area(UnsafeMutableRawPointer(area)) != 0
        let width = hostable ? Double(max(0, gtk_widget_get_width(area))) : 0
        let height = hostable ? Double(max(0, gtk_widget_get_height(area))) : 0
        core = WindowCore(size: Size(width: width, height: height))
        guard hostable else {
            GtkViewHost.printError(
                "ToolkitGTK: GtkViewHost(adopting:) needs a GtkDrawingArea; the widget is not hosted")
            return
        }
        if adopted { g_object_ref(UnsafeMutableRawPointer(area)) }  // a new widget's reference was sunk already
        holdsReference = true
        if gtk_widget_get_focusable(area) == 0 {
            gtk_widget_set_focusable(area, 1)
            madeFocusable = adopted
        }
        isAttached = true
        attach()
        // The core counts a window as focused until told otherwise; the widget has the focus only once GTK gives it.
        core.handle(.keyboardFocus(false))
        if gtk_widget_has_focus(area) != 0 { keyboardFocusChanged(true) }
    }

    isolated deinit {
        detach()
        if holdsReference { g_object_unref(UnsafeMutableRawPointer(area)) }
    }

    /// Connects the host to the widget: its lifecycle signals, the event controllers, the draw function, the
    /// accessible label and the core's callbacks.
    private func attach() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let instance = UnsafeMutableRawPointer(area)
        connect(
            instance,
            tgtk_connect_simple(
                instance, "destroy",
                { _, data in
                    GtkViewHost.with(data) { $0.detach() }
                }, me))
        connect(
            instance,
            tgtk_connect_simple(
                instance, "map",
                { _, data in
                    GtkViewHost.with(data) { $0.mapped() }
                }, me))
        connect(
            instance,
            tgtk_connect_simple(
                instance, "unmap",
                { _, data in
                    GtkViewHost.with(data) { $0.unmapped() }
                }, me))
        connect(
            instance,
            tgtk_connect_size(
                instance, "resize",
                { _, width, height, data in
                    GtkViewHost.with(data) { $0.resize(width: width, height: height) }
                }, me))
        connect(
            instance,
            tgtk_connect_notify(
                instance, "scale-factor",
                { _, _, data in
                    GtkViewHost.with(data) { $0.scaleFactorChanged() }
                }, me))
        addControllers(context: me)
        followDesktopSettings(context: me)
        gtk_drawing_area_set_draw_func(
            UnsafeMutablePointer<GtkDrawingArea>(OpaquePointer(area)),
            { _, cr, width, height, data in
                guard let cr else { return }
                GtkViewHost.with(data) { $0.draw(cr, width: width, height: height) }
            }, me, nil)
        applyAccessibleLabel()
        core.onNeedsFrame = { [unowned self] in self.scheduleFrame() }
        core.onCursorChange = { [unowned self] cursor in self.showCursor(cursor) }
        showCursor(core.currentCursor)
        // The core asked for its first frame (the whole window is damaged) before `onNeedsFrame` was set.
        scheduleFrame()
    }

    /// Records a handler id to disconnect on detach.
    func connect(_ instance: UnsafeMutableRawPointer, _ id: gulong) {
        if id != 0 { handlers.append((instance, id)) }
    }

    /// Disconnects everything the host added to the widget: signal handlers, controllers, the draw function, the
    /// tick callback, the timeout and the cursor. Touches, hover, a pinch and the keyboard focus the core holds
    /// end (cancelled) first. Idempotent; the widget's destruction calls it, and so does the host's release.
    /// The views stay in `rootView`, and the core keeps working headless (nothing drives it any more).
    public func detach() {
        guard isAttached else { return }
        isAttached = false
        // The core's callbacks go first: ending the input changes what is shown (a hovered bar narrows, the cursor
        // changes), and from deinit a callback would reach a host that is going away.
        core.onNeedsFrame = nil
        core.onCursorChange = nil
        endInput()
        stopTicking()
        cancelTimeout()
        cancelMotionRenewal()
        for (instance, id) in handlers where g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
        handlers.removeAll()
        for controller in controllers { gtk_widget_remove_controller(area, controller) }
        controllers.removeAll()
        motionController = nil
        gtk_drawing_area_set_draw_func(UnsafeMutablePointer<GtkDrawingArea>(OpaquePointer(area)), nil, nil, nil)
        gtk_widget_set_cursor(area, nil)
        if madeFocusable { gtk_widget_set_focusable(area, 0) }
        stopAccessibilityBridge()
        dropSurface()
    }

    /// The widget was mapped (shown on screen): frames resume if something waits for one.
    private func mapped() {
        if core.needsFrame { scheduleFrame() }
        gtk_widget_queue_draw(area)
        startAccessibilityBridge()
    }

    /// The widget was unmapped: no tick while nothing can be seen (motions resume at map, at the time then).
    /// GTK sends an unmapped widget no more events, so the fingers, a pinch and the pointer it held end now
    /// (cancelled, left) rather than never.
    private func unmapped() {
        stopTicking()
        endPointingInput()
    }

    /// Runs `body` with the host behind a handler's user data (the unretained pointer `attach` passed), on the
    /// main actor, where GTK calls every handler.
    nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (GtkViewHost) -> Void) {
        // GTK calls on its own (the main) thread; the pointer is only an address until it is on the main actor.
        let address = UInt(bitPattern: data)
        guard address != 0 else { return }
        MainActor.assumeIsolated {
            let host = Unmanaged<GtkViewHost>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
            body(host)
        }
    }
}
