import XKB

extension Window {
    /// Opens the edit menu for a responder: asks it and the responders after
    /// it for the menu (``Responder/editMenu(for:suggestedActions:)``) and
    /// shows it in a ``Popup`` beside ``EditMenuRequest/location``. A menu
    /// already open closes first.
    ///
    /// The first responder keeps its focus and its marked text while the
    /// menu is open; keys go to the menu first. It closes when an item is
    /// chosen, on Escape, on a press or touch outside it (which goes no
    /// further), when focus moves and when the window stops being active.
    ///
    /// - Parameters:
    ///   - responder: What the menu is for: the view pressed, or the first responder.
    ///   - request: Where it opens and what opened it; opened by the keyboard,
    ///     its first item is highlighted.
    /// - Returns: The menu shown, or `nil` when the chain offered none.
    @discardableResult
    public func presentEditMenu(for responder: Responder, request: EditMenuRequest) -> MenuView? {
        dismissAllPopups()
        guard let menu = responder.editMenu(for: request, suggestedActions: []) else { return nil }
        let view = MenuView(
            menu: menu, rowHeight: request.trigger == .longPress ? 44 : 24, engine: textLayoutEngine, locale: locale)
        guard !view.rows.isEmpty else { return nil }
        view.owner = self
        if request.trigger == .longPress {
            view.touchSubject = responder as? View
            view.isCallout = true
        }
        let popup = presentPopup(view, anchoredTo: editMenuAnchor(for: request, height: view.frame.height))
        view.popup = popup
        popup.didDismiss = { [weak view] in view?.menuDidClose() }
        view.focusToken = observeFocusChange { [weak self, weak popup] _ in
            if let self, let popup { self.dismissPopup(popup) }
        }
        if request.trigger == .keyboard { view.moveHighlight(by: 1) }
        return view
    }

    /// Where a menu `height` tall opens: at the request's location, or above
    /// what it must not cover, else below it.
    private func editMenuAnchor(for request: EditMenuRequest, height: Double) -> Rect {
        guard let avoided = request.avoiding else { return Rect(origin: request.location, size: .zero) }
        let gap = 4.0
        let y = avoided.minY - gap - height >= 0 ? avoided.minY - gap - height : avoided.maxY + gap
        return Rect(x: request.location.x, y: y, width: 0, height: 0)
    }

    /// The edit menu open in this window (the top one, not a submenu), or `nil`.
    public var presentedEditMenu: MenuView? { presentedPopups.first?.contentView as? MenuView }

    // MARK: Keys

    /// Whether a key might concern the edit menu: one is open, or it is Menu or F10.
    func mayRouteToEditMenu(_ press: KeyPress) -> Bool {
        !presentedPopups.isEmpty || press.keysym == EditMenuKeys.menu || press.keysym == EditMenuKeys.f10
    }

    /// Keys while a menu is open go to the deepest menu and no further — but
    /// a key closes a menu a long press opened and goes on to the first
    /// responder (Escape only closes it); the Menu key and Shift+F10 open the
    /// menu for the first responder.
    ///
    /// - Returns: Whether the key was taken.
    func routeKeyToEditMenu(_ press: KeyPress) -> Bool {
        if let menu = presentedPopups.last?.contentView as? MenuView {
            // A finger's menu is a callout, as on iOS: a key closes it, and goes on unless it is Escape.
            if presentedEditMenu?.isCallout == true {
                guard press.phase == .began else { return false }
                dismissAllPopups()
                return press.keysym == .escape
            }
            if press.phase == .began { menu.handleKey(press) }
            return true
        }
        guard press.phase == .began, presentedPopups.isEmpty, let responder = firstResponder else { return false }
        let modifiers = press.modifiers.significant
        let opens =
            (press.keysym == EditMenuKeys.menu && modifiers.isEmpty)
            || (press.keysym == EditMenuKeys.f10 && modifiers == .shift)
        guard opens else { return false }
        // The key ended a compose sequence in progress, as any key that does not compose does: its accent goes too.
        if case .composeCancelled = press.textAction { endMarkedText(in: responder) }
        return presentEditMenu(for: responder, request: EditMenuRequest(location: keyboardMenuLocation(for: responder), trigger: .keyboard)) != nil
    }

    /// Where a menu opened by a key goes: below the first responder's caret, else below its top-left corner.
    private func keyboardMenuLocation(for responder: Responder) -> Point {
        guard let view = responder as? View else { return .zero }
        if let caret = view.caretRect {
            let rect = view.convert(caret, to: nil)
            return Point(x: rect.minX, y: rect.maxY)
        }
        return view.convert(Point(x: 0, y: min(view.frame.height, 24)), to: nil)
    }

    // MARK: Pointer and touch

    /// A press while popups are open: one inside a popup goes on to it; one
    /// outside every popup closes them and goes no further (what is under it
    /// sees nothing, and its release and drags are dropped too).
    ///
    /// - Returns: Whether the press was taken.
    func routePressAroundPopups(at location: Point) -> Bool {
        let target = hitTest(location)
        if let target, presentedPopups.contains(where: { target.isDescendant(of: $0.contentView) }) { return false }
        dismissAllPopups()
        pointerTarget = popupLayer
        return true
    }

    /// A touch going down while popups are open, outside them: closes them,
    /// and goes no further — unless it lands on the view a long press opened
    /// the menu for, which gets it (a finger drags a selection handle, as on iOS).
    ///
    /// - Returns: Whether the touch was taken.
    func routeTouchAroundPopups(at location: Point) -> Bool {
        let target = hitTest(location)
        if let target, presentedPopups.contains(where: { target.isDescendant(of: $0.contentView) }) { return false }
        let subject = presentedEditMenu?.touchSubject
        dismissAllPopups()
        // Hit again: with the menus gone, the layer that held them no longer covers the window.
        if let subject, let under = hitTest(location), under.isDescendant(of: subject) { return false }
        return true
    }

    /// A right click: focus moves as for any press, a text control puts its
    /// caret there (unless inside the selection), and the edit menu opens for the view clicked.
    ///
    /// - Returns: Whether a menu opened (the press then goes no further).
    func openEditMenu(forSecondaryClickOn target: View, at location: Point) -> Bool {
        applyPressFocusRules(to: target)
        if let text = target as? TextEditingControl, text.isFirstResponder { text.placeCaretForSecondaryClick(at: location) }
        guard presentEditMenu(for: target, request: EditMenuRequest(location: location, trigger: .secondaryClick)) != nil else {
            return false
        }
        pointerTarget = popupLayer
        return true
    }
}

/// The keysyms that open the edit menu.
enum EditMenuKeys {
    /// `XKB_KEY_Menu`.
    static let menu = Keysym(name: "Menu")!
    /// `XKB_KEY_F10`, with Shift.
    static let f10 = Keysym(name: "F10")!
}
