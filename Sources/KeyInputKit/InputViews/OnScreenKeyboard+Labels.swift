import XKB

extension OnScreenKeyboard {
    func relabel() {
        guard let keyboard = virtualKeyboard else { return }
        var mask: ModifierMask = []
        if isShiftHeld { mask.insert(.shift) }
        if isAltGrHeld, let index = keyboard.keymap.modifierIndex(named: "Mod5") { mask.insert(ModifierMask(index: index)) }
        let locked = keyboard.state.modifiers(.locked)
        let look = Appearance(
            keymap: ObjectIdentifier(keyboard.keymap), keyCount: keys.count, held: mask, locked: locked,
            layout: keyboard.state.layout, returnKeyEnabled: isReturnKeyEnabled)
        // A key typed changes nothing the keyboard shows, most of the time: then nothing is drawn again.
        guard look != appearance else { return }
        appearance = look
        // Labels show what each key types with the held modifiers: read
        // them from a scratch state with those modifiers applied.
        let state = KeyboardState(keymap: keyboard.keymap)
        state.updateMask(depressedModifiers: mask, lockedModifiers: locked, lockedLayout: keyboard.state.layout)
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

    /// What the key caps show depends on: the last one drawn is kept, to draw again only after a change.
    struct Appearance: Equatable {
        var keymap: ObjectIdentifier
        var keyCount: Int
        var held: ModifierMask
        var locked: ModifierMask
        var layout: Int
        var returnKeyEnabled: Bool
    }

    private func label(for role: Key.Role, state: KeyboardState) -> String {
        switch role {
        case .shift: return "⇧"
        case .altGr: return "AltGr"
        case .capsLock: return "⇪"
        case .returnKey: return returnKeyTitle
        case .text(let text): return text
        case .keycode(let code):
            if code.evdevName == "KEY_BACKSPACE" { return "⌫" }
            if code.evdevName == "KEY_SPACE" { return "space" }
            let keysym = state.keysym(of: code) == .noSymbol ? state.keysyms(of: code).first ?? .noSymbol : state.keysym(of: code)
            if keysym.isDead { return MarkedText.preedit(for: [keysym]) }
            let text = state.text(of: code)
            return text.isEmpty ? keysym.name : text
        }
    }
}
