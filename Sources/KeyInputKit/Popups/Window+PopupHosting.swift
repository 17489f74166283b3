extension Window {
    /// Tells the window where its host's window system put a popup shown in
    /// a surface of its own (``PopupHosting/showPopup(_:in:)``), in window
    /// coordinates: it may reach past the window's edges.
    ///
    /// - Parameters:
    ///   - popup: A popup this window presented.
    ///   - frame: Where it is now, relative to the window's top-left corner.
    public func popupWasPlaced(_ popup: Popup, at frame: Rect) {
        guard popup.window === self else { return }
        popup.frame = frame
    }

    /// Tells the window that its host's window system ended a popup (a
    /// Wayland compositor's `popup_done` after a click outside it): the
    /// window dismisses it and the popups presented after it.
    public func popupWasDismissedByHost(_ popup: Popup) {
        guard popup.window === self else { return }
        dismissPopup(popup)
    }
}
