/* Without the deprecated part of wayland-server.h, struct wl_resource and struct wl_object stay opaque (they
 * import as OpaquePointer), as the non-deprecated API intends: nothing may touch their fields. */
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>
