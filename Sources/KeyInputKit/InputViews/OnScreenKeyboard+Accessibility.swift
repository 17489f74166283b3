import Foundation

extension OnScreenKeyboard {
    /// The keys as elements: reused by index, renamed and moved to match the keys now.
    var accessibilityKeys: [AccessibilityElement] {
        if keyElements.count > keys.count { keyElements.removeLast(keyElements.count - keys.count) }
        while keyElements.count < keys.count {
            let index = keyElements.count
            let element = AccessibilityElement(role: .keyboardKey, parent: self)
            weak let keyboard = self
            element.accessibilityActions = [
                AccessibilityAction(name: "press", description: ToolkitString.keyboardPressAction.localized(for: wordsLocale)) {
                    guard let keyboard, keyboard.keys.indices.contains(index) else { return false }
                    keyboard.pressKey(at: index)
                    return true
                }
            ]
            keyElements.append(element)
        }
        let origin = originInWindow
        for (key, element) in zip(keys, keyElements) {
            element.accessibilityLabel = Self.spokenName(of: key, returnKeyType: traits.returnKeyType, locale: wordsLocale)
            element.accessibilityFrameInWindow = key.frame.offsetBy(dx: origin.x, dy: origin.y)
            element.accessibilityStates = keyStates(key)
        }
        return keyElements
    }

    /// What a reader says for a key, in the language of `locale`: its label, or a word for a symbol drawn on it.
    static func spokenName(of key: Key, returnKeyType: TextInputTraits.ReturnKeyType, locale: Locale?) -> String {
        func word(_ text: ToolkitString) -> String { text.localized(for: locale) }
        switch key.role {
        case .shift: return word(.keyboardShift)
        case .capsLock: return word(.keyboardCapsLock)
        case .altGr: return "AltGr"
        case .returnKey: return returnKeyType == .default ? word(.keyboardReturn) : returnKeyType.localizedTitle(for: locale)
        case .nextLayout: return ToolkitString.keyboardNextLayout.localized(for: locale, key.label)
        case .switchPage(.symbols): return word(.keyboardSymbols)
        case .switchPage(.letters): return word(.keyboardLetters)
        case .text: return key.label
        case .keycode(let code):
            switch code.evdevName {
            case "KEY_BACKSPACE": return word(.keyboardBackspace)
            case "KEY_SPACE": return word(.keyboardSpace)
            default: return key.label
            }
        }
    }

    /// A key's states: a view's, and pressed while Shift or AltGr is held.
    private func keyStates(_ key: Key) -> AccessibilityStates {
        var states = accessibilityStates.subtracting([.focused, .focusable])
        if (key.role == .shift && isShiftHeld) || (key.role == .altGr && isAltGrHeld) { states.insert(.pressed) }
        if key.role == .returnKey && !isReturnKeyEnabled { states.subtract([.enabled, .sensitive]) }
        return states
    }

    /// Announces the keys whose names changed (Shift pressed: the letters are capitals now).
    func announceKeyLabels() {
        guard let application = accessibilityObserver, !keyElements.isEmpty else { return }
        let before = keyElements.map(\.accessibilityLabel)
        for (element, old) in zip(accessibilityKeys, before) where element.accessibilityLabel != old {
            application.postAccessibilityEvent(.nameChanged(element))
        }
    }
}
