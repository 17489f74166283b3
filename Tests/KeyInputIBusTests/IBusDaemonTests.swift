import KeyInputIBus
import KeyInputKit
import TestSupport
import Testing

/// Typing through the real daemons, each in a private D-Bus session.
@MainActor
@Suite("Input methods over D-Bus", .serialized)
struct IBusDaemonTests {
    @Test(.enabled(if: ibusHangulAvailable, Comment(rawValue: missingDaemons)))
    func ibusHangulTypesKoreanWithThePreeditShownAlongTheWay() throws {
        let session = try InputMethodDaemonSession(.ibus(engine: "hangul"))
        let typing = try IBusTyping(session)
        try #require(typing.inputMethod.isAvailable)
        try typing.type("r k s k e k")
        #expect(typing.first.text + (typing.first.markedText ?? "") == "가나다")
        #expect(typing.first.markedText == "다")
        #expect(typing.first.preedits.starts(with: ["ㄱ", "가", "간", "나"]))
        try typing.type("tab")
        typing.pump(for: 0.2)
        #expect(typing.first.text == "가나다")
        #expect(typing.first.markedText == nil)
        #expect(typing.second.isFirstResponder)
        #expect(typing.second.text == "")
    }

    @Test(.enabled(if: ibusM17nAvailable, Comment(rawValue: missingDaemons)))
    func ibusM17nTelexTypesVietnameseAndLeavingTheFieldCommitsThePreedit() throws {
        let session = try InputMethodDaemonSession(.ibus(engine: "m17n:vi:telex"))
        let typing = try IBusTyping(session)
        try #require(typing.inputMethod.isAvailable)
        try typing.type("leftshift+v i e e t j space leftshift+n a m")
        #expect(typing.first.markedText == "am")
        try typing.type("tab")  // "Nam" is still being composed when focus leaves
        typing.pump(for: 0.2)
        #expect(typing.first.text == "Việt Nam")
        #expect(typing.second.isFirstResponder)
        #expect(typing.second.text == "")
    }

    @Test(.enabled(if: ibusM17nAvailable, Comment(rawValue: missingDaemons)))
    func ibusM17nThaiReadsTheSurroundingTextAndDeletesOneCodePointOfACommittedCharacter() throws {
        // th:kesmanee commits each key when it can read the text before the caret, and corrects
        // a vowel typed over another by deleting the committed one: ก (d), ิ (b), then ี (u).
        let session = try InputMethodDaemonSession(.ibus(engine: "m17n:th:kesmanee"))
        let typing = try IBusTyping(session)
        try #require(typing.inputMethod.isAvailable)
        try typing.type("d b")
        #expect(typing.first.text == "\u{E01}\u{E34}")  // กิ, committed: the engine read the surrounding text
        #expect(typing.first.markedText == nil)
        try typing.type("u")
        // Only U+0E34 went (one code point of the character กิ); BackSpace would have taken ก with it.
        #expect(typing.first.text == "\u{E01}\u{E35}")
        #expect(typing.first.markedText == nil)
    }

    @Test(.enabled(if: fcitxHangulAvailable, Comment(rawValue: missingDaemons)))
    func fcitx5HangulThroughTheSameClientCommitsTheLastSyllableWhenFocusLeaves() throws {
        let session = try InputMethodDaemonSession(.fcitxHangul)
        let typing = try IBusTyping(session)
        try #require(typing.inputMethod.isAvailable)
        try typing.type("r k s k e k")
        #expect(typing.first.text == "가나")
        #expect(typing.first.markedText == "다")
        // Focus moves straight to the other field, as a click there does.
        typing.second.becomeFirstResponder()
        typing.pump(for: 0.3)
        #expect(typing.first.text == "가나다")
        // Fcitx5 commits "다" itself on focus-out, after the window did: it is not typed again.
        #expect(typing.second.text == "")
    }

    @Test(.enabled(if: ibusHangulAvailable, Comment(rawValue: missingDaemons)))
    func aDaemonKilledMidSentenceLosesNothingAndTypingResumesWhenItReturns() throws {
        let session = try InputMethodDaemonSession(.ibus(engine: "hangul"))
        let typing = try IBusTyping(session)
        typing.inputMethod.reconnectInterval = 0.1
        try #require(typing.inputMethod.isAvailable)
        try typing.type("r k s k")
        #expect(typing.first.markedText == "나")
        session.kill()
        typing.pump(for: 0.3)
        #expect(!typing.inputMethod.isAvailable)
        #expect(typing.first.text == "가나")  // the preedit was committed when the daemon went away
        try typing.type("a b")
        #expect(typing.first.text == "가나ab")  // the keyboard's own text meanwhile
        try session.start()
        typing.pump(for: 1.0)
        #expect(typing.inputMethod.isAvailable)
        try typing.type("e k space")
        #expect(typing.first.text == "가나ab다 ")
    }
}
