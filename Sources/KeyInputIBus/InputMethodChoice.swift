/// Which input method a program uses, from its environment.
public enum InputMethodChoice: Hashable, Sendable {
    /// IBus (`ibus-daemon`).
    case ibus
    /// Fcitx5, through the IBus interface it also serves.
    case fcitx
    /// None: keys take the keyboard's own route (dead keys and compose).
    case none
    /// Whichever daemon runs, if any.
    case automatic

    /// The choice the environment makes: `KEYINPUTKIT_IM_MODULE` (`ibus`,
    /// `fcitx`, `none`) when set; else the usual convention, `GTK_IM_MODULE`,
    /// `QT_IM_MODULE`, then `XMODIFIERS=@im=…`; else ``automatic``.
    ///
    /// A value naming another input method (`xim`, `simple`) means ``none``.
    ///
    /// - Parameter environment: The variables to read.
    public init(environment: [String: String]) {
        for name in ["KEYINPUTKIT_IM_MODULE", "GTK_IM_MODULE", "QT_IM_MODULE"] {
            if let value = environment[name], !value.isEmpty {
                self = Self(name: value)
                return
            }
        }
        if let modifiers = environment["XMODIFIERS"], let range = modifiers.range(of: "@im=") {
            let name = modifiers[range.upperBound...].prefix { $0 != "@" && $0 != " " }
            if !name.isEmpty {
                self = Self(name: String(name))
                return
            }
        }
        self = .automatic
    }

    private init(name: String) {
        switch name.lowercased() {
        case "ibus": self = .ibus
        case "fcitx", "fcitx5": self = .fcitx
        case "auto", "automatic": self = .automatic
        default: self = .none
        }
    }
}
