/// A host that shows popups in surfaces of their own, so they can reach past
/// the window's edges: the X11 host with override-redirect windows, the
/// Wayland host with `xdg_popup`. A window's ``Window/popupHost`` is one.
///
/// The host draws `surface` as it draws its main window
/// (``Window/renderDamage(to:)`` when it needs display), and sends the
/// pointer and touch events that land on the surface to it, in the
/// surface's coordinates. Keys keep going to the main window, which offers
/// them to the popup first.
@MainActor
public protocol PopupHosting: AnyObject {
    /// Shows `popup` beside ``Popup/anchor`` in a surface of its own, keeping
    /// it on screen (below the anchor, else above; slid sideways to fit).
    ///
    /// - Parameters:
    ///   - popup: The popup; ``Popup/frame`` is where the window would put it,
    ///     and the host updates it when the window system places it elsewhere.
    ///   - surface: A window the popup's size whose only subview is the
    ///     popup's content view, sharing the main window's text layout engine.
    /// - Returns: Whether it is shown; `false` makes the window draw the
    ///   popup inside itself instead.
    func showPopup(_ popup: Popup, in surface: Window) -> Bool

    /// Takes away the surface of a popup shown with ``showPopup(_:in:)``.
    func hidePopup(_ popup: Popup)
}
