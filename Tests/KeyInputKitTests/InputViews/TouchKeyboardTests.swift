import KeyInputKit
import KeyInputKitTesting
import Testing
import XKB

/// The on-screen keyboard under fingers: preview, slides, alternates, BackSpace repeat, Shift, sizes.
@MainActor
@Suite struct TouchKeyboardTests {
    private static let lowercase = TextInputTraits(autocapitalizationType: .none)

    /// A portrait window (400×700) with a field focused and the keyboard showing `layout`, compose on.
    private func setUp(
        layout: String = "us", width: Double = 400, traits: TextInputTraits = lowercase
    ) throws -> (WindowTester, TextField, OnScreenKeyboard) {
        let window = Window(size: Size(width: width, height: 700))
        window.inputViewAnimation = .none
        window.onScreenKeyboardPolicy = .always
        let tester = try WindowTester(window: window, layout: "us")
        let context = try Context(options: .noEnvironmentNames)
        window.onScreenKeyboard.setKeymap(
            try Keymap(context: context, names: RuleNames(layout: layout)),
            composeTable: try ComposeTable(context: context, locale: "en_US.UTF-8"))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40), traits: traits)
        window.addSubview(field)
        field.becomeFirstResponder()
        tester.settle()
        return (tester, field, window.onScreenKeyboard)
    }

    /// The middle of the key labelled `label`, in window coordinates.
    private func point(of label: String, on keyboard: OnScreenKeyboard) throws -> Point {
        let index = try #require(keyboard.keyIndex(labelled: label), "no key \(label) in \(keyboard.keys.map(\.label))")
        let frame = keyboard.keys[index].frame
        return keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    private func tap(_ tester: WindowTester, _ keyboard: OnScreenKeyboard, _ labels: String...) throws {
        for label in labels { tester.tap(at: try point(of: label, on: keyboard)) }
    }

    // MARK: Arrangement and size

    @Test func aPortraitWindowGetsAPhonesRowsWithKeysAFingerCanHit() throws {
        let (tester, _, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        #expect(keyboard.arrangement == .compact)
        let letters = keyboard.keys.filter { $0.label.count == 1 && $0.label.first!.isLetter }.map(\.label)
        #expect(letters.joined() == "qwertyuiopasdfghjklzxcvbnm")
        #expect(keyboard.keyIndex(labelled: "1") == nil, "digits wait on the second page")
        for key in keyboard.keys { #expect(key.frame.height + 6 >= OnScreenKeyboard.minimumKeySize, "\(key.label)") }
        try tap(tester, keyboard, "123")
        #expect(keyboard.page == .symbols)
        #expect(keyboard.keyIndex(labelled: "1") != nil && keyboard.keyIndex(labelled: "q") == nil)
        try tap(tester, keyboard, "ABC")
        #expect(keyboard.keyIndex(labelled: "q") != nil)
    }

    @Test func aLandscapeWindowGetsTheWholeMainBlockAtFingerSize() throws {
        let (tester, field, keyboard) = try setUp(width: 800)
        defer { withExtendedLifetime(tester) {} }
        #expect(keyboard.arrangement == .full)
        #expect(keyboard.frame.height == OnScreenKeyboard.wideHeight)
        for key in keyboard.keys {
            #expect(min(key.frame.width + 4, key.frame.height + 6) >= OnScreenKeyboard.minimumKeySize, "\(key.label)")
        }
        try tap(tester, keyboard, "4", "2")
        #expect(field.text == "42")
    }

    @Test func turningTheWindowToLandscapeAndBackChangesTheRowsAndTheHeight() throws {
        let (tester, _, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let window = try #require(keyboard.window)
        window.resize(to: Size(width: 800, height: 480))
        #expect(keyboard.arrangement == .full && keyboard.frame.height == OnScreenKeyboard.wideHeight)
        #expect(window.keyboardFrame.maxY == 480)
        window.resize(to: Size(width: 400, height: 700))
        #expect(keyboard.arrangement == .compact && keyboard.frame.height == OnScreenKeyboard.fullHeight)
    }

    // MARK: Typing with fingers

    @Test func aPressedKeyShowsItsPreviewAndTypesOnRelease() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let finger = tester.touchDown(at: try point(of: "e", on: keyboard))
        #expect(keyboard.shownPreview == "e")
        #expect(field.text.isEmpty, "nothing is typed while the finger is down")
        tester.touchUp(finger)
        #expect(field.text == "e")
        #expect(keyboard.shownPreview == nil)
    }

    @Test func slidingToANeighbourTypesTheNeighbour() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let finger = tester.touchDown(at: try point(of: "e", on: keyboard))
        tester.touchMove(finger, to: try point(of: "r", on: keyboard))
        #expect(keyboard.shownPreview == "r")
        tester.touchUp(finger)
        #expect(field.text == "r")
    }

    @Test func aLongPressOffersTheAccentedLettersAndASlideChoosesOne() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let start = try point(of: "e", on: keyboard)
        let finger = tester.touchDown(at: start)
        tester.advance(by: OnScreenKeyboard.alternatesDelay + 0.1)
        let alternates = try #require(keyboard.shownAlternates)
        #expect(Array(alternates.prefix(7)) == ["é", "è", "ê", "ë", "ē", "ė", "ę"])
        let popup = try #require(keyboard.subviews.first { $0.identifier == "key-popup" })
        let cell = popup.frame.width / Double(alternates.count)
        // Slide onto è, the second.
        let target = keyboard.convert(Point(x: popup.frame.minX + cell * 1.5, y: popup.frame.midY), to: nil)
        tester.touchMove(finger, to: Point(x: target.x, y: start.y - 10))
        tester.touchMove(finger, to: target)
        tester.touchUp(finger)
        #expect(field.text == "è")
        #expect(keyboard.shownAlternates == nil)
    }

    @Test func slidingAwayFromTheAlternatesTypesNothing() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let start = try point(of: "e", on: keyboard)
        let finger = tester.touchDown(at: start)
        tester.advance(by: OnScreenKeyboard.alternatesDelay + 0.1)
        #expect(keyboard.shownAlternates != nil)
        tester.touchMove(finger, to: Point(x: start.x, y: start.y + 150))
        tester.touchUp(finger)
        #expect(field.text.isEmpty)
    }

    @Test func aLongPressOnAGermanKeyOffersItsAltGrLevelToo() throws {
        let (tester, _, keyboard) = try setUp(layout: "de")
        defer { withExtendedLifetime(tester) {} }
        let finger = tester.touchDown(at: try point(of: "e", on: keyboard))
        tester.advance(by: OnScreenKeyboard.alternatesDelay + 0.1)
        #expect(keyboard.shownAlternates?.contains("€") == true, "AltGr+E is € on de")
        #expect(keyboard.shownAlternates?.contains("E") == false, "the capital is Shift's, not a long press's")
        tester.touchUp(finger)
    }

    @Test func backSpaceHeldDeletesFasterWithTime() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        field.text = String(repeating: "x", count: 300)
        let finger = tester.touchDown(at: try point(of: "⌫", on: keyboard))
        #expect(field.text.count == 299, "one character goes as the finger lands")
        tester.advance(by: 1.5)
        let firstStretch = 299 - field.text.count
        tester.advance(by: 1.0)
        let secondStretch = 299 - firstStretch - field.text.count
        tester.touchUp(finger)
        let afterLift = field.text.count
        tester.advance(by: 1.0)
        #expect(firstStretch >= 5, "it repeats while held")
        #expect(secondStretch > firstStretch, "and faster after a while")
        #expect(field.text.count == afterLift, "lifting the finger stops it")
    }

    @Test func shiftTappedOnceGivesOneCapitalAndTappedTwiceLocksThem() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        try tap(tester, keyboard, "⇧", "A", "b")
        #expect(field.text == "Ab")
        let shift = try point(of: "⇧", on: keyboard)
        tester.tap(at: shift)
        tester.tap(at: shift)
        #expect(keyboard.isShiftLocked)
        try tap(tester, keyboard, "C", "D")
        #expect(field.text == "AbCD")
        try tap(tester, keyboard, "⇪")
        #expect(!keyboard.isShiftLocked)
        try tap(tester, keyboard, "e")
        #expect(field.text == "AbCDe")
    }

    @Test func aSecondFingerLandingTypesTheFirstFingersKey() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let first = tester.touchDown(at: try point(of: "a", on: keyboard))
        let second = tester.touchDown(at: try point(of: "b", on: keyboard))
        #expect(field.text == "a")
        tester.touchUp(first)
        tester.touchUp(second)
        #expect(field.text == "ab")
    }

    @Test func aKeyTapNeverMovesFocusDismissesOrReachesTheViewBehind() throws {
        let (tester, field, keyboard) = try setUp()
        defer { withExtendedLifetime(tester) {} }
        let behind = Button(title: "Behind", frame: Rect(x: 0, y: 300, width: 400, height: 400))
        var pressed = 0
        behind.addAction(for: .primaryActionTriggered) { _ in pressed += 1 }
        keyboard.window?.insertSubview(behind, at: 0)
        try tap(tester, keyboard, "q", "w")
        #expect(tester.firstResponder === field)
        #expect(keyboard.window != nil, "the keyboard stays up")
        #expect(pressed == 0)
        #expect(field.text == "qw")
    }

    @Test func theGlobeKeySwitchesLayoutAndIsLabelledWithTheNextOne() throws {
        let (tester, field, keyboard) = try setUp(layout: "us,de")
        defer { withExtendedLifetime(tester) {} }
        let globe = try #require(keyboard.keys.first { $0.role == .nextLayout })
        #expect(globe.label == "de")
        try tap(tester, keyboard, "de")
        #expect(keyboard.keys.first { $0.role == .nextLayout }?.label == "en", "xkeyboard-config's short name for English (US)")
        #expect(keyboard.keyIndex(labelled: "ü") != nil, "German's letter keys show")
        try tap(tester, keyboard, "z", "ü")
        #expect(field.text == "zü")
    }
}
