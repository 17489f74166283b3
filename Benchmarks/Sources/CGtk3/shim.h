// GTK 3, for the entry the latency benchmark compares with.
#include <gtk/gtk.h>
