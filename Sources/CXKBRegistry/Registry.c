#include "CXKBRegistry.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct cxkb_registry functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char error[512];

static void open_library(void) {
    void *library = dlopen("libxkbregistry.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(error, sizeof error, "%s", dlerror());
        return;
    }
#define LOOK_UP(function)                                                                         \
    if ((functions.function = (__typeof__(functions.function))dlsym(library, #function)) == NULL) { \
        snprintf(error, sizeof error, "libxkbregistry.so.0 has no %s", #function);              \
        return;                                                                                   \
    }
    CXKB_REGISTRY_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
}

const struct cxkb_registry *_Nullable cxkb_registry(void) {
    pthread_once(&once, open_library);
    return error[0] == 0 ? &functions : NULL;
}

const char *_Nullable cxkb_registry_error(void) {
    pthread_once(&once, open_library);
    return error[0] == 0 ? NULL : error;
}
