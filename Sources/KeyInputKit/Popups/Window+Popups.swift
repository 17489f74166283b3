extension Window {
    /// Shows `content` in front of the window, beside `anchor`, and returns
    /// the popup: in a surface of its own when ``popupHost`` can make one,
    /// else drawn inside the window on top of everything.
    ///
    /// The popup is placed below the anchor's bottom-left corner, above the
    /// anchor when there is no room below, and slid sideways to fit. It
    /// takes no focus: the first responder keeps its focus and its marked text.
    ///
    /// - Parameters:
    ///   - content: The view to show, at its own size.
    ///   - anchor: What the popup is shown beside, in window coordinates.
    /// - Returns: The popup, until ``dismissPopup(_:)``.
    @discardableResult
    public func presentPopup(_ content: View, anchoredTo anchor: Rect) -> Popup {
        let size = content.frame.size
        let popup = Popup(contentView: content, anchor: anchor, frame: placePopup(of: size, beside: anchor))
        popup.window = self
        presentedPopups.append(popup)
        // A surface window is made only for a host that may show it.
        if let popupHost {
            let surface = Window(size: size)
            surface.textLayoutEngine = textLayoutEngine
            content.frame = Rect(origin: .zero, size: size)
            surface.addSubview(content)
            if popupHost.showPopup(popup, in: surface) {
                popup.surfaceWindow = surface
                return popup
            }
            content.removeFromSuperview()
        }
        content.frame = popup.frame
        if popupLayer.superview !== self { addSubview(popupLayer) }
        popupLayer.frame = Rect(origin: .zero, size: frame.size)
        popupLayer.isHidden = false
        popupLayer.addSubview(content)
        return popup
    }

    /// Takes a popup away, and the popups presented after it (its submenus).
    public func dismissPopup(_ popup: Popup) {
        guard let index = presentedPopups.firstIndex(where: { $0 === popup }) else { return }
        for closing in presentedPopups[index...].reversed() {
            presentedPopups.removeLast()
            if closing.surfaceWindow != nil {
                popupHost?.hidePopup(closing)
                closing.surfaceWindow = nil
            } else {
                setNeedsDisplay(for: closing.contentView)
            }
            closing.contentView.removeFromSuperview()
            closing.window = nil
            closing.didDismiss?()
            closing.didDismiss = nil
        }
        if presentedPopups.allSatisfy({ $0.surfaceWindow != nil }) { popupLayer.isHidden = true }
    }

    /// Takes every popup away.
    public func dismissAllPopups() {
        if let first = presentedPopups.first { dismissPopup(first) }
    }

    /// Where a popup of `size` goes beside `anchor` inside the window:
    /// below it, else above it, else as low as fits; slid sideways to fit.
    func placePopup(of size: Size, beside anchor: Rect) -> Rect {
        let bounds = Rect(origin: .zero, size: frame.size)
        var y = anchor.maxY
        if y + size.height > bounds.maxY {
            y = anchor.minY - size.height >= 0 ? anchor.minY - size.height : max(0, bounds.maxY - size.height)
        }
        let x = min(max(0, anchor.minX), max(0, bounds.maxX - size.width))
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}
