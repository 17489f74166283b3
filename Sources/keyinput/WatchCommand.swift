import ArgumentParser
import DatePickerDemo
import Foundation
import KeymapCommandLine

/// `keyinput watch`: a window that prints each real key event.
struct WatchCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Open a window and print each key event it gets, as keyinput type prints them.",
        discussion: """
            Keys are decoded with the keymap the X server or Wayland compositor sends, so what \
            you see is what real keys do. Close the window or press Ctrl+C to stop (exit 0); \
            with no display, exit 1.
            """
    )

    @OptionGroup var compose: ComposeOptions

    @Option(help: "The window system: wayland or x11 (default: WAYLAND_DISPLAY's, else DISPLAY's).")
    var backend: DemoBackend?

    @Option(help: "The X display (such as :0) or Wayland socket to open.")
    var display: String?

    @Flag(help: "Print one JSON object a line, with the fields of keyinput type --json's events.")
    var json = false

    func validate() throws {
        if backend == .headless { throw ValidationError("--backend headless: watch needs a window (x11 or wayland)") }
    }

    func run() throws {
        // The command runs on the main thread (`runMain`); windows and hosts are main-actor types.
        try MainActor.assumeIsolated {
            let table = try compose.table()
            do {
                let (chosen, name) = try DemoBackend.choose(
                    requested: backend, display: display, headless: false, environment: ProcessInfo.processInfo.environment)
                guard chosen != .headless else {
                    throw CLIError.failure("no display to open a window on: set DISPLAY or WAYLAND_DISPLAY, or pass --display")
                }
                let watcher = KeyWatcher(json: json)
                let host = try chosen.openHost(
                    for: watcher.window, title: "keyinput watch", display: name, keymapOverride: nil, composeTable: table)
                watcher.watch(host.keyboard)
                Termination.install()
                while host.isOpen, !Termination.requested { try host.turn(timeout: min(host.pollTimeout, 0.5)) }
            } catch let error as DemoError {
                throw CLIError(message: error.message, exitCode: error.code == .usage ? 2 : 1)
            }
        }
    }
}

extension DemoBackend: ExpressibleByArgument {}
