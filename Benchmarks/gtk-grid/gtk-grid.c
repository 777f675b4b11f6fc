/* A GTK 4 grid comparable to the gallery's Photos demo, for scripts/bench-gtk: items 120 px tall with 4 px between
 * them and 8 px around the grid (the demo's itemSize, spacing and contentInset), as many columns of at least
 * 120 px as fit, the items stretched to fill the row (as GridContainer and GtkGridView both do); each item a
 * rounded colour swatch inset by 3 px (a GtkDrawingArea, the gallery's palette) on white, in a GtkGridView (the
 * widget a GTK developer would pick for a large grid) inside a GtkScrolledWindow.
 * Usage: gtk-grid [ITEMS] (default 10,000,000). The model is a GListModel of our own (ItemModel below) that stores
 * nothing per item and makes an item's object only when the grid view asks for that position: start-up and memory
 * are GTK's own, not a model's. Prints "gtk-grid: first frame" to stderr after the first frame is painted, and
 * "gtk-grid: offset 0 Y" (the grid's offset in px) when the window is closed. Run with GSK_RENDERER=cairo to draw
 * on the CPU like the toolkit. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

static const unsigned palette[] = {0xFF6B6B, 0xFFA94D, 0xFFD43B, 0x69DB7C, 0x38D9A9,
                                   0x4DABF7, 0x748FFC, 0x9775FA, 0xDA77F2, 0xF783AC};

/* A lazy GListModel: ITEMS items, none stored; each get_item makes a fresh GtkStringObject naming the position
 * (the grid view keeps the ones bound to live cells and drops them when the cells are recycled). */
#define ITEM_TYPE_MODEL (item_model_get_type())
G_DECLARE_FINAL_TYPE(ItemModel, item_model, ITEM, MODEL, GObject)
struct _ItemModel {
    GObject parent_instance;
    guint items;
};

static GType item_model_get_item_type(GListModel *model) {
    (void)model;
    return GTK_TYPE_STRING_OBJECT;
}

static guint item_model_get_n_items(GListModel *model) {
    return ITEM_MODEL(model)->items;
}

static gpointer item_model_get_item(GListModel *model, guint position) {
    if (position >= ITEM_MODEL(model)->items) return NULL;
    char name[32];
    snprintf(name, sizeof name, "%u", position);
    return gtk_string_object_new(name);
}

static void item_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = item_model_get_item_type;
    iface->get_n_items = item_model_get_n_items;
    iface->get_item = item_model_get_item;
}

G_DEFINE_TYPE_WITH_CODE(ItemModel, item_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, item_model_list_model_init))

static void item_model_class_init(ItemModelClass *class) { (void)class; }
static void item_model_init(ItemModel *self) { self->items = 0; }

static GListModel *item_model_new(guint items) {
    ItemModel *model = g_object_new(ITEM_TYPE_MODEL, NULL);
    model->items = items;
    return G_LIST_MODEL(model);
}

/* The swatch: the item's palette colour, inset by 3 px, corners of 6 px. */
static void draw_swatch(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)data;
    unsigned rgb = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "rgb"));
    double r = 6, x = 3, y = 3, w = width - 6, h = height - 6;
    if (w <= 0 || h <= 0) return;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0);
    cairo_fill(cr);
}

static void setup_item(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *swatch = gtk_drawing_area_new();
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(swatch), 120);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(swatch), 120);
    gtk_widget_set_hexpand(swatch, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(swatch), draw_swatch, NULL, NULL);
    gtk_list_item_set_child(item, swatch);
}

static void bind_item(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    guint i = gtk_list_item_get_position(item);
    GtkWidget *swatch = gtk_list_item_get_child(item);
    g_object_set_data(G_OBJECT(swatch), "rgb", GUINT_TO_POINTER(palette[i % 10]));
    gtk_widget_queue_draw(swatch);
}

static void first_frame(GdkFrameClock *clock, gpointer data) {
    (void)data;
    fprintf(stderr, "gtk-grid: first frame\n");
    g_signal_handlers_disconnect_by_func(clock, first_frame, NULL);
}

static void on_map(GtkWidget *window, gpointer data) {
    (void)data;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    if (clock) g_signal_connect(clock, "after-paint", G_CALLBACK(first_frame), NULL);
}

static gboolean report_offset(GtkWindow *window, gpointer data) {
    (void)window;
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(data));
    fprintf(stderr, "gtk-grid: offset 0 %g\n", gtk_adjustment_get_value(adjustment));
    return FALSE;
}

static guint items_wanted = 10000000;

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    /* 6 px of padding plus each cell's 2 px margin: 8 px around the grid, 4 px between items. */
    gtk_css_provider_load_from_data(css,
        "gridview { background: white; padding: 6px; }"
        " gridview > child { padding: 0; margin: 2px; background: none; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_item), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_item), NULL);
    GListModel *model = item_model_new(items_wanted);
    GtkWidget *grid = gtk_grid_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(model)), factory);
    /* GtkGridView's default stops at 7 columns; the toolkit's grid has no upper bound. */
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), 64);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), grid);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "gtk-grid");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(window, "close-request", G_CALLBACK(report_offset), scrolled);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    long items = argc > 1 ? atol(argv[1]) : 0;
    if (items > 0 && items <= G_MAXUINT) items_wanted = (guint)items;
    GtkApplication *app = gtk_application_new("org.toolkit.GtkGridBench", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
