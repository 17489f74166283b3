import ArgumentParser
import KeymapCommandLine

/// `keyinput watch`: checks its options, then runs `keyinput-watch`, which opens the window.
struct WatchCommand: ParsableCommand, Sendable {
    static let configuration = WatchOptions.configuration

    @OptionGroup var options: WatchOptions

    func run() throws {
        try CompanionProgram("keyinput-watch").run(forSubcommand: "watch")
    }
}
