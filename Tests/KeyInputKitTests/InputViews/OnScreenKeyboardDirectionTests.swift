import Foundation
import KeyInputKit
import Testing
import XKB

/// The on-screen keyboard draws the keymap's keys where the keyboard has them, whatever
/// the direction: keys do not move right to left.
@MainActor
@Suite struct OnScreenKeyboardDirectionTests {
    /// The keys of `layout` laid out in an 800-point window of `direction`.
    private func keys(layout: String, direction: UserInterfaceLayoutDirection) throws -> [OnScreenKeyboard.Key] {
        let window = Window(size: Size(width: 800, height: 600))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        window.layoutDirection = direction
        let context = try Context(options: .noEnvironmentNames)
        window.onScreenKeyboard.setKeymap(try Keymap(context: context, names: RuleNames(layout: layout)))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.layoutIfNeeded()
        #expect(window.onScreenKeyboard.effectiveUserInterfaceLayoutDirection == direction)
        return window.onScreenKeyboard.keys
    }

    @Test("Arabic and Hebrew keys sit where they do left to right", arguments: ["ara", "il"])
    func keysKeepThePhysicalOrder(layout: String) throws {
        let ltr = try keys(layout: layout, direction: .leftToRight)
        let rtl = try keys(layout: layout, direction: .rightToLeft)
        #expect(!rtl.isEmpty)
        #expect(rtl.map(\.frame) == ltr.map(\.frame))
        #expect(rtl.map(\.label) == ltr.map(\.label))
    }
}
