import Foundation
import KeyInputKit
import Testing

/// Where a view's direction comes from: its own forced attribute, the nearest
/// superview that forces one, the window's explicit direction, the window's locale.
@MainActor
@Suite struct LayoutDirectionTests {
    /// A view that counts its layouts.
    final class CountingView: View {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test("a window's locale gives its views the language's direction", arguments: [
        ("ar_EG", UserInterfaceLayoutDirection.rightToLeft), ("he_IL", .rightToLeft), ("fa_IR", .rightToLeft),
        ("ur_PK", .rightToLeft), ("en_US", .leftToRight), ("de_DE", .leftToRight), ("ja_JP", .leftToRight),
    ])
    func windowLocale(identifier: String, expected: UserInterfaceLayoutDirection) {
        let window = Window(size: Size(width: 400, height: 300))
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(view)
        window.locale = Locale(identifier: identifier)
        #expect(view.effectiveUserInterfaceLayoutDirection == expected)
        #expect(window.effectiveUserInterfaceLayoutDirection == expected)
    }

    @Test func theWindowsOwnDirectionWinsOverItsLocale() {
        let window = Window(size: Size(width: 400, height: 300))
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(view)
        window.locale = Locale(identifier: "ar_EG")
        window.layoutDirection = .leftToRight
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        window.locale = Locale(identifier: "en_US")
        window.layoutDirection = .rightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        window.layoutDirection = nil
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func theNearestSuperviewThatForcesADirectionDecides() {
        let window = Window(size: Size(width: 400, height: 300))
        window.layoutDirection = .leftToRight
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let middle = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        outer.semanticContentAttribute = .forceRightToLeft
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        middle.semanticContentAttribute = .forceLeftToRight
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        inner.semanticContentAttribute = .forceRightToLeft
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(middle.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // Playback controls stay left to right in a right-to-left window.
        window.layoutDirection = .rightToLeft
        middle.semanticContentAttribute = .unspecified
        outer.semanticContentAttribute = .playback
        inner.semanticContentAttribute = .unspecified
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        outer.semanticContentAttribute = .unspecified
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @Test func aLocaleIdentifierOrPOSIXNameGivesItsLanguagesDirection() {
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "ar_EG.UTF-8") == .rightToLeft)
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "iw_IL") == .rightToLeft)
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "fa") == .rightToLeft)
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "de_DE@euro") == .leftToRight)
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "C") == .leftToRight)
        #expect(UserInterfaceLayoutDirection(languageIdentifier: "") == .leftToRight)
        #expect(UserInterfaceLayoutDirection(locale: Locale(identifier: "he")) == .rightToLeft)
    }

    @Test func aViewOutsideAWindowFollowsTheEnvironment() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(view.effectiveUserInterfaceLayoutDirection == .environment)
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @Test func aNewDirectionLaysOutAndDrawsAgain() {
        let window = Window(size: Size(width: 400, height: 300))
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(outer)
        outer.addSubview(view)
        window.layoutIfNeeded()
        window.needsDisplay = false
        let before = view.layouts
        window.layoutDirection = .rightToLeft
        #expect(window.needsDisplay)
        window.layoutIfNeeded()
        #expect(view.layouts == before + 1)
        window.needsDisplay = false
        outer.semanticContentAttribute = .forceLeftToRight
        #expect(window.needsDisplay)
        window.layoutIfNeeded()
        #expect(view.layouts == before + 2)
        // The same direction again changes nothing.
        window.needsDisplay = false
        outer.semanticContentAttribute = .spatial
        #expect(!window.needsDisplay)
        window.layoutIfNeeded()
        #expect(view.layouts == before + 2)
    }
}
