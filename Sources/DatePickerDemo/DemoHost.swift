import KeyInputKit
import KeyInputWayland
import KeyInputX11

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

extension X11Host: DemoHost {
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
