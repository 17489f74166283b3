// latency-gtk3-entry: a GTK 3 window with one focused entry and no caret blink, the toolkit
// the latency benchmarks compare with; built with cc, as GTK applications are (scripts/latency-tables.sh).
#include <gtk/gtk.h>

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    g_object_set(gtk_settings_get_default(), "gtk-cursor-blink", FALSE, NULL);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "latency-gtk3-entry");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 120);
    GtkWidget *entry = gtk_entry_new();
    gtk_container_add(GTK_CONTAINER(window), entry);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_widget_grab_focus(entry);
    gtk_main();
    return 0;
}
