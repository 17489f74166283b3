import KeyInputKit
import Testing
import XKB

/// An input method run by the test: an engine closure decides what each key
/// does, and answers can be held back to play a slow daemon.
@MainActor
final class ScriptedInputMethod: InputMethod {
    weak var delegate: InputMethodDelegate?
    var isAvailable = true
    /// What a key does: the events it sends, or `nil` when it is not handled.
    var engine: (InputMethodKey) -> [InputMethodEvent]? = { _ in nil }
    /// Whether answers wait for ``answerNext()``.
    var holdsAnswers = false
    private(set) var offered: [String] = []
    private(set) var calls: [String] = []
    private(set) var caretRects: [Rect] = []
    private var held: [(key: InputMethodKey, answer: (Bool) -> Void)] = []

    func processKey(_ key: InputMethodKey, answer: @escaping @MainActor (Bool) -> Void) {
        if !key.isRelease { offered.append(key.keysym.name) }
        if holdsAnswers { held.append((key, answer)) } else { run(key, answer) }
    }
    /// Answers the oldest held key.
    func answerNext() {
        let (key, answer) = held.removeFirst()
        run(key, answer)
    }
    var heldCount: Int { held.count }
    private func run(_ key: InputMethodKey, _ answer: (Bool) -> Void) {
        guard let events = engine(key) else { return answer(false) }
        for event in events { send(event) }
        answer(true)
    }
    func send(_ event: InputMethodEvent) { delegate?.inputMethod(self, send: event) }
    func focusIn(_ context: InputMethodContext) {
        calls.append("focusIn(\(context.purpose))")
        focusedPurpose = context.purpose
    }
    func focusOut() {
        calls.append("focusOut")
        focusedPurpose = nil
    }
    func reset() { calls.append("reset") }
    func setCaretRect(_ rect: Rect) { caretRects.append(rect) }
    private(set) var surroundingTexts: [SurroundingText] = []
    func setSurroundingText(_ surroundingText: SurroundingText) { surroundingTexts.append(surroundingText) }
    /// How many times the window asked for the system's on-screen keyboard.
    private(set) var onScreenKeyboardRequests = 0
    /// The purpose of the field focused when the window last asked for it.
    private(set) var onScreenKeyboardPurposes: [InputMethodContext.Purpose] = []
    private var focusedPurpose: InputMethodContext.Purpose?
    func activateOnScreenKeyboard() {
        onScreenKeyboardRequests += 1
        if let focusedPurpose { onScreenKeyboardPurposes.append(focusedPurpose) }
    }
}

/// A toy Korean engine on a US keyboard: r = ㄱ, s = ㄴ, k = ㅏ; a consonant
/// then a vowel make one syllable, shown as preedit until the next one starts.
@MainActor
/// (It holds the method unowned: the method keeps the engine it returns.)
func toyHangul(_ method: ScriptedInputMethod) -> (InputMethodKey) -> [InputMethodEvent]? {
    var syllable = ""
    var consonant: Character?
    return { [unowned method] key in
        if key.isRelease { return [] }
        let letters: [String: Character] = ["r": "가", "s": "나"]
        switch key.keysym.name {
        case "r", "s":
            var events: [InputMethodEvent] = []
            if !syllable.isEmpty { events.append(.commit(syllable)) }
            syllable = ""
            consonant = letters[key.keysym.name]
            events.append(.preedit(key.keysym.name == "r" ? "ㄱ" : "ㄴ", MarkedTextAttributes()))
            return events
        case "k":
            guard let base = consonant else { return nil }
            syllable = String(base)
            consonant = nil
            return [.preedit(syllable, MarkedTextAttributes(segments: [.init(range: 0..<3, style: .underline)]))]
        default:
            // Any other key commits what is composed and goes on.
            if !syllable.isEmpty {
                method.send(.commit(syllable))
                syllable = ""
            }
            return nil
        }
    }
}

@MainActor
@Suite struct InputMethodRoutingTests {
    let keyboard: HardwareKeyboard
    let application: Application
    let window: Window
    let field = LoggingField(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let other = LoggingField(frame: Rect(x: 10, y: 60, width: 300, height: 30))
    let method = ScriptedInputMethod()

    init() throws {
        keyboard = try Fixture.keyboard(layout: "us")
        (application, window) = Fixture.window(keyboard: keyboard)
        window.addSubview(field)
        window.addSubview(other)
        field.becomeFirstResponder()
        window.inputMethod = method
        method.engine = toyHangul(method)
    }

    @Test func preeditShowsAsMarkedTextAndACommitEndsItBeforeTheTextIsInserted() {
        keyboard.type(["KEY_R", "KEY_K"])
        #expect(field.markedText == "가")
        #expect(field.text == "")
        keyboard.type(["KEY_S", "KEY_K", "KEY_SPACE"])
        #expect(field.text == "가나 ")
        #expect(field.markedText == nil)
        #expect(
            field.log == [
                "marked(ㄱ)", "marked(가)", "marked(nil)", "insert(가)", "marked(ㄴ)", "marked(나)", "marked(nil)",
                "insert(나)", "insert( )",
            ])
    }

    @Test func keysPressedWhileAnAnswerIsPendingWaitAndKeepTheirOrder() {
        method.engine = { _ in nil }  // handles nothing: every key types its letter
        method.holdsAnswers = true
        keyboard.type(["KEY_A", "KEY_B", "KEY_C"])
        #expect(method.offered == ["a"])  // b and c wait behind a's answer
        #expect(field.text == "")
        while method.heldCount > 0 { method.answerNext() }
        #expect(method.offered == ["a", "b", "c"])
        #expect(field.text == "abc")
    }

    @Test func aClickWhileKeysWaitForTheInputMethodComesAfterThem() {
        method.engine = { _ in nil }
        method.holdsAnswers = true
        keyboard.type(["KEY_A", "KEY_ENTER"])  // Return in a field moves to the next one
        window.click(other)
        #expect(field.isFirstResponder)  // the click waits behind the keys
        while method.heldCount > 0 { method.answerNext() }
        #expect(field.text == "a")
        #expect(other.isFirstResponder)
        #expect(other.text == "")
    }

    @Test func aTapWhileKeysWaitForTheInputMethodComesAfterThem() {
        method.engine = { _ in nil }
        method.holdsAnswers = true
        keyboard.type(["KEY_A", "KEY_B"])
        let middle = other.convert(Point(x: other.bounds.midX, y: other.bounds.midY), to: nil)
        window.sendTouch(.began, id: 0, at: middle)
        window.sendTouch(.ended, id: 0, at: middle)
        #expect(field.isFirstResponder)  // the tap waits behind the keys
        while method.heldCount > 0 { method.answerNext() }
        #expect(field.text == "ab")
        #expect(other.isFirstResponder)
        #expect(other.text == "")
    }

    @Test func aKeyTheInputMethodNeverAnswersGoesThroughAfterTheTimeoutAndTheLateAnswerIsIgnored() {
        method.engine = { _ in nil }
        method.holdsAnswers = true
        window.inputMethodTimeout = 0.5
        keyboard.type(["KEY_A", "KEY_B"])
        #expect(window.inputMethodDeadline != nil)
        window.advanceTime(by: 0.4)
        #expect(field.text == "")
        window.advanceTime(by: 0.2)
        #expect(field.text == "a")  // a went through; its release is offered now, b waits
        #expect(method.offered == ["a"])
        method.answerNext()  // a's late answer
        #expect(field.text == "a")
        while method.heldCount > 0 { method.answerNext() }
        #expect(method.offered == ["a", "b"])
        #expect(field.text == "ab")
        #expect(window.inputMethodDeadline == nil)
    }

    @Test func leavingTheFieldCommitsItsPreeditThereAndTheNextFieldGetsFocus() {
        keyboard.type(["KEY_R", "KEY_K"])
        keyboard.tap("KEY_TAB")  // the toy engine commits on keys it does not know; this one it was not asked
        #expect(field.text == "가")
        #expect(field.markedText == nil)
        #expect(other.isFirstResponder)
        #expect(other.text == "")
        keyboard.type(["KEY_S", "KEY_K"])
        #expect(other.markedText == "나")
        other.resignFirstResponder()
        #expect(other.text == "나")
        #expect(method.calls == ["focusIn(freeForm)", "focusOut", "focusIn(freeForm)", "focusOut"])
    }

    @Test func aClickInTheFieldCommitsThePreeditAndResetsTheEngine() {
        keyboard.type(["KEY_R", "KEY_K"])
        window.click(field)
        #expect(field.text == "가")
        #expect(field.markedText == nil)
        #expect(method.calls.last == "reset")
    }

    @Test func theWindowLosingDesktopFocusCommitsThePreeditAndRegainingItFocusesAgain() {
        keyboard.type(["KEY_R", "KEY_K"])
        window.inputMethodWindowFocusDidChange(false)
        #expect(field.text == "가")
        #expect(field.markedText == nil)
        window.inputMethodWindowFocusDidChange(true)
        #expect(method.calls == ["focusIn(freeForm)", "focusOut", "focusIn(freeForm)"])
        #expect(field.isFirstResponder)
    }

    @Test func secureEntryTakesNoInputMethod() {
        other.textInputTraits.isSecureTextEntry = true
        other.becomeFirstResponder()
        keyboard.type(["KEY_R", "KEY_K"])
        #expect(other.text == "rk")
        #expect(method.offered == [])
        #expect(method.calls == ["focusIn(freeForm)", "focusOut"])
    }

    @Test func turningSecureEntryOnWhileFocusedTakesTheInputMethodAway() {
        field.textInputTraits.isSecureTextEntry = true
        keyboard.type(["KEY_R", "KEY_K"])
        #expect(field.text == "rk")
        #expect(method.offered == [])
        #expect(method.calls == ["focusIn(freeForm)", "focusOut"])
    }

    @Test func traitsBecomeTheContentType() {
        other.textInputTraits.keyboardType = .emailAddress
        other.becomeFirstResponder()
        #expect(method.calls.last == "focusIn(email)")
        let context = InputMethodContext(traits: other.textInputTraits)
        #expect(context.hints.contains(.uppercaseSentences))
    }

    @Test func aForwardedKeyTakesTheNormalRouteWithoutBeingOfferedAgain() {
        method.engine = { key in
            guard !key.isRelease, key.keysym.name == "x" else { return nil }
            return [
                .forwardKey(InputMethodKey(keysym: .backSpace, keycode: key.keycode, modifiers: [], isRelease: false))
            ]
        }
        field.text = "ab"
        keyboard.tap("KEY_X")
        #expect(field.text == "a")
        #expect(method.offered == ["x"])
    }

    @Test func theDaemonGoingAwayCommitsThePreeditAndTypingFallsBackUntilItReturns() {
        keyboard.type(["KEY_R", "KEY_K"])
        method.isAvailable = false
        method.send(.availabilityChanged(false))
        #expect(field.text == "가")
        keyboard.type(["KEY_S", "KEY_K"])
        #expect(field.text == "가sk")
        method.isAvailable = true
        method.engine = toyHangul(method)  // a new daemon, with nothing composed
        method.send(.availabilityChanged(true))
        #expect(method.calls == ["focusIn(freeForm)", "focusIn(freeForm)"])
        keyboard.type(["KEY_R", "KEY_K", "KEY_SPACE"])
        #expect(field.text == "가sk가 ")
    }

    @Test func aDaemonThatGoesAwayWithAKeyPendingLetsThatKeyAndTheWaitingOnesThrough() {
        method.engine = { _ in nil }
        method.holdsAnswers = true
        keyboard.type(["KEY_A", "KEY_B"])
        method.isAvailable = false
        method.send(.availabilityChanged(false))
        #expect(field.text == "ab")
    }

    @Test func aResponderWithoutMarkedTextGetsOnlyTheCommits() {
        final class Plain: View, KeyInput {
            var text = ""
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { !text.isEmpty }
            func insertText(_ inserted: String) { text += inserted }
            func deleteBackward() { _ = text.popLast() }
        }
        let plain = Plain(frame: Rect(x: 10, y: 100, width: 100, height: 30))
        window.addSubview(plain)
        plain.becomeFirstResponder()
        keyboard.type(["KEY_R", "KEY_K", "KEY_S", "KEY_K", "KEY_SPACE"])
        #expect(plain.text == "가나 ")
    }

    @Test func theCaretRectGoesToTheInputMethodOnFocusAndWhenTheCaretMoves() throws {
        let first = try #require(method.caretRects.first)
        #expect(first.minX >= field.frame.minX && first.minY >= field.frame.minY)
        keyboard.type(["KEY_A", "KEY_B"])
        let last = try #require(method.caretRects.last)
        #expect(last.minX > first.minX)
    }

    @Test func withoutAnInputMethodKeysTypeAsBefore() {
        window.inputMethod = nil
        keyboard.type(["KEY_R", "KEY_K"])
        #expect(field.text == "rk")
        #expect(method.delegate == nil)
    }
}
