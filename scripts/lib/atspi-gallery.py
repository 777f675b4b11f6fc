#!/usr/bin/python3
"""Reads and drives the gallery through AT-SPI, as a screen reader does (pyatspi, Debian's python3-pyatspi).

Run inside a private session bus (dbus-run-session): the session bus starts the accessibility bus and the registry
(at-spi2-core) on demand. Usage: atspi-gallery.py GALLERY XDG_RUNTIME_DIR WAYLAND_DISPLAY [--gtk]
(--gtk: also embed-gtk, next to GALLERY: the ToolkitGTK host widget's role and label in GTK's tree, the views
through the host's own bridge, and the opt-out)
Prints one line per check and a summary; exits 1 at the first failed check. See scripts/accessibility.
"""
import os
import queue
import subprocess
import sys
import threading
import time

import pyatspi
from gi.repository import Atspi, GLib

gallery, runtime, display = sys.argv[1:4]
env = dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=display)
env.pop("NO_AT_BRIDGE", None)
checks = 0


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


def check(condition, message):
    global checks
    if not condition:
        fail(message)
    checks += 1
    print(f"ok: {message}")


def pump(seconds=0.0):
    """Lets libatspi handle the events that arrived (names, children) for `seconds`."""
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while True:
        while context.iteration(False):
            pass
        if time.monotonic() >= end:
            return
        time.sleep(0.02)


def wait_for(predicate, seconds, what):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump()
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail(f"timed out after {seconds} s waiting for {what}")


def find_app(name, toolkit=None):
    """The application `name` on the bus (made with `toolkit`, "GTK" or "Toolkit", when given)."""
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name and (toolkit is None or app.get_toolkit_name() == toolkit):
            return app
    return None


def start_gallery(extra_env=None):
    process = subprocess.Popen([gallery, "--demo", "list", "--stats"], env=dict(env, **(extra_env or {})),
                               stderr=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in process.stderr], daemon=True).start()
    return process, lines


def wait_for_line(lines, prefix, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        if line.startswith(prefix):
            return line
    fail(f"no '{prefix}' line from the gallery within {seconds} s")


def states(accessible):
    accessible.clearCache()
    return accessible.getState()


def extents(accessible):
    box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return (box.x, box.y, box.width, box.height)


def action_index(accessible, name):
    action = accessible.queryAction()
    for i in range(action.nActions):
        if action.getName(i) == name:
            return action, i
    fail(f"{accessible.name!r} offers no '{name}' action")


# Events the gallery sends (the bridge sends them only while a client listens, as this one does from here on).
events = []
pyatspi.Registry.registerEventListener(
    lambda e: events.append((e.type, e.source.name if e.source else None)),
    "object:children-changed", "object:property-change:accessible-name", "object:bounds-changed",
    "object:selection-changed", "object:state-changed:selected")

# --- finding the gallery ------------------------------------------------------------------------------------------
started = time.monotonic()
process, lines = start_gallery()
try:
    app = wait_for(lambda: find_app("gallery"), 15, "the gallery on the accessibility bus")
    found_after = time.monotonic() - started
    check(app.getRole() == pyatspi.ROLE_APPLICATION and app.childCount == 1, "the gallery is an application with one window")
    frame = app.getChildAtIndex(0)
    check(frame.getRole() == pyatspi.ROLE_FRAME and frame.name == "Gallery · List", f"its frame is named {frame.name!r}")
    check(frame.getIndexInParent() == 0 and frame.parent == app, "the frame's parent is the application")

    # --- the tree: tab buttons, the list's scroll pane and its rows -----------------------------------------------
    children = [frame.getChildAtIndex(i) for i in range(frame.childCount)]
    tabs = [c for c in children if c.getRole() == pyatspi.ROLE_PUSH_BUTTON]
    check([t.name for t in tabs] == ["List", "Paging", "Lock", "Canvas", "Fling", "Observers", "Wheel", "Zoom",
                                     "Contacts", "Terminal", "Nested", "Gestures", "Photos", "Mail"],
          "fourteen tab buttons named after the demos")
    panes = [c for c in children if c.getRole() == pyatspi.ROLE_SCROLL_PANE]
    check(len(panes) == 1, "one scroll pane (the list)")
    pane = panes[0]
    check(pane.childCount == 200, "the scroll pane has 200 children")
    rows = [pane.getChildAtIndex(i) for i in (0, 1, 5, 199)]
    check(all(r.getRole() == pyatspi.ROLE_LIST_ITEM for r in rows), "its children are list items")
    check([r.name for r in rows] == ["Row 1 · Hello", "Row 2 · こんにちは世界", "Row 6 · 日本語のテキスト",
                                     "Row 200 · Γειά σου κόσμε"], "rows are named by their text (English and Japanese)")
    check(rows[1].getIndexInParent() == 1 and rows[1].parent == pane, "a row knows its index and parent")
    attributes = rows[1].getAttributes()
    check("posinset:2" in attributes and "setsize:200" in attributes, f"row 2 is item 2 of 200: {attributes}")
    check(states(rows[0]).contains(pyatspi.STATE_SHOWING), "row 1 is showing")
    far = states(rows[3])
    check(far.contains(pyatspi.STATE_VISIBLE) and not far.contains(pyatspi.STATE_SHOWING),
          "row 200 is visible but not showing (scrolled out)")
    px, py, pw, ph = extents(pane)
    check((px, py, pw) == (0, 44, 800) and ph > 0, f"the scroll pane's extents in window coordinates: {px, py, pw, ph}")
    check(extents(rows[0]) == (0, 44, 800, 56), "row 1 sits at the top of the pane (offset 0)")
    check(frame.queryComponent().getAccessibleAtPoint(400, 44 + 56 + 10, pyatspi.WINDOW_COORDS) == rows[1],
          "the accessible at a point inside row 2 is row 2")

    def offset():
        return py - extents(rows[0])[1]

    # --- clicking a row: a tap through the arbitration ------------------------------------------------------------
    row3 = pane.getChildAtIndex(2)
    action, click = action_index(row3, "click")
    check(action.doAction(click), "row 3's click action is done")
    line = wait_for_line(lines, "stats: row tapped", 5)
    check(line == "stats: row tapped Row 3 · مرحبا بالعالم", f"the gallery saw the tap: {line!r}")

    # --- ScrollTo on a row out of view ----------------------------------------------------------------------------
    row40 = pane.getChildAtIndex(39)
    check(not states(row40).contains(pyatspi.STATE_SHOWING), "row 40 is not showing before ScrollTo")
    check(row40.scroll_to(Atspi.ScrollType.ANYWHERE), "ScrollTo on row 40 is done")
    expected = 40 * 56 - ph
    check(offset() == expected, f"the list scrolled the least that shows row 40: offset {offset()} == {expected}")
    check(states(row40).contains(pyatspi.STATE_SHOWING), "row 40 is showing after ScrollTo")
    check(extents(row40)[1] + 56 == py + ph, "row 40's bottom edge is the pane's")

    # --- the scroll-down action: a visible length minus 40 pt -----------------------------------------------------
    action, down = action_index(pane, "scroll-down")
    names = [action.getName(i) for i in range(action.nActions)]
    check(names == ["scroll-up", "scroll-down", "scroll-left", "scroll-right"], f"the scroll pane's actions: {names}")
    before = offset()
    del events[:]
    check(action.doAction(down), "scroll-down is done")
    target = before + ph - 40
    wait_for(lambda: offset() == target, 5, f"offset {target} after scroll-down")
    check(True, f"scroll-down moved the list by the pane's height minus 40: {before} -> {target}")
    pump(0.2)
    check(any(t == "object:bounds-changed" for t, _ in events), "the scroll pane sent bounds-changed events")
    action, up = action_index(pane, "scroll-up")
    check(action.doAction(up), "scroll-up is done")
    wait_for(lambda: offset() == before, 5, f"offset {before} after scroll-up")
    check(True, "scroll-up moved it back")
    action, right = action_index(pane, "scroll-right")
    check(not action.doAction(right), "scroll-right is refused (the list cannot scroll sideways)")

    # --- clicking a tab -------------------------------------------------------------------------------------------
    action, click = action_index(tabs[1], "click")
    del events[:]
    check(action.doAction(click), "the Paging tab's click action is done")
    wait_for(lambda: frame.name == "Gallery · Paging", 5, "the frame renamed by the name-change event")
    check(True, "the frame is now named 'Gallery · Paging' (through the name-change event)")
    frame.clearCache()
    kids = [frame.getChildAtIndex(i) for i in range(frame.childCount)]
    check(not any(k.getRole() == pyatspi.ROLE_SCROLL_PANE and k.childCount == 200 for k in kids),
          "the list is gone from the tree")
    pump(0.2)
    kinds = {t for t, _ in events}
    check({"object:children-changed:remove", "object:children-changed:add",
           "object:property-change:accessible-name"} <= kinds, f"the tab switch sent children-changed and a name change")
    # --- the contacts demo: a ListContainer of 1,000,000 rows is a list whose live rows know their place ------
    action, click = action_index(tabs[8], "click")
    check(action.doAction(click), "the Contacts tab's click action is done")
    wait_for(lambda: frame.name == "Gallery · Contacts", 5, "the frame renamed 'Gallery · Contacts'")
    frame.clearCache()

    def find_list():
        stack = [frame]
        while stack:
            node = stack.pop()
            if node.getRole() == pyatspi.ROLE_LIST:
                return node
            stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
        return None
    contacts = wait_for(find_list, 5, "the contacts list")
    items = [contacts.getChildAtIndex(i) for i in range(contacts.childCount)]
    check(0 < len(items) <= 40 and all(i.getRole() == pyatspi.ROLE_LIST_ITEM for i in items),
          f"the contacts list exposes its {len(items)} live rows as list items, not a million")
    attributes = dict(a.split(":", 1) for a in items[1].getAttributes())
    check(attributes.get("setsize") == "1000000",
          f"a row says its place among all 1,000,000 rows (setsize {attributes.get('setsize')})")

    # --- selection through AT-SPI's Selection interface: child indexes are row indexes ---------------------------
    def position(item):
        return int(dict(a.split(":", 1) for a in item.getAttributes())["posinset"]) - 1

    def status():
        # The demo's status line (a label) counts the selected rows: what the window shows.
        stack = [frame]
        while stack:
            node = stack.pop()
            if node.getRole() == pyatspi.ROLE_LABEL and node.name.startswith("touch:") and "selected" in node.name:
                return node.name
            stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
        return ""

    check(states(contacts).contains(pyatspi.STATE_MULTISELECTABLE), "the contacts list is multiselectable")
    selection = contacts.querySelection()
    row = next(i for i in items if position(i) == 4)
    check(states(row).contains(pyatspi.STATE_SELECTABLE) and not states(row).contains(pyatspi.STATE_SELECTED),
          "row 5 is selectable and not selected")
    del events[:]
    check(selection.selectChild(4), "SelectChild(4) selects row 5 (the index is the row's)")
    check(selection.nSelectedChildren == 1, f"NSelectedChildren reads 1: {selection.nSelectedChildren}")
    check(selection.isChildSelected(4) and not selection.isChildSelected(5), "IsChildSelected: row 5 only")
    check(states(row).contains(pyatspi.STATE_SELECTED), "row 5 carries the SELECTED state")
    check(selection.getSelectedChild(0) == row, "the selected child is row 5's object")
    wait_for(lambda: status().endswith("selected: 1"), 5, "the status line counting 1 selected row")
    check(True, f"the demo shows the selection: {status()!r}")
    pump(0.2)
    kinds = {t for t, _ in events}
    check({"object:selection-changed", "object:state-changed:selected"} <= kinds,
          f"selection-changed and state-changed:selected were sent: {sorted(kinds)}")
    check(selection.selectChild(999_999), "SelectChild(999999) selects the last of a million rows, out of view")
    check(selection.nSelectedChildren == 2 and selection.isChildSelected(999_999), "two rows are selected")
    check(selection.getSelectedChild(1) is None, "the selected row out of view has no object (not alive)")
    check(selection.deselectChild(4) and not states(row).contains(pyatspi.STATE_SELECTED),
          "DeselectChild(4) clears row 5's SELECTED state")
    check(selection.deselectSelectedChild(0) and selection.nSelectedChildren == 0, "DeselectSelectedChild(0)")
    check(not selection.selectChild(1_000_000), "SelectChild past the last row is refused")
    check(selection.selectAll(), "SelectAll on the multiple-selection list")
    check(selection.nSelectedChildren == 1_000_000, f"NSelectedChildren reads {selection.nSelectedChildren}")
    wait_for(lambda: status().endswith("selected: 1000000"), 5, "the status line counting 1000000 selected rows")
    check(all(states(i).contains(pyatspi.STATE_SELECTED) for i in items), "every live row is SELECTED")
    check(selection.clearSelection() and selection.nSelectedChildren == 0, "ClearSelection")
    wait_for(lambda: status().endswith("selected: 0"), 5, "the status line counting 0 selected rows")
    check(True, "the demo shows the cleared selection")

    # --- the photos grid shares the engine: the same interface on a grid of a million items -----------------------
    action, click = action_index(tabs[12], "click")
    check(action.doAction(click), "the Photos tab's click action is done")
    wait_for(lambda: frame.name == "Gallery · Photos", 5, "the frame renamed 'Gallery · Photos'")
    frame.clearCache()
    photos = wait_for(find_list, 5, "the photos grid")
    grid = photos.querySelection()
    check(grid.selectChild(7) and grid.selectChild(999_999) and grid.nSelectedChildren == 2,
          "the photos grid selects items 8 and 1,000,000 by index")
    cell = next(photos.getChildAtIndex(i) for i in range(photos.childCount)
                if position(photos.getChildAtIndex(i)) == 7)
    check(states(cell).contains(pyatspi.STATE_SELECTED), "item 8 carries the SELECTED state")
    check(grid.clearSelection() and grid.nSelectedChildren == 0, "the grid's ClearSelection")

    # --- the mail demo: a row's swipe actions are named actions of the row that run their handlers --------------
    action, click = action_index(tabs[13], "click")
    check(action.doAction(click), "the Mail tab's click action is done")
    wait_for(lambda: frame.name == "Gallery · Mail", 5, "the frame renamed 'Gallery · Mail'")
    frame.clearCache()
    inbox = wait_for(find_list, 5, "the inbox list")
    message = inbox.getChildAtIndex(2)
    names = [message.queryAction().getName(i) for i in range(message.queryAction().nActions)]
    check(names[-3:] == ["Archive", "Delete", "Unread"], f"a message offers its swipe actions by name ({names})")
    action, archive = action_index(message, "Archive")
    check(action.doAction(archive), "the Archive action is done")
    wait_for_line(lines, "stats: mail archived message 2", 5)
    check(True, "Archive ran its handler (message 2 archived)")
    # SIGTERM closes the window, which leaves the bus on its way out.
    process.terminate()
    check(process.wait(timeout=10) == 0, "the gallery closes cleanly on SIGTERM (status 0)")
finally:
    if process.poll() is None:
        process.kill()
        process.wait()

# --- NO_AT_BRIDGE=1: the gallery stays off the bus ----------------------------------------------------------------
process, lines = start_gallery({"NO_AT_BRIDGE": "1"})
try:
    time.sleep(2)
    check(process.poll() is None, "with NO_AT_BRIDGE=1 the gallery runs")
    check(find_app("gallery") is None, "with NO_AT_BRIDGE=1 it is not on the accessibility bus")
finally:
    process.terminate()
    process.wait()

# --- ToolkitGTK: the host widget is one accessible in GTK's tree (GTK 4.8 exposes no views inside); the host's own
# AT-SPI bridge, driven from GLib's main loop, serves the views as an application of their own ----------------------
embed_gtk = os.path.join(os.path.dirname(gallery), "embed-gtk")
if len(sys.argv) > 4 and sys.argv[4] == "--gtk" and os.access(embed_gtk, os.X_OK):
    gtk_env = dict(env, GDK_BACKEND="wayland", GSK_RENDERER="cairo")

    def find_host(node, depth=0):
        if node.getRole() == pyatspi.ROLE_PANEL and node.name == "Scrollable content":
            return node
        if depth > 12:
            return None
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            found = child and find_host(child, depth + 1)
            if found:
                return found
        return None

    gtk = subprocess.Popen([embed_gtk, "--stats"], env=gtk_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
    try:
        gtk_app = wait_for(lambda: find_app("embed-gtk", "GTK"), 15, "embed-gtk (GTK's bridge) on the accessibility bus")
        host = wait_for(lambda: find_host(gtk_app), 10, "the host widget in embed-gtk's tree")
        check(host.childCount == 0, "embed-gtk: the host widget is a panel (GTK's group) labelled 'Scrollable "
                                    "content', with no children (GTK 4.8 exposes no views inside)")
        views = wait_for(lambda: find_app("embed-gtk", "Toolkit"), 10, "embed-gtk's views (the host's bridge)")
        check(views.childCount == 1, "embed-gtk: the host's own bridge is an application with one frame")
        frame = views.getChildAtIndex(0)
        check(frame.getRole() == pyatspi.ROLE_FRAME and frame.name == "Scrollable content",
              f"its frame is named after the host's accessible label: {frame.name!r}")
        pane = frame.getChildAtIndex(0)
        check(pane.getRole() == pyatspi.ROLE_SCROLL_PANE and pane.childCount == 100,
              f"it holds the list as a scroll pane of {pane.childCount} list items")
        row = pane.getChildAtIndex(2)
        check(row.getRole() == pyatspi.ROLE_LIST_ITEM and row.name == "Row 2 hosted by GTK 4",
              f"a row is named by the text it draws: {row.name!r}")
        # The window may be mapped before GTK gives the widget its size: the row shows once it has one.
        wait_for(lambda: states(row).contains(pyatspi.STATE_SHOWING), 10, "row 2 showing")
        action, click = action_index(row, "click")
        check(action.doAction(click), "the row's click action is done (answered from GLib's main loop)")
        gtk.terminate()
        _, stderr = gtk.communicate(timeout=10)
        check("stats: activated row 2" in stderr, "embed-gtk saw the tap on row 2")
    finally:
        if gtk.poll() is None:
            gtk.kill()
            gtk.wait()

    # The opt-out: GtkViewHost.isAccessibilityBridgeEnabled = false (embed-gtk --no-atspi-bridge).
    gtk = subprocess.Popen([embed_gtk, "--no-atspi-bridge"], env=gtk_env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        gtk_app = wait_for(lambda: find_app("embed-gtk", "GTK"), 15, "embed-gtk --no-atspi-bridge on the bus")
        wait_for(lambda: find_host(gtk_app), 10, "the host widget (mapped) in embed-gtk's tree")
        pump(1.0)
        check(find_app("embed-gtk", "Toolkit") is None, "with --no-atspi-bridge the host serves no views")
    finally:
        gtk.terminate()
        gtk.wait()

print(f"accessibility: {checks} checks passed; the gallery appeared on the bus {found_after:.2f} s after its start")
