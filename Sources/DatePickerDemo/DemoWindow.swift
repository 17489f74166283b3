import Foundation
import KeyInputCairo
import KeyInputDisplay
import KeyInputKit
import XKB

/// The demo's form in a real window, on X11 or Wayland: a person types and
/// clicks, and an events file can play first.
///
/// ```swift
/// let demo = try DemoWindow(form: form, display: nil, keymapOverride: nil, composeTable: table, frameFolder: "frames")
/// demo.player.stateHandler = { print($0) }
/// try demo.play(events, source: "events.txt")
/// try demo.run { false }
/// ```
@MainActor
public final class DemoWindow {
    /// The host showing the form: an `X11Host` or a `WaylandHost`.
    public let host: any WindowHost
    /// The session playing on the host's keyboard, on the window's clock.
    public let session: DemoSession
    /// Reports the state and writes frames (what the window shows, drawn with cairo).
    public let player: DemoPlayer

    /// Opens the window.
    ///
    /// - Parameters:
    ///   - form: The form to show.
    ///   - backend: `.x11` or `.wayland`; `.headless` is a usage error.
    ///   - display: An X display name, or `nil` for `DISPLAY`; on Wayland a
    ///     socket name or path, or `nil` for `WAYLAND_DISPLAY`.
    ///   - keymapOverride: A keymap to decode keys with instead of the X server's or the compositor's.
    ///   - composeTable: Compose sequences, or `nil` for none.
    ///   - frameFolder: Where `screenshot` events write frames.
    /// - Throws: ``DemoError`` (`failure`) with the host's message when there
    ///   is no display, the server cannot be reached, or the window cannot be made.
    public init(
        form: DemoForm, backend: DisplayBackend = .x11, display: String?, keymapOverride: Keymap?,
        composeTable: ComposeTable?, frameFolder: String
    ) throws {
        guard backend != .headless else { throw DemoError("a window needs the x11 or wayland backend", code: .usage) }
        do {
            host = try DisplayHost.open(
                for: form.window, title: "Date picker demo", backend: backend, display: display,
                keymapOverride: keymapOverride, compose: composeTable.map(HardwareKeyboard.Compose.table) ?? .none)
        } catch let error as HostError {
            throw DemoError(error.message, code: .failure)
        }
        // Screen readers see the form whenever an accessibility bus runs.
        host.enableAccessibility()
        session = DemoSession(form: form, keyboard: host.keyboard, clock: .window)
        let host = host
        player = DemoPlayer(session: session, frameFolder: frameFolder)
        player.frameWriter = { path, scale in try host.screenshot(to: path, scale: scale) }
        host.afterEvent = { [unowned self] _ in self.player.reportState() }
    }

    /// Plays events in the window: keys and clicks as the session sends
    /// them, `wait` as real time during which the window runs as usual,
    /// `screenshot` as a PNG of the window. Reports the state first.
    ///
    /// - Parameters:
    ///   - events: The events with their line numbers.
    ///   - source: The events file's name, for messages.
    /// - Throws: ``DemoError``: `usage` for an event that cannot be played
    ///   (file and line named); `failure` when the X server goes away or a
    ///   frame cannot be written.
    public func play(_ events: [(line: Int, event: DemoEvent)], source: String) throws {
        player.reportState()
        try turn()
        for (line, event) in events {
            if case .wait(let seconds) = event {
                let deadline = MonotonicClock.now() + seconds
                while host.isOpen, MonotonicClock.now() < deadline {
                    try turn(timeout: min(host.pollTimeout, max(0, deadline - MonotonicClock.now())))
                }
            } else {
                if event.aimsAtControl {
                    // As headless: aim once the input views stopped moving.
                    let deadline = MonotonicClock.now() + 2
                    while host.isOpen, host.window.isAnimatingInputViews, MonotonicClock.now() < deadline {
                        try turn(timeout: host.frameInterval)
                    }
                }
                try player.play(event, line: line, source: source)
                try turn()
            }
            guard host.isOpen else { return }
        }
    }

    /// Runs the window until it is closed, the X server goes away, or
    /// `shouldStop` returns `true` (checked at least every half second).
    ///
    /// Each turn waits as long as the host's `pollTimeout` allows: a frame
    /// while something animates or a key repeats, else until the caret
    /// next blinks, at most the host's idle timeout.
    ///
    /// - Throws: ``DemoError`` (`failure`) when the X server or the
    ///   compositor goes away; the message names the display.
    public func run(until shouldStop: () -> Bool) throws {
        while host.isOpen, !shouldStop() {
            try turn(timeout: host.pollTimeout)
        }
    }

    /// One turn of the host's loop, then a state report: animations change
    /// the state without an event.
    private func turn(timeout: Double = 0) throws {
        do {
            try host.processEvents(timeout: timeout)
        } catch let error as HostError {
            throw DemoError(error.message, code: .failure)
        }
        player.reportState()
    }
}
