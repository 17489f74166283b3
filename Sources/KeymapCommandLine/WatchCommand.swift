import ArgumentParser

/// What `keyinput watch` does once its options are read: `keyinput` runs the program that
/// opens the window, and that program, `keyinput-watch`, opens it.
public protocol WatchAction {
    /// Does the command's work.
    static func watch(_ command: WatchCommand<Self>) throws
}

/// The window system `keyinput watch` opens its window on.
public enum WatchBackend: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A Wayland compositor.
    case wayland
    /// An X server.
    case x11
}

/// `keyinput watch`: a window that prints each key event it gets.
///
/// One definition serves `keyinput` and `keyinput-watch`, as for ``RenderCommand``.
public struct WatchCommand<Action: WatchAction>: ParsableCommand, Sendable {
    /// How `keyinput watch` describes itself.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "watch",
            abstract: "Open a window and print each key event it gets, as keyinput type prints them.",
            discussion: """
                Keys are decoded with the keymap the X server or Wayland compositor sends, so what \
                you see is what real keys do. Close the window or press Ctrl+C to stop (exit 0); \
                with no display, exit 1.
                """
        )
    }

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

    /// Creates the command with its defaults.
    public init() {}

    /// Does the command's work (``WatchAction``).
    public func run() throws { try Action.watch(self) }
}
