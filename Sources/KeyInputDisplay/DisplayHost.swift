import Foundation
import KeyInputSpelling
import KeyInputWayland
import KeyInputX11

/// Opens the display's host in one call: a Wayland window where the
/// environment names a compositor, else an X11 window.
///
/// The window's application also gets a spell checker, unless it has one:
/// an `EnchantSpellChecker` on the system's dictionaries, so text fields
/// underline misspelt words (set `Application.spellChecker` to `nil` for none).
///
/// ```swift
/// let window = Window(size: Size(width: 400, height: 600))
/// let host = try DisplayHost.open(for: window, title: "Form")
/// try host.run()
/// ```
public enum DisplayHost {
    /// Opens a window for `window` on the display chosen by
    /// ``DisplayBackend/choose(requested:display:environment:)``: an
    /// `X11Host` or a `WaylandHost`.
    ///
    /// - Parameters:
    ///   - window: The window to show.
    ///   - title: The window's title.
    ///   - backend: The window system to use, or `nil` for the one the environment names.
    ///   - display: An X display name, or a Wayland socket name or path; `nil` for the environment's.
    ///   - keymapOverride: A keymap to decode keys with instead of the display's.
    ///   - compose: Where dead keys and the Compose key get their compose table.
    ///   - environment: The variables that name displays.
    /// - Returns: The open host.
    /// - Throws: ``HostError``: `noDisplay` when no display is named or set;
    ///   the host's own error when the display cannot be reached or the window cannot be made.
    @MainActor
    public static func open(
        for window: Window, title: String = "KeyInputKit", backend: DisplayBackend? = nil, display: String? = nil,
        keymapOverride: Keymap? = nil, compose: HardwareKeyboard.Compose = .environment,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> any WindowHost {
        let chosen = try DisplayBackend.choose(requested: backend, display: display, environment: environment)
        let host: any WindowHost
        switch chosen.backend {
        case .x11:
            host = try X11Host(
                window: window, title: title, display: chosen.display, keymapOverride: keymapOverride, compose: compose)
        case .wayland:
            host = try WaylandHost(
                window: window, title: title, display: chosen.display, keymapOverride: keymapOverride, compose: compose)
        case .headless:
            throw HostError(
                .noDisplay, "no display to open a window on: set DISPLAY or WAYLAND_DISPLAY, or pass --display")
        }
        if let application = window.application, application.spellChecker == nil {
            application.spellChecker = EnchantSpellChecker()
        }
        return host
    }
}
