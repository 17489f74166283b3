/// The window system a window opens on.
public enum DisplayBackend: String, CaseIterable, Sendable {
    /// A Wayland compositor (`WAYLAND_DISPLAY`).
    case wayland
    /// An X server (`DISPLAY`).
    case x11
    /// No window system: a program that can run without a window (a
    /// scripted session, a picture) does; one that needs a window cannot.
    case headless
}

extension DisplayBackend {
    /// The backend and display to open: `requested`, else what `display`
    /// looks like (`:0` is X11), else `WAYLAND_DISPLAY`, else `DISPLAY`,
    /// else headless.
    ///
    /// - Parameters:
    ///   - requested: The backend asked for (a `--backend` option), if any.
    ///   - display: The display asked for (a `--display` option), if any.
    ///   - environment: The variables that name displays.
    /// - Returns: The backend, and the display name to open (`nil`: the host's default).
    /// - Throws: ``HostError`` (`noDisplay`) for X11 with no display named and no `DISPLAY`.
    public static func choose(
        requested: DisplayBackend? = nil, display: String? = nil, environment: [String: String]
    ) throws -> (backend: DisplayBackend, display: String?) {
        func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        switch requested {
        case .wayland: return (.wayland, display ?? nonEmpty("WAYLAND_DISPLAY"))
        case .x11:
            guard let name = display ?? nonEmpty("DISPLAY") else {
                throw HostError(.noDisplay, "--backend x11: no X display (set DISPLAY or pass --display)")
            }
            return (.x11, name)
        case .headless: return (.headless, nil)
        case nil:
            if let display { return (display.contains(":") ? .x11 : .wayland, display) }
            if let name = nonEmpty("WAYLAND_DISPLAY") { return (.wayland, name) }
            if let name = nonEmpty("DISPLAY") { return (.x11, name) }
            return (.headless, nil)
        }
    }
}
