import Foundation
import KeyInputCairo
import KeyInputKit
import Testing

/// What Pango draws for the accessory bar's buttons and a picker's hints right to left:
/// ‹ and › are mirrored characters, so each is checked against the picture intended,
/// drawn as a left-to-right paragraph.
@Suite("Right to left, the accessory bar's arrows point the way each button moves, and a picker's hints run leftwards")
@MainActor
struct RightToLeftDrawingTests {
    /// A bar above a focused field in a 400-point window laid out with Pango.
    func bar(_ direction: UserInterfaceLayoutDirection, locale: String = "en_US") throws -> (Window, InputAccessoryBar) {
        let window = Window(size: Size(width: 400, height: 300))
        window.textLayoutEngine = try PangoTextLayoutEngine()
        window.inputViewAnimation = .none
        window.locale = Locale(identifier: locale)
        window.layoutDirection = direction
        let field = TextField(frame: Rect(x: 16, y: 16, width: 240, height: 40))
        let bar = InputAccessoryBar()
        field.inputAccessoryView = bar
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        window.layoutIfNeeded()
        return (window, bar)
    }

    /// Where a button's title puts ink (dark pixels inside its border), drawn alone at twice the size.
    func ink(of button: Button, size: Size) throws -> [[Bool]] {
        let canvas = try CairoCanvas(size: size, scale: 2)
        button.draw(in: canvas, rect: Rect(origin: .zero, size: size))
        return (4..<Int(size.height * 2) - 4).map { y in
            (4..<Int(size.width * 2) - 4).map { x in canvas.color(atX: x, y: y).map { ($0.red + $0.green + $0.blue) / 3 < 0.75 } ?? false }
        }
    }

    /// How much of two inks differ, at the best of a few pixels' shift sideways (marks
    /// that draw nothing still move Pango's glyphs by a fraction): 0 for the same picture.
    func difference(_ a: [[Bool]], _ b: [[Bool]]) -> Double {
        let inked = max(1, a.joined().filter { $0 }.count + b.joined().filter { $0 }.count)
        return (-3...3).map { shift in
            var differing = 0
            for (rowA, rowB) in zip(a, b) {
                for x in rowA.indices where rowB.indices.contains(x + shift) && rowA[x] != rowB[x + shift] { differing += 1 }
            }
            return Double(differing) / Double(inked)
        }.min() ?? 1
    }

    /// How far a bar button's drawing is from a button titled `visual` drawn as a left-to-right paragraph.
    func distance(of button: Button, from visual: String) throws -> Double {
        let size = button.frame.size, intended = Button(title: "\u{200E}" + visual)
        intended.isEnabled = button.isEnabled
        return difference(try ink(of: button, size: size), try ink(of: intended, size: size))
    }

    /// The words come from the catalogs (overrides are process-wide and would reach other suites).
    @Test(arguments: ["en_US", "ar_EG", "de_DE"])
    func nextPointsLeftRightToLeft(locale: String) throws {
        let word = ToolkitString.accessoryNext.localized(for: Locale(identifier: locale))
        let (window, bar) = try bar(.rightToLeft, locale: locale)
        defer { withExtendedLifetime(window) {} }
        #expect(try distance(of: bar.nextButton, from: "‹ " + word) < 0.05)
        #expect(try distance(of: bar.nextButton, from: word + " ›") > 0.2)
    }

    @Test(arguments: ["en_US", "ar_EG"])
    func previousPointsRightRightToLeft(locale: String) throws {
        let word = ToolkitString.accessoryPrevious.localized(for: Locale(identifier: locale))
        let (window, bar) = try bar(.rightToLeft, locale: locale)
        defer { withExtendedLifetime(window) {} }
        #expect(try distance(of: bar.previousButton, from: word + " ›") < 0.05)
        #expect(try distance(of: bar.previousButton, from: "‹ " + word) > 0.2)
    }

    @Test func leftToRightTheArrowsPointOutwards() throws {
        let (window, bar) = try bar(.leftToRight)
        defer { withExtendedLifetime(window) {} }
        #expect(try distance(of: bar.previousButton, from: "‹ Previous") < 0.05)
        #expect(try distance(of: bar.nextButton, from: "Next ›") < 0.05)
        #expect(try distance(of: bar.nextButton, from: "‹ Next") > 0.2)
    }

    /// Italian's "Precedente" is the catalogs' longest Previous.
    @Test func longWordsFitTheirButtons() throws {
        let (window, bar) = try bar(.leftToRight, locale: "it_IT")
        defer { withExtendedLifetime(window) {} }
        let frame = bar.previousButton.frame
        let canvas = try CairoCanvas(size: Size(width: frame.width, height: frame.height))
        bar.previousButton.draw(in: canvas, rect: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
        // The title's ink (not white, inside the border) keeps 4 points from each side: the word is not cut.
        var ink: [Int] = []
        for y in 4..<Int(frame.height) - 4 {
            for x in 2..<Int(frame.width) - 2 where canvas.color(atX: x, y: y).map({ $0.red < 0.9 || $0.green < 0.9 }) ?? false {
                ink.append(x)
            }
        }
        let left = try #require(ink.min()), right = try #require(ink.max())
        #expect(left >= 4 && right <= Int(frame.width) - 5, "the title's ink spans \(left)...\(right) of \(frame.width)")
    }

    /// Where a picker's hint line puts ink, as the window draws it and as `visual` drawn left to right.
    func hintInk(_ picker: Picker, in window: Window, visual: String) throws -> (drawn: [[Bool]], intended: [[Bool]]) {
        let frame = picker.convert(picker.bounds, to: nil)
        let line = Rect(x: frame.minX + 8, y: frame.minY + 176, width: frame.width - 16, height: 32)
        let drawn = try CairoCanvas(size: window.frame.size, scale: 2)
        window.render(to: drawn)
        let intended = try CairoCanvas(size: window.frame.size, scale: 2)
        intended.fill(line, color: .keyboardBackground)
        intended.text("\u{200E}" + visual, in: line, color: .secondaryText, fontSize: 12, alignment: .center)
        func mask(_ canvas: CairoCanvas) -> [[Bool]] {
            (Int(line.minY * 2)..<Int(line.maxY * 2)).map { y in
                (Int(line.minX * 2)..<Int(line.maxX * 2)).map { x in
                    canvas.color(atX: x, y: y).map { ($0.red + $0.green + $0.blue) / 3 < 0.6 } ?? false
                }
            }
        }
        return (mask(drawn), mask(intended))
    }

    /// A picker whose hints start with Latin: a left-to-right paragraph unless the picker says otherwise.
    final class LatinHintsPicker: Picker {
        override var keyHints: String { "↑↓ row · esc cancel" }
    }

    @Test func rightToLeftAPickersHintLineIsARightToLeftParagraph() throws {
        let window = Window(size: Size(width: 400, height: 300))
        window.textLayoutEngine = try PangoTextLayoutEngine()
        window.layoutDirection = .rightToLeft
        let picker = LatinHintsPicker(components: [["a", "b"], ["c", "d"]])
        picker.frame = Rect(x: 0, y: 40, width: 400, height: Picker.height)
        window.addSubview(picker)
        window.layoutIfNeeded()
        // The arrows lead at the right; being neutral, they take the paragraph's order there.
        let rtl = try hintInk(picker, in: window, visual: "row · esc cancel ↓↑")
        #expect(difference(rtl.drawn, rtl.intended) < 0.05)
        window.layoutDirection = .leftToRight
        let ltr = try hintInk(picker, in: window, visual: "↑↓ row · esc cancel")
        #expect(difference(ltr.drawn, ltr.intended) < 0.05)
        #expect(difference(rtl.drawn, ltr.drawn) > 0.2)
    }
}
