import ArgumentParser
import KeyInputDisplay
import KeymapCommandLine
import KeymapViews

/// `keyinput-watch`, which `keyinput watch` runs: a window that prints each real key event.
@main
struct WatchProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyinput", version: keyInputKitVersion, subcommands: [WatchCommand<OpensWindow>.self],
        defaultSubcommand: WatchCommand<OpensWindow>.self)

    /// Runs the command: usage errors exit 2, failures 1, each with a message on standard error.
    @MainActor
    static func main() { runMain() }
}

/// Opens the window `keyinput watch` prints key events from, until it closes or Ctrl+C.
enum OpensWindow: WatchAction {
    static func watch(_ command: WatchCommand<Self>) throws {
        // The command runs on the main thread (`runMain`); windows and hosts are main-actor types.
        try MainActor.assumeIsolated {
            let table = try command.compose.table()
            let watcher = KeyWatcher(json: command.json)
            do {
                let host = try DisplayHost.open(
                    for: watcher.window, title: "keyinput watch",
                    backend: command.backend.flatMap { DisplayBackend(rawValue: $0.rawValue) },
                    display: command.display, compose: table.map(HardwareKeyboard.Compose.table) ?? .none)
                watcher.watch(host.keyboard)
                Termination.install()
                while host.isOpen, !Termination.requested { try host.processEvents(timeout: min(host.pollTimeout, 0.5)) }
            } catch let error as HostError {
                throw CLIError.failure(error.message)
            }
        }
    }
}
