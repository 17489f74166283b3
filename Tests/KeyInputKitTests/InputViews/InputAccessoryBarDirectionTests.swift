import Foundation
import KeyInputKit
import Testing

/// Right to left the accessory bar is mirrored, its arrows point the way their buttons
/// move, and its buttons widen to fit their words.
@MainActor
@Suite struct InputAccessoryBarDirectionTests {
    /// A bar above a focused field, in a 400-point window of `direction`.
    private func bar(_ direction: UserInterfaceLayoutDirection?, locale: String? = nil) -> (Window, InputAccessoryBar) {
        let window = Window(size: Size(width: 400, height: 600))
        window.inputViewAnimation = .none
        window.layoutDirection = direction
        window.locale = locale.map(Locale.init(identifier:))
        let field = TextField(frame: Rect(x: 16, y: 16, width: 240, height: 40), placeholder: "Quantity")
        let bar = InputAccessoryBar()
        field.inputAccessoryView = bar
        window.addSubview(field)
        field.becomeFirstResponder()
        window.layoutIfNeeded()
        return (window, bar)
    }

    @Test func leftToRightPreviousAndNextAreOnTheLeftAndDoneOnTheRight() {
        let (window, bar) = bar(.leftToRight)
        defer { withExtendedLifetime(window) {} }
        #expect(bar.previousButton.frame == Rect(x: 4, y: 4, width: 96, height: 36))
        #expect(bar.nextButton.frame == Rect(x: 104, y: 4, width: 72, height: 36))
        #expect(bar.doneButton.frame == Rect(x: 324, y: 4, width: 72, height: 36))
        #expect(bar.titleLabel.frame == Rect(x: 180, y: 4, width: 140, height: 36))
        #expect(bar.previousButton.title == "‹ Previous" && bar.nextButton.title == "Next ›")
    }

    @Test func rightToLeftPreviousIsOnTheRightNextBesideItAndDoneOnTheLeft() {
        let (window, bar) = bar(.rightToLeft)
        defer { withExtendedLifetime(window) {} }
        #expect(bar.previousButton.frame == Rect(x: 300, y: 4, width: 96, height: 36))
        #expect(bar.nextButton.frame == Rect(x: 224, y: 4, width: 72, height: 36))
        #expect(bar.doneButton.frame == Rect(x: 4, y: 4, width: 72, height: 36))
        #expect(bar.titleLabel.frame == Rect(x: 80, y: 4, width: 140, height: 36))
        // The words are unchanged for a reader; the drawn arrows are checked in pixels (KeyInputCairoTests).
        #expect(bar.previousButton.accessibilityLabel == "Previous" && bar.nextButton.accessibilityLabel == "Next")
        #expect(bar.nextButton.title.hasSuffix("Next ›") && bar.previousButton.title.hasSuffix("‹ Previous"))
    }

    @Test func anArabicWindowMirrorsTheBarAndADirectionChangeMovesItBack() {
        let (window, bar) = bar(nil, locale: "ar_EG")
        #expect(bar.previousButton.frame.minX > bar.nextButton.frame.maxX)
        #expect(bar.doneButton.frame.minX == 4)
        window.layoutDirection = .leftToRight
        window.layoutIfNeeded()
        #expect(bar.previousButton.frame.minX == 4)
        #expect(bar.doneButton.frame.maxX == 396)
    }

    /// Italian's words are the catalogs' longest ("Precedente", "Successivo"); overrides are
    /// process-wide, so the test reads a catalog rather than changing what other suites see.
    @Test func buttonsWidenToFitLongWords() {
        let (window, bar) = bar(.leftToRight, locale: "it_IT")
        #expect(bar.previousButton.accessibilityLabel == ToolkitString.accessoryPrevious.localized(for: Locale(identifier: "it_IT")))
        defer { withExtendedLifetime(window) {} }
        let engine = window.textLayoutEngine
        for button in [bar.previousButton, bar.nextButton, bar.doneButton] {
            let needed = engine.makeLayout(for: button.title, style: TextStyle(fontSize: 14)).size.width
            #expect(button.frame.width >= needed + 16, "\(button.title) does not fit in \(button.frame.width)")
        }
        // Side by side, none over another, the title between Next and Done.
        #expect(bar.nextButton.frame.minX >= bar.previousButton.frame.maxX)
        #expect(bar.titleLabel.frame.minX >= bar.nextButton.frame.maxX)
        #expect(bar.doneButton.frame.minX >= bar.titleLabel.frame.maxX)
    }
}
