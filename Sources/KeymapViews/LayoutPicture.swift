import KeyInputCairo
import KeyInputKit
import XKB

/// A picture of a layout, as `keyinput render` draws it: the layout's name
/// over an on-screen keyboard in its layout-diagram style.
@MainActor
public struct LayoutPicture {
    /// The size of one key unit, in points: the keyboard is 15 units across and 5 rows down.
    public static let unit = 64.0
    /// The height of the title above the keys.
    public static let titleHeight = 32.0

    /// The keymap drawn.
    public let keymap: Keymap
    /// The window holding the title and the keyboard.
    public let window: Window
    /// The keyboard in the window.
    public let keyboard: OnScreenKeyboard

    /// Lays out the picture of `keymap`'s first layout.
    public init(keymap: Keymap) {
        let unit = Self.unit, titleHeight = Self.titleHeight
        let width = 15 * unit
        window = Window(size: Size(width: width, height: titleHeight + 5 * unit))
        let title = Label(
            text: keymap.layoutNames.first ?? "", frame: Rect(x: 8, y: 0, width: width - 16, height: titleHeight))
        window.addSubview(title)
        keyboard = OnScreenKeyboard()
        keyboard.style = .layoutDiagram
        keyboard.setKeymap(keymap)
        keyboard.frame = Rect(x: 0, y: titleHeight, width: width, height: 5 * unit)
        window.addSubview(keyboard)
        self.keymap = keymap
    }

    /// The caps in words, a line a key: `<AC11> ä Ä`, levels in the order
    /// base, Shift, AltGr, AltGr+Shift, `-` for one not shown; what the SVG
    /// picture gives screen readers as its description.
    public var description: String {
        let lines = keyboard.keys.compactMap { key -> String? in
            guard case .keycode(let code) = key.role, let name = keymap.name(of: code),
                key.levels.contains(where: { $0 != nil })
            else { return nil }
            var levels = key.levels.map { $0?.text ?? "-" }
            while levels.last == "-" { levels.removeLast() }
            return "<\(name)> " + levels.joined(separator: " ")
        }
        return "Levels: base, Shift, AltGr, AltGr+Shift.\n" + lines.joined(separator: "\n")
    }

    /// Writes the picture as a PNG file.
    ///
    /// - Parameters:
    ///   - path: Where to write; an existing file is replaced.
    ///   - scale: Pixels per point.
    /// - Throws: `CairoError` when the file cannot be written.
    public func writePNG(to path: String, scale: Double = 1) throws {
        try renderPNG(window: window, to: path, scale: scale)
    }

    /// Writes the picture as an SVG file, titled with the layout's name and described key by key.
    ///
    /// - Parameter path: Where to write; an existing file is replaced.
    /// - Throws: `CairoError` when the file cannot be written.
    public func writeSVG(to path: String) throws {
        try renderSVG(window: window, to: path, title: keymap.layoutNames.first, description: description)
    }
}
