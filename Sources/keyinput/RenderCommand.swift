import ArgumentParser
import KeymapCommandLine

/// `keyinput render`: checks its options, then runs `keyinput-render`, which draws.
struct RenderCommand: ParsableCommand, Sendable {
    static let configuration = RenderOptions.configuration

    @OptionGroup var options: RenderOptions

    func run() throws {
        try CompanionProgram("keyinput-render").run(forSubcommand: "render")
    }
}
