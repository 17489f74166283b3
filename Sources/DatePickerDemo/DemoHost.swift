import Foundation
import KeyInputKit
import KeyInputWayland
import KeyInputX11
import XKB

/// What the demo needs of a window host: the X11 host and the Wayland
/// host both provide it.
@MainActor
public protocol DemoHost: AnyObject {
    /// The window shown.
    var window: Window { get }
    /// The keyboard that decodes the host's keys.
    var keyboard: HardwareKeyboard { get }
    /// Whether the window is still open.
    var isOpen: Bool { get }
    /// How long the next turn may wait for events, in seconds.
    var pollTimeout: Double { get }
    /// How long a turn waits while something animates, in seconds.
    var frameInterval: Double { get }
    /// Calls `handler` after each event the host handled.
    func observeEvents(_ handler: @escaping @MainActor () -> Void)
    /// One turn of the host's loop.
    ///
    /// - Throws: ``DemoError`` (`failure`) naming the display when the
    ///   server or compositor went away.
    func turn(timeout: Double) throws
    /// Writes the window as it is now to a PNG file.
    func screenshot(to path: String, scale: Double) throws
    /// Serves the window to screen readers over AT-SPI2 when an accessibility bus runs.
    func enableAccessibility()
}

/// Which window system the demo shows its window on.
public enum DemoBackend: String, CaseIterable, Sendable {
    /// A Wayland compositor (`WAYLAND_DISPLAY`).
    case wayland
    /// An X server (`DISPLAY`).
    case x11
    /// No window: a scripted session writing PNG frames.
    case headless
}

extension DemoBackend {
    /// The backend and display to open: `requested`, else what `display`
    /// looks like (`:0` is X11), else `WAYLAND_DISPLAY`, else `DISPLAY`,
    /// else headless.
    ///
    /// - Parameters:
    ///   - requested: The backend asked for (`--backend`), if any.
    ///   - display: The display asked for (`--display`), if any.
    ///   - headless: Whether headless was asked for (`--headless`).
    ///   - environment: The variables that name displays.
    /// - Returns: The backend, and the display name to open (`nil`: the host's default).
    /// - Throws: ``DemoError``: `usage` when `headless` contradicts
    ///   `requested`; `failure` for X11 with no display.
    public static func choose(
        requested: DemoBackend?, display: String?, headless: Bool, environment: [String: String]
    ) throws -> (DemoBackend, String?) {
        func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if headless {
            if let requested, requested != .headless {
                throw DemoError("--headless and --backend \(requested.rawValue) contradict each other", code: .usage)
            }
            return (.headless, nil)
        }
        switch requested {
        case .wayland: return (.wayland, display ?? nonEmpty("WAYLAND_DISPLAY"))
        case .x11:
            guard let name = display ?? nonEmpty("DISPLAY") else {
                throw DemoError("--backend x11: no X display (set DISPLAY or pass --display)", code: .failure)
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

    /// Opens a window on this backend: an `X11Host` or a `WaylandHost`.
    ///
    /// - Parameters:
    ///   - window: The window to show.
    ///   - title: The window's title.
    ///   - display: An X display name, or a Wayland socket name or path; `nil` for the environment's.
    ///   - keymapOverride: A keymap to decode keys with instead of the server's or the compositor's.
    ///   - composeTable: Compose sequences, or `nil` for none.
    /// - Returns: The open host.
    /// - Throws: ``DemoError``: `failure` with the host's message when there is
    ///   no display or the window cannot be made; `usage` for `.headless`.
    @MainActor
    public func openHost(
        for window: Window, title: String, display: String?, keymapOverride: Keymap?, composeTable: ComposeTable?
    ) throws -> any DemoHost {
        do {
            switch self {
            case .x11:
                return try X11Host(
                    window: window, title: title, display: display, keymapOverride: keymapOverride,
                    composeTable: composeTable)
            case .wayland:
                return try WaylandHost(
                    window: window, title: title, display: display, keymapOverride: keymapOverride,
                    compose: composeTable.map(HardwareKeyboard.Compose.table) ?? .none)
            case .headless:
                throw DemoError("a window needs the x11 or wayland backend", code: .usage)
            }
        } catch let error as X11Error {
            throw DemoError(error.message, code: .failure)
        } catch let error as WaylandError {
            throw DemoError(error.description, code: .failure)
        }
    }
}

extension X11Host: DemoHost {
    public func enableAccessibility() { enableAccessibility(environment: ProcessInfo.processInfo.environment) }

    public func observeEvents(_ handler: @escaping @MainActor () -> Void) {
        afterEvent = { _ in handler() }
    }

    public func turn(timeout: Double) throws {
        do {
            try processEvents(timeout: timeout)
        } catch let error as X11Error {
            throw DemoError(error.message, code: .failure)
        }
    }
}

extension WaylandHost: DemoHost {
    public func enableAccessibility() { enableAccessibility(environment: ProcessInfo.processInfo.environment) }

    public func observeEvents(_ handler: @escaping @MainActor () -> Void) {
        afterEvent = { _ in handler() }
    }

    public func turn(timeout: Double) throws {
        do {
            try processEvents(timeout: timeout)
        } catch let error as WaylandError {
            throw DemoError(error.description, code: .failure)
        }
    }
}
