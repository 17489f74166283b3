import CXCB
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A popup's override-redirect window: no window manager decorates, moves
/// or focuses it, so it shows where the host puts it, past the main
/// window's edges if need be, and keys stay with the main window.
@MainActor
final class X11PopupSurface {
    /// The popup shown.
    let popup: Popup
    /// The window drawn in it, the popup's size.
    let surface: Window
    /// The X window.
    let xWindow: xcb_window_t
    /// Where it is on the screen, in pixels.
    let screenFrame: Rect
    /// Where views are drawn before they go to the X window.
    let backBuffer: X11BackBuffer
    /// The XInput 2.2 touch selection on it, or `nil` without XInput 2.2.
    let touch: X11Touch?
    /// Whether the whole back buffer must go to the screen (first frame, expose).
    var needsPresent = true
    /// Whether the left button went down on the popup and is still down.
    var buttonOneDown = false

    init(popup: Popup, surface: Window, xWindow: xcb_window_t, screenFrame: Rect, backBuffer: X11BackBuffer, touch: X11Touch?) {
        self.popup = popup
        self.surface = surface
        self.xWindow = xWindow
        self.screenFrame = screenFrame
        self.backBuffer = backBuffer
        self.touch = touch
    }

    /// Where a popup of `size` goes beside `anchor` (both in screen pixels)
    /// on a screen of `screen`: below the anchor, else above it, else as
    /// low as fits; slid left to fit, never past the screen's left edge.
    static func place(_ size: Size, beside anchor: Rect, on screen: Size) -> Rect {
        var y = anchor.maxY
        if y + size.height > screen.height {
            y = anchor.minY - size.height >= 0 ? anchor.minY - size.height : max(0, screen.height - size.height)
        }
        let x = max(0, min(anchor.minX, screen.width - size.width))
        return Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
    }
}
