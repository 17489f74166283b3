import CXCB
import KeyInputKit

/// Pointer images from the X core cursor font, made once each and shown on
/// the window as the view under the pointer asks (`View.cursor(at:)`).
///
/// Every X server has the cursor font, so the images need no theme; a
/// cursor the font lacks (glyph 0) shows the arrow.
@MainActor
final class X11Cursors {
    private let connection: XCBConnection
    private let window: xcb_window_t
    private var font: xcb_font_t = 0
    private var made: [UInt16: xcb_cursor_t] = [:]
    /// The cursor the window shows.
    private(set) var shown: Cursor?

    init(connection: XCBConnection, window: xcb_window_t) {
        self.connection = connection
        self.window = window
    }

    isolated deinit {
        for id in made.values { xcb_free_cursor(connection.pointer, id) }
        if font != 0 { xcb_close_font(connection.pointer, font) }
    }

    /// Shows `cursor` on the window, when it is not shown already.
    func show(_ cursor: Cursor) {
        guard cursor != shown else { return }
        shown = cursor
        var id = self.id(forGlyph: cursor.fontGlyph == 0 ? Cursor.arrow.fontGlyph : cursor.fontGlyph)
        xcb_change_window_attributes(connection.pointer, window, XCB_CW_CURSOR.rawValue, &id)
        xcb_flush(connection.pointer)
    }

    /// The cursor of a glyph of the font (its mask is the next glyph), made on first use.
    private func id(forGlyph glyph: UInt16) -> xcb_cursor_t {
        if let known = made[glyph] { return known }
        let pointer = connection.pointer
        if font == 0 {
            font = xcb_generate_id(pointer)
            xcb_open_font(pointer, font, 6, "cursor")
        }
        let id = xcb_generate_id(pointer)
        // Black on white, as every toolkit's arrow.
        xcb_create_glyph_cursor(pointer, id, font, font, glyph, glyph + 1, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF)
        made[glyph] = id
        return id
    }
}
