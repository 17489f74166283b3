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

    /// Pixels per point in the PNG picture, within ``pictureScales``.
    @Option(
        parsing: .unconditional,  // so that --scale -1 is read, and refused with the range
        help: "Pixels per point in the PNG picture, from 0.25 to 8 (the SVG is one unit a point).")
    public var scale = 1.0

    /// Creates the command with its defaults.
    public init() {}

    /// One picture at least, and a scale within ``pictureScales``.
    public func validate() throws {
        if (png == nil) == (svg == nil) { throw ValidationError("give one of --png FILE or --svg FILE") }
        try checkPictureScale(scale)
    }

    /// Does the command's work (``RenderAction``).
    public func run() throws { try Action.render(self) }
}

/// The pixels per point a picture may be drawn at: below a quarter, keys and text vanish into a
/// few pixels; above 8, a window's picture runs to hundreds of megabytes.
public let pictureScales: ClosedRange<Double> = 0.25...8

/// Refuses a `--scale` outside ``pictureScales``, naming the range.
///
/// - Throws: `ValidationError` (exit 2) naming the value and the range.
public func checkPictureScale(_ scale: Double) throws {
    func shown(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)" }
    guard pictureScales.contains(scale) else {
        throw ValidationError(
            "--scale \(shown(scale)): expected a number from \(shown(pictureScales.lowerBound)) to \(shown(pictureScales.upperBound))"
        )
    }
}
