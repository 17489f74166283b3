import KeyInputKit
import Testing

/// Window-wide and application-wide focus-change events.
@MainActor
@Suite struct FocusChangeTests {
    /// A shared log of focus callbacks and posted changes, in order.
    @MainActor
    final class Log {
        var entries: [String] = []
        var tokens: [ObservationToken] = []
        func observe(_ window: Window, _ application: Application? = nil) {
            tokens.append(window.observeFocusChange { [unowned self] in self.entries.append("window " + Self.name($0)) })
            if let application {
                tokens.append(application.observeFocusChange { [unowned self] change in
                    self.entries.append("app " + Self.name(change) + (change.window === window ? "" : " elsewhere"))
                })
            }
        }
        var changes: [String] { entries.filter { $0.hasPrefix("window ") } }
        static func name(_ change: FocusChange) -> String {
            "\((change.previous as? View)?.identifier ?? "nil")→\((change.current as? View)?.identifier ?? "nil")"
        }
    }

    /// A field that logs its focus callbacks and can move focus from them.
    final class Field: TextField {
        var log: Log?
        var onBecome: (() -> Void)?
        var onResign: (() -> Void)?
        convenience init(_ id: String, y: Double, log: Log) {
            self.init(frame: Rect(x: 0, y: y, width: 200, height: 30))
            identifier = id
            self.log = log
        }
        override func didBecomeFirstResponder() {
            super.didBecomeFirstResponder()
            log?.entries.append("\(identifier ?? "?") became")
            onBecome?()
        }
        override func didResignFirstResponder() {
            super.didResignFirstResponder()
            log?.entries.append("\(identifier ?? "?") resigned")
            onResign?()
        }
    }

    @Test func tabFromOneFieldToTheNextPostsOneChangeWithBothAfterTheirCallbacks() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (application, window) = Fixture.window(keyboard: keyboard)
        let log = Log()
        let name = Field("name", y: 0, log: log)
        let email = Field("email", y: 40, log: log)
        window.addSubview(name)
        window.addSubview(email)
        name.becomeFirstResponder()
        log.entries = []
        log.observe(window, application)
        keyboard.tap("KEY_TAB")
        #expect(log.entries == ["name resigned", "email became", "window name→email", "app name→email"])
    }

    @Test func aPressOutsideThatDismissesTheKeyboardPostsOneChangeToNil() {
        let (application, window) = Fixture.window()
        let log = Log()
        let name = Field("name", y: 0, log: log)
        let background = View(frame: Rect(x: 0, y: 100, width: 400, height: 200))
        window.addSubview(background)
        window.addSubview(name)
        name.becomeFirstResponder()
        log.observe(window, application)
        window.click(background)
        #expect(log.changes == ["window name→nil"])
        #expect(log.entries.filter { $0.hasPrefix("app ") } == ["app name→nil"])
    }

    @Test func aFieldThatPassesFocusOnWhenItBecomesFirstPostsBothChangesInOrder() {
        let (_, window) = Fixture.window()
        let log = Log()
        let name = Field("name", y: 0, log: log)
        let relay = Field("relay", y: 40, log: log)
        let email = Field("email", y: 80, log: log)
        relay.onBecome = { email.becomeFirstResponder() }
        for field in [name, relay, email] { window.addSubview(field) }
        name.becomeFirstResponder()
        log.entries = []
        log.observe(window)
        relay.becomeFirstResponder()
        #expect(
            log.entries == [
                "name resigned", "relay became", "relay resigned", "email became", "window name→relay",
                "window relay→email",
            ])
        #expect(email.isFirstResponder)
    }

    @Test func aFieldThatSendsFocusElsewhereWhenItResignsPostsOneChangeToWhereFocusWent() {
        let (_, window) = Fixture.window()
        let log = Log()
        let amount = Field("amount", y: 0, log: log)
        let email = Field("email", y: 40, log: log)
        let fix = Field("fix", y: 80, log: log)
        amount.onResign = { fix.becomeFirstResponder() }
        for field in [amount, email, fix] { window.addSubview(field) }
        amount.becomeFirstResponder()
        log.entries = []
        log.observe(window)
        email.becomeFirstResponder()
        #expect(log.entries == ["amount resigned", "fix became", "window amount→fix"])
        #expect(fix.isFirstResponder)
    }

    @Test func anObserverThatMovesFocusHasItsChangePostedAfterTheCurrentOneToEveryObserver() {
        let (_, window) = Fixture.window()
        let log = Log()
        let name = Field("name", y: 0, log: log)
        let email = Field("email", y: 40, log: log)
        window.addSubview(name)
        window.addSubview(email)
        let token = window.observeFocusChange { change in
            if change.current === name { email.becomeFirstResponder() }
        }
        log.observe(window)
        name.becomeFirstResponder()
        #expect(log.changes == ["window nil→name", "window name→email"])
        token.cancel()
    }

    @Test func theFocusedFieldRemovedFromTheWindowPostsAChangeToNil() {
        let (application, window) = Fixture.window()
        let other = Window(size: Size(width: 100, height: 100))
        application.addWindow(other)
        let log = Log()
        let name = Field("name", y: 0, log: log)
        window.addSubview(name)
        name.becomeFirstResponder()
        log.observe(window, application)
        name.removeFromSuperview()
        #expect(log.changes == ["window name→nil"])
        #expect(log.entries.filter { $0.hasPrefix("app ") } == ["app name→nil"])
        // The application hears of every window's focus, and says which.
        let note = Field("note", y: 0, log: log)
        other.addSubview(note)
        note.becomeFirstResponder()
        #expect(log.entries.last == "app nil→note elsewhere")
    }
}
