import XKB

extension KeyStateAssertion {
    /// Checks the assertion against a state the tokens were typed into.
    ///
    /// - Parameters:
    ///   - state: The keyboard state after the tokens.
    ///   - parser: Resolves key names (`a`, `KEY_A`, `<AC01>`) in the state's keymap.
    /// - Returns: `nil` when it holds, else expected against actual.
    /// - Throws: ``KeyTokenError`` for an unknown key name.
    func check(_ state: KeyboardState, parser: KeyTokenParser) throws -> String? {
        let keymap = state.keymap
        switch self {
        case .group(let number, let name):
            let index = state.layout
            let names = keymap.layoutNames
            let actualName = index < names.count ? names[index] : ""
            if let name, !names.contains(where: { $0.equalsIgnoringCase(name) }) {
                return "the keymap has no group named \"\(name)\""
                    + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: name, in: names))
                    + " (its groups: \(names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")))"
            }
            let numberMatches = number.map { $0 == index + 1 } ?? true
            let nameMatches = name.map { actualName.equalsIgnoringCase($0) } ?? true
            if numberMatches && nameMatches { return nil }
            let wanted = [number.map(String.init), name].compactMap { $0 }.joined(separator: " ")
            return "expected group \(wanted), got group \(index + 1) \(actualName)"
        case .level(let name, let level):
            let key = try parser.keycode(named: name, in: name)
            let layout = state.layout(of: key) ?? state.layout
            guard let actual = state.level(of: key, layout: layout) else {
                return "expected \(name) at level \(level), but it has no level in group \(layout + 1)"
            }
            return actual + 1 == level ? nil : "expected \(name) at level \(level), got level \(actual + 1)"
        case .modifiers(let kind, let names):
            let wanted = try Self.mask(of: names, in: keymap)
            let component: KeyboardState.ModifierKind =
                switch kind {
                case .depressed: .depressed
                case .latched: .latched
                case .locked: .locked
                case .effective: .effective
                }
            let actual = state.modifiers(component)
            let label = kind == .effective ? "modifiers" : "\(kind.rawValue) modifiers"
            return actual == wanted
                ? nil : "expected \(label) \(Self.describe(wanted, in: keymap)), got \(Self.describe(actual, in: keymap))"
        case .consumed(let name, let names):
            let key = try parser.keycode(named: name, in: name)
            let wanted = try Self.mask(of: names, in: keymap)
            // Only what is active can have been used up: the modifiers the key would use, held now.
            let actual = state.consumedModifiers(of: key).intersection(state.modifiers(.effective))
            return actual == wanted
                ? nil
                : "expected \(name) to consume \(Self.describe(wanted, in: keymap)), got \(Self.describe(actual, in: keymap))"
        case .leds(let names):
            let all = keymap.ledNames
            var wanted: Set<String> = []
            for name in names {
                guard let known = all.first(where: { $0.equalsIgnoringCase(name) }) else {
                    return "the keymap has no LED \"\(name)\""
                        + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: name, in: all.filter { !$0.isEmpty }))
                }
                wanted.insert(known)
            }
            let lit = state.activeLEDNames
            guard Set(lit) != wanted else { return nil }
            let expected = all.filter(wanted.contains)
            return "expected LEDs \(expected.isEmpty ? "none" : expected.joined(separator: ", ")), got \(lit.isEmpty ? "none" : lit.joined(separator: ", "))"
        }
    }

    /// The real modifiers `names` stand for.
    ///
    /// - Throws: ``KeyTestSyntaxError`` for a name the keymap does not have,
    ///   or a virtual modifier, which libxkbcommon 1.5 never reports active.
    static func mask(of names: [String], in keymap: Keymap) throws -> ModifierMask {
        let all = keymap.modifierNames
        let real = Array(all.prefix(8))
        var mask: ModifierMask = []
        for name in names {
            let resolved = real.first { $0.equalsIgnoringCase(name) } ?? modifierAliases[name.lowercased()]
            if let resolved, let index = real.firstIndex(of: resolved) {
                mask.insert(ModifierMask(index: index))
                continue
            }
            if all.contains(where: { $0.equalsIgnoringCase(name) }) {
                throw KeyTestSyntaxError(
                    message: "\(name) is a virtual modifier, and libxkbcommon 1.5 reports the real ones: name one of \(real.joined(separator: ", "))")
            }
            let candidates = real + ["Ctrl", "Alt", "NumLock", "Super", "AltGr", "CapsLock"]
            throw KeyTestSyntaxError(
                message: "unknown modifier \"\(name)\"" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: name, in: candidates)))
        }
        return mask
    }

    /// `Shift+Lock`, or `none`.
    static func describe(_ mask: ModifierMask, in keymap: Keymap) -> String {
        let names = keymap.modifierNames(in: mask)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}

extension String {
    /// Whether two names are equal ignoring case.
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
