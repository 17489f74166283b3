import ArgumentParser

/// What `keyinput render` does once its options are read: `keyinput` runs the program that
/// draws, and that program, `keyinput-render`, draws.
public protocol RenderAction {
    /// Does the command's work.
    static func render(_ command: RenderCommand<Self>) throws
}

/// `keyinput render`: a picture of a layout, drawn by the on-screen keyboard.
///
/// One definition serves `keyinput` and `keyinput-render`, so both read the same options.
/// The typed options sit in the command itself: argument-parser leaks when an option inside
/// an option group gets a value it cannot read.
public struct RenderCommand<Action: RenderAction>: ParsableCommand, Sendable {
    /// How `keyinput render` describes itself.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "render",
            abstract: "Draw a layout as a PNG or SVG picture: every key cap with its four levels.",
            discussion: """
                Each cap shows Shift top left, the base level bottom left, AltGr+Shift top right and AltGr \
                bottom right; dead keys are tinted and show their combining mark on a dotted circle. \
                Example: keyinput render --layout de --png de.png
                """
        )
    }

    /// The keymap to draw.
    @OptionGroup public var keymap: KeymapOptions

    /// Where a PNG picture goes.
    @Option(help: ArgumentHelp("Write a PNG picture to this file.", valueName: "file"))
    public var png: String?

    /// Where an SVG picture goes.
    @Option(help: ArgumentHelp("Write an SVG picture to this file.", valueName: "file"))
    public var svg: String?

    /// Pixels per point in the PNG picture.
    @Option(help: "Pixels per point in the PNG picture (the SVG is one unit a point).")
    public var scale = 1.0

    /// Creates the command with its defaults.
    public init() {}

    /// One picture at least, and a scale above 0 and at most 8.
    public func validate() throws {
        if (png == nil) == (svg == nil) { throw ValidationError("give one of --png FILE or --svg FILE") }
        if !(scale > 0 && scale <= 8) { throw ValidationError("--scale \(scale): expected a number above 0, at most 8") }
    }

    /// Does the command's work (``RenderAction``).
    public func run() throws { try Action.render(self) }
}
