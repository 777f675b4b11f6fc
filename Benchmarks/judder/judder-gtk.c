/* GTK 4's list for the judder benchmark (scripts/bench-judder): a GtkListView of 2,000 rows 44 px tall in a
 * GtkScrolledWindow with kinetic scrolling on, in a 400 x 1200 window. Each row is filled with its RowPattern colour
 * (Benchmarks/Sources/JudderPattern/RowPattern.swift: red the index's high byte, green its low byte, blue 0x5A) and
 * shows "Row N" in its right half, so the benchmark reads the list's offset from the committed frames.
 * Prints "judder-gtk: first frame" to stderr after the first frame is painted. Run with GSK_RENDERER=cairo. */
#include <gtk/gtk.h>
#include <stdio.h>

enum { ROWS = 2000, ROW_HEIGHT = 44 };

static void draw_row(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)data;
    guint row = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "row"));
    cairo_set_source_rgb(cr, ((row >> 8) & 255) / 255.0, (row & 255) / 255.0, 0x5A / 255.0);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    char text[32];
    snprintf(text, sizeof text, "Row %u", row + 1);
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(area), text);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, width / 2.0, 12);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *area = gtk_drawing_area_new();
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), ROW_HEIGHT);
    gtk_widget_set_hexpand(area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_row, NULL, NULL);
    gtk_list_item_set_child(item, area);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *area = gtk_list_item_get_child(item);
    g_object_set_data(G_OBJECT(area), "row", GUINT_TO_POINTER(gtk_list_item_get_position(item)));
    gtk_widget_queue_draw(area);
}

static void first_frame(GdkFrameClock *clock, gpointer data) {
    (void)data;
    fprintf(stderr, "judder-gtk: first frame\n");
    g_signal_handlers_disconnect_by_func(clock, first_frame, NULL);
}

static void on_map(GtkWidget *window, gpointer data) {
    (void)data;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (clock) g_signal_connect(clock, "after-paint", G_CALLBACK(first_frame), NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        "listview, listview > row { padding: 0; margin: 0; border: 0; min-height: 0; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkStringList *strings = gtk_string_list_new(NULL);
    for (int i = 0; i < ROWS; i++) gtk_string_list_append(strings, "");
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_kinetic_scrolling(GTK_SCROLLED_WINDOW(scrolled), TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "judder-gtk");
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 1200);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    (void)argc;
    GtkApplication *app = gtk_application_new("org.toolkit.JudderGtk", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
