import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing
import XKB

/// The on-screen keyboard's colours, drawn with cairo.
@Suite("Keyboard appearance")
@MainActor
struct KeyboardAppearanceTests {
    /// A PNG of a window whose focused field has `appearance`, with the on-screen keyboard up.
    private func render(_ appearance: TextInputTraits.KeyboardAppearance) throws -> (CairoCanvas, OnScreenKeyboard, area: Rect) {
        let window = Window(size: Size(width: 400, height: 400))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        let context = try Context(options: .noEnvironmentNames)
        window.onScreenKeyboard.setKeymap(try Keymap(context: context, names: RuleNames(layout: "us")))
        var traits = TextInputTraits()
        traits.keyboardAppearance = appearance
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 32), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        let path = try temporaryFolder() + "/keyboard.png"
        try renderPNG(window: window, to: path)
        return (try CairoCanvas(contentsOfPNG: path), window.onScreenKeyboard, window.onScreenKeyboard.frameInWindow)
    }

    /// The mean brightness of the pixels in a rectangle of the window.
    private func brightness(of image: CairoCanvas, in rect: Rect) -> Double {
        var total = 0.0, count = 0.0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                guard let color = image.color(atX: x, y: y) else { continue }
                total += (color.red + color.green + color.blue) / 3
                count += 1
            }
        }
        return count > 0 ? total / count : 0
    }

    @Test("a dark keyboard draws dark keys and light labels; the default one is light")
    func aDarkKeyboardDrawsDark() throws {
        let (dark, keyboard, area) = try render(.dark)
        #expect(area.height > 100, "the keyboard is not up")
        #expect(brightness(of: dark, in: area) < 0.4)
        // A letter key's label is lighter than the key around it.
        let key = try #require(keyboard.keys.first { $0.label == "Q" || $0.label == "q" })
        let keyFrame = key.frame.offsetBy(dx: area.minX, dy: area.minY)
        let labelPixels = (Int(keyFrame.minY)..<Int(keyFrame.maxY)).flatMap { y in
            (Int(keyFrame.minX)..<Int(keyFrame.maxX)).compactMap { dark.color(atX: $0, y: y) }
        }
        #expect(labelPixels.contains { ($0.red + $0.green + $0.blue) / 3 > 0.8 }, "no light label pixels on the Q key")

        let (light, _, lightArea) = try render(.default)
        #expect(lightArea == area)
        #expect(brightness(of: light, in: area) > 0.7)
    }
}
