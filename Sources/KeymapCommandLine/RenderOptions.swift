import ArgumentParser

/// What `keyinput render` takes: a keymap and where to write its picture.
public struct RenderOptions: ParsableArguments, Sendable {
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

    /// Creates the options with their defaults.
    public init() {}

    /// One picture at least, and a scale above 0 and at most 8.
    public func validate() throws {
        if (png == nil) == (svg == nil) { throw ValidationError("give one of --png FILE or --svg FILE") }
        if !(scale > 0 && scale <= 8) { throw ValidationError("--scale \(scale): expected a number above 0, at most 8") }
    }

    /// How `keyinput render` describes itself.
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a layout as a PNG or SVG picture: every key cap with its four levels.",
        discussion: """
            Each cap shows Shift top left, the base level bottom left, AltGr+Shift top right and AltGr \
            bottom right; dead keys are tinted and show their combining mark on a dotted circle. \
            Example: keyinput render --layout de --png de.png
            """
    )
}

/// The window system `keyinput watch` opens its window on.
public enum WatchBackend: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A Wayland compositor.
    case wayland
    /// An X server.
    case x11
}

/// What `keyinput watch` takes: where to open its window and how to print.
public struct WatchOptions: ParsableArguments, Sendable {
    /// The compose table keys are decoded with.
    @OptionGroup public var compose: ComposeOptions

    /// The window system to use.
    @Option(help: "The window system: wayland or x11 (default: WAYLAND_DISPLAY's, else DISPLAY's).")
    public var backend: WatchBackend?

    /// The display to open.
    @Option(help: "The X display (such as :0) or Wayland socket to open.")
    public var display: String?

    /// Whether to print JSON lines.
    @Flag(help: "Print one JSON object a line, with the fields of keyinput type --json's events.")
    public var json = false

    /// Creates the options with their defaults.
    public init() {}

    /// How `keyinput watch` describes itself.
    public static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Open a window and print each key event it gets, as keyinput type prints them.",
        discussion: """
            Keys are decoded with the keymap the X server or Wayland compositor sends, so what \
            you see is what real keys do. Close the window or press Ctrl+C to stop (exit 0); \
            with no display, exit 1.
            """
    )
}
