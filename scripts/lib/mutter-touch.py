#!/usr/bin/python3
"""Real touch from a headless mutter, for the project's tests (see <doc:Testing>, level 3, mutter).

Run inside a private session bus (`dbus-run-session -- mutter-touch.py ...`) with XDG_RUNTIME_DIR set to a
private directory. It starts a bare `pipewire` daemon and `mutter --headless --wayland --no-x11` with one
virtual monitor, opens a RemoteDesktop session with a ScreenCast of that monitor (touch coordinates are
relative to the stream), and then reads one command per line on stdin, answering each with a line on stdout:

    down SLOT X Y     a finger lands (monitor pixels, may be fractional)       -> ok
    move SLOT X Y     it moves                                                  -> ok
    up SLOT           it lifts                                                  -> ok
    lift SLOT X Y     a last move and the lift, both sent before either answer  -> ok
                      (mutter stamps them together, so a busy machine cannot put
                      a pause before the lift and turn a flick into a hold)
    key KEYSYM 1|0    a key (X keysym, decimal or 0x hex) is pressed or released -> ok
    sleep MS          waits MS milliseconds (timing stays in this process)      -> ok
    quit              stops the session, mutter and pipewire, then exits        -> ok

Any failing command answers `error MESSAGE`. At start it prints `ready` once everything is up, or `error ...`
and exits 1. End of input is `quit`. mutter and pipewire die with this process (PR_SET_PDEATHSIG) even when
it is killed; their logs go to RUNTIME/mutter.log and RUNTIME/pipewire.log.

Each D-Bus touch call becomes its own wl_touch frame in mutter 43; the first touch call creates the virtual
touchscreen (the seat gains the touch capability then), so `--warm-up` sends a throw-away tap at start.
"""
import argparse
import ctypes
import os
import signal
import subprocess
import sys
import time

from gi.repository import Gio, GLib

BUS_RD = "org.gnome.Mutter.RemoteDesktop"
BUS_SC = "org.gnome.Mutter.ScreenCast"


def die_with_parent():
    """preexec_fn: the child gets SIGTERM when this process dies, however it dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Mutter:
    def __init__(self, runtime):
        self.runtime = runtime
        self.children = []
        self.session = None

    def launch(self, display, size):
        runtime = self.runtime
        env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
        for name in ("WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"):
            env.pop(name, None)
        self.spawn(["pipewire"], "pipewire.log", env)
        self.spawn(["mutter", "--headless", "--wayland", "--no-x11", "--wayland-display=" + display,
                    "--virtual-monitor", size], "mutter.log", env)
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        # Every touch call goes through the bus daemon: it runs ahead of ordinary work too (see main).
        try:
            (daemon,) = self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                  "GetConnectionUnixProcessID", GLib.Variant("(s)", ("org.freedesktop.DBus",)),
                                  "(u)")
            os.setpriority(os.PRIO_PROCESS, daemon, os.getpriority(os.PRIO_PROCESS, 0))
        except (GLib.Error, PermissionError, ProcessLookupError):
            pass
        deadline = time.monotonic() + 15
        socket = os.path.join(runtime, display)
        while not (os.path.exists(socket) and self.has_owner(BUS_RD) and self.has_owner(BUS_SC)):
            for child in self.children:
                if child.poll() is not None:
                    raise RuntimeError("%s exited with status %d" % (child.args[0], child.returncode))
            if time.monotonic() > deadline:
                raise RuntimeError("mutter did not come up within 15 s")
            time.sleep(0.02)

    def spawn(self, argv, log, env):
        with open(os.path.join(self.runtime, log), "wb") as out:
            self.children.append(subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                                  stderr=subprocess.STDOUT, preexec_fn=die_with_parent))

    def call(self, name, path, interface, method, args=None, reply="()"):
        return self.bus.call_sync(name, path, interface, method, args, GLib.VariantType(reply),
                                  Gio.DBusCallFlags.NONE, 5000, None).unpack()

    def has_owner(self, name):
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "NameHasOwner", GLib.Variant("(s)", (name,)), "(b)")[0]

    def start_session(self):
        (self.session,) = self.call(BUS_RD, "/org/gnome/Mutter/RemoteDesktop", BUS_RD, "CreateSession",
                                    None, "(o)")
        (session_id,) = self.call(BUS_RD, self.session, "org.freedesktop.DBus.Properties", "Get",
                                  GLib.Variant("(ss)", (BUS_RD + ".Session", "SessionId")), "(v)")
        options = GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},))
        (cast,) = self.call(BUS_SC, "/org/gnome/Mutter/ScreenCast", BUS_SC, "CreateSession", options, "(o)")
        (self.stream,) = self.call(BUS_SC, cast, BUS_SC + ".Session", "RecordMonitor",
                                   GLib.Variant("(sa{sv})", ("Meta-0", {})), "(o)")
        self.rd("Start")

    def rd(self, method, args=None):
        self.call(BUS_RD, self.session, BUS_RD + ".Session", method, args)

    def pipelined(self, calls):
        """Writes every call to the bus before waiting for any answer, then waits for all of them."""
        context = GLib.MainContext.default()
        answers = []

        def answered(bus, result, _):
            try:
                bus.call_finish(result)
                answers.append(None)
            except GLib.Error as error:
                answers.append(error)

        for method, args in calls:
            self.bus.call(BUS_RD, self.session, BUS_RD + ".Session", method, args, GLib.VariantType("()"),
                          Gio.DBusCallFlags.NONE, 5000, None, answered, None)
        while len(answers) < len(calls):
            context.iteration(True)
        for answer in answers:
            if answer is not None:
                raise answer

    def command(self, words):
        verb = words[0]
        if verb == "down":
            self.rd("NotifyTouchDown", GLib.Variant("(sudd)", (self.stream, int(words[1]), float(words[2]),
                                                               float(words[3]))))
        elif verb == "move":
            self.rd("NotifyTouchMotion", GLib.Variant("(sudd)", (self.stream, int(words[1]), float(words[2]),
                                                                 float(words[3]))))
        elif verb == "up":
            self.rd("NotifyTouchUp", GLib.Variant("(u)", (int(words[1]),)))
        elif verb == "lift":
            self.pipelined([("NotifyTouchMotion", GLib.Variant("(sudd)", (self.stream, int(words[1]),
                                                                         float(words[2]), float(words[3])))),
                            ("NotifyTouchUp", GLib.Variant("(u)", (int(words[1]),)))])
        elif verb == "key":
            self.rd("NotifyKeyboardKeysym", GLib.Variant("(ub)", (int(words[1], 0), words[2] == "1")))
        elif verb == "sleep":
            time.sleep(float(words[1]) / 1000)
        else:
            raise ValueError("unknown command %r" % verb)

    def stop(self):
        try:
            if self.session:
                self.rd("Stop")
        except GLib.Error:
            pass
        for child in reversed(self.children):
            if child.poll() is None:
                child.terminate()
        for child in reversed(self.children):
            try:
                child.wait(timeout=3)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--display", default="wayland-mutter")
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--warm-up", action="store_true", help="a throw-away tap, then 1 s for the touchscreen")
    options = parser.parse_args()
    # The test runner may leave signals blocked or ignored; the default dispositions let `kill` end this.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    # The finger's timing is the device's, not the machine's: a busy machine (builds on every core) must not
    # stretch 16 ms between moves to 48 and turn a flick into a stop. This process and mutter and pipewire
    # (which inherit it) run ahead of ordinary work when allowed (root); the program under test does not.
    try:
        os.nice(-10)
    except PermissionError:
        pass
    mutter = Mutter(options.runtime)
    try:
        mutter.launch(options.display, options.size)
        mutter.start_session()
        if options.warm_up:
            mutter.command(["down", "9", "1", "1"])
            mutter.command(["up", "9"])
        print("ready", flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "quit":
                break
            try:
                mutter.command(words)
                print("ok", flush=True)
            except (GLib.Error, ValueError, IndexError) as error:
                print("error %s" % str(error).replace("\n", " "), flush=True)
    except (GLib.Error, RuntimeError) as error:
        print("error %s" % str(error).replace("\n", " "), flush=True)
        return 1
    finally:
        mutter.stop()
    print("ok", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
