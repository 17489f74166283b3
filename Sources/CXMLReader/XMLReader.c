#include "CXMLReader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libxml2's xmlError, whose layout is part of its stable ABI (libxml/xmlerror.h).
struct xml_error {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1, *str2, *str3;
    int int1;
    int int2;  // the column, or 0
    void *context, *node;
};

typedef void (*structured_error_handler)(void *, struct xml_error *);

static struct {
    void *(*reader_for_memory)(const char *, int, const char *, const char *, int);
    int (*read)(void *);
    int (*node_type)(void *);
    const char *(*local_name)(void *);
    const char *(*value)(void *);
    int (*is_empty_element)(void *);
    void *(*current_node)(void *);
    long (*node_line)(void *);
    int (*column)(void *);
    void (*set_error_handler)(void *, structured_error_handler, void *);
    void (*free_reader)(void *);
} xml;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char library_error[512];

static void open_library(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(library_error, sizeof library_error, "%s", dlerror());
        return;
    }
#define LOOK_UP(field, symbol)                                                                    \
    if ((*(void **)&xml.field = dlsym(library, symbol)) == NULL) {                                \
        snprintf(library_error, sizeof library_error, "libxml2.so.2 has no %s", symbol);        \
        return;                                                                                   \
    }
    LOOK_UP(reader_for_memory, "xmlReaderForMemory")
    LOOK_UP(read, "xmlTextReaderRead")
    LOOK_UP(node_type, "xmlTextReaderNodeType")
    LOOK_UP(local_name, "xmlTextReaderConstLocalName")
    LOOK_UP(value, "xmlTextReaderConstValue")
    LOOK_UP(is_empty_element, "xmlTextReaderIsEmptyElement")
    LOOK_UP(current_node, "xmlTextReaderCurrentNode")
    LOOK_UP(node_line, "xmlGetLineNo")
    LOOK_UP(column, "xmlTextReaderGetParserColumnNumber")
    LOOK_UP(set_error_handler, "xmlTextReaderSetStructuredErrorHandler")
    LOOK_UP(free_reader, "xmlFreeTextReader")
#undef LOOK_UP
}

const char *cxml_library_error(void) {
    pthread_once(&once, open_library);
    return library_error[0] == 0 ? NULL : library_error;
}

struct cxml_reader {
    void *reader;
    int error_code, error_line, error_column;
    char error_message[256];
};

static void keep_first_error(void *context, struct xml_error *error) {
    struct cxml_reader *reader = context;
    if (reader->error_code != 0 || error == NULL) return;
    reader->error_code = error->code == 0 ? -1 : error->code;
    reader->error_line = error->line;
    reader->error_column = error->int2;
    snprintf(reader->error_message, sizeof reader->error_message, "%s", error->message ? error->message : "");
    size_t length = strlen(reader->error_message);
    while (length > 0 && (reader->error_message[length - 1] == '\n' || reader->error_message[length - 1] == ' '))
        reader->error_message[--length] = 0;
}

cxml_reader *cxml_reader_new(const char *bytes, int length) {
    if (cxml_library_error() != NULL) return NULL;
    struct cxml_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    enum { no_network = 1 << 11 };  // XML_PARSE_NONET: never fetch the DTD or anything else
    reader->reader = xml.reader_for_memory(bytes, length, NULL, NULL, no_network);
    if (reader->reader == NULL) {
        free(reader);
        return NULL;
    }
    xml.set_error_handler(reader->reader, keep_first_error, reader);
    return reader;
}

int cxml_reader_next(cxml_reader *reader) { return xml.read(reader->reader); }
int cxml_reader_node_type(cxml_reader *reader) { return xml.node_type(reader->reader); }
const char *cxml_reader_name(cxml_reader *reader) { return xml.local_name(reader->reader); }
const char *cxml_reader_value(cxml_reader *reader) { return xml.value(reader->reader); }
int cxml_reader_is_empty_element(cxml_reader *reader) { return xml.is_empty_element(reader->reader); }
int cxml_reader_line(cxml_reader *reader) {
    void *node = xml.current_node(reader->reader);
    return node == NULL ? 0 : (int)xml.node_line(node);
}
int cxml_reader_column(cxml_reader *reader) { return xml.column(reader->reader); }
int cxml_reader_error_code(cxml_reader *reader) { return reader->error_code; }
int cxml_reader_error_line(cxml_reader *reader) { return reader->error_line; }
int cxml_reader_error_column(cxml_reader *reader) { return reader->error_column; }
const char *cxml_reader_error_message(cxml_reader *reader) { return reader->error_message; }

void cxml_reader_free(cxml_reader *reader) {
    if (reader == NULL) return;
    xml.free_reader(reader->reader);
    free(reader);
}
