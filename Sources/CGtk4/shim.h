/* GTK 4 for the embed-gtk example (Debian: libgtk-4-dev). */
#include <gtk/gtk.h>
