/* sd-bus from libsystemd (Debian: libsystemd-dev): the D-Bus library of the AT-SPI bridge (CAtspiBridge). */
#include <systemd/sd-bus.h>
