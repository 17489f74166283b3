import KeyInputGLib
import KeyInputKit

extension AccessibilityBridge {
    /// Offers a key to the screen reader before the app handles it
    /// (`DeviceEventController.NotifyListenersSync`), as GTK3 does, so that
    /// the reader's own commands and its key echo work.
    ///
    /// Waits up to ``keyTimeout`` for the answer, answering the calls that
    /// arrive meanwhile (the reader asks about the focus before it answers,
    /// as with GTK's nested loop); after three timeouts in a
    /// row keys are no longer offered, so a registry that stopped answering
    /// stalls typing at most three times.
    ///
    /// While a secure text field has focus in one of the application's
    /// windows, a key that types is offered without its text and keysym
    /// (``AccessibilityKeyEvent/concealingText``): every process on the
    /// accessibility bus may listen for keys.
    ///
    /// - Returns: `true` when the reader took the key: the app must not handle it.
    public func offerKey(_ key: AccessibilityKeyEvent) -> Bool {
        guard offersKeys, status == .registered, let connection else { return false }
        let key = secureTextFieldHasFocus ? key.concealingText : key
        // The body is `((uiiiisb))`: at-spi2-core 2.46's registry refuses the `(uiuuisb)` its XML publishes.
        let event = VariantBuilder.tuple([
            VariantBuilder.uint32(key.isPress ? 0 : 1), VariantBuilder.int32(Int32(bitPattern: key.keysym)),
            VariantBuilder.int32(Int32(bitPattern: key.keycode)), VariantBuilder.int32(Int32(bitPattern: key.modifiers)),
            VariantBuilder.int32(Int32(bitPattern: key.timestamp)), VariantBuilder.string(key.name),
            VariantBuilder.bool(key.isText),
        ])
        // Waits serving calls: the reader asks the app about the focus before it answers.
        let answer = KeyAnswer()
        connection.call(
            "org.a11y.atspi.Registry", "/org/a11y/atspi/registry/deviceeventcontroller",
            "org.a11y.atspi.DeviceEventController", "NotifyListenersSync", VariantBuilder.tuple([event]),
            timeout: keyTimeout
        ) { answer.result = $0 }
        context.run(until: { answer.result != nil }, timeout: keyTimeout + 0.1)
        switch answer.result {
        case .success(let reply):
            keyTimeouts = 0
            return reply[0]?.bool ?? false
        case .failure(let error) where !error.isTimeout:
            return false
        default:
            keyTimeouts += 1
            logger.warning("the accessibility registry did not answer a key within \(keyTimeout) s")
            if keyTimeouts >= 3 {
                offersKeys = false
                logger.warning("keys are no longer offered to the screen reader")
            }
            return false
        }
    }
}

extension AccessibilityBridge {
    /// Whether a window's first responder takes secure text: a text input
    /// with `isSecureTextEntry`, or a control that calls itself a secure
    /// text field. Any window counts, so a key is concealed rather than shown
    /// when in doubt.
    var secureTextFieldHasFocus: Bool {
        application.accessibilityWindows.contains { window in
            if let input = window.firstResponder as? any KeyInput, input.textInputTraits.isSecureTextEntry { return true }
            return window.accessibilityFocusedNode?.accessibilityRole == .secureTextField
        }
    }
}

/// Where a key's answer lands while the bridge waits for it.
@MainActor
private final class KeyAnswer {
    var result: Result<DBusValue, DBusError>?
}
