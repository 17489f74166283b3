import XKB

extension OnScreenKeyboard {
    func relabel() {
        guard let keyboard = virtualKeyboard else {
            // A pad with no keymap: its keys say what they type.
            for index in keys.indices { keys[index].label = label(for: keys[index].role, state: nil) }
            setNeedsDisplay()
            return
        }
        let mask = heldMask(of: keyboard)
        let locked = keyboard.state.modifiers(.locked)
        let look = Appearance(
            keymap: ObjectIdentifier(keyboard.keymap), keyCount: keys.count, held: mask, locked: locked,
            layout: keyboard.state.layout, returnKeyEnabled: isReturnKeyEnabled,
            language: ToolkitStrings.language(for: wordsLocale))
        // A key typed changes nothing the keyboard shows, most of the time: then nothing is drawn again.
        guard look != appearance else { return }
        appearance = look
        let state = labelState(of: keyboard)
        if style == .layoutDiagram {
            let states = Self.levelStates(keymap: keyboard.keymap, layout: keyboard.state.layout, locked: locked)
            for index in keys.indices {
                guard case .keycode(let code) = keys[index].role else { continue }
                keys[index].levels = Self.levels(of: code, states: states)
                keys[index].label = keys[index].levels.first??.text ?? ""
            }
            setNeedsDisplay()
            return
        }
        for index in keys.indices {
            keys[index].label = label(for: keys[index].role, state: state)
        }
        setNeedsDisplay()
        if accessibilityIsObserved { announceKeyLabels() }
    }

    /// Labels show what each key types with the held modifiers: read from a
    /// scratch state with those modifiers applied.
    func labelState(of keyboard: HardwareKeyboard) -> KeyboardState {
        let state = KeyboardState(keymap: keyboard.keymap)
        state.updateMask(
            depressedModifiers: heldMask(of: keyboard), lockedModifiers: keyboard.state.modifiers(.locked),
            lockedLayout: keyboard.state.layout)
        return state
    }

    /// Shift and AltGr held for the next key, as modifiers of the keymap.
    private func heldMask(of keyboard: HardwareKeyboard) -> ModifierMask {
        var mask: ModifierMask = []
        if isShiftHeld { mask.insert(.shift) }
        if isAltGrHeld, let index = keyboard.keymap.modifierIndex(named: "Mod5") { mask.insert(ModifierMask(index: index)) }
        return mask
    }

    /// What the key caps show depends on: the last one drawn is kept, to draw again only after a change.
    struct Appearance: Equatable {
        var keymap: ObjectIdentifier
        var keyCount: Int
        var held: ModifierMask
        var locked: ModifierMask
        var layout: Int
        var returnKeyEnabled: Bool
        /// The catalog language of the words on the keys (the space bar, Return).
        var language: String
    }

    private func label(for role: Key.Role, state: KeyboardState?) -> String {
        switch role {
        case .shift: return isShiftLocked ? "⇪" : "⇧"
        case .nextLayout: return nextLayoutShortName
        case .switchPage(.symbols): return "123"
        case .switchPage(.letters): return "ABC"
        case .altGr: return "AltGr"
        case .capsLock: return "⇪"
        case .returnKey: return returnKeyTitle
        case .text(let text): return text
        case .keycode(let code):
            if code.evdevName == "KEY_BACKSPACE" { return "⌫" }
            if code.evdevName == "KEY_SPACE" { return ToolkitString.keyboardSpaceBar.localized(for: wordsLocale) }
            guard let state else { return "" }
            let keysym = state.keysym(of: code) == .noSymbol ? state.keysyms(of: code).first ?? .noSymbol : state.keysym(of: code)
            if keysym.isDead { return MarkedText.preedit(for: [keysym]) }
            let text = state.text(of: code)
            return text.isEmpty ? keysym.name : text
        }
    }

    /// The short name of the layout the layout key switches to ("de", "ru").
    var nextLayoutShortName: String {
        guard let keyboard = virtualKeyboard, layoutCount > 1 else { return "" }
        let names = keyboard.keymap.layoutNames
        let next = names[(keyboard.state.layout + 1) % names.count]
        return SystemKeyboardLayout.shortName(forLayoutDescription: next) ?? String(next.prefix(2)).lowercased()
    }
}
