/* A GTK 4 list comparable to the gallery's list demo, for scripts/bench-gtk: rows 56 px tall, each with a
 * 40 x 40 px rounded colour swatch at x 12, a 16 px label "Row N · greeting" and a 1 px separator, on white,
 * in a GtkListView (the widget a GTK developer would pick for a long list) inside a GtkScrolledWindow.
 * Usage: gtk-list [ROWS] [lazy] (default 200, as the gallery's list). The model is a GtkStringList of ROWS strings
 * made at start-up (what GTK's documentation shows), or with "lazy" a GListModel of our own (RowModel below) that
 * stores nothing per row and makes a row's string object only when the list view asks for that item. Prints "gtk-list: first frame" to stderr after
 * the first frame is painted, and "gtk-list: offset 0 Y" (the list's offset in px) when the window is closed. Run with GSK_RENDERER=cairo to draw on the CPU like the toolkit. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned palette[] = {0xFF6B6B, 0xFFA94D, 0xFFD43B, 0x69DB7C, 0x38D9A9,
                                   0x4DABF7, 0x748FFC, 0x9775FA, 0xDA77F2, 0xF783AC};
static const char *greetings[] = {"Hello", "こんにちは世界", "مرحبا بالعالم", "Γειά σου κόσμε",
                                  "Cafe\xcc\x81 AVATAR", "日本語のテキスト", "שלום עולם"};

/* The row's title, "Row N · greeting" (N from 1). */
static void row_title(char *out, size_t size, guint i) {
    snprintf(out, size, "Row %u · %s", i + 1, greetings[i % 7]);
}

/* A lazy GListModel: ROWS items, none stored; each get_item makes a fresh GtkStringObject (the list view keeps
 * the ones bound to live rows and drops them when the rows are recycled). */
#define ROW_TYPE_MODEL (row_model_get_type())
G_DECLARE_FINAL_TYPE(RowModel, row_model, ROW, MODEL, GObject)
struct _RowModel {
    GObject parent_instance;
    guint rows;
};

static GType row_model_get_item_type(GListModel *model) {
    (void)model;
    return GTK_TYPE_STRING_OBJECT;
}

static guint row_model_get_n_items(GListModel *model) {
    return ROW_MODEL(model)->rows;
}

static gpointer row_model_get_item(GListModel *model, guint position) {
    if (position >= ROW_MODEL(model)->rows) return NULL;
    char title[128];
    row_title(title, sizeof title, position);
    return gtk_string_object_new(title);
}

static void row_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = row_model_get_item_type;
    iface->get_n_items = row_model_get_n_items;
    iface->get_item = row_model_get_item;
}

G_DEFINE_TYPE_WITH_CODE(RowModel, row_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, row_model_list_model_init))

static void row_model_class_init(RowModelClass *class) { (void)class; }
static void row_model_init(RowModel *self) { self->rows = 0; }

static GListModel *row_model_new(guint rows) {
    RowModel *model = g_object_new(ROW_TYPE_MODEL, NULL);
    model->rows = rows;
    return G_LIST_MODEL(model);
}

static void draw_swatch(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area; (void)data;
    unsigned rgb = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "rgb"));
    double r = 6, w = width, h = height;
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - r, r, r, -G_PI / 2, 0);
    cairo_arc(cr, w - r, h - r, r, 0, G_PI / 2);
    cairo_arc(cr, r, h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, r, r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0);
    cairo_fill(cr);
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(box, "row");
    GtkWidget *swatch = gtk_drawing_area_new();
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(swatch), 40);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(swatch), 40);
    gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(swatch), draw_swatch, NULL, NULL);
    GtkWidget *label = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_box_append(GTK_BOX(box), swatch);
    gtk_box_append(GTK_BOX(box), label);
    gtk_list_item_set_child(item, box);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    guint i = gtk_list_item_get_position(item);
    GtkWidget *box = gtk_list_item_get_child(item);
    GtkWidget *swatch = gtk_widget_get_first_child(box);
    GtkWidget *label = gtk_widget_get_next_sibling(swatch);
    g_object_set_data(G_OBJECT(swatch), "rgb", GUINT_TO_POINTER(palette[i % 10]));
    gtk_widget_queue_draw(swatch);
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(gtk_list_item_get_item(item)));
}

static void first_frame(GdkFrameClock *clock, gpointer data) {
    (void)data;
    fprintf(stderr, "gtk-list: first frame\n");
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
    fprintf(stderr, "gtk-list: offset 0 %g\n", gtk_adjustment_get_value(adjustment));
    return FALSE;
}

static int rows_wanted = 200;
static gboolean lazy_model = FALSE;

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    int rows = rows_wanted;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        "listview, listview > row { background: white; padding: 0; }"
        " .row { min-height: 55px; padding-left: 12px; border-bottom: 1px solid #d1d1d6; }"
        " .row label { font-size: 16px; color: #1c1c1e; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GListModel *model;
    if (lazy_model) {
        model = row_model_new((guint)rows);
    } else {
        GtkStringList *strings = gtk_string_list_new(NULL);
        for (int i = 0; i < rows; i++) {
            char title[128];
            row_title(title, sizeof title, (guint)i);
            gtk_string_list_append(strings, title);
        }
        model = G_LIST_MODEL(strings);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(model)), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "gtk-list");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(window, "close-request", G_CALLBACK(report_offset), scrolled);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    rows_wanted = argc > 1 ? atoi(argv[1]) : 200;
    if (rows_wanted <= 0) rows_wanted = 200;
    lazy_model = argc > 2 && strcmp(argv[2], "lazy") == 0;
    GtkApplication *app = gtk_application_new("org.toolkit.GtkListBench", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
