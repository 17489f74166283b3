import KeyInputKit
import Logging
import XKB

extension WaylandHost {
    static let keyboardLogger = Logger(label: "KeyInputWayland.Keyboard")

    /// Listens to the seat's new keyboard, or, when it went away, lets go
    /// of every key it held, as if the window had lost focus. The host's
    /// keyboard is attached to the application while the seat has one: a
    /// seat with only a touch screen has no hardware keyboard.
    func seatKeyboardDidChange(_ proxy: WaylandProxy?) {
        if let old = seatKeyboard, old.hasFocus { keyboardFocusLeft() }
        if proxy != nil { application.attach(keyboard) } else { application.detach(keyboard) }
        seatKeyboard = proxy.map { proxy in
            WaylandKeyboard(proxy: proxy) { [unowned self] event in self.handleKeyboardEvent(event) }
        }
        // With a keyboard on the seat, the compositor's input method takes a field however it was focused.
        (inputMethod as? WaylandTextInput)?.seatHasKeyboard = proxy != nil
    }

    /// Applies one of the keyboard's events to the keyboard and the window.
    ///
    /// With a ``keymapOverride`` the compositor's keymaps and modifiers are
    /// ignored: keys decode with the override and its state follows the
    /// key events alone, as on X11.
    func handleKeyboardEvent(_ event: WaylandKeyboard.Event) {
        switch event {
        case .keymap(let file):
            guard keymapOverride == nil else { return }
            do {
                try applyKeymap(file)
            } catch {
                Self.keyboardLogger.error("kept the previous keymap: \(error)")
            }
        case .enter(let serial, let heldKeys):
            lastInputSerial = serial
            // Back from (or on to) one of the window's popups: the window kept its focus.
            if keyboardFocusIsWithPopups {
                keyboardFocusIsWithPopups = false
                return
            }
            keyboard.markKeysHeld(heldKeys)
            application.makeKey(window)
            window.inputMethodWindowFocusDidChange(true)
            window.isActive = true
            report(.focus(true))
        case .leave:
            // A grabbing popup takes the keyboard's focus (mutter): keys still reach the window, which keeps its focus.
            let left = seatKeyboard?.lastLeftSurface
            if !popups.isEmpty || (checksKeyboardFocusAfterPopups && left != toplevel.surface.pointer) {
                keyboardFocusIsWithPopups = true
                return
            }
            keyboardFocusLeft()
        case .key(let serial, let keycode, let direction, let time):
            lastInputSerial = serial
            if direction == .down { popupGrabSerials.keyPressed(serial: serial) }
            // The keyboard makes its own repeats on the host's clock.
            if direction == .down, keyboard.isKeyDown(keycode) { return }
            // A key the app saw go down always goes up, whatever the screen reader says.
            let taken = offerKeyToScreenReader(keycode, direction: direction)
            if taken, direction == .down || !keyboard.isKeyDown(keycode) { return }
            // When it happened, not when the loop got to it: a release read after a slow turn repeats nothing.
            keyboard.handleKey(keycode, direction: direction, at: eventTimes.hostTime(of: time, now: now))
            report(.key(keycode, direction))
        case .modifiers(_, let masks):
            guard keymapOverride == nil else { return }
            keyboard.updateMask(masks)
            report(.stateChanged)
        case .repeatInfo(let rate, let delay):
            // Negative values break the protocol: read them as no repeat, no delay.
            keyboard.repeatSettings = KeyRepeatSettings(delay: Double(max(0, delay)) / 1000, rate: Double(max(0, rate)))
        }
    }

    /// Compiles a keymap the compositor sent and gives it to the keyboard;
    /// on any error the keyboard keeps the keymap it had.
    ///
    /// - Parameter file: The keymap's descriptor, format and size; the
    ///   descriptor is not closed.
    /// - Throws: ``HostError`` saying what is wrong with the keymap.
    func applyKeymap(_ file: WaylandKeymapFile) throws {
        let keymap = try file.compile(context: keyboard.keymap.context)
        keyboard.setKeymap(keymap)
        report(.keymapChanged)
    }

    /// Every key held counts as released, so nothing repeats and no
    /// modifier stays down; input methods hear of the focus change.
    func keyboardFocusLeft() {
        for keycode in keyboard.releaseAllKeys(at: now) { report(.key(keycode, .up)) }
        window.inputMethodWindowFocusDidChange(false)
        window.isActive = false
        report(.focus(false))
    }
}
