import ArgumentParser
import KeyInputCairo
import KeymapCommandLine
import KeymapViews

/// `keyinput-render`, which `keyinput render` runs: draws a layout's picture with cairo and Pango.
@main
struct RenderProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyinput render", abstract: RenderOptions.configuration.abstract,
        discussion: RenderOptions.configuration.discussion, version: keyInputKitVersion)

    @OptionGroup var options: RenderOptions

    func run() throws {
        // The command runs on the main thread (`runMain`); windows and views are main-actor types.
        try MainActor.assumeIsolated {
            let picture = LayoutPicture(keymap: try options.keymap.compile())
            do {
                if let png = options.png { try picture.writePNG(to: png, scale: options.scale) }
                if let svg = options.svg { try picture.writeSVG(to: svg) }
            } catch let error as CairoError {
                throw CLIError.failure(error.message)
            }
        }
    }

    /// Runs the command: usage errors exit 2, failures 1, each with a message on standard error.
    @MainActor
    static func main() { runMain() }
}
