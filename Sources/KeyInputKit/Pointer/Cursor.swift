/// The pointer image a view asks for while the pointer is over it.
///
/// Hosts show it from the desktop's cursor theme (libwayland-cursor on
/// Wayland, Xcursor or the core cursor font on X11), by the names themes
/// use; a theme without the image shows the arrow.
///
/// ```swift
/// let link = Label(text: "Terms")
/// link.cursor = .pointingHand
/// ```
public struct Cursor: Hashable, Sendable {
    /// The CSS name (`text`), the name most themes use today.
    public let name: String
    /// The X cursor-font name older themes use (`xterm`), tried next.
    public let legacyName: String
    /// The glyph of the X core cursor font (`XC_xterm`), used when no theme has the image.
    public let fontGlyph: UInt16

    /// A cursor by theme names and cursor-font glyph.
    public init(name: String, legacyName: String, fontGlyph: UInt16) {
        self.name = name
        self.legacyName = legacyName
        self.fontGlyph = fontGlyph
    }

    /// The arrow: what a window shows where no view asks for another.
    public static let arrow = Cursor(name: "default", legacyName: "left_ptr", fontGlyph: 68)
    /// The I-beam, over text that can be selected or edited.
    public static let iBeam = Cursor(name: "text", legacyName: "xterm", fontGlyph: 152)
    /// The pointing hand, over a link.
    public static let pointingHand = Cursor(name: "pointer", legacyName: "hand2", fontGlyph: 60)
    /// The crosshair, for picking a point.
    public static let crosshair = Cursor(name: "crosshair", legacyName: "crosshair", fontGlyph: 34)
    /// Over something that does not take a press now.
    public static let notAllowed = Cursor(name: "not-allowed", legacyName: "crossed_circle", fontGlyph: 0)
    /// A two-headed arrow left and right: a vertical divider that moves sideways.
    public static let resizeLeftRight = Cursor(name: "ew-resize", legacyName: "sb_h_double_arrow", fontGlyph: 108)
    /// A two-headed arrow up and down: a horizontal divider that moves up or down.
    public static let resizeUpDown = Cursor(name: "ns-resize", legacyName: "sb_v_double_arrow", fontGlyph: 116)
}
