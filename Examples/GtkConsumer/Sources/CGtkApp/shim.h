/* GTK 4, as the app imports it (Debian: libgtk-4-dev). */
#include <gtk/gtk.h>
