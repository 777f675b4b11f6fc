#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface on a private bus, for the toolkit's settings test.

    fake-portal.py ADDRESS [--old] [--silent] [--color-scheme N] [--enable-animations 0|1] [--no-reduced-motion]

Owns org.freedesktop.portal.Desktop on the bus at ADDRESS and serves org.freedesktop.portal.Settings at
/org/freedesktop/portal/desktop: ReadOne (the value in a variant) and Read (in a variant in a variant), with
org.freedesktop.portal.Error.NotFound for keys it does not have. --old answers ReadOne with UnknownMethod, as a
portal before version 2 does; --silent never answers a read (a portal that hangs). A test changes a value with the control method
    org.toolkit.test.FakePortal.Set(s namespace, s key, v value)
which stores it and emits SettingChanged, as the portal does when the desktop's setting changes. Every call is
printed on standard output, one line each; "ready" once the name is owned. python3-dbus and python3-gi."""
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

SETTINGS = "org.freedesktop.portal.Settings"
CONTROL = "org.toolkit.test.FakePortal"
PATH = "/org/freedesktop/portal/desktop"


def say(line):
    print(line, flush=True)


class Portal(dbus.service.Object):
    def __init__(self, bus, values, old, silent):
        super().__init__(bus, PATH)
        self.values = values
        self.old = old
        self.silent = silent

    def lookup(self, namespace, key):
        try:
            return self.values[(str(namespace), str(key))]
        except KeyError:
            raise dbus.exceptions.DBusException(
                f"{namespace} {key} is not known", name="org.freedesktop.portal.Error.NotFound")

    def answer(self, reply, error, compute):
        if self.silent:
            return  # never replies: the caller's timeout must end its wait
        try:
            reply(compute())
        except dbus.exceptions.DBusException as e:
            error(e)

    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def ReadOne(self, namespace, key, reply, error):
        say(f"ReadOne {namespace} {key}")

        def compute():
            if self.old:
                raise dbus.exceptions.DBusException(
                    "no ReadOne here", name="org.freedesktop.DBus.Error.UnknownMethod")
            return self.lookup(namespace, key)
        self.answer(reply, error, compute)

    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def Read(self, namespace, key, reply, error):
        say(f"Read {namespace} {key}")

        def compute():
            value = self.lookup(namespace, key)
            # The older method's answer: the value in a variant in the variant.
            return type(value)(value, variant_level=2)
        self.answer(reply, error, compute)

    @dbus.service.signal(SETTINGS, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass

    @dbus.service.method(CONTROL, in_signature="ssv", out_signature="")
    def Set(self, namespace, key, value):
        say(f"Set {namespace} {key} {value}")
        self.values[(str(namespace), str(key))] = value
        self.SettingChanged(namespace, key, value)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    address = args.pop(0)
    values = {
        ("org.freedesktop.appearance", "color-scheme"): dbus.UInt32(0),
        ("org.gnome.desktop.interface", "enable-animations"): dbus.Boolean(True),
        ("org.freedesktop.appearance", "reduced-motion"): dbus.UInt32(0),
    }
    old = False
    silent = False
    while args:
        option = args.pop(0)
        if option == "--old":
            old = True
        elif option == "--silent":
            silent = True
        elif option == "--color-scheme":
            values[("org.freedesktop.appearance", "color-scheme")] = dbus.UInt32(int(args.pop(0)))
        elif option == "--enable-animations":
            values[("org.gnome.desktop.interface", "enable-animations")] = dbus.Boolean(args.pop(0) == "1")
        elif option == "--no-reduced-motion":
            del values[("org.freedesktop.appearance", "reduced-motion")]
        else:
            sys.exit(f"unknown option {option}")
    DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    portal = Portal(bus, values, old, silent)
    name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus)
    say("ready")
    loop = GLib.MainLoop()
    bus.call_on_disconnection(lambda _: loop.quit())
    try:
        loop.run()
    except KeyboardInterrupt:
        pass
    del portal, name


if __name__ == "__main__":
    main()
