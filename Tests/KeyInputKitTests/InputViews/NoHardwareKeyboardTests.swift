import Foundation
import KeyInputKit
import TestSupport
import Testing
import XKB

/// A window with no hardware keyboard attached, as on a phone, tablet or kiosk: the default
/// policy shows the on-screen keyboard, in the system's layout, and fingers type on it.
@MainActor
@Suite struct NoHardwareKeyboardTests {
    /// A portrait window in an application with no keyboard, the default policy, fields focused by the caller.
    private func setUp(layout: SystemKeyboardLayout?, fields traits: [TextInputTraits]) -> (Application, Window, [TextField]) {
        let application = Application()
        application.onScreenKeyboardLayout = layout
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        application.addWindow(window)
        let fields = traits.enumerated().map { index, traits in
            TextField(frame: Rect(x: 10, y: 10 + 50 * Double(index), width: 300, height: 40), traits: traits)
        }
        for field in fields { window.addSubview(field) }
        return (application, window, fields)
    }

    /// A finger down and up on the key labelled `label`, 50 ms apart on the window's clock.
    private func tap(_ label: String, in window: Window) throws {
        let keyboard = window.onScreenKeyboard
        let index = try #require(keyboard.keyIndex(labelled: label), "no key \(label) in \(keyboard.keys.map(\.label))")
        let frame = keyboard.keys[index].frame
        let point = keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
        window.sendTouch(.began, id: 1, at: point)
        window.advanceTime(by: 0.05)
        window.sendTouch(.ended, id: 1, at: point)
        window.advanceTime(by: 0.05)
    }

    private static let plain = TextInputTraits(autocapitalizationType: .none)

    @Test func xkbDefaultLayoutChoosesTheKeyboardsLayout() throws {
        let layout = SystemKeyboardLayout.resolve(environment: ["XKB_DEFAULT_LAYOUT": "de"], defaultKeyboardFile: "/nonexistent")
        #expect(layout.source == .environment)
        let (application, window, fields) = setUp(layout: layout, fields: [Self.plain])
        defer { withExtendedLifetime(application) {} }
        fields[0].becomeFirstResponder()
        #expect(window.presentedInputView === window.onScreenKeyboard, "no hardware keyboard: the on-screen one shows")
        try tap("z", in: window)
        try tap("ü", in: window)
        #expect(fields[0].text == "zü")
    }

    @Test func aDebianKeyboardFileChoosesTheLayoutsAndTheGlobeKeySwitches() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("keyboard", "# written by the installer\nXKBMODEL=\"pc105\"\nXKBLAYOUT=\"fr,ru\"\nXKBVARIANT=\",\"\nXKBOPTIONS=\"\"\n")
        let layout = SystemKeyboardLayout.resolve(environment: [:], defaultKeyboardFile: file)
        #expect(layout.source == .defaultKeyboardFile(file))
        let (application, window, fields) = setUp(layout: layout, fields: [Self.plain])
        defer { withExtendedLifetime(application) {} }
        fields[0].becomeFirstResponder()
        try tap("a", in: window)  // AZERTY: a where QWERTY has q
        try tap("ru", in: window)
        try tap("я", in: window)
        #expect(fields[0].text == "aя")
        #expect(window.onScreenKeyboard.keys.contains { $0.role == .nextLayout && $0.label == "fr" })
    }

    @Test func aNumberPadHasItsDigitsWithNoKeymapAtAll() throws {
        // A layout that does not compile: no keymap, yet the pad types.
        let broken = SystemKeyboardLayout(names: RuleNames(layout: "no-such-layout"), source: .fallback)
        let (application, window, fields) = setUp(layout: broken, fields: [TextInputTraits(keyboardType: .numberPad)])
        defer { withExtendedLifetime(application) {} }
        fields[0].becomeFirstResponder()
        let labels = window.onScreenKeyboard.keys.map(\.label)
        for digit in 0...9 { #expect(labels.contains(String(digit))) }
        try tap("4", in: window)
        try tap("2", in: window)
        try tap("7", in: window)
        try tap("⌫", in: window)
        #expect(fields[0].text == "42")
    }

    @Test func theReturnKeyReadsNextThenDoneAndTappingItMovesFocusThenDismisses() throws {
        let (application, window, fields) = setUp(
            layout: SystemKeyboardLayout(names: RuleNames(layout: "us"), source: .fallback),
            fields: [
                TextInputTraits(returnKeyType: .next, autocapitalizationType: .none),
                TextInputTraits(keyboardType: .numberPad, returnKeyType: .done),
            ])
        defer { withExtendedLifetime(application) {} }
        fields[0].becomeFirstResponder()
        try tap("Next", in: window)
        #expect(window.firstResponder === fields[1])
        try tap("Done", in: window)
        #expect(window.firstResponder == nil)
        #expect(window.presentedInputView == nil)
    }
}
