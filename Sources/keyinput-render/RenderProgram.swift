import ArgumentParser
import KeyInputCairo
import KeymapCommandLine
import KeymapViews

/// `keyinput-render`, which `keyinput render` runs: draws a layout's picture with cairo and Pango.
@main
struct RenderProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyinput", version: keyInputKitVersion, subcommands: [RenderCommand<DrawsPicture>.self],
        defaultSubcommand: RenderCommand<DrawsPicture>.self)

    /// Runs the command: usage errors exit 2, failures 1, each with a message on standard error.
    @MainActor
    static func main() { runMain() }
}

/// Draws the picture `keyinput render` asked for.
enum DrawsPicture: RenderAction {
    static func render(_ command: RenderCommand<Self>) throws {
        // The command runs on the main thread (`runMain`); windows and views are main-actor types.
        try MainActor.assumeIsolated {
            let picture = LayoutPicture(keymap: try command.keymap.compile())
            do {
                if let png = command.png { try picture.writePNG(to: png, scale: command.scale) }
                if let svg = command.svg { try picture.writeSVG(to: svg) }
            } catch let error as CairoError {
                throw CLIError.failure(error.message)
            }
        }
    }
}
