import XKB

/// What a key press asks a column picker (``ColumnPicker``, ``DatePicker``, ``Picker``) to do.
enum InputViewNavigation: Hashable {
    /// Left: the column on the left as seen (the one before, or right to left the one after).
    case columnOnLeft
    /// Right: the column on the right as seen.
    case columnOnRight
    /// Tab: the column after, or on to the next control from the last one.
    case tabForward
    /// Shift+Tab: the column before, or on to the previous control from the first one.
    case tabBackward
    /// Up: one step towards what is drawn above.
    case up
    /// Down: one step towards what is drawn below.
    case down
    /// Page Up: a big step towards what is drawn above.
    case pageUp
    /// Page Down: a big step towards what is drawn below.
    case pageDown
    /// Home: the first value.
    case home
    /// End: the last value.
    case end
    /// Return or keypad Enter: confirm.
    case confirm
    /// Escape: cancel.
    case cancel

    // Keypad keys with Num Lock off.
    private static let keypadHome = Keysym(0xff95)
    private static let keypadLeft = Keysym(0xff96)
    private static let keypadUp = Keysym(0xff97)
    private static let keypadRight = Keysym(0xff98)
    private static let keypadDown = Keysym(0xff99)
    private static let keypadPageUp = Keysym(0xff9a)
    private static let keypadPageDown = Keysym(0xff9b)
    private static let keypadEnd = Keysym(0xff9c)

    /// The navigation a press asks for, or `nil` for other keys.
    ///
    /// Presses with Ctrl, Alt or Super held are left alone: they belong to
    /// shortcuts. Shift is allowed (Shift+Tab).
    init?(_ press: KeyPress) {
        let modifiers = press.modifiers.significant
        guard modifiers.subtracting(.shift).isEmpty else { return nil }
        switch press.keysym {
        case .left, Self.keypadLeft: self = .columnOnLeft
        case .right, Self.keypadRight: self = .columnOnRight
        case .tab: self = modifiers.contains(.shift) ? .tabBackward : .tabForward
        case .isoLeftTab: self = .tabBackward
        case .up, Self.keypadUp: self = .up
        case .down, Self.keypadDown: self = .down
        case .pageUp, Self.keypadPageUp: self = .pageUp
        case .pageDown, Self.keypadPageDown: self = .pageDown
        case .home, Self.keypadHome: self = .home
        case .end, Self.keypadEnd: self = .end
        case .return, .keypadEnter: self = .confirm
        case .escape: self = .cancel
        default: return nil
        }
    }

    /// The text a press types into an input view (compose included), or
    /// `nil` when it types none or holds a control character or a modifier
    /// other than Shift.
    static func typedText(of press: KeyPress) -> String? {
        guard press.modifiers.significant.subtracting(.shift).isEmpty else { return nil }
        let text: String
        if case .insertText(let composed) = press.textAction {
            text = composed
        } else {
            text = press.characters
        }
        guard !text.isEmpty, !KeyEventDecoder.holdsControlCharacter(text) else { return nil }
        return text
    }
}
