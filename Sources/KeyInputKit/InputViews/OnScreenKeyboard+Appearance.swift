extension OnScreenKeyboard {
    /// The colours the keyboard draws with, chosen by
    /// ``TextInputTraits/keyboardAppearance``.
    struct Palette {
        var background: Color
        var key: Color
        var specialKey: Color
        var activeKey: Color
        var border: Color
        var label: Color
        var disabledLabel: Color
        /// A layout diagram's dead key cap, and its dead levels' labels.
        var deadKey = Color(hex: 0xfde8c8), deadLabel = Color(hex: 0xb04a00)
        /// A layout diagram's AltGr levels.
        var altGrLabel = Color(hex: 0x1f5fb0)

        /// Light keys on grey (`.default` and `.light`).
        static let light = Palette(
            background: .keyboardBackground, key: .key, specialKey: .specialKey, activeKey: .selection,
            border: .separator, label: .text, disabledLabel: .secondaryText)

        /// Grey keys and white labels on near-black (`.dark`).
        static let dark = Palette(
            background: Color(hex: 0x1c1c1e), key: Color(hex: 0x5a5a5e), specialKey: Color(hex: 0x3a3a3c),
            activeKey: Color(hex: 0xa8a8ae), border: Color(hex: 0x111113), label: .white,
            disabledLabel: Color(hex: 0x8e8e93), deadKey: Color(hex: 0x5e4325), deadLabel: Color(hex: 0xffb766),
            altGrLabel: Color(hex: 0x8fc2ff))
    }

    /// The palette for the traits the keyboard was configured with.
    var palette: Palette { traits.keyboardAppearance == .dark ? .dark : .light }
}
