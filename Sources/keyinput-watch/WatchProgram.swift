import ArgumentParser
import KeyInputDisplay
import KeymapCommandLine
import KeymapViews

/// `keyinput-watch`, which `keyinput watch` runs: a window that prints each real key event.
@main
struct WatchProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyinput watch", abstract: WatchOptions.configuration.abstract,
        discussion: WatchOptions.configuration.discussion, version: keyInputKitVersion)

    @OptionGroup var options: WatchOptions

    func run() throws {
        // The command runs on the main thread (`runMain`); windows and hosts are main-actor types.
        try MainActor.assumeIsolated {
            let table = try options.compose.table()
            let watcher = KeyWatcher(json: options.json)
            do {
                let host = try DisplayHost.open(
                    for: watcher.window, title: "keyinput watch",
                    backend: options.backend.flatMap { DisplayBackend(rawValue: $0.rawValue) }, display: options.display,
                    compose: table.map(HardwareKeyboard.Compose.table) ?? .none)
                watcher.watch(host.keyboard)
                Termination.install()
                while host.isOpen, !Termination.requested { try host.processEvents(timeout: min(host.pollTimeout, 0.5)) }
            } catch let error as HostError {
                throw CLIError.failure(error.message)
            }
        }
    }

    /// Runs the command: usage errors exit 2, failures 1, each with a message on standard error.
    @MainActor
    static func main() { runMain() }
}
