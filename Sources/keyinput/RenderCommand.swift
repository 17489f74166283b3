import ArgumentParser
import KeyInputCairo
import KeyInputKit
import KeymapCommandLine
import XKB

/// `keyinput render`: a picture of a layout, drawn by the on-screen keyboard.
struct RenderCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a layout as a PNG or SVG picture: every key cap with its four levels.",
        discussion: """
            Each cap shows Shift top left, the base level bottom left, AltGr+Shift top right and AltGr \
            bottom right; dead keys are tinted and show their combining mark on a dotted circle. \
            Example: keyinput render --layout de --png de.png
            """
    )

    @OptionGroup var keymap: KeymapOptions

    @Option(help: ArgumentHelp("Write a PNG picture to this file.", valueName: "file"))
    var png: String?

    @Option(help: ArgumentHelp("Write an SVG picture to this file.", valueName: "file"))
    var svg: String?

    @Option(help: "Pixels per point in the PNG picture (the SVG is one unit a point).")
    var scale = 1.0

    func validate() throws {
        if (png == nil) == (svg == nil) { throw ValidationError("give one of --png FILE or --svg FILE") }
        if !(scale > 0 && scale <= 8) { throw ValidationError("--scale \(scale): expected a number above 0, at most 8") }
    }

    func run() throws {
        // The command runs on the main thread (`runMain`); windows and views are main-actor types.
        try MainActor.assumeIsolated {
            let compiled = try keymap.compile()
            let (window, keyboard) = LayoutPicture.window(for: compiled)
            do {
                if let png { try renderPNG(window: window, to: png, scale: scale) }
                if let svg {
                    try renderSVG(
                        window: window, to: svg, title: compiled.layoutNames.first,
                        description: LayoutPicture.description(of: keyboard, keymap: compiled))
                }
            } catch let error as CairoError {
                throw CLIError.failure(error.message)
            }
        }
    }
}

/// The window `keyinput render` draws: the layout's name over an on-screen
/// keyboard in its layout-diagram style.
@MainActor
enum LayoutPicture {
    /// The size of one key unit, in points: the keyboard is 15 units across and 5 rows down.
    static let unit = 64.0
    /// The height of the title above the keys.
    static let titleHeight = 32.0

    /// The window, and the keyboard in it.
    static func window(for keymap: Keymap) -> (Window, OnScreenKeyboard) {
        let width = 15 * unit
        let window = Window(size: Size(width: width, height: titleHeight + 5 * unit))
        let title = Label(text: keymap.layoutNames.first ?? "", frame: Rect(x: 8, y: 0, width: width - 16, height: titleHeight))
        window.addSubview(title)
        let keyboard = OnScreenKeyboard()
        keyboard.style = .layoutDiagram
        keyboard.setKeymap(keymap)
        keyboard.frame = Rect(x: 0, y: titleHeight, width: width, height: 5 * unit)
        window.addSubview(keyboard)
        return (window, keyboard)
    }

    /// The caps in words, a line a key: `<AC11> ä Ä`, levels in the order
    /// base, Shift, AltGr, AltGr+Shift, `-` for one not shown.
    static func description(of keyboard: OnScreenKeyboard, keymap: Keymap) -> String {
        let lines = keyboard.keys.compactMap { key -> String? in
            guard case .keycode(let code) = key.role, let name = keymap.name(of: code), key.levels.contains(where: { $0 != nil })
            else { return nil }
            var levels = key.levels.map { $0?.text ?? "-" }
            while levels.last == "-" { levels.removeLast() }
            return "<\(name)> " + levels.joined(separator: " ")
        }
        return "Levels: base, Shift, AltGr, AltGr+Shift.\n" + lines.joined(separator: "\n")
    }
}
