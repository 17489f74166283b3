#ifndef CXMLREADER_H
#define CXMLREADER_H

// A streaming XML reader on libxml2, opened at its first use (dlopen) rather than linked, so a
// program that never reads XML (keyinput type) does not map libxml2 and its ICU at start.

/// libxml2's node types the registry reader looks at (xmlReaderTypes).
enum { CXML_ELEMENT = 1, CXML_TEXT = 3, CXML_CDATA = 4, CXML_END_ELEMENT = 15 };

/// A reader over a buffer of XML, which must outlive it.
typedef struct cxml_reader cxml_reader;

/// Opens libxml2 if need be and starts reading `length` bytes; NULL when libxml2 cannot be
/// opened (cxml_library_error() says why) or the reader cannot be made.
cxml_reader *_Nullable cxml_reader_new(const char *_Nonnull bytes, int length);

/// Why libxml2 could not be opened, or NULL.
const char *_Nullable cxml_library_error(void);

/// Moves to the next node: 1 when there is one, 0 at the end, -1 when the XML breaks.
int cxml_reader_next(cxml_reader *_Nonnull reader);

/// The current node's type (CXML_ELEMENT …), local name and value (text), or NULL.
int cxml_reader_node_type(cxml_reader *_Nonnull reader);
const char *_Nullable cxml_reader_name(cxml_reader *_Nonnull reader);
const char *_Nullable cxml_reader_value(cxml_reader *_Nonnull reader);
/// Whether the current element is written `<name/>`, which has no end element node.
int cxml_reader_is_empty_element(cxml_reader *_Nonnull reader);
/// The 1-based line of the current node (where its start tag is), 0 when unknown.
int cxml_reader_line(cxml_reader *_Nonnull reader);
/// The 1-based column the parser has reached, which may be past the current node.
int cxml_reader_column(cxml_reader *_Nonnull reader);

/// The first error libxml2 reported, even one it recovered from: its code (xmlParserErrors),
/// 0 when there was none, with its line, column and message.
int cxml_reader_error_code(cxml_reader *_Nonnull reader);
int cxml_reader_error_line(cxml_reader *_Nonnull reader);
int cxml_reader_error_column(cxml_reader *_Nonnull reader);
const char *_Nonnull cxml_reader_error_message(cxml_reader *_Nonnull reader);

void cxml_reader_free(cxml_reader *_Nullable reader);

#endif
