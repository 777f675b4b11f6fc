// GtkHostFixture: GTK hosts in the situations an app puts them in, for WaylandTests (run as a process on the
// test compositor). Every mode prints `layout: host X Y W H` (surface coordinates; pair mode `left` and `right`)
// and `stats: first frame drawn` once drawn, and `stats:` lines at exit.
//
//   GtkHostFixture --mode fixed      an app-made GtkDrawingArea adopted by the host, in a GtkFixed at (37, 53)
//                                    (how SwiftCrossUI places widgets); stats: list offset, row, cursor name
//   GtkHostFixture --mode scrolled   the host inside a GtkScrolledWindow that can scroll (kinetic, as GTK's
//                                    default): stats: list offset and the scrolled window's offset
//   GtkHostFixture --mode scrolled-shared   as scrolled, the host letting its ancestors' gestures see the touch
//                                    (`deniesTouchesToAncestors` false)
//   GtkHostFixture --mode zoom       a zoomable container (1x to 4x) in the host's own widget: stats: zoom scale
//   GtkHostFixture --mode hide       the host's widget is hidden (unmapped) as its list starts a fling and
//                                    shown a second later: stats `hidden at Y`, `shown at Y`
//   GtkHostFixture --mode label      bad input: a GtkLabel given to init(adopting:); the host must say so and
//                                    stay inert
//   GtkHostFixture --mode detach     the host detaches and is released when its list passes y = 100 (mid-drag);
//                                    1 s later the widget is removed and destroyed. Counts what still reaches the
//                                    core and its views after the detach: stats `after detach N`
//   GtkHostFixture --mode destroy    the widget is destroyed (removed and disposed) when the list passes y = 100,
//                                    the host released 1 s later: stats `after destroy N`
//   GtkHostFixture --mode pair       a host adopting a 400 x 471 GtkDrawingArea beside a host with its own widget,
//                                    each holding a 400 x 400 list of 200 rows of 44 pt: layout `left`, `right`;
//                                    stats `left tapped row N`, `left offset X Y` (and the same for right)
//   GtkHostFixture --mode focus      a GtkEntry above the host, whose ListContainer (200 rows, row 0 focused, in a
//                                    page that scrolls) gets the keys while the host has GTK's focus: stats
//                                    `focused row N`, `list focused yes|no`, `page offset X Y`
//   GtkHostFixture --mode release-hovered   the host is released (no detach first) once the pointer hovers its
//                                    list's bar: stats `released while hovered`, and a clean exit
//   GtkHostFixture --mode settings   GtkSettings' dark-theme preference, theme name and animations are changed on
//                                    gtk_settings_get_default(): stats `settings STEP SCHEME REDUCES` after each
import CGtk4
import CToolkitGTK
import GtkExampleSupport
import ToolkitGTK

#if canImport(Glibc)
    import Glibc
#endif

@MainActor
func fixtureMain() -> Int32 {
    let usage =
        "GtkHostFixture --mode fixed|scrolled|scrolled-shared|zoom|hide|label|detach|destroy|pair|release-hovered|settings|focus [--frames N] [--stats]"
    guard let options = ExampleOptions.parse(Array(CommandLine.arguments.dropFirst()), usage: usage),
        let mode = options.mode,
        [
            "fixed", "scrolled", "scrolled-shared", "zoom", "hide", "label", "detach", "destroy", "pair",
            "release-hovered", "settings", "focus"
        ].contains(mode)
    else {
        printError("usage: \(usage)")
        return 2
    }
    guard let application = gtk_application_new("org.toolkit.GtkHostFixture", G_APPLICATION_NON_UNIQUE) else {
        return 1
    }
    GtkSignals.quitOnTerminationSignals(OpaquePointer(application))
    let fixture = Fixture(options: options, mode: mode, application: application)
    _ = tgtk_connect_simple(
        application, "activate",
        { _, data in
            MainActor.assumeIsolated { Unmanaged<Fixture>.fromOpaque(data!).takeUnretainedValue().activate() }
        }, Unmanaged.passUnretained(fixture).toOpaque())
    let status = g_application_run(gtkCast(application), 0, nil)
    fixture.printStats()
    fixture.release()
    g_object_unref(application)
    return status
}

exit(MainActor.assumeIsolated { fixtureMain() })
