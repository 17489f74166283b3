/// Content shown in front of a window, beside a place in it: the edit menu
/// and its submenus.
///
/// A window shows a popup (``Window/presentPopup(_:anchoredTo:)``) in a
/// surface of its own when its host can make one (``PopupHosting``), so the
/// popup can reach past the window's edges; otherwise the window draws it
/// inside itself, on top of everything, kept within its bounds.
@MainActor
public final class Popup {
    /// The view shown; the popup is its size.
    public let contentView: View
    /// The place the popup is shown beside, in window coordinates: the
    /// pointer, the selection, or the item a submenu opens from.
    public let anchor: Rect
    /// Where the popup is, in window coordinates. Drawn inside the window it
    /// is within the window's bounds; in a surface of its own it may reach
    /// past them, and the host sets it once the window system placed it.
    public internal(set) var frame: Rect
    /// The window the popup belongs to; `nil` once dismissed.
    public internal(set) weak var window: Window?
    /// The window a host shows the popup's content in, as a surface of its
    /// own (an X11 override-redirect window, a Wayland `xdg_popup`), or
    /// `nil` while the window draws the popup inside itself.
    public internal(set) var surfaceWindow: Window?
    /// Called once when the popup goes away, whoever dismissed it.
    var didDismiss: (@MainActor () -> Void)?

    init(contentView: View, anchor: Rect, frame: Rect) {
        self.contentView = contentView
        self.anchor = anchor
        self.frame = frame
    }

    /// Whether the popup is on screen.
    public var isPresented: Bool { window != nil }
}
