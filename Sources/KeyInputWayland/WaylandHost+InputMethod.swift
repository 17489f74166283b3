import CWaylandProtocols
import KeyInputIBus
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which input method a Wayland host connects.
package enum WaylandInputMethodKind: Hashable, Sendable {
    /// The compositor's text-input protocol (``WaylandTextInput``).
    case textInput
    /// IBus or Fcitx5 over D-Bus (`IBusInputMethod`), with this choice.
    case ibus(InputMethodChoice)
    /// None: keys take the keyboard's own route.
    case none
}

extension WaylandHost {
    /// The input method for a choice on a compositor: none for
    /// `InputMethodChoice.none`; else text-input-v3 when the compositor
    /// offers it, whatever daemon the environment names (its input method
    /// serves the compositor, and `GTK_IM_MODULE` is often left set for X11
    /// programs); else IBus over D-Bus as on X11.
    ///
    /// - Parameters:
    ///   - choice: What the environment or the program chose.
    ///   - offersTextInput: Whether the compositor announces `zwp_text_input_manager_v3`.
    /// - Returns: The input method to connect.
    package nonisolated static func inputMethodKind(for choice: InputMethodChoice, offersTextInput: Bool)
        -> WaylandInputMethodKind
    {
        if choice == .none { return .none }
        return offersTextInput ? .textInput : .ibus(choice)
    }

    /// Connects the input method `choice` leads to and makes it the window's.
    func attachInputMethod(choice: InputMethodChoice) {
        let offersTextInput = toplevel.globals.offers("zwp_text_input_manager_v3") && seat != nil
        var environment = IBusDaemonLocator.processEnvironment
        // The address file is the one for this Wayland display, not for an X display that may also be set.
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = displayName.split(separator: "/").last.map(String.init)
        attachInputMethod(
            Self.inputMethodKind(for: choice, offersTextInput: offersTextInput),
            locator: IBusDaemonLocator(environment: environment))
    }

    /// Connects an input method of this kind, replacing the one connected,
    /// and makes it the window's.
    ///
    /// - Parameters:
    ///   - kind: The input method.
    ///   - locator: Where an IBus input method finds its daemon.
    package func attachInputMethod(_ kind: WaylandInputMethodKind, locator: IBusDaemonLocator) {
        window.inputMethod = nil
        if let source = inputMethod as? HostLoopSource { core.remove(source) }
        switch kind {
        case .textInput: inputMethod = makeTextInput()
        case .ibus(let choice): inputMethod = IBusInputMethod(choice: choice, locator: locator)
        case .none: inputMethod = nil
        }
        if let source = inputMethod as? HostLoopSource { core.add(source) }
        window.inputMethod = inputMethod
    }

    /// The seat's text input on the window's surface; the window has the
    /// desktop's focus while the text input is entered.
    private func makeTextInput() -> WaylandTextInput? {
        guard let seat else { return nil }
        do {
            let manager = try toplevel.globals.bind(
                zwp_text_input_manager_v3_interface_pointer(), version: 1, destroy: zwp_text_input_manager_v3_destroy)
            let textInput = try WaylandTextInput(manager: manager, seat: seat.seat, surface: toplevel.surface)
            textInput.onFocusChange = { [unowned self] entered in
                self.window.inputMethodWindowFocusDidChange(entered)
            }
            textInput.seatHasKeyboard = seat.keyboard != nil
            textInput.onEnabledChange = { [unowned self] enabled in
                self.systemKeyboardResize.textInputEnabled(enabled, at: self.now)
            }
            return textInput
        } catch {
            WaylandTextInput.logger.warning(
                "the compositor's text input could not be created; typing goes without an input method",
                metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Reads the desktop's on-screen keyboard from a configure that made
    /// the window shorter or taller again, and tells the window where it is:
    /// just below the window's new bottom edge.
    func followSystemKeyboard(from old: Size, to new: Size) {
        guard let height = systemKeyboardResize.resized(from: old, to: new, at: now) else { return }
        window.systemKeyboardFrameDidChange(
            height > 0 ? Rect(x: 0, y: new.height, width: new.width, height: height) : nil)
    }
}
